import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ADMIN_MESSAGES } from "~/lib/admin";
import { requireAdminApi } from "~/http/auth.server";
import { loadDashboard } from "~/models/admin-promo.server";
import { apiSuccess, handleApi, methodNotAllowed } from "~/http/api.server";

/**
 * GET /api/admin/dashboard/stats (Bearer admin token) →
 * { success, data: { overview: { totalActiveCoupons, totalCoupons, lastUpdated },
 *   discountTypes: [{ percentage, label, tab, count,
 *     usageStats: { totalCoupons, activeCoupons, usedCoupons, totalUses },
 *     codes: [{ code, description, discountPercentage, isActive, isExpired, createdAt,
 *       expiryDate, expiresAt, totalInstances, usedInstances, currentUses, maxUses }] }] } }
 *
 *   401 'Not authenticated' (or the expiry message); 403 for a learner's session.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(ADMIN_MESSAGES.loadFailed, async () => {
    await requireAdminApi(request, context);
    return apiSuccess({ data: await loadDashboard(context.db, Date.now()) });
  });
}

export const action = () => methodNotAllowed("GET");

import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { ADMIN_MESSAGES } from "~/lib/admin";
import { requireAdminApi } from "~/http/auth.server";
import { deletePromo } from "~/models/admin-promo.server";
import { apiError, apiSuccess, handleApi, methodNotAllowed } from "~/http/api.server";

/**
 * DELETE /api/admin/promo-codes/{code} (Bearer admin token) →
 * { success, message, data: { code, mode: "soft"|"hard" } }. A code with
 * redemptions is kept for the payment history but no longer applies and
 * leaves the dashboard; one never redeemed is removed. 404 when there is no
 * such live code.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed("DELETE");
  return handleApi(ADMIN_MESSAGES.deleteFailed, async () => {
    const admin = await requireAdminApi(request, context);
    const deleted = await deletePromo({ db: context.db, now: Date.now }, admin, params.code ?? "");
    if (!deleted.ok) return apiError(deleted.status, deleted.message);
    return apiSuccess({
      message: ADMIN_MESSAGES.deleted,
      data: { code: deleted.code, mode: deleted.mode },
    });
  });
}

export const loader = () => methodNotAllowed("DELETE");

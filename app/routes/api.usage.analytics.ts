import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiOk, handleApi, methodNotAllowed } from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";
import { parseDays, USAGE_API_FALLBACKS } from "~/routes/api.usage.server";
import { usageAnalytics, usageDeps } from "~/models/usage.server";

/**
 * GET /api/usage/analytics?days=30 → { success, analytics: { days, since,
 * totals, daily: [{ date, counts }] } }: uses per feature and per India-time
 * day over the last `days` days (1 to 365, default 30; anything else is 400).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(USAGE_API_FALLBACKS.usageAnalytics, async () => {
    const { user } = await requireApiAuth(request, context);
    const days = parseDays(new URL(request.url));
    const analytics = await usageAnalytics(usageDeps(context), user.id, days);
    return apiOk({ analytics });
  });
}

export const action = () => methodNotAllowed("GET");

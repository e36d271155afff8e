import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiOk, handleApi, methodNotAllowed } from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";
import { statusJson, USAGE_API_FALLBACKS } from "~/routes/api.usage.server";
import { getAccessSummary, usageDeps } from "~/models/usage.server";

/**
 * GET /api/trial/status → { success, hasActiveTrial, accessType, trial,
 * hasActiveSubscription, subscription }. The trial carries isActive,
 * isExpired, isExhausted, daysRemaining, totalUsed (of 20), percentageUsed,
 * currentUsage, limits, usageRemaining and features (used / limit / remaining
 * per feature); started: false when the account never had one.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(USAGE_API_FALLBACKS.trialStatus, async () => {
    const { user } = await requireApiAuth(request, context);
    const summary = await getAccessSummary(usageDeps(context), user.id, { fresh: true });
    return apiOk({ hasActiveTrial: summary.accessType === "trial", ...statusJson(summary) });
  });
}

export const action = () => methodNotAllowed("GET");

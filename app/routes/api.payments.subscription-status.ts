import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiOk, handleApi, methodNotAllowed } from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";
import { PAYMENTS_API_FALLBACKS } from "~/routes/api.payments.server";
import { statusJson } from "~/routes/api.usage.server";
import { getAccessSummary, usageDeps } from "~/models/usage.server";

/**
 * GET /api/payments/subscription/status → { success, hasActiveSubscription,
 * accessType, subscription (id, planId, planName, status, startDate, endDate,
 * daysRemaining) | null, trial }. Counts are read fresh from the meter.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(PAYMENTS_API_FALLBACKS.subscriptionStatus, async () => {
    const { user } = await requireApiAuth(request, context);
    const summary = await getAccessSummary(usageDeps(context), user.id, { fresh: true });
    return apiOk(statusJson(summary));
  });
}

export const action = () => methodNotAllowed("GET");

import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiOk, apiError, handleApi, methodNotAllowed } from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";
import { cancelledMessage, PAYMENTS_API_FALLBACKS } from "~/routes/api.payments.server";
import { cancelSubscription } from "~/models/subscription.server";
import { getAccessSummary, usageDeps } from "~/models/usage.server";

/**
 * POST /api/payments/subscription/cancel → { success, message, subscription }.
 * Nothing renews, so cancelling records the wish and access runs to the end
 * date. With nothing to cancel: 404 'Failed to cancel subscription'.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleApi(PAYMENTS_API_FALLBACKS.cancelSubscription, async () => {
    const { user } = await requireApiAuth(request, context);
    const deps = usageDeps(context);
    const cancelled = await cancelSubscription(context.db, user.id, deps.now());
    if (!cancelled) return apiError(404, PAYMENTS_API_FALLBACKS.cancelSubscription);
    const summary = await getAccessSummary(deps, user.id, { fresh: true });
    return apiOk({
      message: summary.subscription
        ? cancelledMessage(summary.subscription.endDate)
        : "Your subscription is cancelled.",
      hasActiveSubscription: summary.accessType === "subscription",
      subscription: summary.subscription,
    });
  });
}

export const loader = () => methodNotAllowed("POST");

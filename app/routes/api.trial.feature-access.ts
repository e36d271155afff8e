import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiOk, handleApi, methodNotAllowed } from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";
import { checkJson, parseFeature, trialJson, USAGE_API_FALLBACKS } from "~/routes/api.usage.server";
import { checkFeature, getAccessSummary, usageDeps } from "~/models/usage.server";

/**
 * GET /api/trial/feature/{feature}/access → { success, hasAccess, accessType,
 * message, needsSubscription, currentUsage, limit, remaining, trial,
 * subscription }. Nothing is recorded. A refused trial (exhausted, expired or
 * never started) is flagged needsSubscription: true.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return handleApi(USAGE_API_FALLBACKS.trialAccess, async () => {
    const { user } = await requireApiAuth(request, context);
    const feature = parseFeature(params.feature);
    const deps = usageDeps(context);
    const [check, summary] = await Promise.all([
      checkFeature(deps, user.id, feature),
      getAccessSummary(deps, user.id, { fresh: true }),
    ]);
    return apiOk({
      feature,
      ...checkJson(check),
      trial: trialJson(summary),
      subscription: summary.subscription,
    });
  });
}

export const action = () => methodNotAllowed("GET");

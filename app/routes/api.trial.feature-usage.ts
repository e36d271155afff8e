import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiError, handleApi, methodNotAllowed, parseJsonBody } from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";
import {
  deniedJson,
  parseFeature,
  recordedJson,
  recordForApi,
  sessionSchema,
  useKeyFor,
  trialJson,
  USAGE_API_FALLBACKS,
  USAGE_API_MESSAGES,
} from "~/routes/api.usage.server";
import { loadAccessRecord } from "~/models/subscription.server";
import { getAccessSummary, usageDeps } from "~/models/usage.server";

/**
 * POST /api/trial/feature/{feature}/usage { sessionId?, topic?, completed? } →
 * { success, hasAccess, message, usage, trial, session }: records one trial
 * use. Refused: 403 'Trial usage exhausted for … Please upgrade to continue.'
 * or the no-access message (needsSubscription: true); a subscriber is not on
 * the trial and gets 409. A `sessionId` is one use however often it is
 * recorded; without one, an `Idempotency-Key` header counts a retry once.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleApi(USAGE_API_FALLBACKS.trialUsage, async () => {
    const { user } = await requireApiAuth(request, context);
    const feature = parseFeature(params.feature);
    const session = await parseJsonBody(request, sessionSchema, { emptyIsObject: true });
    const key = useKeyFor(request, session);
    const deps = usageDeps(context);
    const record = await loadAccessRecord(deps.db, user.id, deps.now());
    if (record.subscription) {
      return apiError(409, USAGE_API_MESSAGES.subscriberNotOnTrial, {
        hasAccess: true,
        accessType: "subscription",
        needsSubscription: false,
      });
    }
    const outcome = await recordForApi(deps, user.id, feature, key);
    if (outcome.kind === "denied") return deniedJson(outcome.denial, outcome.denial.message);
    const summary = await getAccessSummary(deps, user.id, { fresh: true });
    return recordedJson(outcome, {
      feature,
      trial: trialJson(summary),
      session: session.sessionId ? { ...session, completed: session.completed ?? false } : null,
    });
  });
}

export const loader = () => methodNotAllowed("POST");

/**
 * POST /api/usage/check-and-record/{feature}: the combined check-and-record
 * call the feature screens make before a generation or a new flashcard.
 *
 *   body    { details?: { topic?, numberOfScenarios? }, idempotencyKey? }
 *   200     { success: true, hasAccess: true, message, accessType,
 *             usage: { used, limit, remaining } }
 *   403     { success: false, hasAccess: false, message, accessType,
 *             needsSubscription, usage } where message is the screens' wording:
 *           'Buy Subscription to access this feature' without a plan
 *           or trial (a trial whose every use is spent included: accessType
 *           none), 'Trial usage exhausted for …' when one feature's trial uses
 *           are spent and the trial goes on for the others, 'This week's usage
 *           is full, try again next week.' on a plan's full week.
 *
 * One call is one use, whatever the number of scenarios (a generation is one
 * use). The idempotency key (the body's, else the `Idempotency-Key` header)
 * counts a retried call once. A subscriber whose tracking fails keeps access
 * ('Subscription access granted (tracking failed)').
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { handleApi, methodNotAllowed, parseJsonBody, idempotencyKeyFrom } from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";
import {
  checkAndRecordSchema,
  deniedJson,
  parseFeature,
  recordedJson,
  recordForApi,
  USAGE_API_FALLBACKS,
} from "~/routes/api.usage.server";
import { usageDeps } from "~/models/usage.server";

export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleApi(USAGE_API_FALLBACKS.checkAndRecord, async () => {
    const { user } = await requireApiAuth(request, context);
    const feature = parseFeature(params.feature);
    const input = await parseJsonBody(request, checkAndRecordSchema, { emptyIsObject: true });
    const key = idempotencyKeyFrom(request, input.idempotencyKey);
    const outcome = await recordForApi(usageDeps(context), user.id, feature, key);
    if (outcome.kind === "denied") return deniedJson(outcome.denial, outcome.denial.screenMessage);
    return recordedJson(outcome, { feature });
  });
}

export const loader = () => methodNotAllowed("POST");

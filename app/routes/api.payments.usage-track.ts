import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { handleApi, methodNotAllowed, parseJsonBody, idempotencyKeyFrom } from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";
import {
  deniedJson,
  recordedJson,
  recordForApi,
  trackSchema,
  USAGE_API_FALLBACKS,
} from "~/routes/api.usage.server";
import { usageDeps } from "~/models/usage.server";

/**
 * POST /api/payments/usage/track { feature, amount? } → { success, hasAccess,
 * message, accessType, usage: { used, limit, remaining } }: checks and records
 * `amount` uses (default 1) in one step. Refused: 403 with the limit message,
 * 'Chat limit exceeded. Current usage: 5/5' and its siblings. Send an
 * `Idempotency-Key` header to have a retried request counted once. A
 * subscriber whose tracking fails keeps access ('Subscription access granted
 * (tracking failed)').
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleApi(USAGE_API_FALLBACKS.trackUsage, async () => {
    const { user } = await requireApiAuth(request, context);
    const input = await parseJsonBody(request, trackSchema, { emptyIsObject: true });
    const key = idempotencyKeyFrom(request);
    const outcome = await recordForApi(
      usageDeps(context),
      user.id,
      input.feature,
      key,
      input.amount,
    );
    if (outcome.kind === "denied") return deniedJson(outcome.denial, outcome.denial.limitMessage);
    return recordedJson(outcome);
  });
}

export const loader = () => methodNotAllowed("POST");

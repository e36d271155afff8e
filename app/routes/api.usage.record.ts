import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { handleApi, methodNotAllowed, parseJsonBody, idempotencyKeyFrom } from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";
import {
  deniedJson,
  parseFeature,
  recordedJson,
  recordForApi,
  sessionSchema,
  USAGE_API_FALLBACKS,
} from "~/routes/api.usage.server";
import { usageDeps } from "~/models/usage.server";

/**
 * POST /api/usage/record/{feature} { sessionId?, topic?, completed? } →
 * { success, hasAccess, message, accessType, usage: { used, limit, remaining } }.
 * Checks and records one use; refused: 403 with 'Chat limit exceeded. Current
 * usage: n/limit' (or the no-access message).
 *
 * Every call is one use. An `Idempotency-Key` header counts a retried request
 * once: a client that records a simulation session when it starts and again
 * when it is completed sends the session's id as the key both times.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleApi(USAGE_API_FALLBACKS.recordUsage, async () => {
    const { user } = await requireApiAuth(request, context);
    const feature = parseFeature(params.feature);
    const session = await parseJsonBody(request, sessionSchema, { emptyIsObject: true });
    const key = idempotencyKeyFrom(request);
    const outcome = await recordForApi(usageDeps(context), user.id, feature, key);
    if (outcome.kind === "denied") return deniedJson(outcome.denial, outcome.denial.limitMessage);
    return recordedJson(outcome, {
      session: session.sessionId ? { ...session, completed: session.completed ?? false } : null,
    });
  });
}

export const loader = () => methodNotAllowed("POST");

import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { handleApi, methodNotAllowed, parseJsonBody } from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";
import {
  deniedJson,
  parseFeature,
  recordedJson,
  recordForApi,
  sessionSchema,
  useKeyFor,
  USAGE_API_FALLBACKS,
} from "~/routes/api.usage.server";
import { usageDeps } from "~/models/usage.server";

/**
 * POST /api/usage/record/{feature} { sessionId?, topic?, completed? } →
 * { success, hasAccess, message, accessType, usage: { used, limit, remaining } }.
 * Checks and records one use; refused: 403 with 'Chat limit exceeded. Current
 * usage: n/limit' (or the no-access message).
 *
 * Every call is one use, except that a `sessionId` is one use however often it
 * is recorded (when a simulation starts, again when it is completed, here or
 * through /api/trial/feature/{feature}/usage). Without one, an
 * `Idempotency-Key` header counts a retried request once.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleApi(USAGE_API_FALLBACKS.recordUsage, async () => {
    const { user } = await requireApiAuth(request, context);
    const feature = parseFeature(params.feature);
    const session = await parseJsonBody(request, sessionSchema, { emptyIsObject: true });
    const key = useKeyFor(request, session);
    const outcome = await recordForApi(usageDeps(context), user.id, feature, key);
    if (outcome.kind === "denied") return deniedJson(outcome.denial, outcome.denial.limitMessage);
    return recordedJson(outcome, {
      session: session.sessionId ? { ...session, completed: session.completed ?? false } : null,
    });
  });
}

export const loader = () => methodNotAllowed("POST");

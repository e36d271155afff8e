/**
 * POST /api/{quizzes|simulations}/attempts/{attemptId}/generate: resumes (or
 * follows) an attempt's generation, as the same event stream as POST
 * /api/{kinds}/generate: `attempt`, the items stored so far and each new one
 * (`item`, `progress`), then `done` or `error`. An attempt that is no longer
 * generating answers its items and `done` (or `error` if it failed) at once.
 * While another request is generating it, the stream follows that one and
 * takes over if it stops.
 *
 *   400 malformed id; 401 signed out; 404 'Attempt not found' (also someone else's)
 *   403 resuming an attempt that has no item yet reserves a use again, and can be refused
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { failedMessage } from "~/lib/assessment-attempts";
import {
  attemptEventStream,
  kindOf,
  notFoundJson,
  refusalJson,
  requireAttemptIdParam,
  requireKind,
} from "~/routes/api.assessments.server";
import { openGenerationStream } from "~/models/assessment-generation-stream.server";
import { assessmentDeps } from "~/models/assessment-store.server";
import { handleApi, methodNotAllowed } from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleApi(failedMessage(kindOf(request) ?? "quiz"), async () => {
    const kind = requireKind(request);
    const { user } = await requireApiAuth(request, context);
    const attemptId = requireAttemptIdParam(params);
    const controller = new AbortController();
    request.signal?.addEventListener("abort", () => controller.abort(), { once: true });
    const opened = await openGenerationStream(assessmentDeps(context), user.id, attemptId, {
      kind,
      signal: controller.signal,
    });
    if (opened.status === "not-found") return notFoundJson();
    if (opened.status === "denied") return refusalJson(opened.refusal);
    return attemptEventStream(kind, opened.events, controller, context.waitUntil);
  });
}

export const loader = () => methodNotAllowed("POST");

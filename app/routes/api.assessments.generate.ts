/**
 * POST /api/quizzes/generate and POST /api/simulations/generate: starts a quiz
 * or simulation and streams its generation (docs/api.md, "Quizzes and simulations").
 *
 *   body   { topic, count?, idempotencyKey? }  (count 1-20 for quizzes, 1-10 for
 *          simulations, default 5; the `Idempotency-Key` header works too)
 *   200    text/event-stream: `attempt`, then `item` { index, item } and
 *          `progress` { generated, requested } as each batch is stored, then
 *          `done` { generated, shortfall, source, message } or `error` { message }
 *   400    the spec's validation texts; 401 signed out
 *   403    { hasAccess: false, reason: "none" | "limit", title, message } before
 *          anything is generated or counted
 *
 * The same idempotency key again is the same attempt and one use: the stream
 * sends what was stored and carries on generating. Closing the connection
 * stops generation; what was stored stays and POST …/attempts/{id}/generate resumes it.
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { failedMessage } from "~/lib/assessment-attempts";
import {
  attemptEventStream,
  generateBodySchema,
  kindOf,
  notFoundJson,
  refusalJson,
  requireKind,
} from "~/routes/api.assessments.server";
import { startAttempt } from "~/models/assessment-attempts.server";
import { openGenerationStream } from "~/models/assessment-generation-stream.server";
import { assessmentDeps } from "~/models/assessment-store.server";
import { handleApi, methodNotAllowed, parseJsonBody, idempotencyKeyFrom } from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleApi(failedMessage(kindOf(request) ?? "quiz"), async () => {
    const kind = requireKind(request);
    const { user } = await requireApiAuth(request, context);
    const input = await parseJsonBody(request, generateBodySchema(kind));
    const idempotencyKey = idempotencyKeyFrom(request, input.idempotencyKey);
    const deps = assessmentDeps(context);
    const started = await startAttempt(deps, user.id, kind, { ...input, idempotencyKey });
    if (!started.ok) return refusalJson(started);
    const controller = new AbortController();
    request.signal?.addEventListener("abort", () => controller.abort(), { once: true });
    const opened = await openGenerationStream(deps, user.id, started.attempt.id, {
      kind,
      signal: controller.signal,
      usage: started.usage,
    });
    if (opened.status === "not-found") return notFoundJson();
    if (opened.status === "denied") return refusalJson(opened.refusal);
    return attemptEventStream(kind, opened.events, controller, context.waitUntil);
  });
}

export const loader = () => methodNotAllowed("POST");

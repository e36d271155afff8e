/**
 * POST /api/{quizzes|simulations}/attempts/{attemptId}/answers { index, choice }:
 * saves the learner's choice (0-3) for a generated question (index from 0).
 * It can be changed until the attempt is finished; whether it is right is not
 * said before Finish.
 *
 *   200 { success, data: { index, choice, answeredCount, itemCount, status } }
 *   400 malformed id or body ('Please choose an answer.' for a missing or
 *       unknown option); 401; 404 'Attempt not found'
 *   409 the question is not generated yet, or the attempt is finished or failed
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { attemptAnswerSchema } from "~/lib/assessment-attempts";
import {
  ATTEMPT_API_FALLBACKS,
  conflictJson,
  notFoundJson,
  requireAttemptIdParam,
  requireKind,
} from "~/routes/api.assessments.server";
import { answerItem } from "~/models/assessment-attempts.server";
import { assessmentDeps } from "~/models/assessment-store.server";
import { apiSuccess, handleApi, methodNotAllowed, parseJsonBody } from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleApi(ATTEMPT_API_FALLBACKS.answer, async () => {
    const kind = requireKind(request);
    const { user } = await requireApiAuth(request, context);
    const attemptId = requireAttemptIdParam(params);
    const { index, choice } = await parseJsonBody(request, attemptAnswerSchema);
    const result = await answerItem(assessmentDeps(context), user.id, attemptId, index, choice, {
      kind,
    });
    if (result.status === "not-found") return notFoundJson();
    if (result.status === "conflict") return conflictJson(result);
    return apiSuccess({
      data: {
        index: result.index,
        choice: result.choice,
        answeredCount: result.attempt.answeredCount,
        itemCount: result.attempt.itemCount,
        status: result.attempt.status,
      },
    });
  });
}

export const loader = () => methodNotAllowed("POST");

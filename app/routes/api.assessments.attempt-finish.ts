/**
 * POST /api/{quizzes|simulations}/attempts/{attemptId}/finish: scores the
 * attempt (unanswered questions count as wrong) and completes it → { success,
 * data: attempt } with the score, percentage and per item the learner's
 * choice, the correct option, the explanations, the takeaway and the
 * reference. A generation still running stops at the items stored so far.
 * Finishing again answers the same results.
 *
 *   400 malformed id; 401; 404 'Attempt not found'; 409 no question generated
 *   yet, or the attempt failed
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import {
  apiAttempt,
  ATTEMPT_API_FALLBACKS,
  conflictJson,
  notFoundJson,
  requireAttemptIdParam,
  requireKind,
} from "~/routes/api.assessments.server";
import { finishAttempt } from "~/models/assessment-scoring.server";
import { assessmentDeps } from "~/models/assessment-store.server";
import { apiSuccess, handleApi, methodNotAllowed } from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleApi(ATTEMPT_API_FALLBACKS.finish, async () => {
    const kind = requireKind(request);
    const { user } = await requireApiAuth(request, context);
    const attemptId = requireAttemptIdParam(params);
    const result = await finishAttempt(assessmentDeps(context), user.id, attemptId, { kind });
    if (result.status === "not-found") return notFoundJson();
    if (result.status === "conflict") return conflictJson(result);
    return apiSuccess({ data: apiAttempt(result.attempt) });
  });
}

export const loader = () => methodNotAllowed("POST");

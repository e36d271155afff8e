/**
 * POST /api/{quizzes|simulations}/attempts/{attemptId}/retake:
 * 'Retake': a new attempt (origin retake, parentId the finished one) with the same items, unanswered.
 * It costs no use, but needs a plan or a trial still running.
 *
 *   201 { success, data: attempt } (status ready)
 *   400 malformed id; 401; 403 no plan or trial; 404 'Attempt not found'
 *   409 the attempt is not finished yet
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import {
  apiAttempt,
  ATTEMPT_API_FALLBACKS,
  conflictJson,
  notFoundJson,
  refusalJson,
  requireAttemptIdParam,
  requireKind,
} from "~/routes/api.assessments.server";
import { retakeAttempt } from "~/models/assessment-retake.server";
import { assessmentDeps } from "~/models/assessment-store.server";
import { apiSuccess, handleApi, methodNotAllowed } from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleApi(ATTEMPT_API_FALLBACKS.retake, async () => {
    const kind = requireKind(request);
    const { user } = await requireApiAuth(request, context);
    const attemptId = requireAttemptIdParam(params);
    const result = await retakeAttempt(assessmentDeps(context), user.id, attemptId, { kind });
    if (result.status === "not-found") return notFoundJson();
    if (result.status === "conflict") return conflictJson(result);
    if (result.status === "denied") return refusalJson(result.refusal);
    return apiSuccess({ status: 201, data: apiAttempt(result.attempt) });
  });
}

export const loader = () => methodNotAllowed("POST");

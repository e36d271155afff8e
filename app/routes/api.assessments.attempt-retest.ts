/**
 * POST /api/{quizzes|simulations}/attempts/{attemptId}/retest:
 * 'Retest incorrect': a new attempt (origin retest, parentId the finished one) with only the items missed or left unanswered.
 * It costs no use, but needs a plan or a trial still running.
 *
 *   201 { success, data: attempt } (status ready)
 *   400 malformed id; 401; 403 no plan or trial; 404 'Attempt not found'
 *   409 the attempt is not finished yet, or nothing was missed
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
import { retestIncorrect } from "~/models/assessment-retake.server";
import { assessmentDeps } from "~/models/assessment-store.server";
import { apiSuccess, handleApi, methodNotAllowed } from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleApi(ATTEMPT_API_FALLBACKS.retest, async () => {
    const kind = requireKind(request);
    const { user } = await requireApiAuth(request, context);
    const attemptId = requireAttemptIdParam(params);
    const result = await retestIncorrect(assessmentDeps(context), user.id, attemptId, { kind });
    if (result.status === "not-found") return notFoundJson();
    if (result.status === "conflict") return conflictJson(result);
    if (result.status === "denied") return refusalJson(result.refusal);
    return apiSuccess({ status: 201, data: apiAttempt(result.attempt) });
  });
}

export const loader = () => methodNotAllowed("POST");

/**
 * GET /api/{quizzes|simulations}/attempts/{attemptId}: one of the caller's
 * attempts → { success, data: attempt }. Until it is finished each item is
 * { index, question, options, case, choice } (nothing that gives the answer
 * away); once finished each also has correctIndex, correct, explanations,
 * takeaway and reference, and the attempt its score and percentage.
 *
 *   400 malformed id; 401 signed out; 404 'Attempt not found' (also someone else's)
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import {
  apiAttempt,
  ATTEMPT_API_FALLBACKS,
  notFoundJson,
  requireAttemptIdParam,
  requireKind,
} from "~/routes/api.assessments.server";
import { getAttempt } from "~/models/assessment-attempts.server";
import { assessmentDeps } from "~/models/assessment-store.server";
import { apiSuccess, handleApi, methodNotAllowed } from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return handleApi(ATTEMPT_API_FALLBACKS.read, async () => {
    const kind = requireKind(request);
    const { user } = await requireApiAuth(request, context);
    const attemptId = requireAttemptIdParam(params);
    const attempt = await getAttempt(assessmentDeps(context), user.id, attemptId, { kind });
    if (!attempt) return notFoundJson();
    return apiSuccess({ data: apiAttempt(attempt) });
  });
}

export const action = () => methodNotAllowed("GET");

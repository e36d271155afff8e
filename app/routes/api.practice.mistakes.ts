/**
 * POST /api/practice-tests/{id}/mistakes { index, mistake }: the error log — why a wrong
 * answer was missed: 'didnt-know', 'misread', 'slip' or 'guessed' (null clears the tag).
 * Only a question answered wrong whose answer may be seen (submitted, or checked in tutor
 * mode) can be tagged.
 *
 *   200 { success, message }; 400 a malformed body or index; 401; 403 the plan does not
 *   include practice tests; 404 'Practice test not found'; 409 not (yet) a wrong answer
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import {
  apiError,
  apiSuccess,
  handleApi,
  methodNotAllowed,
  parseJsonBody,
} from "~/http/api.server";
import { practiceDeps, tagPracticeMistake } from "~/models/practice-tests.server";
import {
  mistakeBodySchema,
  PRACTICE_API_FALLBACKS,
  requirePracticeApi,
  requirePracticeTestIdParam,
} from "~/routes/api.practice.server";

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleApi(PRACTICE_API_FALLBACKS.mistake, async () => {
    const { user } = await requirePracticeApi(request, context);
    const id = requirePracticeTestIdParam(params);
    const { index, mistake } = await parseJsonBody(request, mistakeBodySchema);
    const tagged = await tagPracticeMistake(practiceDeps(context), user.id, id, index, mistake);
    if (!tagged.ok) return apiError(tagged.status, tagged.message);
    return apiSuccess({ message: tagged.message });
  });
}

export const loader = () => methodNotAllowed("POST");

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
import { apiError, apiSuccess, methodNotAllowed, parseJsonBody } from "~/http/api.server";
import { tagPracticeMistake } from "~/models/practice-tests.server";
import {
  forPracticeTest,
  mistakeBodySchema,
  PRACTICE_API_FALLBACKS,
} from "~/routes/api.practice.server";

export async function action(args: ActionFunctionArgs) {
  if (args.request.method !== "POST") return methodNotAllowed("POST");
  return forPracticeTest(PRACTICE_API_FALLBACKS.mistake, args, async ({ userId, id, deps }) => {
    const { index, mistake } = await parseJsonBody(args.request, mistakeBodySchema);
    const tagged = await tagPracticeMistake(deps, userId, id, index, mistake);
    if (!tagged.ok) return apiError(tagged.status, tagged.message);
    return apiSuccess({ message: tagged.message });
  });
}

export const loader = () => methodNotAllowed("POST");

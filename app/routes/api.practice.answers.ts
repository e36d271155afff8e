/**
 * POST /api/practice-tests/{id}/answers { index, choice?, marked?, struck?, seconds? }: saves
 * one question (index from 0): the choice (0–3 for A–D; null clears it in timed mode), the
 * mark for review (kept for "marked" tests too), the struck-out options and the seconds spent
 * since the last save. In tutor mode the first choice is checked and final, and the answer
 * comes back with its `reveal`; in timed mode nothing is revealed before submit. Saves are
 * version-guarded: two at once both stay.
 *
 *   200 { success, data: { question, test } }
 *   400 a malformed body or index; 401; 403 the plan does not include practice tests;
 *   404 'Practice test not found'; 409 a tutor answer already given, or the test is submitted
 *   (the time ran out: 'Time is up: your test was submitted at the deadline.')
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiError, apiSuccess, methodNotAllowed, parseJsonBody } from "~/http/api.server";
import { PRACTICE_MESSAGES } from "~/lib/practice";
import { questionView, saveAnswer, testSummary } from "~/models/practice-tests.server";
import {
  answerBodySchema,
  apiQuestion,
  apiSummary,
  forPracticeTest,
  notFoundJson,
  PRACTICE_API_FALLBACKS,
} from "~/routes/api.practice.server";

export async function action(args: ActionFunctionArgs) {
  if (args.request.method !== "POST") return methodNotAllowed("POST");
  return forPracticeTest(PRACTICE_API_FALLBACKS.answer, args, async ({ userId, id, deps }) => {
    const change = await parseJsonBody(args.request, answerBodySchema);
    const saved = await saveAnswer(deps, userId, id, change);
    const now = deps.now();
    switch (saved.status) {
      case "not-found":
        return notFoundJson();
      case "invalid":
        return apiError(400, saved.message);
      case "final":
        return apiError(409, saved.message);
      case "submitted":
        return apiError(
          409,
          saved.timeUp ? PRACTICE_MESSAGES.timeUp : PRACTICE_MESSAGES.submitted,
          {
            data: { test: apiSummary(testSummary(saved.test), now) },
          },
        );
    }
    return apiSuccess({
      data: {
        question: apiQuestion(questionView(saved.test, saved.item, change.index)),
        test: apiSummary(testSummary(saved.test), now),
      },
    });
  });
}

export const loader = () => methodNotAllowed("POST");

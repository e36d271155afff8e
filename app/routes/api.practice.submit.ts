/**
 * POST /api/practice-tests/{id}/submit: marks the test under its exam's scheme and closes it;
 * the answers join the answer log. Submitting again answers the same results.
 *
 *   200 { success, message, data: test } with `results`; 401; 403 the plan does not include
 *   practice tests; 404 'Practice test not found'
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed } from "~/http/api.server";
import { PRACTICE_MESSAGES } from "~/lib/practice";
import { submitPracticeTest } from "~/models/practice-tests.server";
import {
  forPracticeTest,
  notFoundJson,
  PRACTICE_API_FALLBACKS,
  testResponse,
} from "~/routes/api.practice.server";

export async function action(args: ActionFunctionArgs) {
  if (args.request.method !== "POST") return methodNotAllowed("POST");
  return forPracticeTest(PRACTICE_API_FALLBACKS.submit, args, async (call) => {
    const submitted = await submitPracticeTest(call.deps, call.userId, call.id);
    if (submitted.status === "not-found") return notFoundJson();
    return testResponse(call, submitted.timeUp ? PRACTICE_MESSAGES.timeUp : "Test submitted");
  });
}

export const loader = () => methodNotAllowed("POST");

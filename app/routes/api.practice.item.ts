/**
 * GET /api/practice-tests/{id}: one of the caller's tests with every question — a key,
 * explanations and takeaway (`reveal`) only once it may be seen (tutor mode: that question
 * answered; otherwise after submit) — and, once submitted, its results. A timed test read
 * after its deadline is submitted first.
 *
 *   200 { success, data: test }; 401; 403 the plan does not include practice tests;
 *   404 'Practice test not found'
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed } from "~/http/api.server";
import {
  forPracticeTest,
  PRACTICE_API_FALLBACKS,
  testResponse,
} from "~/routes/api.practice.server";

export function loader(args: LoaderFunctionArgs) {
  return forPracticeTest(PRACTICE_API_FALLBACKS.fetchOne, args, (call) => testResponse(call));
}

export const action = () => methodNotAllowed("GET");

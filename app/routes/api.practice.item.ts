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
import { apiSuccess, handleApi, methodNotAllowed } from "~/http/api.server";
import { practiceDeps, readPracticeTest, testSummary } from "~/models/practice-tests.server";
import {
  apiTest,
  notFoundJson,
  PRACTICE_API_FALLBACKS,
  requirePracticeApi,
  requirePracticeTestIdParam,
} from "~/routes/api.practice.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return handleApi(PRACTICE_API_FALLBACKS.fetchOne, async () => {
    const { user } = await requirePracticeApi(request, context);
    const id = requirePracticeTestIdParam(params);
    const deps = practiceDeps(context);
    const loaded = await readPracticeTest(deps, user.id, id);
    if (!loaded) return notFoundJson();
    return apiSuccess({ data: apiTest(loaded, testSummary(loaded.test), deps.now()) });
  });
}

export const action = () => methodNotAllowed("GET");

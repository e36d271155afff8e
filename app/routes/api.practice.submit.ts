/**
 * POST /api/practice-tests/{id}/submit: marks the test under its exam's scheme and closes it;
 * the answers join the answer log. Submitting again answers the same results.
 *
 *   200 { success, message, data: test } with `results`; 401; 403 the plan does not include
 *   practice tests; 404 'Practice test not found'
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiSuccess, handleApi, methodNotAllowed } from "~/http/api.server";
import { PRACTICE_MESSAGES } from "~/lib/practice";
import {
  practiceDeps,
  readPracticeTest,
  submitPracticeTest,
  testSummary,
} from "~/models/practice-tests.server";
import {
  apiTest,
  notFoundJson,
  PRACTICE_API_FALLBACKS,
  requirePracticeApi,
  requirePracticeTestIdParam,
} from "~/routes/api.practice.server";

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleApi(PRACTICE_API_FALLBACKS.submit, async () => {
    const { user } = await requirePracticeApi(request, context);
    const id = requirePracticeTestIdParam(params);
    const deps = practiceDeps(context);
    const submitted = await submitPracticeTest(deps, user.id, id);
    if (submitted.status === "not-found") return notFoundJson();
    const loaded = await readPracticeTest(deps, user.id, id);
    if (!loaded) return notFoundJson();
    return apiSuccess({
      message: submitted.timeUp ? PRACTICE_MESSAGES.timeUp : "Test submitted",
      data: apiTest(loaded, testSummary(loaded.test), deps.now()),
    });
  });
}

export const loader = () => methodNotAllowed("POST");

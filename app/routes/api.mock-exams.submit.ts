/**
 * POST /api/mock-exams/{id}/submit (Pro): submits the sitting with the answers
 * saved so far and scores it with the exam's marking. Submitting again (a retry)
 * answers the same.
 *
 *   200 { success, message, data: { status: 'submitted', score…, resultsUrl } }
 *   400 malformed id; 401; 403 not on Pro; 404 'Mock exam not found'
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { MOCK_MESSAGES } from "~/lib/mock-exams";
import { apiError, apiSuccess, handleApi, methodNotAllowed } from "~/http/api.server";
import { mockDeps, submitMock } from "~/models/mock-exams.server";
import {
  apiSubmitted,
  notFoundJson,
  requireMockIdParam,
  requireMockLearner,
} from "~/routes/api.mock-exams.server";

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleApi(MOCK_MESSAGES.submitFailed, async () => {
    const { user } = await requireMockLearner(request, context);
    const id = requireMockIdParam(params);
    const result = await submitMock(mockDeps(context), user.id, id);
    if (result.status === "not-found") return notFoundJson();
    if (result.status === "conflict") return apiError(409, result.message);
    return apiSuccess({
      message: "Mock exam submitted.",
      data: apiSubmitted(result.attempt, result.timedOut),
    });
  });
}

export const loader = () => methodNotAllowed("POST");

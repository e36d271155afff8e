/**
 * GET /api/mock-exams/{id}/results?section=all|{index}&filter=all|wrong|unattempted|marked|correct
 * (Pro): a submitted sitting's analysis — the score under the exam's marking, the
 * counts, each section's time, the guessing analysis, subjects against the caller's
 * history, the weakest areas by marks at stake, the percentile on a numbered paper —
 * and the questions asked for in full (key, explanations, takeaway, reference).
 *
 *   200 { success, data }; 400 malformed id or query; 401; 403 not on Pro; 404
 *   409 'This mock is still in progress…' (a read after the time is up submits it)
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { MOCK_MESSAGES } from "~/lib/mock-exams";
import { ApiResponse, apiError, apiSuccess, handleApi, methodNotAllowed } from "~/http/api.server";
import { mockDeps } from "~/models/mock-exams.server";
import { mockResults } from "~/models/mock-results.server";
import {
  apiResults,
  notFoundJson,
  requireMockIdParam,
  requireMockLearner,
  resultsQuerySchema,
} from "~/routes/api.mock-exams.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return handleApi(MOCK_MESSAGES.resultsFailed, async () => {
    const { user } = await requireMockLearner(request, context);
    const id = requireMockIdParam(params);
    const url = new URL(request.url);
    const query = resultsQuerySchema.safeParse({
      section: url.searchParams.get("section") ?? undefined,
      filter: url.searchParams.get("filter") ?? undefined,
    });
    if (!query.success) {
      throw new ApiResponse(apiError(400, query.error.issues[0]!.message));
    }
    const outcome = await mockResults(mockDeps(context), user.id, id, query.data);
    if (outcome.status === "not-found") return notFoundJson();
    if (outcome.status === "in-progress") return apiError(409, MOCK_MESSAGES.notSubmitted);
    return apiSuccess({ data: { ...apiResults(outcome.results), timedOut: outcome.timedOut } });
  });
}

export const action = () => methodNotAllowed("GET");

/**
 * GET /api/mock-exams/{id} (Pro): the sitting now, by the server's clock.
 *
 *   200 { success, data }: running → the sections (locked, current, upcoming), the
 *       clock (sectionEndsAt, endsAt, serverNow), the palette (a state per question)
 *       and the open section's questions with the caller's saved answers, no keys;
 *       submitted → { status: 'submitted', timedOut, score…, resultsUrl } (a read after
 *       the time is up submits it: timedOut true)
 *   400 malformed id; 401; 403 not on Pro; 404 'Mock exam not found'
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { MOCK_MESSAGES } from "~/lib/mock-exams";
import { apiSuccess, handleApi, methodNotAllowed } from "~/http/api.server";
import { mockDeps, readMock } from "~/models/mock-exams.server";
import {
  apiSitting,
  apiSubmitted,
  notFoundJson,
  requireMockIdParam,
  requireMockLearner,
} from "~/routes/api.mock-exams.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return handleApi(MOCK_MESSAGES.readFailed, async () => {
    const { user } = await requireMockLearner(request, context);
    const id = requireMockIdParam(params);
    const read = await readMock(mockDeps(context), user.id, id);
    if (read.status === "not-found") return notFoundJson();
    if (read.status === "submitted") {
      return apiSuccess({ data: apiSubmitted(read.attempt, read.timedOut) });
    }
    return apiSuccess({ data: apiSitting(read.sitting) });
  });
}

export const action = () => methodNotAllowed("GET");

/**
 * /api/mock-exams (Pro):
 *
 *   GET  → { success, data: [mock…] }: the caller's sittings, newest first (a sitting
 *        whose time ran out is submitted first).
 *   POST { pattern: 'neet-pg'|'ini-cet'|'fmge', length?: 'full'|'half'|'quarter',
 *        paper?: number | 'random' } → 201 { success, message, data }: the sitting,
 *        its sections and the pool ids of its questions (no keys). `paper` left out
 *        is the caller's next numbered paper in the series.
 *
 *   400 malformed body; 401 signed out; 403 not on Pro; 409 a mock already running
 *   (data.activeId) or a pool too small for the paper
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { MOCK_MESSAGES, startMockSchema } from "~/lib/mock-exams";
import {
  apiError,
  apiSuccess,
  handleApi,
  methodNotAllowed,
  parseJsonBody,
} from "~/http/api.server";
import { listMocks, mockDeps, startMock } from "~/models/mock-exams.server";
import { apiStarted, apiSummary, requireMockLearner } from "~/routes/api.mock-exams.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(MOCK_MESSAGES.listFailed, async () => {
    const { user } = await requireMockLearner(request, context);
    const mocks = await listMocks(mockDeps(context), user.id);
    return apiSuccess({ data: mocks.map(apiSummary) });
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  return handleApi(MOCK_MESSAGES.startFailed, async () => {
    const { user } = await requireMockLearner(request, context);
    const input = await parseJsonBody(request, startMockSchema);
    const result = await startMock(mockDeps(context), user.id, input);
    if (result.status === "active-exists") {
      return apiError(409, result.message, { data: { activeId: result.attemptId } });
    }
    if (result.status === "pool-too-small") return apiError(409, result.message);
    return apiSuccess({
      status: 201,
      message: "Mock exam started.",
      data: apiStarted(result.attempt),
    });
  });
}

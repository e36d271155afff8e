/**
 * GET /api/progress?exam=neet-pg|ini-cet|fmge|university → { success, data }:
 * the learner's progress analytics, the same view the /progress page shows
 * (app/models/progress-analytics.server.ts; docs/api.md, "Progress"). 401
 * signed out, 403 without Plus or Pro, 400 for an unknown exam.
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ApiResponse, apiError, apiSuccess, handleApi, methodNotAllowed } from "~/http/api.server";
import { requireApiPlanFeature } from "~/http/plan-access.server";
import { PROGRESS_MESSAGES, parseExamParam } from "~/lib/progress";
import { progressAnalytics } from "~/models/progress-analytics.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(PROGRESS_MESSAGES.loadFailed, async () => {
    const { user } = await requireApiPlanFeature(request, context, "progressAnalytics");
    const exam = parseExamParam(new URL(request.url).searchParams.get("exam"));
    if (!exam.ok) throw new ApiResponse(apiError(400, PROGRESS_MESSAGES.examInvalid));
    const view = await progressAnalytics(context.db, user.id, { exam: exam.exam, now: Date.now() });
    return apiSuccess({ data: view });
  });
}

export const action = () => methodNotAllowed("GET");

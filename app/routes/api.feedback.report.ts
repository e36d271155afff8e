/**
 * GET /api/feedback/:id (Pro) → { success, data: report }: the words, the three
 * tasks with where each stands in the planner, and the figures it was written
 * from. 400 malformed id; 401; 403; 404 not the caller's.
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiSuccess, handleApi, methodNotAllowed } from "~/http/api.server";
import { FEEDBACK_MESSAGES } from "~/lib/feedback";
import { feedbackContext, getFeedback } from "~/models/feedback.server";
import {
  apiReport,
  notFoundJson,
  requireFeedbackId,
  requireFeedbackLearner,
} from "~/routes/api.feedback.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return handleApi(FEEDBACK_MESSAGES.loadFailed, async () => {
    const { user } = await requireFeedbackLearner(request, context);
    const id = requireFeedbackId(params);
    const report = await getFeedback(context.db, user.id, id);
    if (!report) return notFoundJson();
    const around = await feedbackContext(context.db, user.id, report, Date.now());
    return apiSuccess({ data: apiReport(report, around.tasks) });
  });
}

export const action = () => methodNotAllowed("GET");

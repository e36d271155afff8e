/**
 * POST /api/feedback/:id/tasks { task: 0 | 1 | 2 } (Pro): the report's task into
 * the caller's study plan, today or on the next study day. 201 { data: { taskId,
 * day } } when added; 200 with the same when it was already there (adding twice
 * makes one task). 400 malformed id or task, no study plan, no study day left;
 * 401; 403; 404 not the caller's report.
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import {
  apiError,
  apiSuccess,
  handleApi,
  methodNotAllowed,
  parseJsonBody,
} from "~/http/api.server";
import { addFeedbackTaskSchema, FEEDBACK_MESSAGES } from "~/lib/feedback";
import { addFeedbackTask } from "~/models/feedback.server";
import {
  notFoundJson,
  requireFeedbackId,
  requireFeedbackLearner,
} from "~/routes/api.feedback.server";

export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleApi(FEEDBACK_MESSAGES.addFailed, async () => {
    const { user } = await requireFeedbackLearner(request, context);
    const id = requireFeedbackId(params);
    const { task } = await parseJsonBody(request, addFeedbackTaskSchema);
    const result = await addFeedbackTask(context.db, user.id, id, task, Date.now());
    switch (result.status) {
      case "added":
      case "exists":
        return apiSuccess({
          status: result.status === "added" ? 201 : 200,
          message:
            result.status === "added" ? "Added to your study plan." : FEEDBACK_MESSAGES.taskExists,
          data: { taskId: result.taskId, day: result.day },
        });
      case "no-plan":
        return apiError(400, FEEDBACK_MESSAGES.noPlan, { plannerUrl: "/planner" });
      case "no-study-day":
        return apiError(400, FEEDBACK_MESSAGES.noStudyDay, { plannerUrl: "/planner" });
      case "no-task":
        return apiError(400, FEEDBACK_MESSAGES.taskInvalid);
      case "not-found":
        return notFoundJson();
    }
  });
}

export const loader = () => methodNotAllowed("POST");

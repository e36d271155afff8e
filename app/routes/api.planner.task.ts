/**
 * /api/planner/tasks/{id}, one task of the caller's own plan (Plus and Pro):
 *
 *   POST { done: true | false } → { success, data: { task } }: done keeps the first time it was
 *        ticked; false clears it. 400 'done must be true or false.' or 'Invalid task ID.';
 *        404 'Task not found' (also for someone else's task); 401 signed out; 403 without Plus.
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import {
  apiError,
  apiSuccess,
  handleApi,
  methodNotAllowed,
  parseJsonBody,
} from "~/http/api.server";
import { requireApiPlanFeature } from "~/http/plan-access.server";
import { STUDY_PLAN_MESSAGES } from "~/lib/study-plan";
import { setTaskDone } from "~/models/study-plan.server";
import {
  apiTask,
  PLANNER_API_MESSAGES,
  requireTaskId,
  taskDoneSchema,
} from "~/routes/api.planner.server";

export function loader() {
  return methodNotAllowed("POST");
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleApi(PLANNER_API_MESSAGES.tick, async () => {
    const { user } = await requireApiPlanFeature(request, context, "studyPlanner");
    const id = requireTaskId(params);
    const { done } = await parseJsonBody(request, taskDoneSchema);
    const task = await setTaskDone(context.db, user.id, id, done, Date.now());
    if (!task) return apiError(404, STUDY_PLAN_MESSAGES.taskNotFound);
    return apiSuccess({ data: { task: apiTask(task, task.exam) } });
  });
}

/**
 * /api/planner, the caller's own study plan (Plus and Pro; 403 with the
 * upgrade message for others, 401 signed out):
 *
 *   GET  ?from=YYYY-MM-DD&to=YYYY-MM-DD (to exclusive; default today and 13 more days)
 *        → { success, data: { today, plan | null, days: [{ day, dayOff, tasks }], rebalance, progress } }.
 *        Opening the plan moves tasks missed on earlier days, as the page does.
 *   PUT or POST { exam, examDate, hoursPerDay, daysOff } → 201 (a new plan) or 200 (rebuilt from today)
 *        { success, message, data } as for GET; 400 with the first problem's message and `errors`.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiSuccess, handleApi, methodNotAllowed, parseJsonBody } from "~/http/api.server";
import { requireApiPlanFeature } from "~/http/plan-access.server";
import { indiaDate } from "~/lib/admin";
import { STUDY_PLAN_MESSAGES, studyPlanSettingsSchema } from "~/lib/study-plan";
import { loadPlanner, saveStudyPlan } from "~/models/study-plan.server";
import { apiPlanner, PLANNER_API_MESSAGES, parseRange } from "~/routes/api.planner.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(PLANNER_API_MESSAGES.fetch, async () => {
    const { user } = await requireApiPlanFeature(request, context, "studyPlanner");
    const now = Date.now();
    const range = parseRange(new URL(request.url), indiaDate(now));
    const planner = await loadPlanner(context.db, user.id, now, range);
    return apiSuccess({ data: apiPlanner(planner, range) });
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "PUT" && request.method !== "POST") {
    return methodNotAllowed("GET, PUT, POST");
  }
  return handleApi(PLANNER_API_MESSAGES.save, async () => {
    const { user, planId } = await requireApiPlanFeature(request, context, "studyPlanner");
    const now = Date.now();
    const today = indiaDate(now);
    const settings = await parseJsonBody(request, studyPlanSettingsSchema(today));
    const saved = await saveStudyPlan(context.db, user.id, settings, now, planId);
    const range = parseRange(new URL(request.url), today);
    const planner = await loadPlanner(context.db, user.id, now, range);
    return apiSuccess({
      status: saved.created ? 201 : 200,
      message: saved.created ? STUDY_PLAN_MESSAGES.created : STUDY_PLAN_MESSAGES.updated,
      data: apiPlanner(planner, range),
    });
  });
}

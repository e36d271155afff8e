import type { AppContext } from "~/load-context";
import { FEATURE_KEYS, type FeatureKey } from "~/lib/features";
import { ANONYMOUS, type Viewer, type ViewerAccess } from "~/lib/viewer";
import { getAuth } from "./auth.server";
import { toViewerUser } from "./user.server";
import { type AccessSummary, accessSummaryOf, usageDeps } from "./usage.server";
import { accessRecordFromRows, accessRecordQueries } from "./subscription.server";
import { planIncludes } from "~/lib/plan-features";
import { indiaDate } from "~/lib/admin";
import { todaysPlanFromRows, todaysTasksQuery } from "./study-plan.server";

/** The navigation bar's view of an access summary. */
function toViewerAccess(summary: AccessSummary): ViewerAccess {
  if (summary.accessType === "subscription" && summary.subscription) {
    const { planId, planName, endDate, daysRemaining, status } = summary.subscription;
    return {
      type: "subscription",
      subscription: { planId, planName, endDate, daysRemaining, status },
    };
  }
  if (summary.accessType === "trial" && summary.trial) {
    const trial = summary.trial;
    return {
      type: "trial",
      trial: {
        totalUsed: trial.totalUsed,
        totalLimit: trial.totalLimit,
        daysRemaining: trial.daysRemaining,
        percentageUsed: trial.percentageUsed,
        remaining: Object.fromEntries(
          FEATURE_KEYS.map((feature) => [feature, trial.features[feature].remaining]),
        ) as Record<FeatureKey, number>,
      },
    };
  }
  return { type: "none" };
}

/**
 * Who is asking: the signed-in user behind the session cookie (or Bearer
 * token) with the access they hold (subscription, else an active trial, else
 * none), or anonymous. Counts come from the KV read copy when it is current.
 * Today's study-plan tasks (the nav's count, the home page's list) are read
 * in the same D1 batch as the access record.
 */
export async function getViewer(
  request: Request,
  context: AppContext,
  options: { fresh?: boolean } = {},
): Promise<Viewer> {
  const auth = await getAuth(request, context);
  if (!auth) return ANONYMOUS;
  const deps = usageDeps(context);
  const now = deps.now();
  const userId = auth.user.id;
  const day = indiaDate(now);
  const [periods, trialRows, firstPlanRows, todayRows] = await deps.db.batch([
    ...accessRecordQueries(deps.db, userId, now),
    todaysTasksQuery(deps.db, userId, day),
  ]);
  const record = accessRecordFromRows(periods, trialRows, firstPlanRows, now);
  const summary = await accessSummaryOf(deps, userId, record, now, options);
  const planId = record.subscription?.planId ?? null;
  const todayPlan = planIncludes(planId, "studyPlanner")
    ? todaysPlanFromRows(todayRows, day)
    : null;
  const tasks = todayPlan?.tasks ?? [];
  return {
    status: "authenticated",
    user: toViewerUser(auth.user),
    access: toViewerAccess(summary),
    today:
      tasks.length > 0
        ? { total: tasks.length, done: tasks.filter((task) => task.done).length }
        : null,
    todayPlan,
  };
}

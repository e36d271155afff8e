/**
 * Access to the features a plan includes rather than meters (practice tests,
 * analytics, planner; mock exams, case studies, mentor feedback): decided here
 * from the subscription D1 holds now, never from the browser. A trial or a
 * lower plan gets the feature's upgrade view (pages) or a 403 (API).
 */
import type { AppContext } from "~/load-context";
import { planIncludes, type PlanFeatureKey } from "~/lib/plan-features";
import type { PlanId } from "~/lib/plans";
import { type Authenticated, requireUser } from "./auth.server";
import { sharedAccessRecord } from "./subscription.server";

export type PlanFeatureAccess = {
  allowed: boolean;
  /** The plan running now, if any. */
  planId: PlanId | null;
};

/** Whether the learner's current plan includes `feature` (the record the request already read, if any). */
async function planFeatureAccess(
  context: AppContext,
  userId: string,
  feature: PlanFeatureKey,
  now: number,
): Promise<PlanFeatureAccess> {
  const record = await sharedAccessRecord(context.reads, context.db, userId, now);
  const planId = record.subscription?.planId ?? null;
  return { allowed: planIncludes(planId, feature), planId };
}

/**
 * The page guard: visitors go to /login (and come back); a signed-in learner
 * gets their access, so the page shows the feature or its upgrade view.
 */
export async function requirePlanFeaturePage(
  request: Request,
  context: AppContext,
  feature: PlanFeatureKey,
): Promise<{ auth: Authenticated; access: PlanFeatureAccess }> {
  const auth = await requireUser(request, context);
  const access = await planFeatureAccess(context, auth.user.id, feature, Date.now());
  return { auth, access };
}

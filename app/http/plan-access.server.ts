import type { AppContext } from "~/load-context";
import { PLAN_FEATURES, planIncludes, type PlanFeatureKey, upgradePath } from "~/lib/plan-features";
import type { PlanId } from "~/lib/plans";
import type { Authenticated } from "~/models/auth.server";
import { accessRecordFromRows, accessRecordQueries } from "~/models/subscription.server";
import { ApiResponse, apiError } from "./api.server";
import { requireApiAuthWithReads } from "./auth.server";

/**
 * The API guard for a plan feature: 401 without a session, 403 with the
 * feature's message when the learner's plan does not include it; else the
 * learner with the plan running now. The session's user and the learner's
 * access record are read in one D1 batch (a hot path: every answer a mock
 * exam saves passes here).
 */
export async function requireApiPlanFeature(
  request: Request,
  context: AppContext,
  feature: PlanFeatureKey,
): Promise<Authenticated & { planId: PlanId | null }> {
  const now = Date.now();
  const { auth, rows } = await requireApiAuthWithReads(request, context, async (userId) =>
    accessRecordQueries(context.db, userId, now),
  );
  const [periods, trialRows, firstPlanRows] = rows!;
  const record = accessRecordFromRows(periods, trialRows, firstPlanRows, now);
  const planId = record.subscription?.planId ?? null;
  if (!planIncludes(planId, feature)) {
    const { refusal, plan } = PLAN_FEATURES[feature];
    throw new ApiResponse(
      apiError(403, refusal, { requiredPlan: plan, upgradeUrl: upgradePath(feature) }),
    );
  }
  return { ...auth, planId };
}

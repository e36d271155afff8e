import type { AppContext } from "~/load-context";
import { PLAN_FEATURES, type PlanFeatureKey, upgradePath } from "~/lib/plan-features";
import type { Authenticated } from "~/models/auth.server";
import { planFeatureAccess } from "~/models/plan-access.server";
import { ApiResponse, apiError } from "./api.server";
import { requireApiAuth } from "./auth.server";

/**
 * The API guard for a plan feature: 401 without a session, 403 with the
 * feature's message when the learner's plan does not include it.
 */
export async function requireApiPlanFeature(
  request: Request,
  context: AppContext,
  feature: PlanFeatureKey,
): Promise<Authenticated> {
  const auth = await requireApiAuth(request, context);
  const access = await planFeatureAccess(context.db, auth.user.id, feature, Date.now());
  if (!access.allowed) {
    const { refusal, plan } = PLAN_FEATURES[feature];
    throw new ApiResponse(
      apiError(403, refusal, { requiredPlan: plan, upgradeUrl: upgradePath(feature) }),
    );
  }
  return auth;
}

/**
 * What the viewer may use, per feature, as the debug page and the guarded
 * screens explain it. The server's metering decides for real when a feature is
 * used; this is the read-only summary.
 */
import { FEATURE_KEYS, type FeatureKey } from "./features";
import { getPlan, UNLIMITED } from "./plans";
import type { Viewer } from "./viewer";

export const NO_ACCESS_MESSAGE =
  "No active subscription or trial found. Please subscribe or start your free trial.";

export type FeatureAccess = {
  feature: FeatureKey;
  allowed: boolean;
  /** Uses left; -1 means unlimited; null when it does not apply. */
  remaining: number | null;
  reason: string;
};

export function describeAccess(viewer: Viewer): FeatureAccess[] {
  return FEATURE_KEYS.map((feature) => {
    if (viewer.status === "anonymous") {
      return { feature, allowed: false, remaining: null, reason: "Sign in required" };
    }
    const { access } = viewer;
    if (access.type === "subscription") {
      const limit =
        feature === "clinicalSimulations"
          ? getPlan(access.subscription.planId).simulationsPerWeek
          : UNLIMITED;
      return {
        feature,
        allowed: true,
        remaining: limit,
        reason:
          limit === UNLIMITED
            ? `Unlimited on ${access.subscription.planName}`
            : `${limit} a week on ${access.subscription.planName}`,
      };
    }
    if (access.type === "trial") {
      const remaining = access.trial.remaining[feature];
      return {
        feature,
        allowed: remaining > 0,
        remaining,
        reason:
          remaining > 0
            ? `${remaining} trial uses left`
            : `Trial usage exhausted for ${feature}. Please upgrade to continue.`,
      };
    }
    return { feature, allowed: false, remaining: 0, reason: NO_ACCESS_MESSAGE };
  });
}

import type { AppContext } from "~/load-context";
import { FEATURE_KEYS, type FeatureKey } from "~/lib/features";
import { ANONYMOUS, type Viewer, type ViewerAccess } from "~/lib/viewer";
import { getAuth } from "./auth.server";
import { toViewerUser } from "./user.server";
import { type AccessSummary, getAccessSummary, usageDeps } from "./usage.server";

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
 */
export async function getViewer(
  request: Request,
  context: AppContext,
  options: { fresh?: boolean } = {},
): Promise<Viewer> {
  const auth = await getAuth(request, context);
  if (!auth) return ANONYMOUS;
  const summary = await getAccessSummary(usageDeps(context), auth.user.id, options);
  return {
    status: "authenticated",
    user: toViewerUser(auth.user),
    access: toViewerAccess(summary),
  };
}

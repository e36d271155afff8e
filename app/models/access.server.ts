import { redirect } from "@remix-run/cloudflare";
import type { AppContext } from "~/load-context";
import type { SubscriptionAfterPayment } from "~/lib/access-refresh";
import type { FeatureScreenAccess, TrialEnded } from "~/lib/feature-screen";
import type { FeatureKey } from "~/lib/features";
import { UNLIMITED } from "~/lib/plans";
import { getAuth } from "./auth.server";
import { loginRedirectUrl } from "~/lib/auth-redirect";
import {
  type AccessSummary,
  checkFeature,
  getAccessSummary,
  subscriptionWithoutCounts,
  type UsageDeps,
  usageDeps,
} from "./usage.server";
import { listSubscriptions } from "./subscription.server";

function trialEndedOf(trial: AccessSummary["trial"]): TrialEnded | null {
  if (!trial || trial.isActive) return null;
  return {
    reason: trial.isExpired ? "expired" : "exhausted",
    endsAt: trial.endsAt,
    totalUsed: trial.totalUsed,
    totalLimit: trial.totalLimit,
  };
}

/** A subscriber's screen for a feature the plan does not limit: no count is shown or read. */
function unlimited(planName: string): FeatureScreenAccess {
  return {
    state: "allowed",
    accessType: "subscription",
    planName,
    used: null,
    limit: UNLIMITED,
    remaining: UNLIMITED,
  };
}

/**
 * What a guarded screen shows for `feature`: the Choose Your Plan card (with
 * why a trial ended), the limit banner with the meter's message, or the
 * allowance left. Limited allowances are asked of the per-user meter itself;
 * unlimited ones need no count.
 */
export async function featureScreenAccess(
  deps: UsageDeps,
  userId: string,
  feature: FeatureKey,
): Promise<FeatureScreenAccess> {
  // A plan with no limit on the feature needs no counts: the screen says it is unlimited.
  const plan = await subscriptionWithoutCounts(deps, userId);
  if (plan && plan.limit(feature) === UNLIMITED) return unlimited(plan.subscription.planName);
  const summary = await getAccessSummary(deps, userId);
  if (summary.accessType === "none") {
    return { state: "no-access", trialEnded: trialEndedOf(summary.trial) };
  }
  const subscription = summary.subscription;
  if (summary.accessType === "subscription" && subscription) {
    const row = summary.usage.find((entry) => entry.feature === feature);
    if (!row || row.limit === UNLIMITED) return unlimited(subscription.planName);
  }

  const check = await checkFeature(deps, userId, feature);
  if (check.accessType === "none") {
    // Access ended between the two reads (the trial's last day ran out).
    const fresh = await getAccessSummary(deps, userId);
    return { state: "no-access", trialEnded: trialEndedOf(fresh.trial) };
  }
  if (!check.hasAccess) {
    return {
      state: "limit-reached",
      accessType: check.accessType,
      message: check.denial?.screenMessage ?? check.message ?? "Access denied",
      used: check.currentUsage,
      limit: check.limit,
    };
  }
  if (check.accessType === "subscription") {
    return {
      state: "allowed",
      accessType: "subscription",
      planName: subscription?.planName ?? "",
      used: check.currentUsage,
      limit: check.limit,
      remaining: check.remaining,
    };
  }
  return {
    state: "allowed",
    accessType: "trial",
    used: check.currentUsage,
    limit: check.limit,
    remaining: check.remaining,
    daysRemaining: summary.trial?.daysRemaining ?? 0,
  };
}

/**
 * The access guard with the feature's allowance: anonymous visitors go to
 * /login, remembering the page.
 */
export async function requireFeatureScreen(
  request: Request,
  context: AppContext,
  feature: FeatureKey,
): Promise<FeatureScreenAccess> {
  const access = await loadFeatureScreen(request, context, feature);
  if (!access) throw redirect(loginRedirectUrl(request));
  return access;
}

/** As requireFeatureScreen, for screens with their own visitor view: null when signed out. */
export async function loadFeatureScreen(
  request: Request,
  context: AppContext,
  feature: FeatureKey,
): Promise<FeatureScreenAccess | null> {
  const auth = await getAuth(request, context);
  if (!auth) return null;
  return featureScreenAccess(usageDeps(context), auth.user.id, feature);
}

/** How recent a new subscription must be for the home page to confirm it after a payment. */
const JUST_ACTIVATED_MS = 30 * 60_000;

/**
 * The home page's check after a payment: the subscription as D1 holds
 * it now (the usage counts read fresh from the meter), and whether it is the
 * one the payment just bought rather than one the learner already had.
 */
export async function subscriptionAfterPayment(
  deps: UsageDeps,
  userId: string,
  paymentId: string | null,
): Promise<SubscriptionAfterPayment> {
  const [summary, periods] = await Promise.all([
    getAccessSummary(deps, userId, { fresh: true }),
    listSubscriptions(deps.db, userId),
  ]);
  const subscription = summary.subscription;
  if (summary.accessType !== "subscription" || !subscription) {
    return { subscription: null, justActivated: false };
  }
  const now = deps.now();
  const justActivated = periods.some(
    (period) =>
      (paymentId !== null && period.paymentId === paymentId) ||
      now - period.createdAt.getTime() < JUST_ACTIVATED_MS,
  );
  return {
    subscription: {
      planName: subscription.planName,
      endDate: subscription.endDate,
      daysRemaining: subscription.daysRemaining,
    },
    justActivated,
  };
}

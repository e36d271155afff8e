import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiOk, apiError, handleApi, methodNotAllowed } from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";
import {
  istDate,
  perFeature,
  trialJson,
  USAGE_API_FALLBACKS,
  USAGE_API_MESSAGES,
} from "~/routes/api.usage.server";
import { FEATURE_KEYS } from "~/lib/features";
import { getAccessSummary, usageAnalytics, usageDeps } from "~/models/usage.server";

const DAY_MS = 86_400_000;

/**
 * GET /api/trial/analytics → { success, trial, features, totals, daily,
 * period }: the trial's uses per feature (used / limit / remaining), and per
 * India-time day from the trial's start until it closed (its end, the first plan
 * bought, or today): uses made under a plan are never the trial's. 404 when the
 * account never started a trial.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(USAGE_API_FALLBACKS.trialAnalytics, async () => {
    const { user } = await requireApiAuth(request, context);
    const deps = usageDeps(context);
    const summary = await getAccessSummary(deps, user.id, { fresh: true });
    if (!summary.trial) return apiError(404, USAGE_API_MESSAGES.noTrial);
    const now = deps.now();
    const startsAt = Date.parse(summary.trial.startedAt);
    // Only uses made under the trial: none after a plan was bought.
    const closesAt = Date.parse(summary.trial.closesAt);
    const endsAt = Math.min(closesAt, now);
    const days = Math.min(365, Math.max(1, Math.ceil((now - startsAt) / DAY_MS) + 1));
    const analytics = await usageAnalytics(deps, user.id, days, closesAt);
    const from = istDate(startsAt);
    const to = istDate(endsAt);
    const daily = analytics.daily.filter((day) => day.date >= from && day.date <= to);
    const totals = perFeature((feature) =>
      daily.reduce((sum, day) => sum + day.counts[feature], 0),
    );
    return apiOk({
      trial: trialJson(summary),
      features: summary.trial.features,
      totals,
      totalUsed: FEATURE_KEYS.reduce((sum, feature) => sum + totals[feature], 0),
      daily,
      period: { startDate: summary.trial.startedAt, endDate: summary.trial.endsAt },
    });
  });
}

export const action = () => methodNotAllowed("GET");

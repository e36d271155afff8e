import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiOk, handleApi, methodNotAllowed } from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";
import {
  countsJson,
  periodJson,
  USAGE_API_FALLBACKS,
  usesThisWeek,
} from "~/routes/api.usage.server";
import { getAccessSummary, usageDeps } from "~/models/usage.server";

/**
 * GET /api/usage → { success, accessType, usage, limits, remainingLimits,
 * weeklyUsage, period }, each a map per feature key. usage / limits /
 * remainingLimits are the counts in force (this India-time week on a plan, the
 * whole trial on a trial; -1 is unlimited, 0 with no access); weeklyUsage is
 * what was used since Monday 00:00 India time. userUsage and usageLimits repeat
 * usage and limits under the names one client uses.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(USAGE_API_FALLBACKS.usage, async () => {
    const { user } = await requireApiAuth(request, context);
    const deps = usageDeps(context);
    const summary = await getAccessSummary(deps, user.id, { fresh: true });
    const counts = countsJson(summary);
    const weeklyUsage =
      summary.accessType === "subscription" ? counts.usage : await usesThisWeek(deps, user.id);
    return apiOk({
      accessType: summary.accessType,
      ...counts,
      weeklyUsage,
      userUsage: counts.usage,
      usageLimits: counts.limits,
      period: periodJson(summary, deps.now()),
    });
  });
}

export const action = () => methodNotAllowed("GET");

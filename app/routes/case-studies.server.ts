/**
 * The /case-studies page's server side: for a Pro learner the 42 cases by
 * specialty with their best score and a running attempt to resume; for anyone
 * else the upgrade view. Its one form post starts (or resumes) a case and goes
 * to it, JavaScript on or off.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/cloudflare";
import { PRIVATE_PAGE_HEADERS } from "~/http/page-headers.server";
import { redirectWithToast } from "~/http/toast.server";
import { CASE_MESSAGES, casePath, startCaseSchema } from "~/lib/case-studies";
import { PLAN_FEATURES } from "~/lib/plan-features";
import type { AppContext } from "~/load-context";
import { caseDeps, caseHomeOf, caseHomeStatements, startCase } from "~/models/case-studies.server";
import { askToRide, leaveRide, rideResults } from "~/models/request-reads.server";
import { requirePlanFeaturePage } from "~/models/plan-access.server";

export async function loadCaseHome(request: Request, context: AppContext) {
  const { db } = context;
  // The page's reads go with the chrome's batch when they can: one D1 round trip for the page.
  const ride = askToRide(context.reads, db.$client, (userId) => caseHomeStatements(db, userId));
  const { auth, access } = await requirePlanFeaturePage(request, context, "caseStudies");
  if (!access.allowed) {
    leaveRide(ride);
    return data({ allowed: false as const, cases: null }, { headers: PRIVATE_PAGE_HEADERS });
  }
  const userId = auth.user.id;
  const cases = caseHomeOf(await rideResults(ride, userId));
  return data({ allowed: true as const, cases }, { headers: PRIVATE_PAGE_HEADERS });
}

export async function caseHomeAction(request: Request, context: AppContext) {
  const { auth, access } = await requirePlanFeaturePage(request, context, "caseStudies");
  const back = (title: string) =>
    redirectWithToast("/case-studies", { type: "error", title }, context.env);
  if (!access.allowed) return back(PLAN_FEATURES.caseStudies.refusal);
  const submission = parseWithZod(await request.formData(), { schema: startCaseSchema });
  if (submission.status !== "success") {
    return data({ message: CASE_MESSAGES.caseNotFound }, { status: 400 });
  }
  const started = await startCase(caseDeps(context), auth.user.id, submission.value.caseId);
  if (started.status === "not-found") {
    return data({ message: CASE_MESSAGES.caseNotFound }, { status: 400 });
  }
  return redirect(casePath(started.attemptId));
}

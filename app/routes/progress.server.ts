/**
 * The /progress page's server side: Plus and Pro learners get their
 * analytics for the exam they choose (`?exam=`, else their study plan's, else
 * NEET-PG), built by the same function as GET /api/progress; trial and
 * Starter learners get the upgrade view with a small preview of their own
 * figures (their answer count and accuracy, nothing more is sent). The page
 * carries the topics of the subject opened in the address (`?topics=`) only:
 * opening another asks this loader for that subject's. Visitors
 * go to /login and come back. An unknown exam in the address is dropped.
 */
import { data, redirect } from "@remix-run/cloudflare";
import { PRIVATE_PAGE_HEADERS } from "~/http/page-headers.server";
import { parseExamParam } from "~/lib/progress";
import type { AppContext } from "~/load-context";
import { requirePlanFeaturePage } from "~/models/plan-access.server";
import {
  progressFromResults,
  progressPreview,
  progressStatements,
} from "~/models/progress-analytics.server";
import { askToRide, leaveRide, rideResults } from "~/models/request-reads.server";

export async function loadProgressPage(request: Request, context: AppContext) {
  const now = Date.now();
  // The analytics' reads go with the chrome's batch when they can: one D1 round trip for the page.
  const ride = askToRide(context.reads, context.db.$client, (userId) =>
    progressStatements(context.db, userId, now),
  );
  const { auth, access } = await requirePlanFeaturePage(request, context, "progressAnalytics");
  const userId = auth.user.id;
  const headers = PRIVATE_PAGE_HEADERS;
  if (!access.allowed) {
    leaveRide(ride);
    const preview = await progressPreview(context.db, userId);
    return data({ state: "upgrade" as const, preview, view: null }, { headers });
  }
  const url = new URL(request.url);
  const exam = parseExamParam(url.searchParams.get("exam"));
  if (!exam.ok) {
    leaveRide(ride);
    url.searchParams.delete("exam");
    throw redirect(`${url.pathname}${url.search}`, { headers });
  }
  try {
    const results = await rideResults(ride, userId);
    const view = progressFromResults(results, { exam: exam.exam, now });
    // Only the opened subject's topics (?topics=) travel with the page; the rest are asked for
    // when a subject is opened (docs/edge-cost.md). GET /api/progress still has them all.
    const opened = url.searchParams.get("topics");
    const topics = opened ? view.topics.filter((topic) => topic.subject === opened) : [];
    return data(
      { state: "analytics" as const, preview: null, view: { ...view, topics } },
      { headers },
    );
  } catch (error) {
    console.error("[progress] load failed", error);
    return data({ state: "failed" as const, preview: null, view: null }, { headers });
  }
}

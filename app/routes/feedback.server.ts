/**
 * /feedback and /feedback/:id, the server side: a Pro learner gets this
 * week's report (written on the first visit of the week), the newest report
 * in full and the list of past ones; anyone else the upgrade view. The form
 * posts (JavaScript on or off): "Get feedback now" (rate-limited) and "Add
 * to my plan" for one of a report's three tasks.
 */
import { data, redirect } from "@remix-run/cloudflare";
import { PRIVATE_PAGE_HEADERS } from "~/http/page-headers.server";
import { redirectWithToast } from "~/http/toast.server";
import { indiaDate } from "~/lib/admin";
import {
  addFeedbackTaskSchema,
  FEEDBACK_LIMITS,
  FEEDBACK_MESSAGES,
  FEEDBACK_PATH,
  type FeedbackReport,
  type FeedbackSummary,
  feedbackPath,
  isFeedbackId,
} from "~/lib/feedback";
import { PLAN_FEATURES } from "~/lib/plan-features";
import { formatDay } from "~/lib/study-plan";
import type { AppContext } from "~/load-context";
import {
  addFeedbackTask,
  createOnDemandReport,
  ensureWeeklyReport,
  feedbackContext,
  feedbackDeps,
  feedbackHomeOf,
  feedbackHomeStatements,
  feedbackReportOf,
  feedbackReportStatements,
  getFeedback,
  listFeedback,
} from "~/models/feedback.server";
import { askToRide, leaveRide, rideResults } from "~/models/request-reads.server";
import { requirePlanFeaturePage } from "~/models/plan-access.server";

const headers = PRIVATE_PAGE_HEADERS;
const UPGRADE = { state: "upgrade" as const };

function screen(
  report: FeedbackReport | null,
  list: FeedbackSummary[],
  around: Awaited<ReturnType<typeof feedbackContext>>,
  now: number,
) {
  return {
    state: "feedback" as const,
    today: indiaDate(now),
    report,
    list,
    limit: FEEDBACK_LIMITS.onDemandPerDay,
    ...around,
  };
}

async function screenFor(
  context: AppContext,
  userId: string,
  report: FeedbackReport | null,
  now: number,
  listed?: FeedbackSummary[],
) {
  const [list, around] = await Promise.all([
    listed ?? listFeedback(context.db, userId),
    feedbackContext(context.db, userId, report, now),
  ]);
  return screen(report, list, around, now);
}

/** /feedback: this week's report written if due, the newest report, the list. */
export async function loadFeedbackHome(request: Request, context: AppContext) {
  const deps = feedbackDeps(context);
  const now = deps.now();
  // Once the week's report is written, the page's reads go with the chrome's batch but one.
  const ride = askToRide(context.reads, context.db.$client, (userId) =>
    feedbackHomeStatements(context.db, userId, now),
  );
  const { auth, access } = await requirePlanFeaturePage(request, context, "mentorFeedback");
  if (!access.allowed) {
    leaveRide(ride);
    return data(UPGRADE, { headers });
  }
  const userId = auth.user.id;
  try {
    const home = await feedbackHomeOf(context.db, userId, await rideResults(ride, userId));
    if (home) {
      const { report, list, ...around } = home;
      return data(screen(report, list, around, now), { headers });
    }
    // The week's first visit: its report is written now (or there is nothing to write about).
    const weekly = await ensureWeeklyReport(deps, userId);
    const list = await listFeedback(context.db, userId);
    const newest = list[0];
    const report =
      !newest || newest.id === weekly?.id
        ? weekly
        : await getFeedback(context.db, userId, newest.id);
    return data(await screenFor(context, userId, report, now, list), { headers });
  } catch (error) {
    console.error("[feedback] load failed", error);
    return data({ state: "failed" as const }, { headers });
  }
}

/** /feedback/:id: one report (404 when it is not the learner's). */
export async function loadFeedbackReport(
  request: Request,
  context: AppContext,
  params: { id?: string },
) {
  const { id } = params;
  const now = Date.now();
  // The report's reads go with the chrome's batch when they can; its tasks' state is one read more.
  const ride = isFeedbackId(id)
    ? askToRide(context.reads, context.db.$client, (userId) =>
        feedbackReportStatements(context.db, userId, id, now),
      )
    : null;
  const { auth, access } = await requirePlanFeaturePage(request, context, "mentorFeedback");
  if (!access.allowed) {
    if (ride) leaveRide(ride);
    return data(UPGRADE, { headers });
  }
  const page = ride
    ? await feedbackReportOf(context.db, auth.user.id, await rideResults(ride, auth.user.id))
    : null;
  if (!page) throw data({ message: FEEDBACK_MESSAGES.notFound }, { status: 404, headers });
  const { report, list, ...around } = page;
  return data(screen(report, list, around, now), { headers });
}

function field(formData: FormData, name: string): string {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
}

/**
 * The two form posts, from either page. Each answers with a redirect and a
 * toast, so a fetcher (JavaScript on) and a plain post land the same way.
 */
export async function feedbackAction(request: Request, context: AppContext) {
  const { auth, access } = await requirePlanFeaturePage(request, context, "mentorFeedback");
  const here = new URL(request.url).pathname;
  const toast = (
    to: string,
    title: string,
    description: string,
    type: "success" | "error" = "error",
  ) => redirectWithToast(to, { type, title, description }, context.env);
  if (!access.allowed)
    return toast(FEEDBACK_PATH, "Pro plan needed", PLAN_FEATURES.mentorFeedback.refusal);
  const formData = await request.formData();
  const intent = field(formData, "intent");
  const userId = auth.user.id;

  if (intent === "generate") {
    try {
      const result = await createOnDemandReport(feedbackDeps(context), userId);
      if (result.status === "rate-limited") {
        return toast(here, "Limit reached", FEEDBACK_MESSAGES.rateLimited);
      }
      if (result.status === "no-answers")
        return toast(here, "Nothing yet", FEEDBACK_MESSAGES.noAnswers);
      return toast(
        feedbackPath(result.report.id),
        FEEDBACK_MESSAGES.created,
        result.report.body.headline,
        "success",
      );
    } catch (error) {
      console.error("[feedback] on-demand failed", error);
      return toast(here, "Not written", FEEDBACK_MESSAGES.createFailed);
    }
  }

  if (intent === "add-task") {
    const reportId = field(formData, "reportId");
    const parsed = addFeedbackTaskSchema.safeParse({ task: field(formData, "task") });
    if (!isFeedbackId(reportId) || !parsed.success) {
      return toast(here, "Not added", FEEDBACK_MESSAGES.taskInvalid);
    }
    const anchor = `${here}#feedback-task-${parsed.data.task}`;
    try {
      const result = await addFeedbackTask(
        context.db,
        userId,
        reportId,
        parsed.data.task,
        Date.now(),
      );
      switch (result.status) {
        case "added":
        case "exists":
          return toast(
            anchor,
            result.status === "added" ? "Added to your plan" : FEEDBACK_MESSAGES.taskExists,
            FEEDBACK_MESSAGES.taskAdded(formatDay(result.day), formatDay(result.today)),
            "success",
          );
        case "no-plan":
          return toast(anchor, "No study plan yet", FEEDBACK_MESSAGES.noPlan);
        case "no-study-day":
          return toast(anchor, "Not added", FEEDBACK_MESSAGES.noStudyDay);
        default:
          return toast(here, "Not added", FEEDBACK_MESSAGES.notFound);
      }
    } catch (error) {
      console.error("[feedback] add task failed", error);
      return toast(anchor, "Not added", FEEDBACK_MESSAGES.addFailed);
    }
  }
  return redirect(here);
}

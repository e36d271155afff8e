/**
 * The /planner page's server side: what the page shows (the setup form, the
 * plan with today's checklist, the coming week and the rebalance notice, or
 * the upgrade view with a preview for learners without Plus), its two form
 * posts (settings, ticking a task; both work with JavaScript off and answer
 * with a redirect), and the calendar export /planner.ics.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/cloudflare";
import { PRIVATE_PAGE_HEADERS } from "~/http/page-headers.server";
import { redirectWithToast } from "~/http/toast.server";
import { indiaDate } from "~/lib/admin";
import { EXAMS } from "~/lib/exams";
import { buildCalendar } from "~/lib/icalendar";
import { PLAN_FEATURES } from "~/lib/plan-features";
import {
  addDays,
  formatDate,
  formatMinutes,
  parsePlannerWeek,
  type PlannerScreen,
  planPhase,
  plannerHref,
  type PlanTask,
  PLANNER_PATH,
  rebalanceSummary,
  STUDY_PLAN_MESSAGES,
  studyPlanSettingsSchema,
  taskHref,
  taskMeta,
  weekdayOf,
} from "~/lib/study-plan";
import type { AppContext } from "~/load-context";
import { requirePlanFeaturePage } from "~/models/plan-access.server";
import {
  loadPlanner,
  planFromToday,
  previewPlan,
  saveStudyPlan,
  setTaskDone,
  snapshotStatements,
  type StoredTask,
  type StudyPlanRecord,
} from "~/models/study-plan.server";
import { askToRide, leaveRide, rideResults } from "~/models/request-reads.server";

/** A task id as the database makes them: 32 hex digits. */
export const TASK_ID_PATTERN = /^[0-9a-f]{32}$/;

const stripDone = ({ doneAt: _doneAt, ...task }: StoredTask): PlanTask => task;

/** The days of `week` (0: the seven days from tomorrow) up to the exam's eve. */
function weekRange(today: string, week: number) {
  const from = addDays(today, 1 + week * 7);
  return { from, to: addDays(from, 7) };
}

export async function loadPlannerPage(request: Request, context: AppContext) {
  const now = Date.now();
  const today = indiaDate(now);
  const week = parsePlannerWeek(new URL(request.url).searchParams);
  const range = weekRange(today, week);
  // The plan's reads go with the chrome's batch when they can: one D1 round trip for the page.
  const ride = askToRide(context.reads, context.db.$client, (userId) =>
    snapshotStatements(context.db, userId, today, range),
  );
  const { auth, access } = await requirePlanFeaturePage(request, context, "studyPlanner");
  if (!access.allowed) {
    leaveRide(ride);
    const preview = await previewPlan(context.db, auth.user.id, now).catch((error: unknown) => {
      console.error("[planner] preview failed", error);
      return null;
    });
    const screen: PlannerScreen = { state: "upgrade", preview };
    return data({ screen }, { headers: PRIVATE_PAGE_HEADERS });
  }
  let planner: Awaited<ReturnType<typeof loadPlanner>>;
  try {
    const userId = auth.user.id;
    planner = await loadPlanner(context.db, userId, now, range, () => rideResults(ride, userId));
  } catch (error) {
    console.error("[planner] load failed", error);
    const screen: PlannerScreen = { state: "failed" };
    return data({ screen }, { status: 503, headers: PRIVATE_PAGE_HEADERS });
  }
  const plan = planner.plan;
  if (!plan) {
    const screen: PlannerScreen = { state: "setup", today };
    return data({ screen }, { headers: PRIVATE_PAGE_HEADERS });
  }
  const days = Array.from({ length: 7 }, (_, index) => addDays(range.from, index))
    .filter((day) => day < plan.examDate)
    .map((day) => ({
      day,
      dayOff: plan.daysOff.includes(weekdayOf(day)),
      tasks: planner.tasks.filter((task) => task.day === day).map(stripDone),
    }));
  const screen: PlannerScreen = {
    state: "plan",
    today,
    settings: {
      exam: plan.exam,
      examDate: plan.examDate,
      hoursPerDay: plan.hoursPerDay,
      daysOff: plan.daysOff,
    },
    phase: planPhase(plan.examDate, today),
    todayTasks: planner.todayTasks.map(stripDone),
    todayOff: plan.daysOff.includes(weekdayOf(today)),
    week: { index: week, days, hasNext: range.to < plan.examDate },
    progress: planner.progress,
    rebalanced: planner.rebalanced
      ? {
          lines: rebalanceSummary(planner.rebalanced.moves, today, plan.hoursPerDay),
          moves: planner.rebalanced.moves,
        }
      : null,
  };
  return data({ screen }, { headers: PRIVATE_PAGE_HEADERS });
}

// ---------------------------------------------------------------------------
// Form posts.

function field(formData: FormData, name: string): string {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
}

/**
 * Settings: the plan laid out (again) from today, then the planner with a
 * toast; errors come back by field. Ticking a task: saved, then the same view
 * of the planner at the task (JavaScript on, the tick shows at once).
 */
export async function plannerAction(request: Request, context: AppContext) {
  const { auth, access } = await requirePlanFeaturePage(request, context, "studyPlanner");
  const url = new URL(request.url);
  const here = plannerHref(parsePlannerWeek(url.searchParams));
  const back = (title: string, description: string, type: "success" | "error" = "error") =>
    redirectWithToast(here, { type, title, description }, context.env);
  if (!access.allowed) {
    return back("Plus plan needed", PLAN_FEATURES.studyPlanner.refusal);
  }
  const formData = await request.formData();
  const intent = field(formData, "intent");
  const now = Date.now();

  if (intent === "settings") {
    const submission = parseWithZod(formData, { schema: studyPlanSettingsSchema(indiaDate(now)) });
    if (submission.status !== "success") {
      return data({ intent: "settings" as const, result: submission.reply() }, { status: 400 });
    }
    const settings = submission.value;
    try {
      const saved = await saveStudyPlan(context.db, auth.user.id, settings, now, access.planId);
      const summary = `${saved.studyDays} study ${saved.studyDays === 1 ? "day" : "days"} to ${EXAMS[settings.exam].name} on ${formatDate(settings.examDate)}.`;
      return redirectWithToast(
        PLANNER_PATH,
        {
          type: "success",
          title: saved.created ? STUDY_PLAN_MESSAGES.created : "Study plan rebuilt",
          description: saved.created ? summary : `${STUDY_PLAN_MESSAGES.updated} ${summary}`,
        },
        context.env,
      );
    } catch (error) {
      console.error("[planner] save failed", error);
      return back("Not saved", STUDY_PLAN_MESSAGES.saveFailed);
    }
  }

  if (intent === "tick") {
    const taskId = field(formData, "taskId");
    const done = field(formData, "done");
    if (!TASK_ID_PATTERN.test(taskId) || (done !== "1" && done !== "0")) {
      return back("Not saved", STUDY_PLAN_MESSAGES.taskInvalid);
    }
    try {
      const task = await setTaskDone(context.db, auth.user.id, taskId, done === "1", now);
      if (!task) return back("Not saved", STUDY_PLAN_MESSAGES.taskInvalid);
      return redirect(`${here}#task-${task.id}`);
    } catch (error) {
      console.error("[planner] tick failed", error);
      return back("Not saved", STUDY_PLAN_MESSAGES.tickFailed);
    }
  }
  return redirect(here);
}

// ---------------------------------------------------------------------------
// The calendar export.

/** One all-day event per study day from today, listing its tasks, and the exam day. */
export function plannerCalendar(options: {
  userId: string;
  plan: StudyPlanRecord;
  tasks: readonly StoredTask[];
  origin: string;
  now: number;
}): string {
  const { plan, userId, origin } = options;
  const exam = EXAMS[plan.exam].name;
  const byDay = new Map<string, StoredTask[]>();
  for (const task of options.tasks) {
    if (task.day >= plan.examDate) continue;
    byDay.set(task.day, [...(byDay.get(task.day) ?? []), task]);
  }
  const events = [...byDay].map(([day, tasks]) => {
    const minutes = tasks.reduce((sum, task) => sum + task.minutes, 0);
    return {
      uid: `study-day-${day}-${userId}@medmentor`,
      date: day,
      summary: `${exam} study plan: ${tasks.length} ${tasks.length === 1 ? "task" : "tasks"}, ${formatMinutes(minutes)}`,
      description: [
        ...tasks.map(
          (task) =>
            `${task.done ? "[done] " : ""}${task.title} (${taskMeta(task)}): ${origin}${taskHref(task, plan.exam)}`,
        ),
        `Your planner: ${origin}${PLANNER_PATH}`,
      ].join("\n"),
      url: `${origin}${PLANNER_PATH}`,
    };
  });
  events.push({
    uid: `exam-day-${userId}@medmentor`,
    date: plan.examDate,
    summary: `${exam} exam day`,
    description: `Good luck! Your study plan: ${origin}${PLANNER_PATH}`,
    url: `${origin}${PLANNER_PATH}`,
  });
  return buildCalendar({
    productId: "-//MedMentor//Study planner//EN",
    name: `MedMentor: ${exam} study plan`,
    events,
    stamp: options.now,
  });
}

const TEXT = { "Content-Type": "text/plain; charset=utf-8", ...PRIVATE_PAGE_HEADERS };

/** /planner.ics: Plus and Pro learners' plan as a calendar file; 403 text for others. */
export async function plannerCalendarResponse(request: Request, context: AppContext) {
  const { auth, access } = await requirePlanFeaturePage(request, context, "studyPlanner");
  if (!access.allowed) {
    return new Response(PLAN_FEATURES.studyPlanner.refusal, { status: 403, headers: TEXT });
  }
  const now = Date.now();
  const { plan, tasks } = await planFromToday(context.db, auth.user.id, now);
  if (!plan) {
    return new Response("You have no study plan yet. Set one up on the planner page first.", {
      status: 404,
      headers: TEXT,
    });
  }
  const body = plannerCalendar({
    userId: auth.user.id,
    plan,
    tasks,
    origin: new URL(request.url).origin,
    now,
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'attachment; filename="medmentor-study-plan.ics"',
      ...PRIVATE_PAGE_HEADERS,
    },
  });
}

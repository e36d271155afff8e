/**
 * The request side of /api/planner (docs/api.md, "Study planner"): the
 * answers' shapes, the days asked for and the tick's body. Every rule about
 * plans lives in app/models/study-plan*.ts; the page and the API call the
 * same models with the same settings schema.
 */
import { z } from "zod";
import { ApiResponse, apiError } from "~/http/api.server";
import { isCalendarDate } from "~/lib/admin";
import { EXAMS, type ExamId } from "~/lib/exams";
import {
  addDays,
  daysBetween,
  planPhase,
  rebalanceSummary,
  STUDY_PLAN_MESSAGES,
  taskHref,
  weekdayOf,
} from "~/lib/study-plan";
import type { PlannerData, StoredTask } from "~/models/study-plan.server";

export const PLANNER_API_MESSAGES = {
  fetch: "Failed to load your study plan",
  save: "Failed to save your study plan",
  tick: "Failed to update the task",
  rangeInvalid:
    "from and to must be dates written YYYY-MM-DD, to after from, at most 731 days apart.",
  taskIdInvalid: "Invalid task ID.",
} as const;

/** The most days one call returns (a two-year plan and a day). */
const MAX_RANGE_DAYS = 731;
/** Without from and to: today and the next 13 days. */
const DEFAULT_RANGE_DAYS = 14;

/** `?from=&to=` (to exclusive), defaulting to two weeks from today; anything else answers 400. */
export function parseRange(url: URL, today: string): { from: string; to: string } {
  const from = url.searchParams.get("from") ?? today;
  const to =
    url.searchParams.get("to") ?? (isCalendarDate(from) ? addDays(from, DEFAULT_RANGE_DAYS) : "");
  const valid =
    isCalendarDate(from) &&
    isCalendarDate(to) &&
    daysBetween(from, to) > 0 &&
    daysBetween(from, to) <= MAX_RANGE_DAYS;
  if (!valid) throw new ApiResponse(apiError(400, PLANNER_API_MESSAGES.rangeInvalid));
  return { from, to };
}

export function apiTask(task: StoredTask, exam: ExamId) {
  return {
    id: task.id,
    day: task.day,
    kind: task.kind,
    subject: task.subject,
    topic: task.topic,
    title: task.title,
    minutes: task.minutes,
    questionCount: task.questionCount,
    position: task.position,
    done: task.done,
    doneAt: task.doneAt === null ? null : new Date(task.doneAt).toISOString(),
    movedFrom: task.movedFrom,
    origin: task.origin ?? null,
    href: taskHref(task, exam),
  };
}

/** The planner as JSON: settings, the days asked for with their tasks, what moved today, progress. */
export function apiPlanner(planner: PlannerData, range: { from: string; to: string }) {
  const { plan, today } = planner;
  if (!plan) return { today, plan: null, days: [], rebalance: null, progress: planner.progress };
  const days: string[] = [];
  for (let day = range.from; day < range.to && day < plan.examDate; day = addDays(day, 1)) {
    days.push(day);
  }
  return {
    today,
    plan: {
      exam: plan.exam,
      examName: EXAMS[plan.exam].name,
      examDate: plan.examDate,
      hoursPerDay: plan.hoursPerDay,
      daysOff: plan.daysOff,
      phase: planPhase(plan.examDate, today),
      daysLeft: Math.max(0, daysBetween(today, plan.examDate)),
      updatedAt: new Date(plan.updatedAt).toISOString(),
    },
    days: days.map((day) => ({
      day,
      dayOff: plan.daysOff.includes(weekdayOf(day)),
      tasks: planner.tasks
        .filter((task) => task.day === day)
        .map((task) => apiTask(task, plan.exam)),
    })),
    rebalance: planner.rebalanced
      ? {
          on: planner.rebalanced.on,
          moves: planner.rebalanced.moves,
          summary: rebalanceSummary(planner.rebalanced.moves, today, plan.hoursPerDay),
        }
      : null,
    progress: planner.progress,
  };
}

export const taskDoneSchema = z.object({
  done: z.boolean({ error: STUDY_PLAN_MESSAGES.doneInvalid }),
});

/** The path's task id (32 hex digits); anything else answers 400. */
export function requireTaskId(params: { id?: string }): string {
  const id = params.id ?? "";
  if (!/^[0-9a-f]{32}$/.test(id)) {
    throw new ApiResponse(apiError(400, PLANNER_API_MESSAGES.taskIdInvalid));
  }
  return id;
}

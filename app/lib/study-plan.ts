/**
 * The study planner's shared vocabulary: its settings and their form schema
 * (the page and the API check with the same one), a plan's tasks and where
 * each opens, what a rebalance moved and how the page says it, and the
 * India-date arithmetic the plan is laid out in. Rules about building and
 * rebalancing a plan live in app/models/study-plan-*.ts.
 */
import { z } from "zod";
import { isCalendarDate } from "./admin";
import { EXAM_IDS, type ExamId } from "./exams";
import { type MockStartChoice, mockStartHref } from "./mock-exams";
import { isMockPatternId, MOCK_LENGTHS, mockName, mockShape } from "./mock-patterns";

export const STUDY_PLAN = {
  minHours: 0.5,
  maxHours: 14,
  /** How far ahead an exam date may be, in days (about two years). */
  maxDaysAhead: 730,
  /** The practice builder's largest test. */
  maxQuestions: 100,
} as const;

export const PLANNER_PATH = "/planner";
export const PLANNER_CALENDAR_PATH = "/planner.ics";

export const STUDY_PLAN_MESSAGES = {
  examRequired: "Choose the exam you are preparing for.",
  dateRequired: "Enter the date of your exam.",
  dateInvalid: "Enter the exam date as a calendar date, for example 2027-03-14.",
  datePast: "Your exam date must be after today.",
  dateTooFar: (latest: string) =>
    `Choose an exam date within two years, on or before ${formatDate(latest)}.`,
  hoursInvalid: "Hours per day must be a number from 0.5 to 14.",
  hoursStep: "Hours per day go in half-hour steps, such as 2, 2.5 or 3.",
  daysOffInvalid: "Days off must be days of the week: 0 (Sunday) to 6 (Saturday).",
  allDaysOff: "Keep at least one study day a week.",
  created: "Your study plan is ready.",
  updated: "Your study plan was rebuilt from today. Tasks you have done stay in its history.",
  saveFailed: "Your study plan could not be saved. Please try again.",
  taskNotFound: "Task not found",
  taskInvalid: "That task could not be found. Please reload the planner.",
  doneInvalid: "done must be true or false.",
  tickFailed: "The task could not be updated. Please try again.",
  loadFailed: "Your study plan could not be loaded. Please reload the page.",
} as const;

// ---------------------------------------------------------------------------
// Dates: plans are laid out in India's calendar days, written YYYY-MM-DD.

const DAY_MS = 86_400_000;
const SHORT_DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;
const MONTHS = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec",
] as const;

/** The days of the week as the form lists them, Monday first; `value` is 0 (Sunday) to 6. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 0].map((value) => ({
  value,
  short: SHORT_DAYS[value]!,
  name: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"][value]!,
}));

const epochDay = (day: string) => Date.parse(`${day}T00:00:00.000Z`) / DAY_MS;

export function addDays(day: string, days: number): string {
  return new Date((epochDay(day) + days) * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round(epochDay(to) - epochDay(from));
}

/** 0 Sunday … 6 Saturday. */
export function weekdayOf(day: string): number {
  return new Date(`${day}T00:00:00.000Z`).getUTCDay();
}

/** The Monday of the week (Monday to Sunday) holding `day`. */
export function mondayOf(day: string): string {
  return addDays(day, -((weekdayOf(day) + 6) % 7));
}

/** "Mon 23 Nov". */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  return `${SHORT_DAYS[date.getUTCDay()]} ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`;
}

/** "Mon 23 Nov 2026". */
export function formatDate(day: string): string {
  return `${formatDay(day)} ${day.slice(0, 4)}`;
}

/** "today", "tomorrow" or "Mon 23 Nov", seen from `today`. */
function relativeDay(day: string, today: string): string {
  const gap = daysBetween(today, day);
  if (gap === 0) return "today";
  if (gap === 1) return "tomorrow";
  if (gap === -1) return "yesterday";
  return formatDay(day);
}

/** "45 min", "1 h", "2 h 30 min". */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = Math.round(minutes - hours * 60);
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** "6 h", "2.5 h" a day. */
export function formatHours(hours: number): string {
  return `${Number.isInteger(hours) ? hours : hours.toFixed(1)} h`;
}

// ---------------------------------------------------------------------------
// Settings.

export type PlanSettings = {
  exam: ExamId;
  /** YYYY-MM-DD, India. */
  examDate: string;
  hoursPerDay: number;
  /** Weekdays off, 0 Sunday … 6 Saturday, ascending. */
  daysOff: number[];
};

/** Why an exam date is refused, seen from India's `today`; null when it is fine. */
function examDateProblem(date: string, today: string): string | null {
  if (!date.trim()) return STUDY_PLAN_MESSAGES.dateRequired;
  if (!isCalendarDate(date)) return STUDY_PLAN_MESSAGES.dateInvalid;
  if (date <= today) return STUDY_PLAN_MESSAGES.datePast;
  const latest = addDays(today, STUDY_PLAN.maxDaysAhead);
  if (date > latest) return STUDY_PLAN_MESSAGES.dateTooFar(latest);
  return null;
}

const fromText = (value: unknown) =>
  typeof value === "string" && value.trim() !== "" ? Number(value) : value;

/**
 * The settings, from the page's form (text) or the API's JSON: exam, exam
 * date (after `today`, within two years), hours per day (0.5–14 in half
 * hours) and the weekdays off (at least one study day left).
 */
export function studyPlanSettingsSchema(today: string) {
  return z.object({
    exam: z.enum(EXAM_IDS, { error: STUDY_PLAN_MESSAGES.examRequired }),
    examDate: z
      .string({ error: STUDY_PLAN_MESSAGES.dateRequired })
      .trim()
      .superRefine((date, context) => {
        const problem = examDateProblem(date, today);
        if (problem) context.addIssue({ code: "custom", message: problem });
      }),
    hoursPerDay: z.preprocess(
      fromText,
      z
        .number({ error: STUDY_PLAN_MESSAGES.hoursInvalid })
        .min(STUDY_PLAN.minHours, STUDY_PLAN_MESSAGES.hoursInvalid)
        .max(STUDY_PLAN.maxHours, STUDY_PLAN_MESSAGES.hoursInvalid)
        .refine((hours) => Number.isInteger(hours * 2), STUDY_PLAN_MESSAGES.hoursStep),
    ),
    daysOff: z
      .preprocess(
        (value) =>
          value === undefined || value === null || value === ""
            ? []
            : Array.isArray(value)
              ? value
              : [value],
        z.array(
          z.preprocess(
            fromText,
            z
              .number({ error: STUDY_PLAN_MESSAGES.daysOffInvalid })
              .int(STUDY_PLAN_MESSAGES.daysOffInvalid)
              .min(0, STUDY_PLAN_MESSAGES.daysOffInvalid)
              .max(6, STUDY_PLAN_MESSAGES.daysOffInvalid),
          ),
          { error: STUDY_PLAN_MESSAGES.daysOffInvalid },
        ),
      )
      .transform((days) => [...new Set(days)].sort((a, b) => a - b))
      .refine((days) => days.length < 7, STUDY_PLAN_MESSAGES.allDaysOff),
  });
}

// ---------------------------------------------------------------------------
// Tasks.

export const PLAN_TASK_KINDS = ["practice", "flashcards", "revision", "mock", "mock-exam"] as const;
/**
 * practice: a tutor-mode test on one topic; revision: a subject's wrong
 * answers again; flashcards: the reviews due; mock: the weekly timed paper
 * at exam pace; mock-exam: the weekly paper as a mock exam of the plan's exam
 * (Pro), its length told by its questions.
 */
export type PlanTaskKind = (typeof PLAN_TASK_KINDS)[number];

export type PlanTask = {
  id: string;
  day: string;
  kind: PlanTaskKind;
  subject: string | null;
  topic: string | null;
  title: string;
  minutes: number;
  /** Questions for tests, cards due for flashcards. */
  questionCount: number | null;
  position: number;
  done: boolean;
  /** The day it was planned for before a rebalance moved it. */
  movedFrom: string | null;
  /** "feedback": the learner added it from their mentor feedback (kept when the plan is rebuilt). */
  origin?: "feedback" | null;
};

/** A task as the plan lays it out, before it is saved. */
export type PlannedTask = Omit<PlanTask, "id" | "done" | "movedFrom" | "origin">;

export const KIND_LABELS: Record<PlanTaskKind, string> = {
  practice: "Practice test",
  flashcards: "Flashcards",
  revision: "Revision",
  mock: "Timed paper",
  "mock-exam": "Mock exam",
};

const TIMED_PAPER_TITLE = "Timed practice paper (exam pace)";

type TaskShape = Pick<PlanTask, "kind" | "subject" | "topic" | "questionCount">;

/**
 * The mock exam a mock-exam task sits: the plan's exam and the length with
 * that many questions; null for any other task, or when none matches.
 */
function taskMock(task: TaskShape, exam: ExamId): MockStartChoice | null {
  if (task.kind !== "mock-exam" || !isMockPatternId(exam)) return null;
  const length = MOCK_LENGTHS.find(
    (length) => mockShape(exam, length).questions === task.questionCount,
  );
  return length ? { pattern: exam, length } : null;
}

/** The title a task is saved with (and shown in the calendar and on the home page). */
export function taskTitle(task: TaskShape, exam: ExamId): string {
  const { subject, topic, questionCount: count } = task;
  switch (task.kind) {
    case "practice":
      return `Practice test: ${subject ?? "Mixed"}${topic ? ` · ${topic}` : ""}`;
    case "revision":
      return `Revision: ${subject ?? "all subjects"}, questions you got wrong`;
    case "flashcards":
      return `Flashcard reviews: ${count ?? 0} ${count === 1 ? "card" : "cards"} due`;
    case "mock":
      return TIMED_PAPER_TITLE;
    case "mock-exam": {
      const mock = taskMock(task, exam);
      return `${mock ? mockName(mock.pattern, mock.length) : KIND_LABELS["mock-exam"]} (exam conditions)`;
    }
  }
}

/**
 * "30 questions · 45 min", "12 cards · 10 min"; a practice test on a topic
 * with fewer questions than its time holds leaves the rest for reading up:
 * "6 questions + topic review · 1 h".
 */
export function taskMeta(task: Pick<PlanTask, "kind" | "questionCount" | "minutes">): string {
  const parts: string[] = [];
  if (task.questionCount !== null) {
    const noun = task.kind === "flashcards" ? "card" : "question";
    const review =
      task.kind === "practice" && task.questionCount < Math.floor(task.minutes / 1.5) - 1
        ? " + topic review"
        : "";
    parts.push(`${task.questionCount} ${noun}${task.questionCount === 1 ? "" : "s"}${review}`);
  }
  parts.push(formatMinutes(task.minutes));
  return parts.join(" · ");
}

/** Where a task opens, pre-filled (the practice builder's, mock exams' and flashcards' addresses). */
export function taskHref(task: TaskShape, exam: ExamId): string {
  const params = new URLSearchParams();
  const count = String(task.questionCount ?? 10);
  switch (task.kind) {
    case "flashcards":
      return "/flashcards";
    case "mock-exam": {
      const mock = taskMock(task, exam);
      return mock ? mockStartHref(mock) : "/mock-exams";
    }
    case "practice":
      if (task.subject) params.set("subject", task.subject);
      if (task.topic) params.set("topic", task.topic);
      params.set("count", count);
      params.set("mode", "tutor");
      break;
    case "revision":
      if (task.subject) params.set("subject", task.subject);
      params.set("status", "incorrect");
      params.set("count", count);
      break;
    case "mock":
      params.set("mode", "timed");
      params.set("count", count);
      params.set("exam", exam);
      break;
  }
  return `/practice?${params}`;
}

// ---------------------------------------------------------------------------
// Rebalancing: what moved, and how the page says it.

/**
 * moved: a missed task now on a later day; merged: missed flashcard reviews
 * added to a later day's; dropped: a missed task that did not fit;
 * displaced: a planned task dropped to make room for a more important one.
 */
export type PlanMoveAction = "moved" | "merged" | "dropped" | "displaced";

export type PlanMove = {
  action: PlanMoveAction;
  title: string;
  from: string;
  /** The day it went to (moved, merged); null when dropped or displaced. */
  to: string | null;
};

function joinDays(days: string[], today: string): string {
  const labels = days.map((day) => relativeDay(day, today));
  if (labels.length <= 1) return labels.join("");
  return `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}`;
}

const tasksWord = (count: number) => (count === 1 ? "1 task" : `${count} tasks`);

/**
 * The rebalance notice, one sentence per group: "3 tasks from Mon 23 Nov
 * moved to today and Wed 25 Nov.", merged flashcard reviews, missed tasks
 * that did not fit and planned ones dropped to make room.
 */
export function rebalanceSummary(
  moves: readonly PlanMove[],
  today: string,
  hoursPerDay: number,
): string[] {
  const lines: string[] = [];
  const fromDays = [...new Set(moves.map((move) => move.from))].sort();
  for (const from of fromDays) {
    const moved = moves.filter((move) => move.action === "moved" && move.from === from);
    if (moved.length > 0) {
      const to = [...new Set(moved.map((move) => move.to!))].sort();
      lines.push(
        `${tasksWord(moved.length)} from ${formatDay(from)} moved to ${joinDays(to, today)}.`,
      );
    }
    const merged = moves.filter((move) => move.action === "merged" && move.from === from);
    if (merged.length > 0) {
      lines.push(
        `Flashcard reviews from ${formatDay(from)} were added to the reviews for ${joinDays(
          [...new Set(merged.map((move) => move.to!))].sort(),
          today,
        )}.`,
      );
    }
    const dropped = moves.filter((move) => move.action === "dropped" && move.from === from);
    if (dropped.length > 0) {
      lines.push(
        `${tasksWord(dropped.length)} from ${formatDay(from)} did not fit in the next two weeks within ${formatHours(hoursPerDay)} a day and ${dropped.length === 1 ? "was" : "were"} dropped: ${dropped.map((move) => move.title).join("; ")}.`,
      );
    }
  }
  const displaced = moves.filter((move) => move.action === "displaced");
  if (displaced.length > 0) {
    lines.push(
      `To keep each day within ${formatHours(hoursPerDay)}, ${displaced.length === 1 ? "1 lower-priority task was" : `${displaced.length} lower-priority tasks were`} dropped: ${displaced
        .map((move) => `${move.title} (${formatDay(move.from)})`)
        .join("; ")}.`,
    );
  }
  return lines;
}

// ---------------------------------------------------------------------------
// What the planner page shows.

export type PlanProgress = {
  /** Every task in the plan, and those done. */
  planned: number;
  done: number;
  plannedMinutes: number;
  doneMinutes: number;
  /** Tasks on days up to today, and those done. */
  dueByToday: number;
  doneByToday: number;
  /** This week (Monday to Sunday). */
  weekPlanned: number;
  weekDone: number;
};

export type PlanPreview = {
  settings: PlanSettings;
  days: { day: string; dayOff: boolean; tasks: PlannedTask[] }[];
  /** The learner's weakest subjects with enough answers, weakest first. */
  weakSubjects: { subject: string; accuracy: number }[];
};

export type PlannerDay = {
  day: string;
  dayOff: boolean;
  tasks: PlanTask[];
};

/** Where the exam stands: passed (or today), tomorrow, or further ahead. */
export type PlanPhase = "passed" | "exam-today" | "exam-tomorrow" | "ahead";

export function planPhase(examDate: string, today: string): PlanPhase {
  const gap = daysBetween(today, examDate);
  if (gap < 0) return "passed";
  if (gap === 0) return "exam-today";
  if (gap === 1) return "exam-tomorrow";
  return "ahead";
}

export type PlannerScreen =
  | { state: "upgrade"; preview: PlanPreview | null }
  | { state: "setup"; today: string }
  /** The plan could not be read: the page says so and offers a reload. */
  | { state: "failed" }
  | {
      state: "plan";
      today: string;
      settings: PlanSettings;
      phase: PlanPhase;
      /** Today's tasks (none on a day off). */
      todayTasks: PlanTask[];
      todayOff: boolean;
      /** The seven days shown below today, `week` weeks on (0: from tomorrow). */
      week: { index: number; days: PlannerDay[]; hasNext: boolean };
      progress: PlanProgress;
      /** Today's rebalance, in sentences, and every move. */
      rebalanced: { lines: string[]; moves: PlanMove[] } | null;
    };

/** Today's plan as the signed-in home page shows it (read with the viewer). */
export type TodaysPlan = {
  exam: ExamId;
  examDate: string;
  today: string;
  tasks: PlanTask[];
  /** Undone tasks of earlier days (moved when the planner is next opened). */
  missed: number;
};

/** The planner's address for a week of the coming days (0: the seven days from tomorrow). */
export function plannerHref(week = 0): string {
  return week > 0 ? `${PLANNER_PATH}?week=${week}` : PLANNER_PATH;
}

/** The week asked for in the address: a whole number from 0, else 0. */
export function parsePlannerWeek(params: URLSearchParams): number {
  const week = Number(params.get("week") ?? "0");
  return Number.isInteger(week) && week >= 0 && week <= 120 ? week : 0;
}

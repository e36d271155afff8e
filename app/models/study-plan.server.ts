/**
 * The learner's study plan in D1 (study_plans, study_tasks): saving the
 * settings lays out every remaining day in one batch; opening the planner
 * reads it in one batch and, once a day, rebalances the tasks missed on
 * earlier days; ticking a task saves when it was done. The rules for laying
 * out and rebalancing are pure (study-plan-schedule.ts, study-plan-rebalance.ts).
 *
 * Concurrency: a rebalance claims the day by a conditional update of the
 * plan's version (updated_at) and every statement after the claim runs only
 * if that claim holds, in the same batch; each move is also conditional on
 * the task still sitting undone on the day it is moved from. Two page loads
 * at once move each task once. A settings save replaces every undone task in
 * one batch (done ones stay as history, and so do the ones the learner added
 * from mentor feedback, which the new plan leaves room for), so saves never
 * duplicate tasks.
 */
import { and, asc, eq, type Placeholder, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { placeholder, prebuilt } from "~/db/prebuilt.server";
import { studyPlans, studyTasks } from "~/db/schema";
import { indiaDate } from "~/lib/admin";
import { type ExamId, isExamId } from "~/lib/exams";
import { planIncludes } from "~/lib/plan-features";
import type { PlanId } from "~/lib/plans";
import {
  addDays,
  mondayOf,
  type PlanMove,
  type PlannedTask,
  type PlanPreview,
  type PlanProgress,
  type PlanSettings,
  type PlanTask,
  type TodaysPlan,
} from "~/lib/study-plan";
import { IST_OFFSET_MS } from "~/lib/usage-window";
import { topicStats } from "./progress-stats.server";
import { rebalance, REBALANCE_WINDOW_DAYS, type RebalanceResult } from "./study-plan-rebalance";
import {
  buildPlan,
  examSubjectWeights,
  PLANNING,
  type PoolTopic,
  studyDays,
  subjectPriorities,
} from "./study-plan-schedule";

export type StudyPlanRecord = PlanSettings & {
  /** The last India day missed tasks were moved on, and what moved then. */
  rebalancedOn: string | null;
  moves: PlanMove[];
  createdAt: number;
  updatedAt: number;
};

type PlanRow = {
  exam: string;
  examDate: string;
  hoursPerDay: number;
  daysOff: string;
  rebalancedOn: string | null;
  moves: string;
  createdAt: number;
  updatedAt: number;
};

type TaskRow = Omit<PlanTask, "done"> & { doneAt: number | null };

const PLAN_COLUMNS = `exam, exam_date AS examDate, hours_per_day AS hoursPerDay, days_off AS daysOff,
  rebalanced_on AS rebalancedOn, moves, created_at AS createdAt, updated_at AS updatedAt`;
const TASK_COLUMNS = `id, day, kind, subject, topic, title, minutes, question_count AS questionCount,
  position, done_at AS doneAt, moved_from AS movedFrom, origin`;

function parseJsonArray<T>(text: string): T[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

function toPlan(row: PlanRow | undefined | null): StudyPlanRecord | null {
  if (!row || !isExamId(row.exam)) return null;
  return {
    exam: row.exam,
    examDate: row.examDate,
    hoursPerDay: row.hoursPerDay,
    daysOff: parseJsonArray<number>(row.daysOff).filter((day) => Number.isInteger(day)),
    rebalancedOn: row.rebalancedOn,
    moves: parseJsonArray<PlanMove>(row.moves),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export type StoredTask = PlanTask & { doneAt: number | null };

function toTask(row: TaskRow): StoredTask {
  return { ...row, done: row.doneAt !== null };
}

// ---------------------------------------------------------------------------
// Reads, batchable.

const d1 = (db: Database) => db.$client;

function planStatement(db: Database, userId: string) {
  return d1(db).prepare(`SELECT ${PLAN_COLUMNS} FROM study_plans WHERE user_id = ?1`).bind(userId);
}

function tasksBetween(db: Database, userId: string, from: string, to: string) {
  return d1(db)
    .prepare(
      `SELECT ${TASK_COLUMNS} FROM study_tasks
       WHERE user_id = ?1 AND day >= ?2 AND day < ?3 ORDER BY day, position`,
    )
    .bind(userId, from, to);
}

function missedTasks(db: Database, userId: string, today: string) {
  return d1(db)
    .prepare(
      `SELECT ${TASK_COLUMNS} FROM study_tasks
       WHERE user_id = ?1 AND day < ?2 AND done_at IS NULL ORDER BY day, position`,
    )
    .bind(userId, today);
}

/** The pool's active questions by subject and topic: what a practice task can be built from. */
function poolTopics(db: Database) {
  return d1(db).prepare(
    "SELECT subject, topic, questions FROM bank_topic_counts WHERE questions > 0",
  );
}

/** Studied, non-archived flashcards due before `until`, by India day (FSRS due dates). */
function flashcardsDue(db: Database, userId: string, until: number) {
  return d1(db)
    .prepare(
      `SELECT date((due + ${IST_OFFSET_MS}) / 1000, 'unixepoch') AS day, count(*) AS cards
       FROM flashcards
       WHERE user_id = ?1 AND is_archived = 0 AND is_new = 0 AND due < ?2
       GROUP BY 1`,
    )
    .bind(userId, until);
}

function doneFrom(db: Database, userId: string, today: string) {
  return d1(db)
    .prepare(
      `SELECT day, sum(minutes) AS minutes, max(position) + 1 AS nextPosition FROM study_tasks
       WHERE user_id = ?1 AND day >= ?2 AND (done_at IS NOT NULL OR origin = 'feedback') GROUP BY day`,
    )
    .bind(userId, today);
}

function progressStatement(db: Database, userId: string, today: string) {
  const monday = mondayOf(today);
  return d1(db)
    .prepare(
      `SELECT count(*) AS planned,
              coalesce(sum(done_at IS NOT NULL), 0) AS done,
              coalesce(sum(minutes), 0) AS plannedMinutes,
              coalesce(sum(CASE WHEN done_at IS NOT NULL THEN minutes ELSE 0 END), 0) AS doneMinutes,
              coalesce(sum(day <= ?2), 0) AS dueByToday,
              coalesce(sum(day <= ?2 AND done_at IS NOT NULL), 0) AS doneByToday,
              coalesce(sum(day >= ?3 AND day < ?4), 0) AS weekPlanned,
              coalesce(sum(day >= ?3 AND day < ?4 AND done_at IS NOT NULL), 0) AS weekDone
       FROM study_tasks WHERE user_id = ?1`,
    )
    .bind(userId, today, monday, addDays(monday, 7));
}

const EMPTY_PROGRESS: PlanProgress = {
  planned: 0,
  done: 0,
  plannedMinutes: 0,
  doneMinutes: 0,
  dueByToday: 0,
  doneByToday: 0,
  weekPlanned: 0,
  weekDone: 0,
};

// ---------------------------------------------------------------------------
// Opening the planner.

export type PlannerData = {
  today: string;
  plan: StudyPlanRecord | null;
  /** Today's tasks and those of the days asked for, after any rebalance. */
  todayTasks: StoredTask[];
  tasks: StoredTask[];
  progress: PlanProgress;
  /** What the rebalance of today moved, when one did. */
  rebalanced: { on: string; moves: PlanMove[] } | null;
};

type Snapshot = {
  plan: StudyPlanRecord | null;
  range: StoredTask[];
  missed: StoredTask[];
  window: StoredTask[];
  progress: PlanProgress;
};

/** What the planner reads for a learner's day and shown week, in the order snapshotOf takes them. */
export function snapshotStatements(
  db: Database,
  userId: string,
  today: string,
  range: { from: string; to: string },
): D1PreparedStatement[] {
  return [
    planStatement(db, userId),
    tasksBetween(db, userId, range.from, range.to),
    missedTasks(db, userId, today),
    tasksBetween(db, userId, today, addDays(today, REBALANCE_WINDOW_DAYS)),
    progressStatement(db, userId, today),
  ];
}

/** How a caller reads the snapshot's statements (snapshotStatements): riding another batch. */
type SnapshotReader = () => Promise<readonly D1Result[]>;

async function readSnapshot(
  db: Database,
  userId: string,
  today: string,
  range: { from: string; to: string },
  read: SnapshotReader = () => d1(db).batch(snapshotStatements(db, userId, today, range)),
): Promise<Snapshot> {
  const [plan, rangeRows, missed, window, progress] = await read();
  const rows = <T>(result: D1Result<unknown> | undefined) => (result?.results ?? []) as T[];
  const numbers = rows<Record<keyof PlanProgress, number | null>>(progress)[0];
  return {
    plan: toPlan(rows<PlanRow>(plan)[0]),
    range: rows<TaskRow>(rangeRows).map(toTask),
    missed: rows<TaskRow>(missed).map(toTask),
    window: rows<TaskRow>(window).map(toTask),
    progress: numbers
      ? (Object.fromEntries(
          Object.keys(EMPTY_PROGRESS).map((key) => [
            key,
            Number(numbers[key as keyof PlanProgress] ?? 0),
          ]),
        ) as PlanProgress)
      : EMPTY_PROGRESS,
  };
}

/** Whether opening the planner now should move missed tasks. */
function rebalanceDue(snapshot: Snapshot, today: string): boolean {
  const plan = snapshot.plan;
  return (
    plan !== null &&
    plan.examDate > today &&
    plan.rebalancedOn !== today &&
    snapshot.missed.length > 0
  );
}

/**
 * The rebalance's statements: the claim on the plan's version first, then
 * the deletes, moves and merges, each only while that claim holds.
 */
function rebalanceStatements(
  db: Database,
  userId: string,
  today: string,
  plan: StudyPlanRecord,
  result: RebalanceResult,
  now: number,
) {
  const version = Math.max(now, plan.updatedAt + 1);
  const claimed = `EXISTS (SELECT 1 FROM study_plans WHERE user_id = ?1 AND updated_at = ?2 AND rebalanced_on = ?3)`;
  /** Undone tasks updated from JSON rows (`columns` name each row's values; the first is the id). */
  const updateFrom = (set: string, columns: string[], rows: unknown[][], also = "") =>
    d1(db)
      .prepare(
        `UPDATE study_tasks SET ${set}
         FROM (SELECT ${columns.map((column, index) => `json_extract(value, '$[${index}]') AS ${column}`).join(", ")}
               FROM json_each(?4)) AS m
         WHERE study_tasks.id = m.id AND study_tasks.user_id = ?1 ${also}
           AND study_tasks.done_at IS NULL AND ${claimed}`,
      )
      .bind(userId, version, today, JSON.stringify(rows));
  const statements = [
    d1(db)
      .prepare(
        `UPDATE study_plans SET rebalanced_on = ?2, moves = ?3, updated_at = ?4
         WHERE user_id = ?1 AND updated_at = ?5 AND (rebalanced_on IS NULL OR rebalanced_on <> ?2)`,
      )
      .bind(userId, today, JSON.stringify(result.moves), version, plan.updatedAt),
  ];
  if (result.deleted.length > 0) {
    statements.push(
      d1(db)
        .prepare(
          `DELETE FROM study_tasks
           WHERE user_id = ?1 AND done_at IS NULL AND ${claimed}
             AND (id, day) IN (SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?4))`,
        )
        .bind(
          userId,
          version,
          today,
          JSON.stringify(result.deleted.map((row) => [row.id, row.day])),
        ),
    );
  }
  if (result.moved.length > 0) {
    // Only from the day it was missed on: a task already moved is not moved again.
    statements.push(
      updateFrom(
        "day = m.day, moved_from = m.fromDay, position = m.position",
        ["id", "fromDay", "day", "position"],
        result.moved.map((row) => [row.id, row.from, row.day, row.position]),
        "AND study_tasks.day = m.fromDay",
      ),
    );
  }
  if (result.merged.length > 0) {
    statements.push(
      updateFrom(
        "question_count = m.cards, minutes = m.minutes, title = m.title",
        ["id", "cards", "minutes", "title"],
        result.merged.map((row) => [row.id, row.questionCount, row.minutes, row.title]),
      ),
    );
  }
  return statements;
}

/**
 * The planner as the learner opens it: the plan, today's tasks, the tasks of
 * the days in `range` and the progress. Tasks left undone on earlier days are first
 * moved into the coming days (once a day; safe when two loads race).
 */
export async function loadPlanner(
  db: Database,
  userId: string,
  now: number,
  range: { from: string; to: string },
  /** How the first snapshot is read (the page's ride with its chrome); a batch by default. */
  read?: SnapshotReader,
): Promise<PlannerData> {
  const today = indiaDate(now);
  let snapshot = await readSnapshot(db, userId, today, range, read);
  if (rebalanceDue(snapshot, today)) {
    const plan = snapshot.plan!;
    const answers = await topicStats(db, userId);
    const shares = new Map(
      subjectPriorities(examSubjectWeights(plan.exam), answers).map((row) => [
        row.subject,
        row.share,
      ]),
    );
    const result = rebalance({
      settings: plan,
      today,
      tasks: [...snapshot.missed, ...snapshot.window],
      shares,
    });
    if (result) {
      await d1(db).batch(rebalanceStatements(db, userId, today, plan, result, now));
      // Whether this load or a concurrent one moved the tasks, read what is there now.
      snapshot = await readSnapshot(db, userId, today, range);
    }
  }
  const plan = snapshot.plan;
  return {
    today,
    plan,
    todayTasks: snapshot.window.filter((task) => task.day === today),
    tasks: snapshot.range,
    progress: snapshot.progress,
    rebalanced:
      plan && plan.rebalancedOn === today && plan.moves.length > 0
        ? { on: today, moves: plan.moves }
        : null,
  };
}

// ---------------------------------------------------------------------------
// Saving the settings: the plan laid out anew from today.

/** Rows per insert statement (each statement carries its rows as one JSON value). */
const INSERT_CHUNK = 400;

function insertTasks(db: Database, userId: string, tasks: readonly PlannedTask[]) {
  const statements: D1PreparedStatement[] = [];
  for (let start = 0; start < tasks.length; start += INSERT_CHUNK) {
    const rows = tasks
      .slice(start, start + INSERT_CHUNK)
      .map((task) => [
        task.day,
        task.kind,
        task.subject,
        task.topic,
        task.title,
        task.minutes,
        task.questionCount,
        task.position,
      ]);
    statements.push(
      d1(db)
        .prepare(
          `INSERT INTO study_tasks
             (id, user_id, day, kind, subject, topic, title, minutes, question_count, position)
           SELECT lower(hex(randomblob(16))), ?1,
                  json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'),
                  json_extract(value, '$[3]'), json_extract(value, '$[4]'), json_extract(value, '$[5]'),
                  json_extract(value, '$[6]'), json_extract(value, '$[7]')
           FROM json_each(?2)`,
        )
        .bind(userId, JSON.stringify(rows)),
    );
  }
  return statements;
}

/** What a plan is built from: the learner's answers, the pool, flashcards due and work done. */
async function planInputs(db: Database, userId: string, now: number) {
  const today = indiaDate(now);
  const until =
    Date.parse(`${addDays(today, PLANNING.flashcardWindowDays)}T00:00:00.000Z`) - IST_OFFSET_MS;
  const [[plan, topics, due, done], answers] = await Promise.all([
    d1(db).batch<unknown>([
      planStatement(db, userId),
      poolTopics(db),
      flashcardsDue(db, userId, until),
      doneFrom(db, userId, today),
    ]),
    topicStats(db, userId),
  ]);
  const rows = <T>(result: D1Result<unknown> | undefined) => (result?.results ?? []) as T[];
  return {
    today,
    existing: toPlan(rows<PlanRow>(plan)[0]),
    answers,
    topics: rows<PoolTopic>(topics),
    flashcardsDue: new Map(
      rows<{ day: string; cards: number }>(due).map((row) => [row.day, row.cards]),
    ),
    done: new Map(
      rows<{ day: string; minutes: number; nextPosition: number }>(done).map((row) => [
        row.day,
        { minutes: row.minutes, nextPosition: row.nextPosition },
      ]),
    ),
  };
}

export type SavedPlan = { created: boolean; studyDays: number; tasks: number };

/**
 * Saves the settings (already checked with studyPlanSettingsSchema) and lays
 * out every day from today to the exam: undone tasks are replaced, done ones
 * (and those added from mentor feedback) kept, all in one batch. `planId` is
 * the learner's plan now (from the access record the request read): with mock
 * exams in it the weekly paper is a mock exam where one fits.
 */
export async function saveStudyPlan(
  db: Database,
  userId: string,
  settings: PlanSettings,
  now: number,
  planId: PlanId | null,
): Promise<SavedPlan> {
  const inputs = await planInputs(db, userId, now);
  const tasks = buildPlan({
    settings,
    today: inputs.today,
    weights: examSubjectWeights(settings.exam),
    topics: inputs.topics,
    answers: inputs.answers,
    flashcardsDue: inputs.flashcardsDue,
    done: inputs.done,
    mockExams: planIncludes(planId, "mockExams"),
  });
  await d1(db).batch([
    d1(db)
      .prepare(
        `INSERT INTO study_plans (user_id, exam, exam_date, hours_per_day, days_off, rebalanced_on, moves, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, NULL, '[]', ?6)
         ON CONFLICT (user_id) DO UPDATE SET
           exam = excluded.exam, exam_date = excluded.exam_date, hours_per_day = excluded.hours_per_day,
           days_off = excluded.days_off, rebalanced_on = NULL, moves = '[]',
           updated_at = max(excluded.updated_at, study_plans.updated_at + 1)`,
      )
      .bind(
        userId,
        settings.exam,
        settings.examDate,
        settings.hoursPerDay,
        JSON.stringify(settings.daysOff),
        now,
      ),
    d1(db)
      .prepare("DELETE FROM study_tasks WHERE user_id = ?1 AND done_at IS NULL AND origin IS NULL")
      .bind(userId),
    ...insertTasks(db, userId, tasks),
  ]);
  return {
    created: inputs.existing === null,
    studyDays: studyDays(settings, inputs.today).length,
    tasks: tasks.length,
  };
}

// ---------------------------------------------------------------------------
// Ticking a task.

/**
 * Marks one of the learner's tasks done (keeping the first time) or not
 * done, with the plan's exam (its link needs it); null if it is not theirs.
 */
export async function setTaskDone(
  db: Database,
  userId: string,
  taskId: string,
  done: boolean,
  now: number,
): Promise<(StoredTask & { exam: ExamId }) | null> {
  const row = await d1(db)
    .prepare(
      `UPDATE study_tasks SET done_at = CASE WHEN ?3 THEN coalesce(done_at, ?4) ELSE NULL END
       WHERE id = ?1 AND user_id = ?2
       RETURNING ${TASK_COLUMNS}, (SELECT exam FROM study_plans WHERE user_id = ?2) AS exam`,
    )
    .bind(taskId, userId, done ? 1 : 0, now)
    .first<TaskRow & { exam: string | null }>();
  if (!row) return null;
  const { exam, ...task } = row;
  return { ...toTask(task), exam: isExamId(exam) ? exam : "neet-pg" };
}

// ---------------------------------------------------------------------------
// Today's tasks (the home page) and the whole plan (the calendar).

/**
 * Today's tasks with the plan's exam and the count missed before today, as
 * one query that batches with others (the viewer's read): no rows without a
 * plan, one row with null task fields on a day without tasks.
 */
export function todaysTasksQuery(
  db: Database,
  userId: string | Placeholder,
  today: string | Placeholder,
) {
  const missed = sql<number>`(SELECT count(*) FROM study_tasks m
    WHERE m.user_id = ${userId} AND m.day < ${today} AND m.done_at IS NULL)`;
  return db
    .select({
      exam: studyPlans.exam,
      examDate: studyPlans.examDate,
      missed,
      id: studyTasks.id,
      day: studyTasks.day,
      kind: studyTasks.kind,
      subject: studyTasks.subject,
      topic: studyTasks.topic,
      title: studyTasks.title,
      minutes: studyTasks.minutes,
      questionCount: studyTasks.questionCount,
      position: studyTasks.position,
      doneAt: studyTasks.doneAt,
      movedFrom: studyTasks.movedFrom,
    })
    .from(studyPlans)
    .leftJoin(studyTasks, and(eq(studyTasks.userId, studyPlans.userId), eq(studyTasks.day, today)))
    .where(eq(studyPlans.userId, userId))
    .orderBy(asc(studyTasks.position));
}

/** todaysTasksQuery built once; bind `userId` and `today` (every signed-in page reads it). */
export const TODAYS_TASKS = prebuilt((db) =>
  todaysTasksQuery(db, placeholder("userId"), placeholder("today")),
);

/** todaysTasksQuery's rows as today's plan, or null without a plan. */
export function todaysPlanFromRows(
  rows: Awaited<ReturnType<typeof todaysTasksQuery>>,
  today: string,
): TodaysPlan | null {
  const first = rows[0];
  if (!first || !isExamId(first.exam)) return null;
  const tasks: PlanTask[] = [];
  for (const row of rows) {
    if (row.id === null || row.day === null || row.kind === null) continue;
    tasks.push({
      id: row.id,
      day: row.day,
      kind: row.kind,
      subject: row.subject,
      topic: row.topic,
      title: row.title ?? "",
      minutes: row.minutes ?? 0,
      questionCount: row.questionCount,
      position: row.position ?? 0,
      done: row.doneAt !== null,
      movedFrom: row.movedFrom,
    });
  }
  return {
    exam: first.exam,
    examDate: first.examDate,
    today,
    tasks,
    missed: first.examDate > today ? Number(first.missed) : 0,
  };
}

/** Today's tasks (one query), or null without a plan. */
export async function todaysTasks(
  db: Database,
  userId: string,
  now: number,
): Promise<TodaysPlan | null> {
  const today = indiaDate(now);
  return todaysPlanFromRows(await todaysTasksQuery(db, userId, today), today);
}

/** The plan and its tasks from today on (the calendar export). */
export async function planFromToday(
  db: Database,
  userId: string,
  now: number,
): Promise<{ today: string; plan: StudyPlanRecord | null; tasks: StoredTask[] }> {
  const today = indiaDate(now);
  const [plan, tasks] = await d1(db).batch<unknown>([
    planStatement(db, userId),
    d1(db)
      .prepare(
        `SELECT ${TASK_COLUMNS} FROM study_tasks WHERE user_id = ?1 AND day >= ?2 ORDER BY day, position`,
      )
      .bind(userId, today),
  ]);
  return {
    today,
    plan: toPlan((plan?.results as PlanRow[] | undefined)?.[0]),
    tasks: ((tasks?.results ?? []) as TaskRow[]).map(toTask),
  };
}

// ---------------------------------------------------------------------------
// The upgrade view's preview.

/**
 * What the first week of a NEET-PG plan would look like from the learner's
 * own answers (6 hours a day, Sundays off, the exam 20 weeks away), for a
 * learner whose plan does not include the planner.
 */
export async function previewPlan(db: Database, userId: string, now: number): Promise<PlanPreview> {
  const today = indiaDate(now);
  const [answerRows, topics] = await Promise.all([
    topicStats(db, userId),
    poolTopics(db).all<PoolTopic>(),
  ]);
  const settings: PlanSettings = {
    exam: "neet-pg",
    examDate: addDays(today, 140),
    hoursPerDay: 6,
    daysOff: [0],
  };
  const weights = examSubjectWeights(settings.exam);
  const week = addDays(today, 7);
  const tasks = buildPlan({
    settings,
    today,
    weights,
    topics: topics.results,
    answers: answerRows,
    flashcardsDue: new Map(),
    done: new Map(),
    // The preview is for learners without the planner, so without mock exams too.
    mockExams: false,
  }).filter((task) => task.day < week);
  const days = Array.from({ length: 7 }, (_, index) => addDays(today, index)).map((day) => ({
    day,
    dayOff: !tasks.some((task) => task.day === day),
    tasks: tasks.filter((task) => task.day === day),
  }));
  const weakSubjects = subjectPriorities(weights, answerRows)
    .filter((row): row is typeof row & { accuracy: number } => row.accuracy !== null)
    .sort((a, b) => a.accuracy - b.accuracy)
    .slice(0, 3)
    .map(({ subject, accuracy }) => ({ subject, accuracy }));
  return { settings, days, weakSubjects };
}

/**
 * Mentor feedback in D1 (feedback_reports; docs/decisions/045-mentor-feedback.md):
 *
 * - the figures come from progressAnalytics, the function behind /progress,
 *   plus this week's sittings from the answer log (feedback-writer.ts);
 * - with an AI key the model words the report from a compact summary and the
 *   rules' draft; without one, or when the model fails or writes a number
 *   the summary does not hold, the rules' report stands. The tasks are
 *   always the rules';
 * - the weekly report is written on the first visit of an India week and
 *   stored once: the partial unique index (user, period) WHERE kind =
 *   'weekly' makes a second, concurrent insert a no-op, and both visits read
 *   the one stored;
 * - reports on demand: FEEDBACK_LIMITS.onDemandPerDay per India day, decided
 *   by the insert itself (INSERT … SELECT … WHERE the day's count is under
 *   the limit), so concurrent requests cannot pass it;
 * - a task goes into the study plan with an id derived from the report and
 *   the task (INSERT OR IGNORE), so adding it twice, or at once from two
 *   tabs, makes one task.
 */
import type { Database } from "~/db/client.server";
import { type AiGenerator, isAiError } from "~/integrations/ai/index.server";
import { indiaDate } from "~/lib/admin";
import {
  FEEDBACK_LIMITS,
  type FeedbackAuthor,
  type FeedbackBody,
  type FeedbackFigures,
  type FeedbackKind,
  type FeedbackReport,
  type FeedbackSummary,
  type FeedbackTaskState,
} from "~/lib/feedback";
import { isExamId } from "~/lib/exams";
import { mondayOf, taskTitle } from "~/lib/study-plan";
import { IST_OFFSET_MS } from "~/lib/usage-window";
import type { AppContext } from "~/load-context";
import {
  acceptModelFeedback,
  FEEDBACK_SYSTEM_PROMPT,
  feedbackFigures,
  feedbackPrompt,
  modelFeedbackSchema,
  type WeekActivity,
  writeRulesFeedback,
} from "./feedback-writer";
import { progressAnalytics } from "./progress-analytics.server";
import { studyDays } from "./study-plan-schedule";

export type FeedbackDeps = { db: Database; ai: AiGenerator; now: () => number };

export function feedbackDeps(context: AppContext, now: () => number = Date.now): FeedbackDeps {
  return { db: context.db, ai: context.ai, now };
}

const DAY_MS = 86_400_000;
const newId = () => crypto.randomUUID().replace(/-/g, "");

type ReportRow = {
  id: string;
  kind: FeedbackKind;
  period: string;
  author: FeedbackAuthor;
  figures: string;
  body: string;
  createdAt: number;
};

const SUMMARY_COLUMNS = `id, kind, period, author, json_extract(body, '$.headline') AS headline,
  created_at AS createdAt`;
const REPORT_COLUMNS = `id, kind, period, author, figures, body, created_at AS createdAt`;

function toReport(row: ReportRow): FeedbackReport {
  const body = JSON.parse(row.body) as FeedbackBody;
  return {
    id: row.id,
    kind: row.kind,
    period: row.period,
    author: row.author,
    headline: body.headline,
    createdAt: row.createdAt,
    figures: JSON.parse(row.figures) as FeedbackFigures,
    body,
  };
}

// ---------------------------------------------------------------------------
// Writing a report.

/** This India week's tests by kind (distinct sittings in the answer log) and flashcard reviews. */
async function weekActivity(
  db: Database,
  userId: string,
  weekStart: string,
): Promise<WeekActivity> {
  const since = Date.parse(`${weekStart}T00:00:00.000Z`) - IST_OFFSET_MS;
  const [sittings, reviews] = await db.$client.batch([
    db.$client
      .prepare(
        `SELECT source, count(DISTINCT source_id) AS count FROM answer_events
         WHERE user_id = ?1 AND answered_at >= ?2 GROUP BY source`,
      )
      .bind(userId, since),
    db.$client
      .prepare(
        "SELECT count(*) AS count FROM flashcard_reviews WHERE user_id = ?1 AND reviewed_at >= ?2",
      )
      .bind(userId, since),
  ]);
  const bySource = new Map(
    (sittings!.results as { source: string; count: number }[]).map((row) => [
      row.source,
      row.count,
    ]),
  );
  return {
    practiceTests: bySource.get("practice") ?? 0,
    mockExams: bySource.get("mock") ?? 0,
    quizzes: bySource.get("quiz") ?? 0,
    simulations: bySource.get("simulation") ?? 0,
    flashcardReviews: (reviews!.results[0] as { count: number } | undefined)?.count ?? 0,
  };
}

/** The report's figures as of `now`: the /progress view (the learner's plan's exam) and this week. */
export async function buildFeedbackFigures(
  db: Database,
  userId: string,
  now: number,
): Promise<FeedbackFigures> {
  const weekStart = mondayOf(indiaDate(now));
  const [view, activity] = await Promise.all([
    progressAnalytics(db, userId, { exam: null, now }),
    weekActivity(db, userId, weekStart),
  ]);
  return feedbackFigures(view, activity);
}

/** The report's words: the model's when it answers with figures the summary holds, else the rules'. */
async function writeFeedback(
  ai: AiGenerator,
  figures: FeedbackFigures,
): Promise<{ author: FeedbackAuthor; body: FeedbackBody }> {
  const draft = writeRulesFeedback(figures);
  if (ai.kind === "offline") return { author: "rules", body: draft };
  const prompt = feedbackPrompt(figures, draft);
  try {
    const reply = await ai.generateJson({
      system: FEEDBACK_SYSTEM_PROMPT,
      prompt,
      schema: modelFeedbackSchema,
    });
    const body = acceptModelFeedback(reply, prompt, draft);
    if (body) return { author: "ai", body };
    console.warn("[feedback] the model wrote figures the summary does not hold; using the rules");
  } catch (error) {
    console.warn(
      `[feedback] the model failed (${isAiError(error) ? error.kind : "error"}); using the rules`,
    );
  }
  return { author: "rules", body: draft };
}

async function answeredCount(db: Database, userId: string): Promise<number> {
  const row = await db.$client
    .prepare(
      "SELECT coalesce(sum(answered), 0) AS answered FROM progress_topics WHERE user_id = ?1",
    )
    .bind(userId)
    .first<{ answered: number }>();
  return Number(row?.answered ?? 0);
}

function insertStatement(
  db: Database,
  userId: string,
  input: {
    kind: FeedbackKind;
    period: string;
    author: FeedbackAuthor;
    figures: FeedbackFigures;
    body: FeedbackBody;
    now: number;
  },
  condition = "",
) {
  return db.$client
    .prepare(
      `INSERT OR IGNORE INTO feedback_reports (id, user_id, kind, period, author, figures, body, created_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8 ${condition}`,
    )
    .bind(
      newId(),
      userId,
      input.kind,
      input.period,
      input.author,
      JSON.stringify(input.figures),
      JSON.stringify(input.body),
      input.now,
    );
}

/**
 * This India week's report, written now if it is not there yet (null: the
 * learner has no answers, so there is nothing to write about). Safe under
 * concurrent calls: one report is stored and every call returns it.
 */
export async function ensureWeeklyReport(
  deps: FeedbackDeps,
  userId: string,
): Promise<FeedbackReport | null> {
  const now = deps.now();
  const period = mondayOf(indiaDate(now));
  const existing = await weeklyRow(deps.db, userId, period);
  if (existing) return toReport(existing);
  if ((await answeredCount(deps.db, userId)) === 0) return null;
  const figures = await buildFeedbackFigures(deps.db, userId, now);
  const { author, body } = await writeFeedback(deps.ai, figures);
  await insertStatement(deps.db, userId, {
    kind: "weekly",
    period,
    author,
    figures,
    body,
    now,
  }).run();
  const stored = await weeklyRow(deps.db, userId, period);
  return stored ? toReport(stored) : null;
}

/** The learner's weekly report for `period` (its `columns`: all of them by default). */
function weeklyStatement(db: Database, userId: string, period: string, columns = REPORT_COLUMNS) {
  return db.$client
    .prepare(
      `SELECT ${columns} FROM feedback_reports WHERE user_id = ?1 AND kind = 'weekly' AND period = ?2`,
    )
    .bind(userId, period);
}

function weeklyRow(db: Database, userId: string, period: string) {
  return weeklyStatement(db, userId, period).first<ReportRow>();
}

function onDemandUsed(db: Database, userId: string, day: string) {
  return db.$client
    .prepare(
      "SELECT count(*) AS used FROM feedback_reports WHERE user_id = ?1 AND kind = 'on-demand' AND period = ?2",
    )
    .bind(userId, day);
}

/** Seconds until the next India midnight, when the day's limit starts again. */
function secondsUntilIndiaMidnight(now: number): number {
  const nextMidnight = Date.parse(`${indiaDate(now)}T00:00:00.000Z`) - IST_OFFSET_MS + DAY_MS;
  return Math.max(1, Math.ceil((nextMidnight - now) / 1000));
}

export type OnDemandResult =
  | { status: "created"; report: FeedbackReport }
  | { status: "rate-limited"; retryAfter: number }
  | { status: "no-answers" };

/**
 * A report now, within the day's limit: a quick count refuses early, and the
 * insert itself decides (only while the day's count is under the limit).
 */
export async function createOnDemandReport(
  deps: FeedbackDeps,
  userId: string,
): Promise<OnDemandResult> {
  const now = deps.now();
  const day = indiaDate(now);
  const limit = FEEDBACK_LIMITS.onDemandPerDay;
  const refused = { status: "rate-limited" as const, retryAfter: secondsUntilIndiaMidnight(now) };
  const used = await onDemandUsed(deps.db, userId, day).first<{ used: number }>();
  if (Number(used?.used ?? 0) >= limit) return refused;
  if ((await answeredCount(deps.db, userId)) === 0) return { status: "no-answers" };
  const figures = await buildFeedbackFigures(deps.db, userId, now);
  const { author, body } = await writeFeedback(deps.ai, figures);
  const statement = insertStatement(
    deps.db,
    userId,
    { kind: "on-demand", period: day, author, figures, body, now },
    `WHERE (SELECT count(*) FROM feedback_reports
            WHERE user_id = ?2 AND kind = 'on-demand' AND period = ?4) < ${limit}
       RETURNING ${REPORT_COLUMNS}`,
  );
  const row = await statement.first<ReportRow>();
  return row ? { status: "created", report: toReport(row) } : refused;
}

// ---------------------------------------------------------------------------
// Reading.

function listStatement(db: Database, userId: string) {
  return db.$client
    .prepare(
      `SELECT ${SUMMARY_COLUMNS} FROM feedback_reports WHERE user_id = ?1
       ORDER BY created_at DESC, id DESC LIMIT ${FEEDBACK_LIMITS.listed}`,
    )
    .bind(userId);
}

export async function listFeedback(db: Database, userId: string): Promise<FeedbackSummary[]> {
  const { results } = await listStatement(db, userId).all<FeedbackSummary>();
  return results;
}

/** One of the learner's reports by id (another learner's is not found). */
function reportStatement(db: Database, userId: string, id: string) {
  return db.$client
    .prepare(`SELECT ${REPORT_COLUMNS} FROM feedback_reports WHERE id = ?1 AND user_id = ?2`)
    .bind(id, userId);
}

export async function getFeedback(
  db: Database,
  userId: string,
  id: string,
): Promise<FeedbackReport | null> {
  const row = await reportStatement(db, userId, id).first<ReportRow>();
  return row ? toReport(row) : null;
}

/** The study task a report's task becomes: its id is derived from both, so it is made once. */
async function feedbackTaskId(reportId: string, index: number): Promise<string> {
  const digest = await crypto.subtle.digest(
    "SHA-256",
    new TextEncoder().encode(`feedback:${reportId}:${index}`),
  );
  return [...new Uint8Array(digest)]
    .slice(0, 16)
    .map((byte) => byte.toString(16).padStart(2, "0"))
    .join("");
}

type FeedbackContext = { usedToday: number; hasPlan: boolean; tasks: FeedbackTaskState[] };

/** The ids the report's tasks take in the study plan once added. */
function taskIdsOf(report: FeedbackReport | null): Promise<string[]> {
  return report
    ? Promise.all(report.body.tasks.map((_, index) => feedbackTaskId(report.id, index)))
    : Promise.resolve([]);
}

function addedTasksStatement(db: Database, userId: string, ids: string[]) {
  return db.$client
    .prepare(
      `SELECT id, day, done_at AS doneAt FROM study_tasks
       WHERE user_id = ?1 AND id IN (SELECT value FROM json_each(?2))`,
    )
    .bind(userId, JSON.stringify(ids));
}

function hasPlanStatement(db: Database, userId: string) {
  return db.$client.prepare("SELECT 1 AS one FROM study_plans WHERE user_id = ?1").bind(userId);
}

/** The context's three reads (the day's on-demand count, the plan, the added tasks) as the page shows them. */
function contextOf(
  used: D1Result,
  plan: D1Result,
  tasks: D1Result,
  ids: readonly string[],
): FeedbackContext {
  const byId = new Map(
    (tasks.results as { id: string; day: string; doneAt: number | null }[]).map((row) => [
      row.id,
      row,
    ]),
  );
  return {
    usedToday: Number((used.results[0] as { used: number } | undefined)?.used ?? 0),
    hasPlan: plan.results.length > 0,
    tasks: ids.map((id) => {
      const row = byId.get(id);
      return {
        added: Boolean(row),
        day: row?.day ?? null,
        done: row ? row.doneAt !== null : false,
      };
    }),
  };
}

/** What /feedback shows around a report: the day's on-demand count, the plan, each task's state. */
export async function feedbackContext(
  db: Database,
  userId: string,
  report: FeedbackReport | null,
  now: number,
): Promise<FeedbackContext> {
  const ids = await taskIdsOf(report);
  const [used, plan, tasks] = await db.$client.batch([
    onDemandUsed(db, userId, indiaDate(now)),
    hasPlanStatement(db, userId),
    addedTasksStatement(db, userId, ids),
  ]);
  return contextOf(used!, plan!, tasks!, ids);
}

/**
 * /feedback's reads in one batch, so they can ride the chrome's
 * (models/request-reads.server.ts): this week's report, the newest report in
 * full, the list, the day's on-demand count and whether there is a plan.
 */
export function feedbackHomeStatements(
  db: Database,
  userId: string,
  now: number,
): D1PreparedStatement[] {
  const day = indiaDate(now);
  return [
    weeklyStatement(db, userId, mondayOf(day), "id"),
    db.$client
      .prepare(
        `SELECT ${REPORT_COLUMNS} FROM feedback_reports WHERE user_id = ?1
         ORDER BY created_at DESC, id DESC LIMIT 1`,
      )
      .bind(userId),
    listStatement(db, userId),
    onDemandUsed(db, userId, day),
    hasPlanStatement(db, userId),
  ];
}

/** A report's page from its reads: the report, the list and its context (one read more, its tasks). */
async function reportPage(
  db: Database,
  userId: string,
  row: ReportRow,
  [list, used, plan]: readonly D1Result[],
): Promise<{ report: FeedbackReport; list: FeedbackSummary[] } & FeedbackContext> {
  const report = toReport(row);
  const ids = await taskIdsOf(report);
  const tasks = await addedTasksStatement(db, userId, ids).all();
  return {
    report,
    list: list!.results as FeedbackSummary[],
    ...contextOf(used!, plan!, tasks, ids),
  };
}

/**
 * The /feedback page from feedbackHomeStatements' results once this week's
 * report is written: the newest report with its context and the list. Null
 * while the week's report is still to be written (ensureWeeklyReport's turn).
 */
export async function feedbackHomeOf(
  db: Database,
  userId: string,
  [weekly, newest, ...rest]: readonly D1Result[],
) {
  const row = newest!.results[0] as ReportRow | undefined;
  if (weekly!.results.length === 0 || !row) return null;
  return reportPage(db, userId, row, rest);
}

/** /feedback/{id}'s reads in one batch (they can ride the chrome's): the report, the list, the day's count, the plan. */
export function feedbackReportStatements(
  db: Database,
  userId: string,
  id: string,
  now: number,
): D1PreparedStatement[] {
  return [
    reportStatement(db, userId, id),
    listStatement(db, userId),
    onDemandUsed(db, userId, indiaDate(now)),
    hasPlanStatement(db, userId),
  ];
}

/** The /feedback/{id} page from feedbackReportStatements' results; null when the report is not the learner's. */
export async function feedbackReportOf(
  db: Database,
  userId: string,
  [report, ...rest]: readonly D1Result[],
) {
  const row = report!.results[0] as ReportRow | undefined;
  return row ? reportPage(db, userId, row, rest) : null;
}

// ---------------------------------------------------------------------------
// Into the study planner.

export type AddTaskResult =
  | { status: "added" | "exists"; taskId: string; day: string; today: string }
  | { status: "not-found" | "no-plan" | "no-study-day" | "no-task" };

type PlanRow = { exam: string; examDate: string; hoursPerDay: number; daysOff: string };

/**
 * Puts task `index` of the learner's report into their study plan: today if
 * it is a study day, else the next one, after that day's tasks, marked as
 * from mentor feedback. Adding it again answers "exists" with where it is.
 */
export async function addFeedbackTask(
  db: Database,
  userId: string,
  reportId: string,
  index: number,
  now: number,
): Promise<AddTaskResult> {
  const taskId = await feedbackTaskId(reportId, index);
  const [reportRows, planRows, existingRows] = await db.$client.batch([
    db.$client
      .prepare("SELECT body FROM feedback_reports WHERE id = ?1 AND user_id = ?2")
      .bind(reportId, userId),
    db.$client
      .prepare(
        `SELECT exam, exam_date AS examDate, hours_per_day AS hoursPerDay, days_off AS daysOff
         FROM study_plans WHERE user_id = ?1`,
      )
      .bind(userId),
    db.$client
      .prepare("SELECT day FROM study_tasks WHERE id = ?1 AND user_id = ?2")
      .bind(taskId, userId),
  ]);
  const today = indiaDate(now);
  const report = reportRows!.results[0] as { body: string } | undefined;
  if (!report) return { status: "not-found" };
  const task = (JSON.parse(report.body) as FeedbackBody).tasks[index];
  if (!task) return { status: "no-task" };
  const existing = existingRows!.results[0] as { day: string } | undefined;
  if (existing) return { status: "exists", taskId, day: existing.day, today };
  const plan = planRows!.results[0] as PlanRow | undefined;
  if (!plan || !isExamId(plan.exam)) return { status: "no-plan" };
  const daysOff = (JSON.parse(plan.daysOff) as unknown[]).filter(
    (day): day is number => typeof day === "number",
  );
  const day = studyDays(
    { exam: plan.exam, examDate: plan.examDate, hoursPerDay: plan.hoursPerDay, daysOff },
    today,
  )[0];
  if (!day) return { status: "no-study-day" };
  const [inserted, stored] = await db.$client.batch([
    db.$client
      .prepare(
        `INSERT OR IGNORE INTO study_tasks
           (id, user_id, day, kind, subject, topic, title, minutes, question_count, position, origin, created_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9,
                (SELECT coalesce(max(position), -1) + 1 FROM study_tasks WHERE user_id = ?2 AND day = ?3),
                'feedback', ?10`,
      )
      .bind(
        taskId,
        userId,
        day,
        task.kind,
        task.subject,
        task.topic,
        taskTitle(task, plan.exam),
        task.minutes,
        task.questionCount,
        now,
      ),
    db.$client.prepare("SELECT day FROM study_tasks WHERE id = ?1").bind(taskId),
  ]);
  const storedDay = (stored!.results[0] as { day: string } | undefined)?.day ?? day;
  return {
    status: inserted!.meta.changes > 0 ? "added" : "exists",
    taskId,
    day: storedDay,
    today,
  };
}

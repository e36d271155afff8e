/**
 * Practice tests (docs/decisions/039-practice-tests.md): built from the pool
 * by the learner's choices or a ready-made set, taken in tutor mode (each
 * answer checked, final and logged at once) or timed mode (exam pace, answers
 * changeable until submit, logged at submit), and marked under the exam's
 * scheme. The /practice pages and /api/practice-tests call these functions;
 * the rules live here once.
 *
 * - Every save is guarded by the row's `version`: a save re-reads and tries
 *   again when another landed first, so two saves at once both stay.
 * - A timed test past its deadline is submitted by whatever reads or saves it
 *   next (a save sent just before the deadline still counts within a few
 *   seconds' grace); its answers count as of the deadline.
 * - A question's key, explanations and takeaway are never in a view before
 *   they may be seen: in tutor mode once that question is answered, otherwise
 *   after submit.
 * - Answers go into the answer log (source 'practice'), keyed by test and
 *   position so logging again adds nothing; reading a submitted test logs
 *   whatever a cut-short submit left out.
 */
import type { Database } from "~/db/client.server";
import { EXAMS, examMaxScore, examScore, type ExamId, isExamId } from "~/lib/exams";
import { OPTION_LETTERS } from "~/lib/assessments";
import {
  cleanCategory,
  DEFAULT_CATEGORY,
  FLASHCARD_LIMITS,
  flashcardSchema,
} from "~/lib/flashcards";
import type { AppContext } from "~/load-context";
import {
  type AccuracyRow,
  type BuilderChoices,
  HIGH_YIELD,
  type Marking,
  type NavigatorEntry,
  PRACTICE_LABELS,
  PRACTICE_LIMITS,
  PRACTICE_MESSAGES,
  type PracticeMode,
  type PracticeQuestion,
  type PracticeResults,
  type PracticeSet,
  type PracticeTestSummary,
  type ResultQuestion,
  type Reveal,
  shortfallMessage,
  SUBJECT_SET_COUNT,
  type TakingView,
  unknownNamesMessage,
  WEAK_TOPICS_SET_COUNT,
} from "~/lib/practice";
import { MISTAKE_KINDS, type MistakeKind } from "~/lib/progress";
import { answerEventId, logAnswers, tagMistake } from "./answer-log.server";
import { createFlashcard, type FlashcardDeps } from "./flashcards.server";
import {
  type Criteria,
  highYieldQuotas,
  indiaYesterday,
  matchingItems,
  type MatchRow,
  pickItems,
  poolWeakTopics,
  practiceCatalogue,
  resolveScope,
  type ScopeEntry,
  yesterdayMistakesStatement,
} from "./practice-builder.server";
import { weakTopics } from "./progress-analytics.server";

export type PracticeDeps = { db: Database; now: () => number };

export function practiceDeps(context: AppContext, now: () => number = Date.now): PracticeDeps {
  return { db: context.db, now };
}

/** How often a save re-reads and tries again when other saves keep landing first. */
const MAX_TRIES = 20;

/** Before trying again: a short random pause, longer each time, so racing saves fall out of step. */
function backOff(tries: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.random() * 8 * tries));
}

// ---------------------------------------------------------------------------
// The stored test.

type TestConfig = {
  choices: Omit<BuilderChoices, "set">;
  set: PracticeSet | null;
  /** How many questions were asked for, and how many matched. */
  requested: number;
  matched: number;
};

export type PracticeTest = {
  id: string;
  userId: string;
  title: string;
  mode: PracticeMode;
  exam: ExamId;
  config: TestConfig;
  itemIds: string[];
  answers: (number | null)[];
  marked: boolean[];
  struck: number[][];
  seconds: number[];
  current: number;
  status: "active" | "submitted";
  secondsPerQuestion: number;
  startedAt: number;
  deadlineAt: number | null;
  submittedAt: number | null;
  correctCount: number | null;
  wrongCount: number | null;
  version: number;
  createdAt: number;
};

/** A practice_tests row as D1 answers it. */
export type PracticeTestRow = {
  id: string;
  user_id: string;
  title: string;
  mode: PracticeMode;
  exam: string;
  config: string;
  item_ids: string;
  answers: string;
  marked: string;
  struck: string;
  seconds: string;
  current: number;
  status: "active" | "submitted";
  seconds_per_question: number;
  started_at: number;
  deadline_at: number | null;
  submitted_at: number | null;
  correct_count: number | null;
  wrong_count: number | null;
  version: number;
  created_at: number;
};

function toTest(row: PracticeTestRow): PracticeTest {
  return {
    id: row.id,
    userId: row.user_id,
    title: row.title,
    mode: row.mode,
    exam: isExamId(row.exam) ? row.exam : "neet-pg",
    config: JSON.parse(row.config) as TestConfig,
    itemIds: JSON.parse(row.item_ids) as string[],
    answers: JSON.parse(row.answers) as (number | null)[],
    marked: JSON.parse(row.marked) as boolean[],
    struck: JSON.parse(row.struck) as number[][],
    seconds: JSON.parse(row.seconds) as number[],
    current: row.current,
    status: row.status,
    secondsPerQuestion: row.seconds_per_question,
    startedAt: row.started_at,
    deadlineAt: row.deadline_at,
    submittedAt: row.submitted_at,
    correctCount: row.correct_count,
    wrongCount: row.wrong_count,
    version: row.version,
    createdAt: row.created_at,
  };
}

/** A pool question as a test shows it (whatever its status in the pool now). */
export type TestItem = {
  id: string;
  subject: string;
  topic: string;
  question: string;
  options: string[];
  correctIndex: number;
  explanations: string[];
  takeaway: string;
  reference: string | null;
};

type ItemRow = { id: string; subject: string; topic: string; body: string };

function toItem(row: ItemRow): TestItem {
  const body = JSON.parse(row.body) as Omit<TestItem, "id" | "subject" | "topic">;
  return {
    id: row.id,
    subject: row.subject,
    topic: row.topic,
    question: body.question,
    options: body.options,
    correctIndex: body.correctIndex,
    explanations: body.explanations,
    takeaway: body.takeaway,
    reference: body.reference ?? null,
  };
}

/** Stands in for an item no longer in the pool, so the test still reads in order. */
function missingItem(id: string): TestItem {
  return {
    id,
    subject: "Removed",
    topic: "Removed",
    question: "This question is no longer in the question pool.",
    options: ["—", "—", "—", "—"],
    correctIndex: -1,
    explanations: ["", "", "", ""],
    takeaway: "This question was removed from the pool after the test was built.",
    reference: null,
  };
}

function testStatement(db: Database, userId: string, id: string): D1PreparedStatement {
  return db.$client
    .prepare("SELECT * FROM practice_tests WHERE id = ?1 AND user_id = ?2")
    .bind(id, userId);
}

function itemsStatement(db: Database, userId: string, id: string): D1PreparedStatement {
  return db.$client
    .prepare(
      `SELECT b.id, b.subject, b.topic, b.body
       FROM practice_tests p, json_each(p.item_ids) j JOIN bank_items b ON b.id = j.value
       WHERE p.id = ?1 AND p.user_id = ?2`,
    )
    .bind(id, userId);
}

function oneItemStatement(
  db: Database,
  userId: string,
  id: string,
  index: number,
): D1PreparedStatement {
  return db.$client
    .prepare(
      `SELECT b.id, b.subject, b.topic, b.body
       FROM practice_tests p JOIN bank_items b ON b.id = json_extract(p.item_ids, ?3)
       WHERE p.id = ?1 AND p.user_id = ?2`,
    )
    .bind(id, userId, `$[${index}]`);
}

function itemsInOrder(test: PracticeTest, rows: readonly ItemRow[]): TestItem[] {
  const byId = new Map(rows.map((row) => [row.id, toItem(row)]));
  return test.itemIds.map((id) => byId.get(id) ?? missingItem(id));
}

/** The answer-log ids of a test: `practice:{id}:` followed by the position. */
function logRange(testId: string): [string, string] {
  const prefix = answerEventId("practice", testId, 0).slice(0, -1);
  return [prefix, `${prefix.slice(0, -1)};`];
}

function flashcardKey(testId: string, index: number): string {
  return `practice:${testId}:${index}`;
}

// ---------------------------------------------------------------------------
// Ids.

function hex(bytes: Uint8Array, length: number): string {
  return [...bytes]
    .map((byte) => byte.toString(16).padStart(2, "0"))
    .join("")
    .slice(0, length);
}

/** A test's id: random, or derived from the learner and their request's key (a retry finds it). */
async function testId(userId: string, key: string | null): Promise<string> {
  if (!key) return `pt_${hex(crypto.getRandomValues(new Uint8Array(12)), 24)}`;
  const digest = await crypto.subtle.digest(
    "SHA-256",
    new TextEncoder().encode(`practice-test\u0000${userId}\u0000${key}`),
  );
  return `pt_${hex(new Uint8Array(digest), 24)}`;
}

// ---------------------------------------------------------------------------
// Building and starting.

export type StartInput = BuilderChoices & {
  /** Names the request: the same key again is the same test. */
  key?: string | null;
};

export type StartResult =
  | { ok: true; test: PracticeTest; created: boolean; shortfall: string | null }
  | { ok: false; status: 400 | 409; message: string };

type Plan = {
  title: string;
  criteria: Criteria;
  count: number;
  mode: PracticeMode;
  exam: ExamId;
  spreadBy: "subject" | "topic";
  quotas?: Map<string, number>;
  /** Said when nothing matches. */
  empty: string;
};

const MAX_TITLE = 120;

function listNames(names: string[]): string {
  if (names.length <= 3) return names.join(", ");
  return `${names.slice(0, 3).join(", ")} and ${names.length - 3} more`;
}

function builderTitle(scope: ScopeEntry[] | null, choices: BuilderChoices): string {
  const what = scope
    ? listNames(
        scope.every((entry) => entry.topic === null)
          ? scope.map((entry) => entry.subject)
          : scope.map((entry) =>
              entry.topic ? `${entry.topic} (${entry.subject})` : entry.subject,
            ),
      )
    : "All subjects";
  const filters = [
    choices.status === "all" ? null : PRACTICE_LABELS.status[choices.status],
    choices.difficulty === "any" ? null : PRACTICE_LABELS.difficulty[choices.difficulty],
  ].filter(Boolean);
  const title = filters.length ? `${what} · ${filters.join(", ")}` : what;
  return title.length <= MAX_TITLE ? title : `${title.slice(0, MAX_TITLE - 1).trimEnd()}…`;
}

const DAY_FORMAT = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  timeZone: "UTC",
});

/** What a choice or a set asks for; a refusal when it names nothing the pool holds. */
async function planFor(
  db: Database,
  userId: string,
  choices: BuilderChoices,
  now: number,
): Promise<Plan | { ok: false; status: 400 | 409; message: string }> {
  const base = { mode: choices.mode, exam: choices.exam, spreadBy: "subject" as const };
  switch (choices.set) {
    case "high-yield": {
      const quotas = highYieldQuotas();
      return {
        ...base,
        title: "High-yield in 20 minutes",
        mode: "timed",
        exam: HIGH_YIELD.exam,
        count: HIGH_YIELD.questions,
        criteria: {
          scope: quotas.map(({ subject }) => ({ subject, topic: null })),
          difficulty: "any",
          status: "all",
        },
        quotas: new Map(quotas.map(({ subject, questions }) => [subject, questions])),
        empty: PRACTICE_MESSAGES.noMatch,
      };
    }
    case "weak-topics": {
      // Ranked for the exam chosen (the /practice page sends the one its list was ranked for).
      const [ranked, catalogue] = await Promise.all([
        weakTopics(db, userId, choices.exam, Number.POSITIVE_INFINITY),
        practiceCatalogue(db),
      ]);
      const weak = poolWeakTopics(ranked, catalogue).topics;
      if (weak.length === 0) {
        return { ok: false, status: 409, message: PRACTICE_MESSAGES.noWeakTopics };
      }
      return {
        ...base,
        title: "My weak topics",
        spreadBy: "topic",
        count: WEAK_TOPICS_SET_COUNT,
        criteria: {
          scope: weak.map(({ subject, topic }) => ({ subject, topic })),
          difficulty: "any",
          status: "all",
        },
        empty: PRACTICE_MESSAGES.noMatch,
      };
    }
    case "yesterday-mistakes": {
      const { results } = await yesterdayMistakesStatement(db, userId, now).all<{ id: string }>();
      if (results.length === 0) {
        return { ok: false, status: 409, message: PRACTICE_MESSAGES.noMistakesYesterday };
      }
      const { day } = indiaYesterday(now);
      return {
        ...base,
        title: `Yesterday's mistakes (${DAY_FORMAT.format(new Date(`${day}T00:00:00Z`))})`,
        count: Math.min(results.length, PRACTICE_LIMITS.maxCount),
        criteria: {
          scope: null,
          difficulty: "any",
          status: "all",
          itemIds: results.map((row) => row.id),
        },
        empty: PRACTICE_MESSAGES.noMistakesYesterday,
      };
    }
    case "subject": {
      if (choices.subject.length !== 1) {
        return { ok: false, status: 400, message: PRACTICE_MESSAGES.subjectForSet };
      }
      const { scope, unknown } = resolveScope(await practiceCatalogue(db), choices.subject, []);
      if (unknown.length > 0 || !scope) {
        return { ok: false, status: 400, message: unknownNamesMessage(unknown) };
      }
      return {
        ...base,
        title: `${scope[0]!.subject}: subject-wise set`,
        count: SUBJECT_SET_COUNT,
        criteria: { scope, difficulty: "any", status: "all" },
        empty: PRACTICE_MESSAGES.noMatch,
      };
    }
    default: {
      const { scope, unknown } = resolveScope(
        await practiceCatalogue(db),
        choices.subject,
        choices.topic,
      );
      if (unknown.length > 0) {
        return { ok: false, status: 400, message: unknownNamesMessage(unknown) };
      }
      return {
        ...base,
        title: builderTitle(scope, choices),
        count: choices.count,
        criteria: { scope, difficulty: choices.difficulty, status: choices.status },
        empty: PRACTICE_MESSAGES.noMatch,
      };
    }
  }
}

/** Which pool questions the builder's choices match, for its count before anything is made. */
export function builderCriteria(
  catalogue: Parameters<typeof resolveScope>[0],
  choices: BuilderChoices,
): { criteria: Criteria; unknown: string[] } {
  const { scope, unknown } = resolveScope(catalogue, choices.subject, choices.topic);
  return {
    criteria: { scope, difficulty: choices.difficulty, status: choices.status },
    unknown,
  };
}

/**
 * Builds a test and starts it. The pool is asked for `count` questions; with
 * fewer matching the test has what there is (`shortfall` says so), with none
 * nothing is made (409). A key already used answers the test it made.
 */
export async function startPracticeTest(
  deps: PracticeDeps,
  userId: string,
  input: StartInput,
): Promise<StartResult> {
  const { key = null, ...choices } = input;
  const id = await testId(userId, key);
  if (key) {
    const existing = await testStatement(deps.db, userId, id).first<PracticeTestRow>();
    if (existing) return { ok: true, test: toTest(existing), created: false, shortfall: null };
  }
  const now = deps.now();
  const plan = await planFor(deps.db, userId, choices, now);
  if ("ok" in plan) return plan;
  const rows = await matchingItems(deps.db, userId, plan.criteria);
  if (rows.length === 0) return { ok: false, status: 409, message: plan.empty };
  const picked = pickItems(rows, plan.count, { spreadBy: plan.spreadBy, quotas: plan.quotas });
  const marks = await markedAmong(deps.db, userId, picked);
  const secondsPerQuestion = EXAMS[plan.exam].secondsPerQuestion;
  const n = picked.length;
  const config: TestConfig = {
    choices: {
      subject: choices.subject,
      topic: choices.topic,
      difficulty: choices.difficulty,
      status: choices.status,
      count: choices.count,
      mode: plan.mode,
      exam: plan.exam,
    },
    set: choices.set ?? null,
    requested: plan.count,
    matched: rows.length,
  };
  const inserted = await deps.db.$client
    .prepare(
      `INSERT OR IGNORE INTO practice_tests
         (id, user_id, title, mode, exam, config, item_ids, answers, marked, struck, seconds,
          current, status, seconds_per_question, started_at, deadline_at, version, created_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, 0, 'active', ?12, ?13, ?14, 0, ?13, ?13)`,
    )
    .bind(
      id,
      userId,
      plan.title,
      plan.mode,
      plan.exam,
      JSON.stringify(config),
      JSON.stringify(picked.map((row) => row.id)),
      JSON.stringify(Array(n).fill(null)),
      JSON.stringify(picked.map((row) => marks.has(row.id))),
      JSON.stringify(picked.map(() => [])),
      JSON.stringify(Array(n).fill(0)),
      secondsPerQuestion,
      now,
      plan.mode === "timed" ? now + n * secondsPerQuestion * 1000 : null,
    )
    .run();
  const row = await testStatement(deps.db, userId, id).first<PracticeTestRow>();
  if (!row) throw new Error(`practice test ${id} was not stored`);
  const test = toTest(row);
  const created = inserted.meta.changes > 0;
  return {
    ok: true,
    test,
    created,
    shortfall: created && n < plan.count ? shortfallMessage(n, plan.count) : null,
  };
}

/** Which of the picked questions the learner has marked for review (a test starts with them marked). */
async function markedAmong(
  db: Database,
  userId: string,
  picked: readonly MatchRow[],
): Promise<Set<string>> {
  if (picked.length === 0) return new Set();
  const { results } = await db.$client
    .prepare(
      `SELECT item_id FROM item_marks
       WHERE user_id = ?1 AND item_id IN (SELECT value FROM json_each(?2))`,
    )
    .bind(userId, JSON.stringify(picked.map((row) => row.id)))
    .all<{ item_id: string }>();
  return new Set(results.map((row) => row.item_id));
}

// ---------------------------------------------------------------------------
// Reading (and submitting at the deadline).

export type LoadedTest = {
  test: PracticeTest;
  items: TestItem[];
  /** Error-log tags by position (submitted or tutor-answered wrong answers). */
  mistakes: Map<number, MistakeKind | null>;
  /** Positions a flashcard was made from. */
  flashcards: Set<number>;
  /** The read found the time up and submitted the test. */
  timeUp: boolean;
};

function isPastDeadline(
  test: Pick<PracticeTest, "status" | "mode" | "deadlineAt">,
  now: number,
  graceMs = 0,
): boolean {
  return (
    test.status === "active" &&
    test.mode === "timed" &&
    test.deadlineAt !== null &&
    now >= test.deadlineAt + graceMs
  );
}

/** The reads of a test with its questions, error-log tags and flashcards, as one batch. */
export function practiceTestStatements(
  db: Database,
  userId: string,
  id: string,
): D1PreparedStatement[] {
  const [from, to] = logRange(id);
  return [
    testStatement(db, userId, id),
    itemsStatement(db, userId, id),
    db.$client
      .prepare(
        `SELECT position, mistake FROM answer_events WHERE user_id = ?1 AND id >= ?2 AND id < ?3`,
      )
      .bind(userId, from, to),
    db.$client
      .prepare(
        `SELECT client_key AS key FROM flashcards WHERE user_id = ?1 AND client_key >= ?2 AND client_key < ?3`,
      )
      .bind(userId, `practice:${id}:`, `practice:${id};`),
  ];
}

/**
 * A test with its questions, error-log tags and flashcards; null when it is
 * not the learner's. A timed test past its deadline is submitted first.
 * `read` gives practiceTestStatements' results when the page's reads rode with
 * the chrome's batch; by default they are read here, in one batch.
 */
export async function readPracticeTest(
  deps: PracticeDeps,
  userId: string,
  id: string,
  read: () => Promise<D1Result[]> = () =>
    deps.db.$client.batch(practiceTestStatements(deps.db, userId, id)),
): Promise<LoadedTest | null> {
  const db = deps.db;
  const [testRows, itemRows, eventRows, cardRows] = await read();
  const row = testRows?.results[0] as PracticeTestRow | undefined;
  if (!row) return null;
  let test = toTest(row);
  const items = itemsInOrder(test, (itemRows?.results ?? []) as ItemRow[]);
  const events = (eventRows?.results ?? []) as { position: number; mistake: MistakeKind | null }[];
  const mistakes = new Map(events.map((event) => [event.position, event.mistake]));
  const flashcards = new Set(
    ((cardRows?.results ?? []) as { key: string }[]).map((card) =>
      Number(card.key.slice(`practice:${id}:`.length)),
    ),
  );
  let timeUp = false;
  if (isPastDeadline(test, deps.now())) {
    const submitted = await submitLoaded(deps, userId, { test, items });
    if (submitted.status !== "submitted") return null;
    test = submitted.test;
    timeUp = true;
  } else if (test.status === "submitted" && events.length < answeredCount(test)) {
    // A submit cut short before its answers were logged: log them now (nothing twice).
    await logTestAnswers(db, test, items, test.submittedAt!);
  }
  return { test, items, mistakes, flashcards, timeUp };
}

function answeredCount(test: PracticeTest): number {
  return test.answers.filter((answer) => answer !== null).length;
}

// ---------------------------------------------------------------------------
// Saving an answer, a mark, struck options, time.

export type AnswerChange = {
  index: number;
  /** 0–3; null clears the answer (timed mode). Left out: unchanged. */
  choice?: number | null;
  marked?: boolean;
  struck?: number[];
  /** Seconds spent on the question since the last save. */
  seconds?: number;
  /** Where the learner now is (resumes there). */
  current?: number;
};

type Applied =
  | { ok: true; next: PracticeTest; answeredNow: boolean; markChanged: boolean }
  | { ok: false; status: "invalid" | "final"; message: string };

function applyChange(test: PracticeTest, change: AnswerChange): Applied {
  const n = test.itemIds.length;
  const { index } = change;
  if (!Number.isInteger(index) || index < 0 || index >= n) {
    return { ok: false, status: "invalid", message: PRACTICE_MESSAGES.index };
  }
  const { choice } = change;
  if (
    choice !== undefined &&
    choice !== null &&
    !(Number.isInteger(choice) && choice >= 0 && choice <= 3)
  ) {
    return { ok: false, status: "invalid", message: PRACTICE_MESSAGES.choice };
  }
  const answers = [...test.answers];
  const marked = [...test.marked];
  const struck = test.struck.map((options) => [...options]);
  const seconds = [...test.seconds];
  const before = answers[index] ?? null;
  let answeredNow = false;
  if (change.choice !== undefined && change.choice !== before) {
    if (test.mode === "tutor" && before !== null) {
      return { ok: false, status: "final", message: PRACTICE_MESSAGES.tutorFinal };
    }
    answers[index] = change.choice;
    answeredNow = test.mode === "tutor" && change.choice !== null;
  }
  // In tutor mode a question's time stops once it is answered (reading the explanation is not answering).
  const timing = test.mode === "timed" || before === null;
  if (change.seconds !== undefined && timing) {
    const spent = Math.max(
      0,
      Math.min(PRACTICE_LIMITS.maxSecondsPerSave, Math.round(change.seconds)),
    );
    seconds[index] = (seconds[index] ?? 0) + spent;
  }
  const markChanged = change.marked !== undefined && change.marked !== marked[index];
  if (change.marked !== undefined) marked[index] = change.marked;
  if (change.struck !== undefined) {
    struck[index] = [...new Set(change.struck)]
      .filter((option) => Number.isInteger(option) && option >= 0 && option <= 3)
      .sort((a, b) => a - b);
  }
  const current =
    change.current !== undefined ? Math.max(0, Math.min(n - 1, change.current)) : test.current;
  return {
    ok: true,
    next: { ...test, answers, marked, struck, seconds, current },
    answeredNow,
    markChanged,
  };
}

/** The guarded write of a test's state; `submit` also closes it with its score. */
function writeStatements(
  db: Database,
  test: PracticeTest,
  next: PracticeTest,
  now: number,
  markIndex: number | null,
): D1PreparedStatement[] {
  const version = test.version + 1;
  const statements = [
    db.$client
      .prepare(
        `UPDATE practice_tests SET answers = ?4, marked = ?5, struck = ?6, seconds = ?7, current = ?8,
           status = ?9, submitted_at = ?10, correct_count = ?11, wrong_count = ?12,
           version = ?13, updated_at = ?14
         WHERE id = ?1 AND user_id = ?2 AND version = ?3`,
      )
      .bind(
        test.id,
        test.userId,
        test.version,
        JSON.stringify(next.answers),
        JSON.stringify(next.marked),
        JSON.stringify(next.struck),
        JSON.stringify(next.seconds),
        next.current,
        next.status,
        next.submittedAt,
        next.correctCount,
        next.wrongCount,
        version,
        now,
      ),
  ];
  if (markIndex !== null) {
    // Kept in item_marks for "marked" tests, only when this write is the one that landed.
    const itemId = next.itemIds[markIndex]!;
    statements.push(
      next.marked[markIndex]
        ? db.$client
            .prepare(
              `INSERT OR IGNORE INTO item_marks (user_id, item_id, created_at)
               SELECT ?1, ?2, ?3 WHERE EXISTS
                 (SELECT 1 FROM practice_tests WHERE id = ?4 AND user_id = ?1 AND version = ?5)`,
            )
            .bind(test.userId, itemId, now, test.id, version)
        : db.$client
            .prepare(
              `DELETE FROM item_marks WHERE user_id = ?1 AND item_id = ?2 AND EXISTS
                 (SELECT 1 FROM practice_tests WHERE id = ?3 AND user_id = ?1 AND version = ?4)`,
            )
            .bind(test.userId, itemId, test.id, version),
    );
  }
  return statements;
}

export type SaveOutcome =
  | { status: "saved"; test: PracticeTest; item: TestItem }
  | { status: "submitted"; test: PracticeTest; items: TestItem[]; timeUp: boolean }
  | { status: "not-found" }
  | { status: "invalid" | "final"; message: string };

/**
 * Saves one question's answer, mark, struck options and time. In tutor mode
 * the first answer is checked, final and logged at once. A timed test past
 * its deadline takes no more answers: it is submitted instead.
 */
export async function saveAnswer(
  deps: PracticeDeps,
  userId: string,
  id: string,
  change: AnswerChange,
): Promise<SaveOutcome> {
  const db = deps.db;
  const index = Number.isInteger(change.index) ? change.index : -1;
  for (let tries = 0; tries < MAX_TRIES; tries++) {
    const [testRows, itemRows] = await db.$client.batch([
      testStatement(db, userId, id),
      oneItemStatement(db, userId, id, Math.max(0, index)),
    ]);
    const row = testRows?.results[0] as PracticeTestRow | undefined;
    if (!row) return { status: "not-found" };
    const test = toTest(row);
    const now = deps.now();
    if (test.status === "submitted" || isPastDeadline(test, now, PRACTICE_LIMITS.deadlineGraceMs)) {
      return submitPracticeTest(deps, userId, id);
    }
    const applied = applyChange(test, change);
    if (!applied.ok) return { status: applied.status, message: applied.message };
    const itemRow = itemRows?.results[0] as ItemRow | undefined;
    const item = itemRow ? toItem(itemRow) : missingItem(test.itemIds[index]!);
    const [update] = await db.$client.batch(
      writeStatements(db, test, applied.next, now, applied.markChanged ? index : null),
    );
    if ((update?.meta.changes ?? 0) === 0) {
      await backOff(tries + 1);
      continue;
    }
    const saved = { ...applied.next, version: test.version + 1 };
    if (applied.answeredNow) {
      const chosen = saved.answers[index]!;
      await logAnswers(db, {
        userId,
        source: "practice",
        sourceId: id,
        answers: [
          {
            position: index,
            itemId: item.id,
            chosen,
            correct: chosen === item.correctIndex,
            seconds: saved.seconds[index] ?? null,
          },
        ],
        fallback: { subject: "Mixed", topic: test.title },
        answeredAt: now,
      });
    }
    // Saved within the grace after the deadline: the answer counts, and the test closes now.
    if (isPastDeadline(saved, now)) return submitPracticeTest(deps, userId, id);
    return { status: "saved", test: saved, item };
  }
  throw new Error(`saving practice test ${id} kept conflicting`);
}

// ---------------------------------------------------------------------------
// Submitting.

export type SubmitOutcome =
  | { status: "submitted"; test: PracticeTest; items: TestItem[]; timeUp: boolean }
  | { status: "not-found" };

function countsOf(test: PracticeTest, items: readonly TestItem[]) {
  let correct = 0;
  let wrong = 0;
  test.answers.forEach((answer, index) => {
    if (answer === null) return;
    if (answer === items[index]?.correctIndex) correct += 1;
    else wrong += 1;
  });
  return { correct, wrong, unattempted: test.answers.length - correct - wrong };
}

/** Every answered question of a test into the answer log (already logged ones stay as they are). */
async function logTestAnswers(
  db: Database,
  test: PracticeTest,
  items: readonly TestItem[],
  answeredAt: number,
) {
  await logAnswers(db, {
    userId: test.userId,
    source: "practice",
    sourceId: test.id,
    answers: test.answers.flatMap((chosen, position) =>
      chosen === null
        ? []
        : [
            {
              position,
              itemId: test.itemIds[position]!,
              chosen,
              correct: chosen === items[position]?.correctIndex,
              seconds: test.seconds[position] ?? null,
            },
          ],
    ),
    fallback: { subject: "Mixed", topic: test.title },
    answeredAt,
  });
}

async function submitLoaded(
  deps: PracticeDeps,
  userId: string,
  loaded: { test: PracticeTest; items: TestItem[] } | null,
): Promise<SubmitOutcome> {
  const db = deps.db;
  let current = loaded;
  for (let tries = 0; tries < MAX_TRIES; tries++) {
    if (!current) return { status: "not-found" };
    const { test, items } = current;
    if (test.status === "submitted") return { status: "submitted", test, items, timeUp: false };
    const now = deps.now();
    const timeUp = isPastDeadline(test, now);
    const submittedAt = timeUp ? test.deadlineAt! : now;
    const counts = countsOf(test, items);
    const next: PracticeTest = {
      ...test,
      status: "submitted",
      submittedAt,
      correctCount: counts.correct,
      wrongCount: counts.wrong,
      version: test.version + 1,
    };
    const [update] = await db.$client.batch(writeStatements(db, test, next, now, null));
    if ((update?.meta.changes ?? 0) > 0) {
      await logTestAnswers(db, next, items, submittedAt);
      return { status: "submitted", test: next, items, timeUp };
    }
    await backOff(tries + 1);
    const [testRows, itemRows] = await db.$client.batch([
      testStatement(db, userId, test.id),
      itemsStatement(db, userId, test.id),
    ]);
    const row = testRows?.results[0] as PracticeTestRow | undefined;
    current = row
      ? {
          test: toTest(row),
          items: itemsInOrder(toTest(row), (itemRows?.results ?? []) as ItemRow[]),
        }
      : null;
  }
  throw new Error(`submitting practice test ${loaded?.test.id} kept conflicting`);
}

/** Submits the test (again: the same results), marking it with its exam's scheme. */
export async function submitPracticeTest(
  deps: PracticeDeps,
  userId: string,
  id: string,
): Promise<SubmitOutcome> {
  const db = deps.db;
  const [testRows, itemRows] = await db.$client.batch([
    testStatement(db, userId, id),
    itemsStatement(db, userId, id),
  ]);
  const row = testRows?.results[0] as PracticeTestRow | undefined;
  if (!row) return { status: "not-found" };
  const test = toTest(row);
  return submitLoaded(deps, userId, {
    test,
    items: itemsInOrder(test, (itemRows?.results ?? []) as ItemRow[]),
  });
}

// ---------------------------------------------------------------------------
// Listing.

export type TestPage = { tests: PracticeTestSummary[]; total: number };

/** The learner's tests, newest first; a timed test whose time ran out is submitted on the way. */
export async function listPracticeTests(
  deps: PracticeDeps,
  userId: string,
  page: { offset: number; limit: number },
): Promise<TestPage> {
  const [rows, totals] = await deps.db.$client.batch([
    listStatement(deps.db, userId, page),
    testCountStatement(deps.db, userId),
  ]);
  return {
    tests: await summariesOf(deps, userId, (rows?.results ?? []) as PracticeTestListRow[]),
    total: (totals?.results[0] as { n: number } | undefined)?.n ?? 0,
  };
}

/** How many tests the learner has (batchable). */
export function testCountStatement(db: Database, userId: string): D1PreparedStatement {
  return db.$client
    .prepare("SELECT count(*) AS n FROM practice_tests WHERE user_id = ?1")
    .bind(userId);
}

/** A listed test: its summary's columns, with the counts SQLite takes from the JSON columns. */
export type PracticeTestListRow = Pick<
  PracticeTestRow,
  | "id"
  | "title"
  | "mode"
  | "exam"
  | "status"
  | "seconds_per_question"
  | "created_at"
  | "deadline_at"
  | "submitted_at"
  | "correct_count"
  | "wrong_count"
> & { question_count: number; answered_count: number; marked_count: number };

/**
 * The newest tests (batchable; summariesOf turns the rows into summaries).
 * Only what a summary shows: a test's questions, answers and timings stay
 * in D1, counted there (a list of 20 full tests was ~100 KB to read).
 */
export function listStatement(
  db: Database,
  userId: string,
  page: { offset: number; limit: number },
): D1PreparedStatement {
  return db.$client
    .prepare(
      `SELECT id, title, mode, exam, status, seconds_per_question, created_at, deadline_at,
              submitted_at, correct_count, wrong_count,
              json_array_length(item_ids) AS question_count,
              (SELECT count(*) FROM json_each(practice_tests.answers)
                WHERE json_each.type <> 'null') AS answered_count,
              (SELECT count(*) FROM json_each(practice_tests.marked)
                WHERE json_each.type = 'true') AS marked_count
       FROM practice_tests WHERE user_id = ?1
       ORDER BY created_at DESC, id LIMIT ?2 OFFSET ?3`,
    )
    .bind(userId, page.limit, page.offset);
}

/** Summaries of listed tests; a timed test whose time ran out is submitted on the way. */
export async function summariesOf(
  deps: PracticeDeps,
  userId: string,
  rows: readonly PracticeTestListRow[],
): Promise<PracticeTestSummary[]> {
  const now = deps.now();
  return Promise.all(
    rows.map(async (row) => {
      const listed: SummaryFields = {
        id: row.id,
        title: row.title,
        mode: row.mode,
        exam: isExamId(row.exam) ? row.exam : "neet-pg",
        status: row.status,
        questionCount: row.question_count,
        answeredCount: row.answered_count,
        markedCount: row.marked_count,
        secondsPerQuestion: row.seconds_per_question,
        createdAt: row.created_at,
        deadlineAt: row.deadline_at,
        submittedAt: row.submitted_at,
        correctCount: row.correct_count,
        wrongCount: row.wrong_count,
      };
      if (!isPastDeadline(listed, now)) return summaryOf(listed);
      const submitted = await submitPracticeTest(deps, userId, row.id);
      return submitted.status === "submitted" ? testSummary(submitted.test) : summaryOf(listed);
    }),
  );
}

// ---------------------------------------------------------------------------
// Views (shared by the pages and the API).

export function markingOf(exam: ExamId): Marking {
  const { marking, markingLabel } = EXAMS[exam];
  return { ...marking, label: markingLabel };
}

/** What a summary is made from, whether the whole test was read or only its listing. */
type SummaryFields = Pick<
  PracticeTest,
  | "id"
  | "title"
  | "mode"
  | "exam"
  | "status"
  | "secondsPerQuestion"
  | "createdAt"
  | "deadlineAt"
  | "submittedAt"
  | "correctCount"
  | "wrongCount"
> & { questionCount: number; answeredCount: number; markedCount: number };

function summaryOf(test: SummaryFields): PracticeTestSummary {
  const n = test.questionCount;
  const submitted = test.status === "submitted";
  const correct = test.correctCount ?? 0;
  const wrong = test.wrongCount ?? 0;
  return {
    id: test.id,
    title: test.title,
    mode: test.mode,
    exam: test.exam,
    examName: EXAMS[test.exam].name,
    status: test.status,
    questionCount: n,
    answeredCount: test.answeredCount,
    markedCount: test.markedCount,
    secondsPerQuestion: test.secondsPerQuestion,
    createdAt: test.createdAt,
    deadlineAt: test.deadlineAt,
    submittedAt: test.submittedAt,
    score: submitted
      ? examScore(test.exam, { correct, wrong, unattempted: n - correct - wrong })
      : null,
    maxScore: examMaxScore(test.exam, n),
    correctCount: submitted ? correct : null,
    wrongCount: submitted ? wrong : null,
  };
}

export function testSummary(test: PracticeTest): PracticeTestSummary {
  return summaryOf({
    ...test,
    questionCount: test.itemIds.length,
    answeredCount: answeredCount(test),
    markedCount: test.marked.filter(Boolean).length,
  });
}

/** Whether question `index`'s key may be shown: after submit, or in tutor mode once answered. */
function isRevealed(test: PracticeTest, index: number): boolean {
  return test.status === "submitted" || (test.mode === "tutor" && test.answers[index] !== null);
}

export function questionView(test: PracticeTest, item: TestItem, index: number): PracticeQuestion {
  const choice = test.answers[index] ?? null;
  const reveal: Reveal | null = isRevealed(test, index)
    ? {
        correctIndex: item.correctIndex,
        correct: choice !== null && choice === item.correctIndex,
        explanations: item.explanations,
        takeaway: item.takeaway,
        reference: item.reference,
      }
    : null;
  return {
    index,
    itemId: item.id,
    subject: item.subject,
    topic: item.topic,
    question: item.question,
    options: item.options,
    choice,
    marked: test.marked[index] ?? false,
    struck: test.struck[index] ?? [],
    seconds: test.seconds[index] ?? 0,
    reveal,
  };
}

export function navigatorOf(test: PracticeTest, items: readonly TestItem[]): NavigatorEntry[] {
  return test.itemIds.map((_, index) => {
    const answer = test.answers[index] ?? null;
    return {
      index,
      answered: answer !== null,
      marked: test.marked[index] ?? false,
      correct:
        answer !== null && isRevealed(test, index) ? answer === items[index]?.correctIndex : null,
    };
  });
}

/** The taking screen for question `index` (the test's current one when out of range). */
export function takingView(loaded: LoadedTest, index: number, now: number): TakingView {
  const { test, items } = loaded;
  const at = Number.isInteger(index) && index >= 0 && index < items.length ? index : test.current;
  return {
    test: testSummary(test),
    marking: markingOf(test.exam),
    navigator: navigatorOf(test, items),
    question: questionView(test, items[at]!, at),
    mistake: loaded.mistakes.get(at) ?? null,
    inFlashcards: loaded.flashcards.has(at),
    now,
  };
}

function accuracyRows(
  questions: readonly ResultQuestion[],
  keyOf: (question: ResultQuestion) => { subject: string; topic: string | null },
): AccuracyRow[] {
  const rows = new Map<string, AccuracyRow>();
  for (const question of questions) {
    const { subject, topic } = keyOf(question);
    const key = `${subject}::${topic ?? ""}`;
    const row = rows.get(key) ?? {
      subject,
      topic,
      questions: 0,
      correct: 0,
      wrong: 0,
      unattempted: 0,
      accuracy: null,
    };
    row.questions += 1;
    if (question.choice === null) row.unattempted += 1;
    else if (question.reveal.correct) row.correct += 1;
    else row.wrong += 1;
    rows.set(key, row);
  }
  return [...rows.values()]
    .map((row) => ({
      ...row,
      accuracy:
        row.correct + row.wrong === 0
          ? null
          : Math.round((row.correct / (row.correct + row.wrong)) * 100),
    }))
    .sort(
      (a, b) =>
        (a.accuracy ?? 101) - (b.accuracy ?? 101) ||
        b.questions - a.questions ||
        a.subject.localeCompare(b.subject),
    );
}

/** A submitted test's results: the exam's score, time, accuracy by subject and topic, each question. */
export function practiceResults(loaded: LoadedTest): PracticeResults {
  const { test, items } = loaded;
  const questions: ResultQuestion[] = items.map((item, index) => {
    const view = questionView(test, item, index);
    return {
      ...view,
      reveal: view.reveal!,
      mistake: loaded.mistakes.get(index) ?? null,
      inFlashcards: loaded.flashcards.has(index),
    };
  });
  const { correct, wrong, unattempted } = countsOf(test, items);
  return {
    test: testSummary(test),
    marking: markingOf(test.exam),
    score: examScore(test.exam, { correct, wrong, unattempted }),
    maxScore: examMaxScore(test.exam, items.length),
    correct,
    wrong,
    unattempted,
    accuracy: correct + wrong === 0 ? null : Math.round((correct / (correct + wrong)) * 100),
    totalSeconds: test.seconds.reduce((sum, seconds) => sum + seconds, 0),
    bySubject: accuracyRows(questions, (question) => ({ subject: question.subject, topic: null })),
    byTopic: accuracyRows(questions, (question) => ({
      subject: question.subject,
      topic: question.topic,
    })),
    questions,
  };
}

// ---------------------------------------------------------------------------
// After answering: the error log and flashcards.

export type MissedOutcome =
  { ok: true; message: string } | { ok: false; status: 400 | 404 | 409; message: string };

/** A question whose answer may be seen and was not right: its test and item, or why not. */
async function missedQuestion(
  deps: PracticeDeps,
  userId: string,
  id: string,
  index: number,
  options: { wrongOnly: boolean },
): Promise<{ loaded: LoadedTest; item: TestItem } | Extract<MissedOutcome, { ok: false }>> {
  const loaded = await readPracticeTest(deps, userId, id);
  if (!loaded) return { ok: false, status: 404, message: PRACTICE_MESSAGES.notFound };
  const { test, items } = loaded;
  if (!Number.isInteger(index) || index < 0 || index >= items.length) {
    return { ok: false, status: 400, message: PRACTICE_MESSAGES.index };
  }
  if (!isRevealed(test, index)) {
    return { ok: false, status: 409, message: PRACTICE_MESSAGES.notSubmitted };
  }
  const answer = test.answers[index] ?? null;
  const item = items[index]!;
  const missed = answer === null ? !options.wrongOnly : answer !== item.correctIndex;
  if (!missed) return { ok: false, status: 409, message: PRACTICE_MESSAGES.notWrong };
  return { loaded, item };
}

export function isMistakeKind(value: unknown): value is MistakeKind {
  return typeof value === "string" && (MISTAKE_KINDS as readonly string[]).includes(value);
}

/** Tags why a wrong answer was missed (null clears the tag): the error log. */
export async function tagPracticeMistake(
  deps: PracticeDeps,
  userId: string,
  id: string,
  index: number,
  mistake: MistakeKind | null,
): Promise<MissedOutcome> {
  const found = await missedQuestion(deps, userId, id, index, { wrongOnly: true });
  if ("ok" in found) return found;
  const { test, items } = found.loaded;
  // The answer is in the log already, unless logging it was cut short: then it is now.
  await logTestAnswers(deps.db, test, items, test.submittedAt ?? deps.now());
  const tagged = await tagMistake(deps.db, userId, answerEventId("practice", id, index), mistake);
  if (!tagged) return { ok: false, status: 409, message: PRACTICE_MESSAGES.notWrong };
  return {
    ok: true,
    message: mistake ? PRACTICE_MESSAGES.mistakeSaved : PRACTICE_MESSAGES.mistakeCleared,
  };
}

const cut = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;

/**
 * "Add to flashcards" from a missed question: a card (FSRS, source 'quiz')
 * asking the stem, answered by the right option and the takeaway, filed under
 * the subject. Once per question: a second click finds the first card.
 */
export async function addPracticeFlashcard(
  deps: FlashcardDeps,
  userId: string,
  id: string,
  index: number,
): Promise<MissedOutcome> {
  const found = await missedQuestion(deps, userId, id, index, { wrongOnly: false });
  if ("ok" in found) return found;
  const { item } = found;
  const letter = OPTION_LETTERS[item.correctIndex] ?? "";
  const parsed = flashcardSchema.safeParse({
    question: cut(item.question, FLASHCARD_LIMITS.maxQuestion),
    answer: cut(
      `${letter}. ${item.options[item.correctIndex] ?? ""}\n\n${item.takeaway}`,
      FLASHCARD_LIMITS.maxAnswer,
    ),
    category: cut(cleanCategory(item.subject), FLASHCARD_LIMITS.maxCategory) || DEFAULT_CATEGORY,
  });
  if (!parsed.success) {
    return {
      ok: false,
      status: 409,
      message: parsed.error.issues[0]?.message ?? PRACTICE_MESSAGES.failed,
    };
  }
  const result = await createFlashcard(deps, userId, parsed.data, {
    key: flashcardKey(id, index),
    source: "quiz",
  });
  if (!result.ok) return { ok: false, status: 409, message: result.message };
  return {
    ok: true,
    message: result.created ? PRACTICE_MESSAGES.flashcardAdded : PRACTICE_MESSAGES.flashcardExists,
  };
}

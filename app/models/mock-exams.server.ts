/**
 * Sitting a mock exam (docs/decisions/042-mock-exams.md): starting one on a
 * numbered or fresh random paper, the server's clock for each section,
 * answer saves, moving on and submitting. Every rule is decided here from
 * the server's clock (`deps.now`), never the browser's:
 *
 * - A section runs from its start for its minutes; when they are up it
 *   locks and the next opens, chained from the scheduled end (a learner
 *   away for an hour comes back to the section the clock has reached).
 *   Ending a section early opens the next with its full time; the time left
 *   unused is not carried forward.
 * - Any read or save at or after the paper's end submits it with the
 *   answers saved by then; a read after a section's end moves the sitting
 *   on and a save to a locked section is refused.
 * - A save is one row per question (mock_answers: the choice, the review
 *   mark, the seconds) written by one UPSERT statement for a whole batch,
 *   which checks in the same statement that the sitting is running and the
 *   questions belong to the section open now; it never rewrites the paper.
 * - One sitting runs at a time for a learner.
 *
 * Someone else's sitting reads exactly like one that does not exist.
 */
import type { Database } from "~/db/client.server";
import { EXAMS, examScore } from "~/lib/exams";
import {
  type AnswerSave,
  MOCK_MESSAGES,
  type MockQuestionView,
  type MockSectionView,
  type MockSitting,
  type MockSummary,
  type PaletteState,
  type PaperChoice,
  activeMockMessage,
  paletteState,
  positionRangeMessage,
  sectionLockedMessage,
  sectionNotOpenMessage,
} from "~/lib/mock-exams";
import {
  MOCK_PATTERNS,
  type MockLength,
  type MockPatternId,
  type MockSection,
  mockTitle,
} from "~/lib/mock-patterns";
import type { AppContext } from "~/load-context";
import { logAnswersStatement } from "./answer-log.server";
import {
  insertPaperStatement,
  type MockPaper,
  numberedPaper,
  paperFromRow,
  type PaperRow,
  randomPaper,
} from "./mock-papers.server";

export type MockDeps = { db: Database; now: () => number };

export function mockDeps(context: AppContext, now: () => number = Date.now): MockDeps {
  return { db: context.db, now };
}

const MINUTE_MS = 60_000;

/** A sitting as stored, with its paper. */
export type MockAttempt = {
  id: string;
  userId: string;
  status: "active" | "submitted";
  sectionIndex: number;
  sectionEndsAt: number;
  endsAt: number;
  startedAt: number;
  submittedAt: number | null;
  correct: number | null;
  wrong: number | null;
  unattempted: number | null;
  score: number | null;
  version: number;
  paper: MockPaper;
};

export type AttemptRow = Omit<PaperRow, "id"> & {
  id: string;
  user_id: string;
  paper_id: string;
  status: "active" | "submitted";
  section_index: number;
  section_ends_at: number;
  ends_at: number;
  started_at: number;
  submitted_at: number | null;
  correct_count: number | null;
  wrong_count: number | null;
  unattempted_count: number | null;
  score: number | null;
  version: number;
};

export type AnswerRow = {
  position: number;
  choice: number | null;
  marked: number;
  seconds: number;
};

export function toAttempt(row: AttemptRow): MockAttempt {
  return {
    id: row.id,
    userId: row.user_id,
    status: row.status,
    sectionIndex: row.section_index,
    sectionEndsAt: row.section_ends_at,
    endsAt: row.ends_at,
    startedAt: row.started_at,
    submittedAt: row.submitted_at,
    correct: row.correct_count,
    wrong: row.wrong_count,
    unattempted: row.unattempted_count,
    score: row.score,
    version: row.version,
    paper: paperFromRow({ ...row, id: row.paper_id }),
  };
}

export function attemptTitle(attempt: Pick<MockAttempt, "paper">): string {
  return mockTitle(attempt.paper.pattern, attempt.paper.length, attempt.paper.number);
}

const ATTEMPT_SQL = `SELECT a.id, a.user_id, a.paper_id, a.status, a.section_index, a.section_ends_at,
    a.ends_at, a.started_at, a.submitted_at, a.correct_count, a.wrong_count, a.unattempted_count,
    a.score, a.version, p.pattern, p.length, p.number, p.owner_id, p.item_ids, p.sections
  FROM mock_attempts a JOIN mock_papers p ON p.id = a.paper_id`;

export function attemptQuery(db: Database, userId: string, attemptId: string) {
  return db.$client
    .prepare(`${ATTEMPT_SQL} WHERE a.id = ?1 AND a.user_id = ?2`)
    .bind(attemptId, userId);
}

export function answersQuery(db: Database, userId: string, attemptId: string) {
  return db.$client
    .prepare(
      `SELECT m.position, m.choice, m.marked, m.seconds FROM mock_answers m
       JOIN mock_attempts a ON a.id = m.attempt_id AND a.user_id = ?2
       WHERE m.attempt_id = ?1 ORDER BY m.position`,
    )
    .bind(attemptId, userId);
}

/**
 * The bounds (first position, one past the last) of the section the row
 * says is open, computed in SQL from the paper's sections.
 */
const CURRENT_BOUNDS = `
  SELECT a.id AS attempt_id, p.item_ids AS ids,
    coalesce((SELECT sum(json_extract(s.value, '$.questions')) FROM json_each(p.sections) s
              WHERE s.key < a.section_index), 0) AS lo,
    coalesce((SELECT sum(json_extract(s.value, '$.questions')) FROM json_each(p.sections) s
              WHERE s.key <= a.section_index), 0) AS hi
  FROM mock_attempts a JOIN mock_papers p ON p.id = a.paper_id`;

type QuestionRow = { position: number; question: string | null; options: string | null };

/**
 * The questions (stem and options only: no key, no explanation) of the
 * section open in the stored row, or of the positions `range` names.
 */
function questionsQuery(
  db: Database,
  userId: string,
  attemptId: string,
  range: { lo: number; hi: number } | null = null,
) {
  return db.$client
    .prepare(
      `WITH cur AS (${CURRENT_BOUNDS} WHERE a.id = ?1 AND a.user_id = ?2)
       SELECT CAST(j.key AS INTEGER) AS position, json_extract(b.body, '$.question') AS question,
              json_extract(b.body, '$.options') AS options
       FROM cur, json_each(cur.ids) j LEFT JOIN bank_items b ON b.id = j.value
       WHERE j.key >= coalesce(?3, cur.lo) AND j.key < coalesce(?4, cur.hi) ORDER BY j.key`,
    )
    .bind(attemptId, userId, range?.lo ?? null, range?.hi ?? null);
}

// ---------------------------------------------------------------------------
// The clock.

/** Where each section starts in the paper (its first position). */
export function sectionStarts(sections: readonly MockSection[]): number[] {
  const starts: number[] = [];
  let next = 0;
  for (const section of sections) {
    starts.push(next);
    next += section.questions;
  }
  return starts;
}

export function sectionOf(sections: readonly MockSection[], position: number): number {
  const starts = sectionStarts(sections);
  for (let index = sections.length - 1; index >= 0; index--) {
    if (position >= starts[index]!) return index;
  }
  return 0;
}

export const sectionMs = (section: MockSection) => Math.round(section.minutes * MINUTE_MS);

export type Clock = { expired: boolean; sectionIndex: number; sectionEndsAt: number };

/**
 * Where the sitting stands at `now`: past the paper's end it is expired;
 * otherwise every section whose time is up has locked and the next opened,
 * each running from the scheduled end of the one before.
 */
export function clockAt(
  attempt: Pick<MockAttempt, "sectionIndex" | "sectionEndsAt" | "endsAt">,
  sections: readonly MockSection[],
  now: number,
): Clock {
  if (now >= attempt.endsAt) {
    return { expired: true, sectionIndex: attempt.sectionIndex, sectionEndsAt: attempt.endsAt };
  }
  let sectionIndex = attempt.sectionIndex;
  let sectionEndsAt = attempt.sectionEndsAt;
  while (now >= sectionEndsAt && sectionIndex < sections.length - 1) {
    sectionIndex += 1;
    sectionEndsAt = Math.min(sectionEndsAt + sectionMs(sections[sectionIndex]!), attempt.endsAt);
  }
  return { expired: false, sectionIndex, sectionEndsAt };
}

function catchUpStatement(db: Database, attempt: MockAttempt, clock: Clock, now: number) {
  return db.$client
    .prepare(
      `UPDATE mock_attempts SET section_index = ?3, section_ends_at = ?4, version = version + 1, updated_at = ?5
       WHERE id = ?1 AND user_id = ?2 AND status = 'active' AND section_index < ?3`,
    )
    .bind(attempt.id, attempt.userId, clock.sectionIndex, clock.sectionEndsAt, now);
}

// ---------------------------------------------------------------------------
// Scoring and submitting.

export type KeyRow = {
  position: number;
  item_id: string;
  subject: string | null;
  topic: string | null;
  correct_index: number | null;
};

/**
 * Every question's pool id, subject, topic and key, in paper order, through
 * the sitting (only its owner's): for scoring and the analysis.
 */
export function keysQuery(db: Database, userId: string, attemptId: string) {
  return db.$client
    .prepare(
      `SELECT CAST(j.key AS INTEGER) AS position, j.value AS item_id, b.subject, b.topic,
              json_extract(b.body, '$.correctIndex') AS correct_index
       FROM mock_attempts a JOIN mock_papers p ON p.id = a.paper_id, json_each(p.item_ids) j
       LEFT JOIN bank_items b ON b.id = j.value
       WHERE a.id = ?1 AND a.user_id = ?2 ORDER BY j.key`,
    )
    .bind(attemptId, userId);
}

export type MarkedCounts = { correct: number; wrong: number; unattempted: number };

/** The counts under the exam's rule: a question with no saved choice is unattempted. */
function countAnswers(
  keys: readonly (number | null)[],
  choices: ReadonlyMap<number, number | null>,
): MarkedCounts {
  const counts = { correct: 0, wrong: 0, unattempted: 0 };
  keys.forEach((key, position) => {
    const choice = choices.get(position) ?? null;
    if (choice === null) counts.unattempted += 1;
    else if (choice === key) counts.correct += 1;
    else counts.wrong += 1;
  });
  return counts;
}

/**
 * Submits the sitting: scores it with the exam's marking, stores the counts
 * and the score, and logs the answered questions in the answer log (source
 * 'mock'), in one D1 batch. A sitting that ran out of time is submitted as
 * of its end. Submitting again changes nothing.
 */
export async function submitAttempt(
  deps: MockDeps,
  attempt: MockAttempt,
  answers: readonly AnswerRow[],
): Promise<MockAttempt> {
  const now = deps.now();
  const submittedAt = Math.min(now, attempt.endsAt);
  const d1 = deps.db.$client;
  const { results: keyRows } = await keysQuery(deps.db, attempt.userId, attempt.id).all<KeyRow>();
  const choices = new Map(answers.map((answer) => [answer.position, answer.choice]));
  const counts = countAnswers(
    keyRows.map((row) => row.correct_index),
    choices,
  );
  const exam = MOCK_PATTERNS[attempt.paper.pattern].exam;
  const score = examScore(exam, counts);
  const logged = answers.flatMap((answer) => {
    const key = keyRows[answer.position];
    if (answer.choice === null || !key) return [];
    return [
      {
        position: answer.position,
        itemId: key.item_id,
        chosen: answer.choice,
        correct: answer.choice === key.correct_index,
        seconds: answer.seconds || null,
      },
    ];
  });
  await d1.batch([
    d1
      .prepare(
        `UPDATE mock_attempts SET status = 'submitted', submitted_at = ?3, correct_count = ?4,
           wrong_count = ?5, unattempted_count = ?6, score = ?7, version = version + 1, updated_at = ?8
         WHERE id = ?1 AND user_id = ?2 AND status = 'active'`,
      )
      .bind(
        attempt.id,
        attempt.userId,
        submittedAt,
        counts.correct,
        counts.wrong,
        counts.unattempted,
        score,
        now,
      ),
    logAnswersStatement(deps.db, {
      userId: attempt.userId,
      source: "mock",
      sourceId: attempt.id,
      answers: logged,
      fallback: { subject: "Mixed", topic: "Mock exam" },
      answeredAt: submittedAt,
    }),
  ]);
  const row = await attemptQuery(deps.db, attempt.userId, attempt.id).first<AttemptRow>();
  return row ? toAttempt(row) : attempt;
}

// ---------------------------------------------------------------------------
// The sitting as the screen sees it.

function sectionViews(sections: readonly MockSection[], current: number): MockSectionView[] {
  const starts = sectionStarts(sections);
  return sections.map((section, index) => ({
    ...section,
    index,
    first: starts[index]!,
    state: index < current ? "locked" : index === current ? "current" : "upcoming",
  }));
}

function paletteOf(questionCount: number, answers: readonly AnswerRow[]): PaletteState[] {
  const byPosition = new Map(answers.map((answer) => [answer.position, answer]));
  return Array.from({ length: questionCount }, (_, position) => {
    const answer = byPosition.get(position);
    return paletteState(answer ? { choice: answer.choice, marked: answer.marked === 1 } : null);
  });
}

function sittingOf(
  attempt: MockAttempt,
  answers: readonly AnswerRow[],
  questionRows: readonly QuestionRow[],
  now: number,
): MockSitting {
  const { paper } = attempt;
  const pattern = MOCK_PATTERNS[paper.pattern];
  const exam = EXAMS[pattern.exam];
  const byPosition = new Map(answers.map((answer) => [answer.position, answer]));
  const questions = questionRows.map((row): MockQuestionView => {
    const answer = byPosition.get(row.position);
    return {
      position: row.position,
      question: row.question ?? "This question is no longer in the pool.",
      options: row.options ? (JSON.parse(row.options) as string[]) : ["—", "—", "—", "—"],
      choice: answer?.choice ?? null,
      marked: answer?.marked === 1,
      seconds: answer?.seconds ?? 0,
      visited: Boolean(answer),
    };
  });
  return {
    id: attempt.id,
    title: attemptTitle(attempt),
    pattern: paper.pattern,
    length: paper.length,
    number: paper.number,
    examName: exam.name,
    markingLabel: exam.markingLabel,
    questionCount: paper.itemIds.length,
    sections: sectionViews(paper.sections, attempt.sectionIndex),
    sectionIndex: attempt.sectionIndex,
    sectionEndsAt: attempt.sectionEndsAt,
    endsAt: attempt.endsAt,
    startedAt: attempt.startedAt,
    serverNow: now,
    questions,
    palette: paletteOf(paper.itemIds.length, answers),
  };
}

function sectionRange(paper: MockPaper, index: number) {
  const lo = sectionStarts(paper.sections)[index]!;
  return { lo, hi: lo + paper.sections[index]!.questions };
}

export type ReadResult =
  | { status: "not-found" }
  | { status: "active"; sitting: MockSitting; attempt: MockAttempt }
  /** `timedOut`: this read found the time up and submitted it. */
  | { status: "submitted"; attempt: MockAttempt; timedOut: boolean };

/** A sitting's reads — the attempt, its answers, the open section's questions — as one batch. */
export function mockStatements(
  db: Database,
  userId: string,
  attemptId: string,
): D1PreparedStatement[] {
  return [
    attemptQuery(db, userId, attemptId),
    answersQuery(db, userId, attemptId),
    questionsQuery(db, userId, attemptId),
  ];
}

/**
 * The sitting now (one D1 round trip while nothing changes): submitted when
 * its time is up, moved to the section the clock has reached, and the open
 * section's questions without their keys. `read` gives mockStatements'
 * results when the page's reads rode with the chrome's batch.
 */
export async function readMock(
  deps: MockDeps,
  userId: string,
  attemptId: string,
  read: () => Promise<D1Result[]> = () =>
    deps.db.$client.batch(mockStatements(deps.db, userId, attemptId)),
): Promise<ReadResult> {
  const now = deps.now();
  const d1 = deps.db.$client;
  const [attemptRows, answerRows, questionRows] = await read();
  const row = attemptRows!.results[0] as AttemptRow | undefined;
  if (!row) return { status: "not-found" };
  let attempt = toAttempt(row);
  const answers = answerRows!.results as AnswerRow[];
  if (attempt.status === "submitted") return { status: "submitted", attempt, timedOut: false };
  const clock = clockAt(attempt, attempt.paper.sections, now);
  if (clock.expired) {
    return {
      status: "submitted",
      attempt: await submitAttempt(deps, attempt, answers),
      timedOut: true,
    };
  }
  let questions = questionRows!.results as QuestionRow[];
  if (clock.sectionIndex !== attempt.sectionIndex) {
    const [, moved] = await d1.batch<QuestionRow>([
      catchUpStatement(deps.db, attempt, clock, now),
      questionsQuery(deps.db, userId, attemptId, sectionRange(attempt.paper, clock.sectionIndex)),
    ]);
    attempt = { ...attempt, sectionIndex: clock.sectionIndex, sectionEndsAt: clock.sectionEndsAt };
    questions = moved!.results;
  }
  return { status: "active", sitting: sittingOf(attempt, answers, questions, now), attempt };
}

// ---------------------------------------------------------------------------
// Starting.

export type StartInput = { pattern: MockPatternId; length: MockLength; paper: PaperChoice };

export type StartResult =
  | { status: "started"; attempt: MockAttempt }
  | { status: "active-exists"; attemptId: string; message: string }
  | { status: "pool-too-small"; message: string };

type ActiveRow = { id: string; pattern: string; length: string; number: number | null };

/** The learner's running sitting, if any (one runs at a time). */
function activeQuery(db: Database, userId: string, now: number) {
  return db.$client
    .prepare(
      `SELECT a.id, p.pattern, p.length, p.number FROM mock_attempts a
       JOIN mock_papers p ON p.id = a.paper_id
       WHERE a.user_id = ?1 AND a.status = 'active' AND a.ends_at > ?2 LIMIT 1`,
    )
    .bind(userId, now);
}

/** The learner's next paper in a series: the smallest number they have not sat. */
export function nextPaperNumber(taken: Iterable<number>): number {
  const numbers = new Set(taken);
  let next = 1;
  while (numbers.has(next)) next += 1;
  return next;
}

/**
 * Starts a sitting: on paper `n` of the series, on the learner's next
 * number ('next'), or on a fresh random paper. Refused while another
 * sitting of theirs is running (the check is part of the insert, so two
 * starts at once make one sitting).
 */
export async function startMock(
  deps: MockDeps,
  userId: string,
  input: StartInput,
): Promise<StartResult> {
  const now = deps.now();
  const d1 = deps.db.$client;
  const [activeRows, takenRows] = await d1.batch<ActiveRow | { number: number }>([
    activeQuery(deps.db, userId, now),
    d1
      .prepare(
        `SELECT DISTINCT p.number FROM mock_attempts a JOIN mock_papers p ON p.id = a.paper_id
         WHERE a.user_id = ?1 AND p.pattern = ?2 AND p.length = ?3 AND p.number IS NOT NULL`,
      )
      .bind(userId, input.pattern, input.length),
  ]);
  const active = activeRows!.results[0] as ActiveRow | undefined;
  if (active) return activeExists(active);

  const number =
    input.paper === "random"
      ? null
      : input.paper === "next"
        ? nextPaperNumber((takenRows!.results as { number: number }[]).map((row) => row.number))
        : input.paper;
  const paper =
    number === null
      ? await randomPaper(deps.db, userId, input.pattern, input.length)
      : await numberedPaper(deps.db, input.pattern, input.length, number, now);
  if (!paper) return { status: "pool-too-small", message: MOCK_MESSAGES.poolTooSmall };

  const id = crypto.randomUUID();
  const total = paper.sections.reduce((sum, section) => sum + sectionMs(section), 0);
  const results = await d1.batch<AttemptRow | ActiveRow>([
    ...(paper.number === null ? [insertPaperStatement(deps.db, paper, now)] : []),
    d1
      .prepare(
        `INSERT INTO mock_attempts (id, user_id, paper_id, status, section_index, section_ends_at,
           ends_at, started_at, version, created_at, updated_at)
         SELECT ?1, ?2, ?3, 'active', 0, ?4, ?5, ?6, 0, ?6, ?6
         WHERE NOT EXISTS (SELECT 1 FROM mock_attempts
                           WHERE user_id = ?2 AND status = 'active' AND ends_at > ?6)`,
      )
      .bind(id, userId, paper.id, now + sectionMs(paper.sections[0]!), now + total, now),
    attemptQuery(deps.db, userId, id),
    activeQuery(deps.db, userId, now),
  ]);
  const started = results.at(-2)!.results[0] as AttemptRow | undefined;
  if (started) return { status: "started", attempt: toAttempt(started) };
  // Another start won the race: its sitting is the one running.
  return activeExists(results.at(-1)!.results[0] as ActiveRow);
}

function activeExists(active: ActiveRow): StartResult {
  const title = mockTitle(
    active.pattern as MockPatternId,
    active.length as MockLength,
    active.number,
  );
  return { status: "active-exists", attemptId: active.id, message: activeMockMessage(title) };
}

// ---------------------------------------------------------------------------
// Saving answers.

/** Where the sitting stands after a save, for the screen's clock. */
export type SittingState = {
  status: "active" | "submitted";
  sectionIndex: number;
  sectionEndsAt: number;
  endsAt: number;
  serverNow: number;
};

export type Refusal = {
  position: number;
  reason: "locked" | "not-open" | "submitted" | "range";
  message: string;
};

export type SaveResult =
  | { status: "not-found" }
  | { status: "saved"; saved: number[]; refused: Refusal[]; state: SittingState };

function stateOf(attempt: MockAttempt, now: number): SittingState {
  return {
    status: attempt.status,
    sectionIndex: attempt.sectionIndex,
    sectionEndsAt: attempt.sectionEndsAt,
    endsAt: attempt.endsAt,
    serverNow: now,
  };
}

/**
 * Writes the saves that belong to the section open now, in one statement:
 * the sitting's state and the section's bounds are read inside it, so a
 * save racing the section's end cannot land in a locked section. A
 * question's choice and mark are the last saved; its seconds the most.
 */
function saveStatement(
  db: Database,
  userId: string,
  attemptId: string,
  saves: AnswerSave[],
  now: number,
) {
  const rows = JSON.stringify(
    saves.map((save) => ({
      p: save.position,
      c: save.choice,
      m: save.marked ? 1 : 0,
      s: save.seconds,
    })),
  );
  return db.$client
    .prepare(
      `WITH cur AS (${CURRENT_BOUNDS}
         WHERE a.id = ?1 AND a.user_id = ?2 AND a.status = 'active'
           AND a.section_ends_at > ?3 AND a.ends_at > ?3)
       INSERT INTO mock_answers (attempt_id, position, choice, marked, seconds, updated_at)
       SELECT ?1, json_extract(e.value, '$.p'), json_extract(e.value, '$.c'),
              json_extract(e.value, '$.m'), json_extract(e.value, '$.s'), ?3
       FROM cur, json_each(?4) e
       WHERE json_extract(e.value, '$.p') >= cur.lo AND json_extract(e.value, '$.p') < cur.hi
       ON CONFLICT (attempt_id, position) DO UPDATE SET
         choice = excluded.choice, marked = excluded.marked,
         seconds = max(mock_answers.seconds, excluded.seconds), updated_at = excluded.updated_at`,
    )
    .bind(attemptId, userId, now, rows);
}

/**
 * Saves answers (one or a batch): one D1 round trip when the section is
 * open — the write and the sitting's state in one batch. Saves outside the
 * open section are refused with why (locked, not open yet, submitted, no
 * such question); the others are kept. A save that finds the section's or
 * the paper's time up moves the sitting on or submits it first.
 */
export async function saveAnswers(
  deps: MockDeps,
  userId: string,
  attemptId: string,
  saves: AnswerSave[],
): Promise<SaveResult> {
  const now = deps.now();
  const d1 = deps.db.$client;
  const [, attemptRows] = await d1.batch<AttemptRow>([
    saveStatement(deps.db, userId, attemptId, saves, now),
    attemptQuery(deps.db, userId, attemptId),
  ]);
  const row = attemptRows!.results[0];
  if (!row) return { status: "not-found" };
  let attempt = toAttempt(row);
  const clock = clockAt(attempt, attempt.paper.sections, now);
  const inOpenSection = (position: number) =>
    attempt.status === "active" &&
    !clock.expired &&
    sectionOf(attempt.paper.sections, position) === clock.sectionIndex &&
    position < attempt.paper.itemIds.length;

  if (
    attempt.status === "active" &&
    (clock.expired || clock.sectionIndex !== attempt.sectionIndex)
  ) {
    // The time ran out under these saves: move on (or submit), then keep what belongs to the open section.
    if (clock.expired) {
      const { results } = await answersQuery(deps.db, userId, attemptId).all<AnswerRow>();
      attempt = await submitAttempt(deps, attempt, results);
    } else {
      const late = saves.filter((save) => inOpenSection(save.position));
      await d1.batch([
        catchUpStatement(deps.db, attempt, clock, now),
        ...(late.length ? [saveStatement(deps.db, userId, attemptId, late, now)] : []),
      ]);
      attempt = {
        ...attempt,
        sectionIndex: clock.sectionIndex,
        sectionEndsAt: clock.sectionEndsAt,
      };
    }
  }

  const saved: number[] = [];
  const refused: Refusal[] = [];
  const { sections } = attempt.paper;
  for (const save of saves) {
    if (save.position >= attempt.paper.itemIds.length) {
      refused.push({
        position: save.position,
        reason: "range",
        message: positionRangeMessage(attempt.paper.itemIds.length),
      });
    } else if (attempt.status === "submitted") {
      refused.push({
        position: save.position,
        reason: "submitted",
        message: MOCK_MESSAGES.submitted,
      });
    } else {
      const section = sectionOf(sections, save.position);
      if (section === attempt.sectionIndex) saved.push(save.position);
      else if (section < attempt.sectionIndex) {
        refused.push({
          position: save.position,
          reason: "locked",
          message: sectionLockedMessage(sections[section]!.title),
        });
      } else {
        refused.push({
          position: save.position,
          reason: "not-open",
          message: sectionNotOpenMessage(sections[section]!.title),
        });
      }
    }
  }
  return { status: "saved", saved, refused, state: stateOf(attempt, now) };
}

// ---------------------------------------------------------------------------
// Moving on and submitting.

export type StepResult =
  | { status: "not-found" }
  | { status: "conflict"; message: string; attempt: MockAttempt }
  | { status: "done"; attempt: MockAttempt; timedOut: boolean };

/** Reads the sitting and brings it up to the clock (submitting it when its time is up). */
async function settleMock(
  deps: MockDeps,
  userId: string,
  attemptId: string,
): Promise<{ attempt: MockAttempt; answers: AnswerRow[]; timedOut: boolean } | null> {
  const now = deps.now();
  const d1 = deps.db.$client;
  const [attemptRows, answerRows] = await d1.batch<AttemptRow | AnswerRow>([
    attemptQuery(deps.db, userId, attemptId),
    answersQuery(deps.db, userId, attemptId),
  ]);
  const row = attemptRows!.results[0] as AttemptRow | undefined;
  if (!row) return null;
  const attempt = toAttempt(row);
  const answers = answerRows!.results as AnswerRow[];
  if (attempt.status === "submitted") return { attempt, answers, timedOut: false };
  const clock = clockAt(attempt, attempt.paper.sections, now);
  if (clock.expired) {
    return { attempt: await submitAttempt(deps, attempt, answers), answers, timedOut: true };
  }
  if (clock.sectionIndex !== attempt.sectionIndex) {
    await catchUpStatement(deps.db, attempt, clock, now).run();
    return {
      attempt: { ...attempt, sectionIndex: clock.sectionIndex, sectionEndsAt: clock.sectionEndsAt },
      answers,
      timedOut: false,
    };
  }
  return { attempt, answers, timedOut: false };
}

/**
 * Ends section `from` early: it locks and the next opens with its full
 * time (the paper's end moves with it). Ending a section that has already
 * ended changes nothing; the last section cannot be ended, only submitted.
 */
export async function advanceSection(
  deps: MockDeps,
  userId: string,
  attemptId: string,
  from: number,
): Promise<StepResult> {
  const found = await settleMock(deps, userId, attemptId);
  if (!found) return { status: "not-found" };
  const { attempt } = found;
  if (attempt.status === "submitted") {
    return { status: "conflict", message: MOCK_MESSAGES.submitted, attempt };
  }
  if (from < attempt.sectionIndex) return { status: "done", attempt, timedOut: false };
  const { sections } = attempt.paper;
  if (from > attempt.sectionIndex) {
    return {
      status: "conflict",
      message: sectionNotOpenMessage(sections[from]?.title ?? "That section"),
      attempt,
    };
  }
  if (from >= sections.length - 1) {
    return { status: "conflict", message: MOCK_MESSAGES.lastSection, attempt };
  }
  const now = deps.now();
  const next = from + 1;
  const sectionEndsAt = now + sectionMs(sections[next]!);
  const endsAt = now + sections.slice(next).reduce((sum, section) => sum + sectionMs(section), 0);
  await deps.db.$client
    .prepare(
      `UPDATE mock_attempts SET section_index = ?3, section_ends_at = ?4, ends_at = ?5,
         version = version + 1, updated_at = ?6
       WHERE id = ?1 AND user_id = ?2 AND status = 'active' AND section_index = ?7`,
    )
    .bind(attempt.id, userId, next, sectionEndsAt, endsAt, now, from)
    .run();
  const row = await attemptQuery(deps.db, userId, attemptId).first<AttemptRow>();
  return { status: "done", attempt: row ? toAttempt(row) : attempt, timedOut: false };
}

/** Submits the sitting now; submitting a submitted one answers it as it is. */
export async function submitMock(
  deps: MockDeps,
  userId: string,
  attemptId: string,
): Promise<StepResult> {
  const found = await settleMock(deps, userId, attemptId);
  if (!found) return { status: "not-found" };
  if (found.attempt.status === "submitted") {
    return { status: "done", attempt: found.attempt, timedOut: found.timedOut };
  }
  return {
    status: "done",
    attempt: await submitAttempt(deps, found.attempt, found.answers),
    timedOut: false,
  };
}

// ---------------------------------------------------------------------------
// The learner's mocks.

type SummaryRow = {
  id: string;
  status: "active" | "submitted";
  started_at: number;
  ends_at: number;
  submitted_at: number | null;
  correct_count: number | null;
  wrong_count: number | null;
  unattempted_count: number | null;
  score: number | null;
  pattern: string;
  length: string;
  number: number | null;
  questions: number;
};

/** The learner's sittings, newest first, for listMocks (read alone or riding another batch). */
export function mockListStatement(db: Database, userId: string): D1PreparedStatement {
  return db.$client
    .prepare(
      `SELECT a.id, a.status, a.started_at, a.ends_at, a.submitted_at, a.correct_count,
              a.wrong_count, a.unattempted_count, a.score, p.pattern, p.length, p.number,
              json_array_length(p.item_ids) AS questions
       FROM mock_attempts a JOIN mock_papers p ON p.id = a.paper_id
       WHERE a.user_id = ?1 ORDER BY a.started_at DESC`,
    )
    .bind(userId);
}

/**
 * The learner's sittings, newest first, any whose time ran out submitted
 * first. `first`: mockListStatement's result when the caller has read it.
 */
export async function listMocks(
  deps: MockDeps,
  userId: string,
  first?: D1Result,
): Promise<MockSummary[]> {
  const now = deps.now();
  const read = () => mockListStatement(deps.db, userId).all<SummaryRow>();
  let { results } = (first as D1Result<SummaryRow> | undefined) ?? (await read());
  const expired = results.filter((row) => row.status === "active" && row.ends_at <= now);
  if (expired.length > 0) {
    for (const row of expired) await settleMock(deps, userId, row.id);
    ({ results } = await read());
  }
  return results.map((row) => ({
    id: row.id,
    title: mockTitle(row.pattern as MockPatternId, row.length as MockLength, row.number),
    pattern: row.pattern as MockPatternId,
    length: row.length as MockLength,
    number: row.number,
    status: row.status,
    questionCount: row.questions,
    startedAt: row.started_at,
    endsAt: row.ends_at,
    submittedAt: row.submitted_at,
    correct: row.correct_count,
    wrong: row.wrong_count,
    unattempted: row.unattempted_count,
    score: row.score,
  }));
}

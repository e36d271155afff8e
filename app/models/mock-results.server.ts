/**
 * A submitted mock's analysis (docs/decisions/042-mock-exams.md), the
 * learner's trend across mocks, and cards made from a mock's questions.
 *
 * Read in two D1 round trips: the sitting, its answers, the paper's keys,
 * subjects and topics, the percentile's counts and the questions already
 * made into cards in one batch (beside it the learner's progress rollups),
 * then the full text of the questions shown. A sitting whose time ran out
 * is submitted first; one still running has no results.
 */
import type { Database } from "~/db/client.server";
import { type ExamId, EXAMS, examMaxScore, examScore } from "~/lib/exams";
import { FLASHCARD_LIMITS, DEFAULT_CATEGORY } from "~/lib/flashcards";
import { OPTION_LETTERS } from "~/lib/assessments";
import { NEET_PG_SUBJECT_WEIGHTS } from "~/data/neet-pg-weights";
import { MOCK_MESSAGES, PERCENTILE_MIN_LEARNERS } from "~/lib/mock-exams";
import {
  MOCK_PATTERNS,
  type MockLength,
  type MockPatternId,
  mockShape,
  mockTitle,
  subjectQuotas,
} from "~/lib/mock-patterns";
import {
  REVIEW_PAGE_SIZE,
  type GuessingAnalysis,
  type MockPreview,
  PREVIEW_MIN_ANSWERS,
  type MockResults,
  type MockTrendPoint,
  type Outcome,
  type Percentile,
  type ReviewFilter,
  type ReviewItem,
  type SectionResult,
  type Shortfall,
  type SubjectResult,
  type WeakArea,
} from "~/lib/mock-results";
import { type FlashcardDeps, createFlashcard } from "./flashcards.server";
import {
  type AnswerRow,
  type AttemptRow,
  type KeyRow,
  type MockAttempt,
  type MockDeps,
  answersQuery,
  attemptQuery,
  attemptTitle,
  clockAt,
  keysQuery,
  sectionOf,
  sectionStarts,
  submitAttempt,
  toAttempt,
} from "./mock-exams.server";
import { subjectStats, topicStats } from "./progress-stats.server";

type Body = {
  question: string;
  options: string[];
  correctIndex: number;
  explanations: string[];
  takeaway: string;
  reference?: string | null;
};

/**
 * How many learners submitted the sitting's paper (each learner's first
 * sitting) and how many of them scored the same as this sitting or lower.
 */
function percentileQuery(db: Database, userId: string, attemptId: string) {
  return db.$client
    .prepare(
      `WITH mine AS (SELECT paper_id, score FROM mock_attempts WHERE id = ?1 AND user_id = ?2),
       firsts AS (
         SELECT a.score FROM mock_attempts a, mine
         WHERE a.paper_id = mine.paper_id AND a.status = 'submitted'
           AND NOT EXISTS (
             SELECT 1 FROM mock_attempts b
             WHERE b.paper_id = a.paper_id AND b.user_id = a.user_id AND b.status = 'submitted'
               AND (b.submitted_at < a.submitted_at OR (b.submitted_at = a.submitted_at AND b.id < a.id)))
       )
       SELECT count(*) AS learners,
              coalesce(sum(CASE WHEN firsts.score <= mine.score THEN 1 ELSE 0 END), 0) AS at_or_below
       FROM firsts, mine`,
    )
    .bind(attemptId, userId);
}

/** The card made from each question of a sitting is keyed `mock:{attemptId}:{position}`. */
function mockCardKey(attemptId: string, position: number) {
  return `mock:${attemptId}:${position}`;
}

function cardKeysQuery(db: Database, userId: string, attemptId: string) {
  return db.$client
    .prepare(
      `SELECT client_key FROM flashcards WHERE user_id = ?1 AND client_key >= ?2 AND client_key < ?3`,
    )
    .bind(userId, `mock:${attemptId}:`, `mock:${attemptId};`);
}

function bodiesQuery(db: Database, ids: readonly string[]) {
  return db.$client
    .prepare(`SELECT id, body FROM bank_items WHERE id IN (SELECT value FROM json_each(?1))`)
    .bind(JSON.stringify(ids));
}

// ---------------------------------------------------------------------------
// The analysis (pure).

/**
 * Which questions come in full: a section (or all), a filter, and a page of
 * REVIEW_PAGE_SIZE (from 1; none: every match, as the API sends them).
 */
export type ResultsView = { section: number | "all"; filter: ReviewFilter; page?: number };

type Question = {
  position: number;
  itemId: string;
  subject: string;
  topic: string;
  key: number | null;
  choice: number | null;
  marked: boolean;
  seconds: number;
  outcome: Outcome;
};

function questionsOf(keys: readonly KeyRow[], answers: readonly AnswerRow[]): Question[] {
  const byPosition = new Map(answers.map((answer) => [answer.position, answer]));
  return keys.map((key) => {
    const answer = byPosition.get(key.position);
    const choice = answer?.choice ?? null;
    return {
      position: key.position,
      itemId: key.item_id,
      subject: key.subject ?? "Mixed",
      topic: key.topic ?? "Mock exam",
      key: key.correct_index,
      choice,
      marked: answer?.marked === 1,
      seconds: answer?.seconds ?? 0,
      outcome: choice === null ? "unattempted" : choice === key.correct_index ? "correct" : "wrong",
    };
  });
}

function tally(questions: readonly Question[]) {
  const counts = { correct: 0, wrong: 0, unattempted: 0 };
  for (const question of questions) counts[question.outcome] += 1;
  return counts;
}

function guessingAnalysis(exam: ExamId, questions: readonly Question[]): GuessingAnalysis {
  const { marking } = EXAMS[exam];
  const answeredMarked = questions.filter((q) => q.marked && q.outcome !== "unattempted");
  const markedCorrect = answeredMarked.filter((q) => q.outcome === "correct").length;
  const markedWrong = answeredMarked.length - markedCorrect;
  const gained = examScore(exam, { correct: markedCorrect, wrong: 0, unattempted: 0 });
  const lost = -examScore(exam, { correct: 0, wrong: markedWrong, unattempted: 0 });
  return {
    markedAnswered: answeredMarked.length,
    markedCorrect,
    markedWrong,
    markedBlank: questions.filter((q) => q.marked && q.outcome === "unattempted").length,
    gained,
    lost: lost === 0 ? 0 : lost,
    net: examScore(exam, { correct: markedCorrect, wrong: markedWrong, unattempted: 0 }),
    accuracy: answeredMarked.length ? markedCorrect / answeredMarked.length : null,
    breakEven:
      marking.wrong === 0
        ? null
        : Math.abs(marking.wrong) / (marking.correct + Math.abs(marking.wrong)),
    blank: questions.filter((q) => q.outcome === "unattempted").length,
  };
}

function subjectResults(
  exam: ExamId,
  questions: readonly Question[],
  order: readonly string[],
  history: ReadonlyMap<string, { answered: number; correct: number }>,
): SubjectResult[] {
  const subjects = [...new Set(questions.map((q) => q.subject))].sort(
    (a, b) => rank(order, a) - rank(order, b) || (a < b ? -1 : 1),
  );
  return subjects.map((subject) => {
    const mine = questions.filter((q) => q.subject === subject);
    const counts = tally(mine);
    const attempted = counts.correct + counts.wrong;
    // The answer log already holds this mock's answers: leave them out of "history".
    const all = history.get(subject) ?? { answered: 0, correct: 0 };
    const answered = Math.max(0, all.answered - attempted);
    const correct = Math.max(0, all.correct - counts.correct);
    return {
      subject,
      questions: mine.length,
      attempted,
      correct: counts.correct,
      wrong: counts.wrong,
      marks: examScore(exam, counts),
      accuracy: attempted ? counts.correct / attempted : null,
      history: { answered, correct, accuracy: answered ? correct / answered : null },
    };
  });
}

function rank(order: readonly string[], subject: string) {
  const index = order.indexOf(subject);
  return index === -1 ? order.length : index;
}

/** Subjects by the marks this paper's questions on them did not earn, most first. */
function weakAreas(exam: ExamId, questions: readonly Question[], limit = 5): WeakArea[] {
  const bySubject = new Map<string, Question[]>();
  for (const q of questions) bySubject.set(q.subject, [...(bySubject.get(q.subject) ?? []), q]);
  const missed = (list: readonly Question[]) =>
    examMaxScore(exam, list.length) - examScore(exam, tally(list));
  return [...bySubject.entries()]
    .map(([subject, list]): WeakArea & { accuracy: number } => {
      const byTopic = new Map<string, Question[]>();
      for (const q of list) byTopic.set(q.topic, [...(byTopic.get(q.topic) ?? []), q]);
      const topics = [...byTopic.entries()]
        .map(([topic, items]) => ({ topic, missed: missed(items) }))
        .filter((entry) => entry.missed > 0)
        .sort((a, b) => b.missed - a.missed || (a.topic < b.topic ? -1 : 1))
        .slice(0, 3)
        .map((entry) => entry.topic);
      const correct = list.filter((q) => q.outcome === "correct").length;
      return {
        subject,
        topics,
        questions: list.length,
        correct,
        marksAtStake: Math.round(missed(list) * 100) / 100,
        accuracy: correct / list.length,
      };
    })
    .filter((area) => area.marksAtStake > 0)
    .sort((a, b) => b.marksAtStake - a.marksAtStake || a.accuracy - b.accuracy)
    .slice(0, limit)
    .map(({ accuracy: _accuracy, ...area }) => area);
}

function percentileOf(
  number: number | null,
  counts: { learners: number; at_or_below: number } | undefined,
): Percentile {
  if (number === null) return { status: "own-paper" };
  const learners = counts?.learners ?? 0;
  if (learners < PERCENTILE_MIN_LEARNERS) return { status: "waiting", learners };
  return {
    status: "shown",
    value: Math.round(((counts?.at_or_below ?? 0) / learners) * 1000) / 10,
    learners,
  };
}

function wanted(view: ResultsView, sections: number[], q: Question): boolean {
  if (view.section !== "all" && sections[q.position] !== view.section) return false;
  switch (view.filter) {
    case "all":
      return true;
    case "marked":
      return q.marked;
    default:
      return q.outcome === view.filter;
  }
}

// ---------------------------------------------------------------------------
// Reading.

export type ResultsOutcome =
  | { status: "not-found" }
  | { status: "in-progress"; attempt: MockAttempt }
  | { status: "results"; results: MockResults; timedOut: boolean };

/**
 * The analysis of a submitted sitting, with the questions `view` asks for
 * (a section or all, and a filter) in full: key, explanations, takeaway.
 */
export async function mockResults(
  deps: MockDeps,
  userId: string,
  attemptId: string,
  view: ResultsView,
  timedOut = false,
): Promise<ResultsOutcome> {
  const d1 = deps.db.$client;
  const [batch, topics] = await Promise.all([
    d1.batch<unknown>([
      attemptQuery(deps.db, userId, attemptId),
      answersQuery(deps.db, userId, attemptId),
      keysQuery(deps.db, userId, attemptId),
      percentileQuery(deps.db, userId, attemptId),
      cardKeysQuery(deps.db, userId, attemptId),
    ]),
    topicStats(deps.db, userId),
  ]);
  const [attemptRows, answerRows, keyRows, percentileRows, cardRows] = batch;
  const row = attemptRows!.results[0] as AttemptRow | undefined;
  if (!row) return { status: "not-found" };
  const attempt = toAttempt(row);
  const answers = answerRows!.results as AnswerRow[];
  if (attempt.status === "active") {
    if (!clockAt(attempt, attempt.paper.sections, deps.now()).expired) {
      return { status: "in-progress", attempt };
    }
    await submitAttempt(deps, attempt, answers);
    return mockResults(deps, userId, attemptId, view, true);
  }

  const { paper } = attempt;
  const exam = MOCK_PATTERNS[paper.pattern].exam;
  const questions = questionsOf(keyRows!.results as KeyRow[], answers);
  const sectionIndexes = questions.map((q) => sectionOf(paper.sections, q.position));
  const starts = sectionStarts(paper.sections);
  const sections = paper.sections.map((section, index): SectionResult => {
    const list = questions.slice(starts[index], starts[index]! + section.questions);
    const counts = tally(list);
    return {
      index,
      title: section.title,
      questions: section.questions,
      minutes: section.minutes,
      ...counts,
      score: examScore(exam, counts),
      maxScore: examMaxScore(exam, section.questions),
      secondsUsed: list.reduce((sum, q) => sum + q.seconds, 0),
    };
  });
  const weights = MOCK_PATTERNS[paper.pattern].weights;
  const counts = tally(questions);
  const shape = mockShape(paper.pattern, paper.length);
  const score = attempt.score ?? examScore(exam, counts);
  const maxScore = examMaxScore(exam, questions.length);
  const actual = new Map<string, number>();
  for (const q of questions) actual.set(q.subject, (actual.get(q.subject) ?? 0) + 1);
  const shortfalls: Shortfall[] = [...subjectQuotas(weights, questions.length)]
    .filter(([subject, intended]) => (actual.get(subject) ?? 0) < intended)
    .map(([subject, intended]) => ({ subject, intended, actual: actual.get(subject) ?? 0 }));
  const history = new Map(subjectStats(topics).map((stat) => [stat.subject, stat]));

  const matching = questions.filter((q) => wanted(view, sectionIndexes, q));
  const pages =
    view.page === undefined ? 1 : Math.max(1, Math.ceil(matching.length / REVIEW_PAGE_SIZE));
  const page = Math.min(Math.max(1, view.page ?? 1), pages);
  const shown =
    view.page === undefined
      ? matching
      : matching.slice((page - 1) * REVIEW_PAGE_SIZE, page * REVIEW_PAGE_SIZE);
  const { results: bodyRows } = shown.length
    ? await bodiesQuery(
        deps.db,
        shown.map((q) => q.itemId),
      ).all<{ id: string; body: string }>()
    : { results: [] };
  const bodies = new Map(bodyRows.map((entry) => [entry.id, JSON.parse(entry.body) as Body]));
  const carded = new Set((cardRows!.results as { client_key: string }[]).map((r) => r.client_key));
  const { marking } = EXAMS[exam];
  const items = shown.flatMap((q): ReviewItem[] => {
    const body = bodies.get(q.itemId);
    if (!body) return [];
    return [
      {
        position: q.position,
        section: sectionIndexes[q.position]!,
        subject: q.subject,
        topic: q.topic,
        question: body.question,
        options: body.options,
        choice: q.choice,
        correctIndex: body.correctIndex,
        outcome: q.outcome,
        marked: q.marked,
        seconds: q.seconds,
        marks:
          marking[
            q.outcome === "unattempted"
              ? "unattempted"
              : q.outcome === "correct"
                ? "correct"
                : "wrong"
          ],
        explanations: body.explanations,
        takeaway: body.takeaway,
        reference: body.reference ?? null,
        bankId: q.itemId,
        inFlashcards: carded.has(mockCardKey(attempt.id, q.position)),
      },
    ];
  });

  return {
    status: "results",
    timedOut,
    results: {
      id: attempt.id,
      title: attemptTitle(attempt),
      pattern: paper.pattern,
      length: paper.length,
      number: paper.number,
      examName: EXAMS[exam].name,
      markingLabel: EXAMS[exam].markingLabel,
      startedAt: attempt.startedAt,
      submittedAt: attempt.submittedAt ?? attempt.endsAt,
      questionCount: questions.length,
      ...counts,
      score,
      maxScore,
      percent: maxScore ? Math.round((score / maxScore) * 1000) / 10 : 0,
      passMarks: shape.passMarks,
      passed: shape.passMarks === null ? null : score >= shape.passMarks,
      sections,
      guessing: guessingAnalysis(exam, questions),
      subjects: subjectResults(
        exam,
        questions,
        weights.map((weight) => weight.subject),
        history,
      ),
      weakAreas: weakAreas(exam, questions),
      percentile: percentileOf(
        paper.number,
        percentileRows!.results[0] as { learners: number; at_or_below: number } | undefined,
      ),
      shortfalls,
      review: { total: matching.length, page, pages },
      items,
    },
  };
}

// ---------------------------------------------------------------------------
// The trend.

type MockTrendRow = {
  id: string;
  submitted_at: number;
  score: number;
  pattern: MockPatternId;
  length: MockLength;
  number: number | null;
  questions: number;
};

/**
 * The learner's score in percent of the maximum for every submitted mock,
 * oldest first: one indexed read, batched by its callers (the mocks page, /progress);
 * mockTrendPoints reads its rows.
 */
export function mockTrendStatement(db: Database, userId: string): D1PreparedStatement {
  return db.$client
    .prepare(
      `SELECT a.id, a.submitted_at, a.score, p.pattern, p.length, p.number,
              json_array_length(p.item_ids) AS questions
       FROM mock_attempts a JOIN mock_papers p ON p.id = a.paper_id
       WHERE a.user_id = ?1 AND a.status = 'submitted' ORDER BY a.submitted_at`,
    )
    .bind(userId);
}

/** mockTrendStatement's rows as the trend's points. */
export function mockTrendPoints(rows: readonly unknown[]): MockTrendPoint[] {
  return (rows as MockTrendRow[]).map((row) => {
    const maxScore = examMaxScore(MOCK_PATTERNS[row.pattern].exam, row.questions);
    return {
      attemptId: row.id,
      title: mockTitle(row.pattern, row.length, row.number),
      pattern: row.pattern,
      length: row.length,
      submittedAt: row.submitted_at,
      score: row.score,
      maxScore,
      percent: maxScore ? Math.round((row.score / maxScore) * 1000) / 10 : 0,
    };
  });
}

// ---------------------------------------------------------------------------
// Flashcards from a mock's questions.

const cut = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;

export type MockCardResult =
  | { status: "not-found" }
  | { status: "in-progress" }
  | { status: "added" | "already"; message: string }
  | { status: "refused"; title: string; message: string };

/**
 * A flashcard from question `position` of a submitted sitting: the stem as
 * the question, the correct option with why it is right and the takeaway as
 * the answer, the subject as the category. Asking again makes no second card.
 */
export async function addMockFlashcard(
  deps: FlashcardDeps,
  userId: string,
  attemptId: string,
  position: number,
): Promise<MockCardResult> {
  const row = await deps.db.$client
    .prepare(
      `SELECT a.status, b.subject, b.body FROM mock_attempts a JOIN mock_papers p ON p.id = a.paper_id
       JOIN bank_items b ON b.id = json_extract(p.item_ids, '$[' || CAST(?3 AS INTEGER) || ']')
       WHERE a.id = ?1 AND a.user_id = ?2`,
    )
    .bind(attemptId, userId, position)
    .first<{ status: string; subject: string; body: string }>();
  if (!row) return { status: "not-found" };
  if (row.status !== "submitted") return { status: "in-progress" };
  const body = JSON.parse(row.body) as Body;
  const letter = OPTION_LETTERS[body.correctIndex];
  const answer = `${letter}. ${body.options[body.correctIndex]}\n\n${body.explanations[body.correctIndex]}\n\nTakeaway: ${body.takeaway}`;
  const category = cut(row.subject, FLASHCARD_LIMITS.maxCategory);
  const result = await createFlashcard(
    deps,
    userId,
    {
      question: cut(body.question, FLASHCARD_LIMITS.maxQuestion),
      answer: cut(answer, FLASHCARD_LIMITS.maxAnswer),
      category: category.length >= FLASHCARD_LIMITS.minCategory ? category : DEFAULT_CATEGORY,
    },
    { key: mockCardKey(attemptId, position), source: "quiz" },
  );
  if (!result.ok) return { status: "refused", title: result.title, message: result.message };
  return result.created
    ? { status: "added", message: MOCK_MESSAGES.flashcardAdded }
    : { status: "already", message: MOCK_MESSAGES.flashcardAlready };
}

// ---------------------------------------------------------------------------
// The upgrade view's preview.

/**
 * What a NEET-PG paper would score at the learner's accuracy so far, every
 * question answered: each subject's questions at its own accuracy (the
 * overall one where it has fewer than 5 answers). Null under 20 answers.
 */
export async function mockPreview(db: Database, userId: string): Promise<MockPreview | null> {
  const subjects = subjectStats(await topicStats(db, userId));
  const answered = subjects.reduce((sum, subject) => sum + subject.answered, 0);
  if (answered < PREVIEW_MIN_ANSWERS) return null;
  const accuracy = subjects.reduce((sum, subject) => sum + subject.correct, 0) / answered;
  const bySubject = new Map(subjects.map((subject) => [subject.subject, subject]));
  const { marking } = EXAMS["neet-pg"];
  let projected = 0;
  for (const [subject, questions] of subjectQuotas(NEET_PG_SUBJECT_WEIGHTS, 200)) {
    const stat = bySubject.get(subject);
    const p = stat && stat.answered >= 5 ? stat.correct / stat.answered : accuracy;
    projected += questions * (p * marking.correct + (1 - p) * marking.wrong);
  }
  return {
    answered,
    accuracy,
    projected: Math.round(projected),
    maxScore: examMaxScore("neet-pg", 200),
  };
}

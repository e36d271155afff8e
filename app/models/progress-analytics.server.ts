/**
 * Progress analytics (docs/decisions/040-progress-analytics.md): what the
 * learner's answers everywhere and their flashcard reviews say, built for
 * /progress and GET /api/progress by one function from one D1 batch of a few
 * aggregate reads, whatever the number of answers:
 *
 *   - the per-topic rollup (progress_topics, kept by trigger from the answer log)
 *   - the per-day rollup for the last 12 weeks (progress_days), summed by week and subject
 *   - the error log: tagged wrong answers by mistake type (an index range)
 *   - flashcard reviews in the last 30 days and the cards due this week
 *   - the exam of the learner's study plan
 *   - how the reviewed question pool spreads over topics (a weight for each topic)
 *
 * The ranking of weak topics by marks at stake and the readiness estimate are
 * pure functions of those counts, exported for the tests to check by hand.
 */
import { NEET_PG_SUBJECT_WEIGHTS } from "~/data/neet-pg-weights";
import type { Database } from "~/db/client.server";
import { indiaDate } from "~/lib/admin";
import { EXAMS, type ExamId, examMaxScore, examScore, isExamId } from "~/lib/exams";
import {
  type Accuracy,
  MISTAKE_KINDS,
  type MistakeKind,
  PROGRESS_WEEKS,
  type ProgressPreview,
  type ProgressView,
  READINESS,
  type Readiness,
  type SubjectProgress,
  type TopicProgress,
  type WeakTopic,
  WEAK_TOPIC_LIMIT,
  type WeekPoint,
} from "~/lib/progress";
import { endOfDay } from "./flashcard-review.server";
import { caseProgressEntries, caseProgressStatement } from "./case-studies.server";
import { mockTrendPoints, mockTrendStatement } from "./mock-results.server";
import { type TopicStat, topicStatsOf, topicStatsStatement } from "./progress-stats.server";

const DAY = 86_400_000;

/** Pseudo-answers at the learner's overall rate that a topic's accuracy is shrunk with. */
const TOPIC_PRIOR_ANSWERS = 5;
/** The same for a subject in the readiness estimate: weak, so a subject without answers is wide open. */
const SUBJECT_PRIOR_ANSWERS = 2;
/** The two-sided 80 % point of the normal distribution. */
const Z_80 = 1.2815515655446004;

type Counts = { answered: number; correct: number };
/** How many reviewed pool questions sit on a topic. */
export type PoolTopic = { subject: string; topic: string; questions: number };

const NEET_PG_QUESTIONS = NEET_PG_SUBJECT_WEIGHTS.reduce((sum, row) => sum + row.questions, 0);

/**
 * Questions per subject in the exam's paper: NEET-PG's published weights
 * (the only subject pattern we hold) scaled to the paper's length.
 */
function examSubjectQuestions(exam: ExamId): Map<string, number> {
  const { questions } = EXAMS[exam];
  return new Map(
    NEET_PG_SUBJECT_WEIGHTS.map((row) => [
      row.subject,
      (row.questions * questions) / NEET_PG_QUESTIONS,
    ]),
  );
}

function accuracyOf({ answered, correct }: Counts): Accuracy {
  return { answered, correct, accuracy: answered > 0 ? correct / answered : null };
}

/** The learner's overall rate, itself pulled a little toward a half: (correct + 1) / (answered + 2). */
function overallRate(rows: readonly Counts[]): number {
  let answered = 0;
  let correct = 0;
  for (const row of rows) {
    answered += row.answered;
    correct += row.correct;
  }
  return (correct + 1) / (answered + 2);
}

const topicKey = (subject: string, topic: string) => `${subject}\u0000${topic}`;

/**
 * Each topic's share of its subject's exam questions: in proportion to the
 * reviewed pool's questions on it; a topic the pool does not hold counts as
 * an average pool topic of its subject; a subject the pool does not hold is
 * shared evenly over the topics the learner met in it.
 */
function topicShares(
  topics: readonly { subject: string; topic: string }[],
  pool: readonly PoolTopic[],
): Map<string, number> {
  const poolTopics = new Map<string, Map<string, number>>();
  for (const row of pool) {
    const bySubject = poolTopics.get(row.subject) ?? new Map<string, number>();
    bySubject.set(row.topic, row.questions);
    poolTopics.set(row.subject, bySubject);
  }
  const met = new Map<string, string[]>();
  for (const row of topics) {
    const list = met.get(row.subject);
    if (list) list.push(row.topic);
    else met.set(row.subject, [row.topic]);
  }
  const shares = new Map<string, number>();
  for (const [subject, learnerTopics] of met) {
    const inPool = poolTopics.get(subject);
    if (!inPool || inPool.size === 0) {
      for (const topic of learnerTopics)
        shares.set(topicKey(subject, topic), 1 / learnerTopics.length);
      continue;
    }
    const poolQuestions = [...inPool.values()].reduce((sum, n) => sum + n, 0);
    const average = poolQuestions / inPool.size;
    const outside = learnerTopics.filter((topic) => !inPool.has(topic)).length;
    const total = poolQuestions + outside * average;
    for (const topic of learnerTopics) {
      shares.set(topicKey(subject, topic), (inPool.get(topic) ?? average) / total);
    }
  }
  return shares;
}

/**
 * The weakest topics by marks at stake: the exam questions expected on the
 * topic (its subject's questions in the paper × the topic's share of them) ×
 * the learner's gap on it (1 − accuracy shrunk toward their overall rate
 * with TOPIC_PRIOR_ANSWERS pseudo-answers, so 1 of 1 is not 100 %) × the
 * marks a correct answer earns. Topics of subjects the exam does not weigh
 * are left out. Heaviest first; ties by more answers, then by name. Every
 * answered topic counts toward the overall rate and the shares, whatever
 * `limit` keeps.
 */
export function rankWeakTopics(input: {
  topics: readonly (Counts & { subject: string; topic: string })[];
  pool: readonly PoolTopic[];
  exam: ExamId;
  limit: number;
}): WeakTopic[] {
  const subjectQuestions = examSubjectQuestions(input.exam);
  const marks = EXAMS[input.exam].marking.correct;
  const answeredTopics = input.topics.filter((row) => row.answered > 0);
  const rate = overallRate(answeredTopics);
  const shares = topicShares(answeredTopics, input.pool);
  return answeredTopics
    .flatMap((row) => {
      const questions = subjectQuestions.get(row.subject);
      if (questions === undefined) return [];
      const shrunk =
        (row.correct + TOPIC_PRIOR_ANSWERS * rate) / (row.answered + TOPIC_PRIOR_ANSWERS);
      const stake =
        questions * (shares.get(topicKey(row.subject, row.topic)) ?? 0) * (1 - shrunk) * marks;
      return [{ row, stake }];
    })
    .sort(
      (a, b) =>
        b.stake - a.stake ||
        b.row.answered - a.row.answered ||
        a.row.subject.localeCompare(b.row.subject) ||
        a.row.topic.localeCompare(b.row.topic),
    )
    .slice(0, input.limit)
    .map(({ row, stake }) => ({
      subject: row.subject,
      topic: row.topic,
      answered: row.answered,
      accuracy: row.correct / row.answered,
      marksAtStake: Math.round(stake * 100) / 100,
    }));
}

/**
 * The score the learner would expect on the exam's paper today, with an 80 %
 * band: each subject the exam asks gets a Beta posterior of the learner's
 * accuracy (their answers in it, plus SUBJECT_PRIOR_ANSWERS pseudo-answers at
 * their overall rate, so a subject without answers is known only loosely);
 * the paper's questions per subject (examSubjectQuestions) are marked by the
 * exam's scheme, every question attempted. The band's variance adds, per
 * subject, the uncertainty of the accuracy (n² · d² · Var p) and the luck of
 * which questions the paper asks (n · d² · E[p(1 − p)]), d being the marks
 * between a right and a wrong answer; normal approximation, clamped to the
 * paper's range. Below READINESS.minAnswers answers in the exam's subjects
 * there is no estimate.
 */
export function readinessEstimate(
  subjects: readonly (Counts & { subject: string })[],
  exam: ExamId,
): Readiness {
  const subjectQuestions = examSubjectQuestions(exam);
  const counted = subjects.filter((row) => subjectQuestions.has(row.subject));
  const answered = counted.reduce((sum, row) => sum + row.answered, 0);
  if (answered < READINESS.minAnswers) {
    return { state: "not-enough", answered, needed: READINESS.minAnswers };
  }
  const rate = overallRate(counted);
  const bySubject = new Map(counted.map((row) => [row.subject, row]));
  const { marking, questions, passMarks } = EXAMS[exam];
  const spread = marking.correct - marking.wrong;
  let mean = 0;
  let variance = 0;
  for (const [subject, n] of subjectQuestions) {
    const row = bySubject.get(subject);
    const a = (row?.correct ?? 0) + SUBJECT_PRIOR_ANSWERS * rate;
    const b = (row ? row.answered - row.correct : 0) + SUBJECT_PRIOR_ANSWERS * (1 - rate);
    const p = a / (a + b);
    const uncertainty = (a * b) / ((a + b) ** 2 * (a + b + 1));
    mean += n * (marking.wrong + spread * p);
    variance +=
      n * n * spread * spread * uncertainty + n * spread * spread * (p * (1 - p) - uncertainty);
  }
  const half = Z_80 * Math.sqrt(variance);
  const minScore = examScore(exam, { correct: 0, wrong: questions, unattempted: 0 });
  const maxScore = examMaxScore(exam, questions);
  return {
    state: "estimate",
    expected: Math.round(mean),
    low: Math.max(minScore, Math.round(mean - half)),
    high: Math.min(maxScore, Math.round(mean + half)),
    confidence: READINESS.confidence,
    minScore,
    maxScore,
    passMarks,
    answered,
    subjectsCovered: counted.filter((row) => row.answered > 0).length,
    subjectsTotal: subjectQuestions.size,
  };
}

/** The Mondays (India dates) of the last PROGRESS_WEEKS weeks, the current week's last. */
export function weekStarts(today: string): string[] {
  const day = Date.parse(`${today}T00:00:00Z`);
  const monday = day - ((new Date(day).getUTCDay() + 6) % 7) * DAY;
  return Array.from({ length: PROGRESS_WEEKS }, (_, index) =>
    new Date(monday - (PROGRESS_WEEKS - 1 - index) * 7 * DAY).toISOString().slice(0, 10),
  );
}

/**
 * The reviewed pool's active questions per subject and topic (counts kept on
 * write): one row per subject with its topics' counts as JSON, read back by
 * poolTopicsOf (a few hundred rows would cost more to hand over than to say).
 */
function poolStatement(db: Database): D1PreparedStatement {
  return db.$client.prepare(
    `SELECT subject, json_group_object(topic, reviewed) AS topics FROM bank_topic_counts
     WHERE reviewed > 0 GROUP BY subject`,
  );
}

/** poolStatement's result as one PoolTopic per topic. */
function poolTopicsOf(result: D1Result | undefined): PoolTopic[] {
  const pool: PoolTopic[] = [];
  for (const row of (result?.results ?? []) as { subject: string; topics: string }[]) {
    const topics = JSON.parse(row.topics) as Record<string, number>;
    for (const [topic, questions] of Object.entries(topics)) {
      pool.push({ subject: row.subject, topic, questions });
    }
  }
  return pool;
}

function planExamStatement(db: Database, userId: string): D1PreparedStatement {
  return db.$client.prepare("SELECT exam FROM study_plans WHERE user_id = ?1").bind(userId);
}

/** The study plan's exam from planExamStatement's result, null without a plan. */
function planExamOf(rows: D1Result | undefined): ExamId | null {
  const exam = (rows?.results[0] as { exam?: string } | undefined)?.exam;
  return isExamId(exam) ? exam : null;
}

/** The exam the figures are for: the one asked for, else the study plan's, else NEET-PG. */
function analysisExam(asked: ExamId | null, planRows: D1Result | undefined): ExamId {
  return asked ?? planExamOf(planRows) ?? "neet-pg";
}

/**
 * What the weak topics are ranked from (the learner's topic rollups, the
 * reviewed pool, their plan's exam), for a page to batch with its own
 * reads; weakTopicsFromResults ranks their results.
 */
export function weakTopicsStatements(db: Database, userId: string): D1PreparedStatement[] {
  return [topicStatsStatement(db, userId), poolStatement(db), planExamStatement(db, userId)];
}

export type RankedWeakTopics = { exam: ExamId; topics: WeakTopic[] };

/**
 * weakTopicsStatements' results as /progress ranks them: the `limit`
 * weakest topics for `exam` (null: the plan's exam, else NEET-PG).
 */
export function weakTopicsFromResults(
  [topics, pool, plan]: readonly (D1Result | undefined)[],
  exam: ExamId | null,
  limit: number,
): RankedWeakTopics {
  const chosen = analysisExam(exam, plan);
  return {
    exam: chosen,
    topics: rankWeakTopics({
      topics: topicStatsOf(topics),
      pool: poolTopicsOf(pool),
      exam: chosen,
      limit,
    }),
  };
}

/**
 * The contract the practice builder and the planner may call: the learner's
 * `limit` weakest topics by marks at stake for `exam` (null: the exam
 * /progress shows by default), in one D1 batch.
 */
export async function weakTopics(
  db: Database,
  userId: string,
  exam: ExamId | null,
  limit: number,
): Promise<RankedWeakTopics> {
  return weakTopicsFromResults(
    await db.$client.batch(weakTopicsStatements(db, userId)),
    exam,
    limit,
  );
}

type WeekRow = { week: number; subject: string; answered: number; correct: number };

/** The weekly statement's result (one row per subject, its weeks as JSON) as one row per week. */
function weekRowsOf(result: D1Result | undefined): WeekRow[] {
  const weeks: WeekRow[] = [];
  for (const row of (result?.results ?? []) as { subject: string; weeks: string }[]) {
    for (const [week, answered, correct] of JSON.parse(row.weeks) as [number, number, number][]) {
      weeks.push({ week, subject: row.subject, answered, correct });
    }
  }
  return weeks;
}
type MistakeRow = { mistake: MistakeKind; count: number };
type ReviewRow = { reviews: number; mature: number; recalled: number };
type DueRow = { dueToday: number; dueNextWeek: number };

/**
 * The reads of the /progress view for a learner as of `now`, in the order
 * progressFromResults takes their results: for one D1 batch, of their own or
 * riding with the page's chrome (askToRide).
 */
export function progressStatements(
  db: Database,
  userId: string,
  now: number,
): D1PreparedStatement[] {
  const today = indiaDate(now);
  const starts = weekStarts(today);
  const dayEnd = endOfDay(now);
  const d1 = db.$client;
  return [
    topicStatsStatement(db, userId),
    // One row per subject, its weeks as JSON (see topicStatsStatement).
    d1
      .prepare(
        `SELECT subject, json_group_array(json_array(week, answered, correct)) AS weeks
           FROM (SELECT CAST((julianday(day) - julianday(?2)) / 7 AS INTEGER) AS week, subject,
                        sum(answered) AS answered, sum(correct) AS correct
                   FROM progress_days WHERE user_id = ?1 AND day >= ?2 AND day <= ?3
                   GROUP BY week, subject)
           GROUP BY subject`,
      )
      .bind(userId, starts[0], today),
    d1
      .prepare(
        `SELECT mistake, count(*) AS count FROM answer_events
           WHERE user_id = ?1 AND mistake IS NOT NULL GROUP BY mistake`,
      )
      .bind(userId),
    d1
      .prepare(
        `SELECT count(*) AS reviews, coalesce(sum(state = 2), 0) AS mature,
                  coalesce(sum(state = 2 AND rating > 1), 0) AS recalled
           FROM flashcard_reviews WHERE user_id = ?1 AND reviewed_at > ?2`,
      )
      .bind(userId, now - 30 * DAY),
    d1
      .prepare(
        `SELECT coalesce(sum(due <= ?2), 0) AS dueToday, coalesce(sum(due > ?2), 0) AS dueNextWeek
           FROM flashcards
           WHERE user_id = ?1 AND is_archived = 0 AND is_new = 0 AND due <= ?3`,
      )
      .bind(userId, dayEnd, dayEnd + 7 * DAY),
    planExamStatement(db, userId),
    poolStatement(db),
    mockTrendStatement(db, userId),
    caseProgressStatement(db, userId),
  ];
}

/**
 * The whole /progress view for a learner, for `exam` (null: their study
 * plan's exam, else NEET-PG), as of `now`, from one D1 batch.
 */
export async function progressAnalytics(
  db: Database,
  userId: string,
  options: { exam: ExamId | null; now: number },
): Promise<ProgressView> {
  return progressFromResults(
    await db.$client.batch(progressStatements(db, userId, options.now)),
    options,
  );
}

/** The /progress view from progressStatements' results (the same `now`). */
export function progressFromResults(
  results: readonly (D1Result | undefined)[],
  options: { exam: ExamId | null; now: number },
): ProgressView {
  const today = indiaDate(options.now);
  const starts = weekStarts(today);
  const [
    topicRows,
    weekRows,
    mistakeRows,
    reviewRows,
    dueRows,
    planRows,
    poolRows,
    mockRows,
    caseRows,
  ] = results;
  const topics = topicStatsOf(topicRows);
  const exam = analysisExam(options.exam, planRows);
  const subjectQuestions = examSubjectQuestions(exam);

  const subjects = subjectProgress(topics, subjectQuestions);
  const order = new Map(subjects.map((row, index) => [row.subject, index]));
  const topicList: TopicProgress[] = topics
    .map((row) => ({
      subject: row.subject,
      topic: row.topic,
      ...accuracyOf(row),
      timed: row.timed,
      averageSeconds: row.timed > 0 ? row.seconds / row.timed : null,
      lastAt: row.lastAt,
    }))
    .sort(
      (a, b) =>
        order.get(a.subject)! - order.get(b.subject)! ||
        (a.accuracy ?? 1) - (b.accuracy ?? 1) ||
        b.answered - a.answered ||
        a.topic.localeCompare(b.topic),
    );

  const totals = topics.reduce(
    (sum, row) => ({
      answered: sum.answered + row.answered,
      correct: sum.correct + row.correct,
      timed: sum.timed + row.timed,
      seconds: sum.seconds + row.seconds,
    }),
    { answered: 0, correct: 0, timed: 0, seconds: 0 },
  );

  const mistakes = mistakeRows!.results as MistakeRow[];
  const tagged = mistakes.reduce((sum, row) => sum + row.count, 0);
  const wrong = totals.answered - totals.correct;
  const reviews = reviewRows!.results[0] as ReviewRow;
  const due = dueRows!.results[0] as DueRow;

  return {
    asOf: today,
    exam: {
      id: exam,
      name: EXAMS[exam].name,
      questions: EXAMS[exam].questions,
      markingLabel: EXAMS[exam].markingLabel,
      secondsPerQuestion: EXAMS[exam].secondsPerQuestion,
      source: options.exam ? "query" : planExamOf(planRows) ? "plan" : "default",
    },
    totals: {
      ...accuracyOf(totals),
      timed: totals.timed,
      averageSeconds: totals.timed > 0 ? totals.seconds / totals.timed : null,
      subjects: subjects.length,
      topics: topics.length,
    },
    weekly: weeklySeries(weekRowsOf(weekRows), starts, order),
    subjects,
    topics: topicList,
    notStarted: [...subjectQuestions.keys()].filter((subject) => !order.has(subject)),
    errorLog: {
      wrong,
      tagged,
      // Only a wrong answer can be tagged (tagMistake), so the rest of the wrong ones are untagged.
      untagged: Math.max(0, wrong - tagged),
      byMistake: MISTAKE_KINDS.map((mistake) => ({
        mistake,
        count: mistakes.find((row) => row.mistake === mistake)?.count ?? 0,
      })),
    },
    flashcards: {
      reviews: reviews.reviews,
      matureReviews: reviews.mature,
      retention: reviews.mature > 0 ? reviews.recalled / reviews.mature : null,
      dueToday: due.dueToday,
      dueNextWeek: due.dueNextWeek,
    },
    weakTopics: rankWeakTopics({
      topics,
      pool: poolTopicsOf(poolRows),
      exam,
      limit: WEAK_TOPIC_LIMIT,
    }),
    readiness: readinessEstimate(subjects, exam),
    mocks: mockTrendPoints(mockRows!.results),
    cases: caseProgressEntries(caseRows!.results),
  };
}

/** The topics summed by subject, heaviest in the exam first, then by answers and name. */
function subjectProgress(
  topics: readonly TopicStat[],
  subjectQuestions: ReadonlyMap<string, number>,
): SubjectProgress[] {
  const bySubject = new Map<string, TopicStat & { topics: number }>();
  for (const row of topics) {
    const entry = bySubject.get(row.subject);
    if (!entry) {
      bySubject.set(row.subject, { ...row, topics: 1 });
      continue;
    }
    entry.answered += row.answered;
    entry.correct += row.correct;
    entry.timed += row.timed;
    entry.seconds += row.seconds;
    entry.topics += 1;
  }
  return [...bySubject.values()]
    .map((row) => ({
      subject: row.subject,
      ...accuracyOf(row),
      timed: row.timed,
      averageSeconds: row.timed > 0 ? row.seconds / row.timed : null,
      topics: row.topics,
      examQuestions: subjectQuestions.get(row.subject) ?? null,
    }))
    .sort(
      (a, b) =>
        (b.examQuestions ?? -1) - (a.examQuestions ?? -1) ||
        b.answered - a.answered ||
        a.subject.localeCompare(b.subject),
    );
}

/** Week-by-subject sums into the overall series and one series per subject (in `order`). */
function weeklySeries(
  rows: readonly WeekRow[],
  starts: readonly string[],
  order: ReadonlyMap<string, number>,
): ProgressView["weekly"] {
  const empty = () => starts.map(() => ({ answered: 0, correct: 0 }));
  const overall = empty();
  const bySubject = new Map<string, Counts[]>();
  for (const row of rows) {
    const slot = overall[row.week];
    if (!slot) continue;
    slot.answered += row.answered;
    slot.correct += row.correct;
    const series = bySubject.get(row.subject) ?? empty();
    series[row.week]!.answered += row.answered;
    series[row.week]!.correct += row.correct;
    bySubject.set(row.subject, series);
  }
  const points = (series: Counts[]): WeekPoint[] =>
    series.map((counts, index) => ({ start: starts[index]!, ...accuracyOf(counts) }));
  return {
    overall: points(overall),
    bySubject: [...bySubject]
      .sort(
        ([a], [b]) => (order.get(a) ?? Infinity) - (order.get(b) ?? Infinity) || a.localeCompare(b),
      )
      .map(([subject, series]) => ({
        subject,
        ...accuracyOf({
          answered: series.reduce((sum, week) => sum + week.answered, 0),
          correct: series.reduce((sum, week) => sum + week.correct, 0),
        }),
        weeks: points(series),
      })),
  };
}

/** The trial and Starter preview: the learner's answer count and accuracy, nothing more. */
export async function progressPreview(db: Database, userId: string): Promise<ProgressPreview> {
  const row = await db.$client
    .prepare(
      `SELECT coalesce(sum(answered), 0) AS answered, coalesce(sum(correct), 0) AS correct
       FROM progress_topics WHERE user_id = ?1`,
    )
    .bind(userId)
    .first<Counts>();
  const counts = { answered: Number(row?.answered ?? 0), correct: Number(row?.correct ?? 0) };
  return { answered: counts.answered, accuracy: accuracyOf(counts).accuracy };
}

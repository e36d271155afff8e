/**
 * Progress analytics against figures worked out by hand: totals, accuracy by
 * subject and topic, the weekly series, the error log, flashcard retention
 * and reviews due (real D1, answers logged as the app logs them), the
 * marks-at-stake ranking and the readiness band (pure functions).
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { logAnswers, tagMistake } from "./answer-log.server";
import {
  progressAnalytics,
  progressPreview,
  rankWeakTopics,
  readinessEstimate,
  weakTopics,
  weekStarts,
} from "./progress-analytics.server";
import { type TopicStat, topicStats } from "./progress-stats.server";
import { makeUser } from "../../tests/support/auth";

const db = createDb(env.DB);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// Noon in India on Wednesday 25 November 2026; its week began on Monday the 23rd.
const NOW = Date.UTC(2026, 10, 25, 6, 30);
/** 10:00 in India on a day of 2026 (month 1–12). */
const indiaTen = (month: number, day: number) => Date.UTC(2026, month - 1, day, 4, 30);
// The end of 25 November in India.
const DAY_END = Date.UTC(2026, 10, 25, 18, 30);

let source = 0;
async function answer(
  userId: string,
  subject: string,
  topic: string,
  answeredAt: number,
  results: readonly boolean[],
  seconds: number | null = null,
) {
  source += 1;
  await logAnswers(db, {
    userId,
    source: "practice",
    sourceId: `t${source}`,
    answers: results.map((correct, position) => ({
      position,
      itemId: null,
      chosen: correct ? 0 : 1,
      correct,
      seconds,
    })),
    fallback: { subject, topic },
    answeredAt,
  });
  return `practice:t${source}`;
}

const times = (n: number, correct: number) =>
  Array.from({ length: n }, (_, index) => index < correct);

async function card(
  userId: string,
  id: string,
  fields: { due: number; isNew?: boolean; archived?: boolean },
) {
  await env.DB.prepare(
    `INSERT INTO flashcards (id, user_id, question, answer, category, is_archived, is_new, due, state, updated_at)
     VALUES (?1, ?2, 'What is the antidote to paracetamol?', 'N-acetylcysteine', 'Pharmacology', ?3, ?4, ?5, ?6, ?5)`,
  )
    .bind(
      id,
      userId,
      fields.archived ? 1 : 0,
      fields.isNew ? 1 : 0,
      fields.due,
      fields.isNew ? 0 : 2,
    )
    .run();
}

async function review(userId: string, cardId: string, state: number, rating: number, at: number) {
  const id = crypto.randomUUID();
  await env.DB.prepare(
    `INSERT INTO flashcard_reviews (id, user_id, card_id, client_review_id, rating, state, due, stability, difficulty,
       elapsed_days, last_elapsed_days, scheduled_days, learning_steps, reviewed_at, desired_retention,
       next_state, next_due, next_scheduled_days)
     VALUES (?1, ?2, ?3, ?1, ?4, ?5, ?6, 5, 5, 3, 2, 3, 0, ?6, 0.9, 2, ?6 + 86400000, 1)`,
  )
    .bind(id, userId, cardId, rating, state, at)
    .run();
}

describe("progressAnalytics", () => {
  it("adds up a learner's answers, weeks, error log and flashcards as worked out by hand", async () => {
    const user = await makeUser();
    const other = await makeUser();
    // Pathology: Inflammation 4 of 10 (30 s each) on Tue 24 Nov; Neoplasia 2 of 2 (untimed) on Tue 17 Nov.
    const inflammation = await answer(
      user.id,
      "Pathology",
      "Inflammation",
      indiaTen(11, 24),
      times(10, 4),
      30,
    );
    await answer(user.id, "Pathology", "Neoplasia", indiaTen(11, 17), times(2, 2));
    // Medicine, Cardiology: 5 of 6 (60 s each) on 24 Nov, 1 of 2 on Tue 8 Sep (the first week
    // shown) and 1 of 1 on 1 Aug (before the 12 weeks: in the totals, not in the weekly series).
    await answer(user.id, "Medicine", "Cardiology", indiaTen(11, 24), times(6, 5), 60);
    await answer(user.id, "Medicine", "Cardiology", indiaTen(9, 8), times(2, 1));
    await answer(user.id, "Medicine", "Cardiology", indiaTen(8, 1), times(1, 1));
    // A quiz on a topic outside the pool: 1 of 4, today.
    const mixed = await answer(user.id, "Mixed", "renal tubular acidosis", NOW - HOUR, times(4, 1));
    // Somebody else's answers change nothing here.
    await answer(other.id, "Medicine", "Cardiology", indiaTen(11, 24), times(5, 0));

    // The error log: three of the eleven wrong answers tagged.
    expect(await tagMistake(db, user.id, `${inflammation}:4`, "misread")).toBe(true);
    expect(await tagMistake(db, user.id, `${inflammation}:5`, "didnt-know")).toBe(true);
    expect(await tagMistake(db, user.id, `${mixed}:3`, "didnt-know")).toBe(true);

    // Flashcards: two studied cards due by the end of today (one overdue), one in two days,
    // one in eight (beyond the week); a new card and an archived one never count.
    await card(user.id, `${user.id}-c1`, { due: NOW - HOUR });
    await card(user.id, `${user.id}-c2`, { due: DAY_END - 60_000 });
    await card(user.id, `${user.id}-c3`, { due: DAY_END + 2 * DAY });
    await card(user.id, `${user.id}-c4`, { due: DAY_END + 8 * DAY });
    await card(user.id, `${user.id}-c5`, { due: NOW - HOUR, isNew: true });
    await card(user.id, `${user.id}-c6`, { due: NOW - HOUR, archived: true });
    // Reviews in the last 30 days: three of cards in review (Good, Again, Easy) and one of a
    // learning card (Again); one more 31 days ago is too old.
    await review(user.id, `${user.id}-c1`, 2, 3, NOW - 5 * DAY);
    await review(user.id, `${user.id}-c1`, 2, 1, NOW - 10 * DAY);
    await review(user.id, `${user.id}-c3`, 2, 4, NOW - 29 * DAY);
    await review(user.id, `${user.id}-c3`, 1, 1, NOW - 3 * DAY);
    await review(user.id, `${user.id}-c3`, 2, 3, NOW - 31 * DAY);

    const view = await progressAnalytics(db, user.id, { exam: null, now: NOW });

    expect(view.asOf).toBe("2026-11-25");
    expect(view.exam).toMatchObject({ id: "neet-pg", name: "NEET-PG", source: "default" });
    // 10 + 2 + 9 + 4 = 25 answers, 4 + 2 + 7 + 1 = 14 correct; 10 × 30 s + 6 × 60 s over 16 timed.
    expect(view.totals).toEqual({
      answered: 25,
      correct: 14,
      accuracy: 14 / 25,
      timed: 16,
      averageSeconds: 660 / 16,
      subjects: 3,
      topics: 4,
    });
    // By exam weight: Medicine (24 of 200), Pathology (13), then Mixed (not in the paper).
    expect(view.subjects).toEqual([
      {
        subject: "Medicine",
        answered: 9,
        correct: 7,
        accuracy: 7 / 9,
        timed: 6,
        averageSeconds: 60,
        topics: 1,
        examQuestions: 24,
      },
      {
        subject: "Pathology",
        answered: 12,
        correct: 6,
        accuracy: 0.5,
        timed: 10,
        averageSeconds: 30,
        topics: 2,
        examQuestions: 13,
      },
      {
        subject: "Mixed",
        answered: 4,
        correct: 1,
        accuracy: 0.25,
        timed: 0,
        averageSeconds: null,
        topics: 1,
        examQuestions: null,
      },
    ]);
    // Subject by subject, the weakest topic first.
    expect(view.topics.map((row) => [row.subject, row.topic, row.answered, row.correct])).toEqual([
      ["Medicine", "Cardiology", 9, 7],
      ["Pathology", "Inflammation", 10, 4],
      ["Pathology", "Neoplasia", 2, 2],
      ["Mixed", "renal tubular acidosis", 4, 1],
    ]);
    expect(view.notStarted).toHaveLength(17);
    expect(view.notStarted).not.toContain("Medicine");
    expect(view.notStarted[0]).toBe("Surgery");

    // Twelve Monday-started weeks, 7 Sep to 23 Nov.
    expect(view.weekly.overall.map((week) => week.start)).toEqual(weekStarts("2026-11-25"));
    expect(view.weekly.overall[0]).toEqual({
      start: "2026-09-07",
      answered: 2,
      correct: 1,
      accuracy: 0.5,
    });
    expect(view.weekly.overall[10]).toEqual({
      start: "2026-11-16",
      answered: 2,
      correct: 2,
      accuracy: 1,
    });
    // This week: 10 + 6 + 4 answers, 4 + 5 + 1 correct.
    expect(view.weekly.overall[11]).toEqual({
      start: "2026-11-23",
      answered: 20,
      correct: 10,
      accuracy: 0.5,
    });
    expect(
      view.weekly.overall
        .slice(1, 10)
        .every((week) => week.answered === 0 && week.accuracy === null),
    ).toBe(true);
    expect(view.weekly.bySubject.map((row) => [row.subject, row.answered, row.correct])).toEqual([
      ["Medicine", 8, 6],
      ["Pathology", 12, 6],
      ["Mixed", 4, 1],
    ]);
    expect(view.weekly.bySubject[0]!.weeks[0]).toMatchObject({ answered: 2, correct: 1 });
    expect(view.weekly.bySubject[0]!.weeks[11]).toMatchObject({ answered: 6, correct: 5 });

    // 11 wrong answers, 3 tagged.
    expect(view.errorLog).toEqual({
      wrong: 11,
      tagged: 3,
      untagged: 8,
      byMistake: [
        { mistake: "didnt-know", count: 2 },
        { mistake: "misread", count: 1 },
        { mistake: "slip", count: 0 },
        { mistake: "guessed", count: 0 },
      ],
    });
    // 4 reviews in 30 days; of the 3 of cards in review, 2 not rated Again.
    expect(view.flashcards).toEqual({
      reviews: 4,
      matureReviews: 3,
      retention: 2 / 3,
      dueToday: 2,
      dueNextWeek: 1,
    });
    // 21 answers in the paper's subjects (Mixed is not one): short of the 50 an estimate needs.
    expect(view.readiness).toEqual({ state: "not-enough", answered: 21, needed: 50 });
    // The ranking is the contract's, from the same counts.
    expect(await weakTopics(db, user.id, "neet-pg", 5)).toEqual({
      exam: "neet-pg",
      topics: view.weakTopics,
    });
    expect(view.weakTopics.map((row) => row.topic)).not.toContain("renal tubular acidosis");

    expect(await progressPreview(db, user.id)).toEqual({ answered: 25, accuracy: 14 / 25 });
  });

  it("takes the study plan's exam unless one is asked for, and shows a new learner nothing but zeros", async () => {
    const user = await makeUser();
    await env.DB.prepare(
      "INSERT INTO study_plans (user_id, exam, exam_date, hours_per_day, updated_at) VALUES (?1, 'fmge', '2027-06-20', 4, ?2)",
    )
      .bind(user.id, NOW)
      .run();
    const planned = await progressAnalytics(db, user.id, { exam: null, now: NOW });
    expect(planned.exam).toMatchObject({ id: "fmge", questions: 300, source: "plan" });
    // The weak topics' contract takes the same exam when none is asked for.
    expect((await weakTopics(db, user.id, null, 5)).exam).toBe("fmge");
    const asked = await progressAnalytics(db, user.id, { exam: "ini-cet", now: NOW });
    expect(asked.exam).toMatchObject({ id: "ini-cet", secondsPerQuestion: 54, source: "query" });

    expect(asked.totals).toEqual({
      answered: 0,
      correct: 0,
      accuracy: null,
      timed: 0,
      averageSeconds: null,
      subjects: 0,
      topics: 0,
    });
    expect(asked.subjects).toEqual([]);
    expect(asked.weekly.overall.every((week) => week.answered === 0)).toBe(true);
    expect(asked.weekly.bySubject).toEqual([]);
    expect(asked.notStarted).toHaveLength(19);
    expect(asked.errorLog).toMatchObject({ wrong: 0, tagged: 0, untagged: 0 });
    expect(asked.flashcards).toEqual({
      reviews: 0,
      matureReviews: 0,
      retention: null,
      dueToday: 0,
      dueNextWeek: 0,
    });
    expect(asked.weakTopics).toEqual([]);
    expect(asked.readiness).toEqual({ state: "not-enough", answered: 0, needed: 50 });
    expect(await progressPreview(db, user.id)).toEqual({ answered: 0, accuracy: null });
  });
});

describe("topicStats", () => {
  it("reads every topic's rollup, as the table holds it, from one row per subject", async () => {
    const user = await makeUser();
    await answer(user.id, "Medicine", "Cardiology", indiaTen(11, 2), times(5, 3), 40);
    await answer(user.id, "Medicine", "Nephrology", indiaTen(11, 3), times(2, 2));
    await answer(user.id, "Medicine", "Cardiology", indiaTen(11, 9), times(3, 1), 55);
    await answer(
      user.id,
      "Pathology",
      'Inflammation "acute" & chronic',
      indiaTen(11, 4),
      times(4, 0),
      20,
    );
    const { results } = await env.DB.prepare(
      `SELECT subject, topic, answered, correct, timed, seconds, last_at AS lastAt
       FROM progress_topics WHERE user_id = ?1 ORDER BY subject, topic`,
    )
      .bind(user.id)
      .all();
    expect(results).toHaveLength(3);
    const byKey = (a: TopicStat, b: TopicStat) =>
      `${a.subject}/${a.topic}` < `${b.subject}/${b.topic}` ? -1 : 1;
    expect((await topicStats(db, user.id)).sort(byKey)).toEqual(results);
    expect(await topicStats(db, (await makeUser()).id)).toEqual([]);
  });
});

describe("weekStarts", () => {
  it("gives the twelve Mondays up to the current week's, in India dates", () => {
    const weeks = weekStarts("2026-11-25");
    expect(weeks).toHaveLength(12);
    expect(weeks[0]).toBe("2026-09-07");
    expect(weeks[11]).toBe("2026-11-23");
    // A Monday is its own week's start; a Sunday belongs to the week that began six days before.
    expect(weekStarts("2026-11-23")[11]).toBe("2026-11-23");
    expect(weekStarts("2026-11-29")[11]).toBe("2026-11-23");
    expect(weekStarts("2027-01-03")[11]).toBe("2026-12-28");
  });
});

describe("rankWeakTopics", () => {
  const topics = [
    { subject: "Medicine", topic: "Cardiology", answered: 9, correct: 7 },
    { subject: "Pathology", topic: "Inflammation", answered: 10, correct: 4 },
    { subject: "Pathology", topic: "Neoplasia", answered: 2, correct: 2 },
    { subject: "Pathology", topic: "Autopsy findings", answered: 1, correct: 0 },
    { subject: "Mixed", topic: "renal tubular acidosis", answered: 4, correct: 1 },
  ];
  const pool = [
    { subject: "Medicine", topic: "Cardiology", questions: 30 },
    { subject: "Medicine", topic: "Nephrology", questions: 30 },
    { subject: "Pathology", topic: "Inflammation", questions: 20 },
    { subject: "Pathology", topic: "Neoplasia", questions: 10 },
    { subject: "Pathology", topic: "Cell injury", questions: 10 },
  ];

  it("ranks by exam questions on the topic × the shrunk gap × marks per correct answer", () => {
    // Overall rate: (14 + 1) / (26 + 2) = 15/28; each topic gets 5 pseudo-answers at it (2.6786 correct).
    // Shares: Cardiology 30/60 of Medicine's 24 questions = 12. Pathology's pool holds 40 questions on
    // 3 topics (13.33 a topic); "Autopsy findings" is not in it and counts as an average topic, so
    // Pathology's 13 questions go 20 : 10 : 13.33 over 53.33 → 4.875, 2.4375 and 3.25.
    // Cardiology:   (7 + 2.6786) / 14 = 0.6913 → gap 0.3087 × 12     × 4 = 14.82
    // Inflammation: (4 + 2.6786) / 15 = 0.4452 → gap 0.5548 × 4.875  × 4 = 10.82
    // Autopsy:      (0 + 2.6786) / 6  = 0.4464 → gap 0.5536 × 3.25   × 4 =  7.20
    // Neoplasia:    (2 + 2.6786) / 7  = 0.6684 → gap 0.3316 × 2.4375 × 4 =  3.23
    // Mixed is not a subject of the paper: not ranked.
    expect(rankWeakTopics({ topics, pool, exam: "neet-pg", limit: 10 })).toEqual([
      {
        subject: "Medicine",
        topic: "Cardiology",
        answered: 9,
        accuracy: 7 / 9,
        marksAtStake: 14.82,
      },
      {
        subject: "Pathology",
        topic: "Inflammation",
        answered: 10,
        accuracy: 0.4,
        marksAtStake: 10.82,
      },
      {
        subject: "Pathology",
        topic: "Autopsy findings",
        answered: 1,
        accuracy: 0,
        marksAtStake: 7.2,
      },
      { subject: "Pathology", topic: "Neoplasia", answered: 2, accuracy: 1, marksAtStake: 3.23 },
    ]);
    expect(rankWeakTopics({ topics, pool, exam: "neet-pg", limit: 2 })).toHaveLength(2);
  });

  it("scales with the exam's paper and marking", () => {
    // INI-CET: the same 200 questions at +1 a correct answer, a quarter of NEET-PG's +4.
    const iniCet = rankWeakTopics({ topics, pool, exam: "ini-cet", limit: 1 });
    expect(iniCet[0]).toMatchObject({ topic: "Cardiology", marksAtStake: 3.7 });
    // FMGE: 300 questions at +1: Cardiology's 18 questions × 0.3087 = 5.56.
    const fmge = rankWeakTopics({ topics, pool, exam: "fmge", limit: 1 });
    expect(fmge[0]).toMatchObject({ topic: "Cardiology", marksAtStake: 5.56 });
  });

  it("does not take one right answer for mastery", () => {
    const one = rankWeakTopics({
      topics: [
        { subject: "Anatomy", topic: "Upper limb", answered: 1, correct: 1 },
        { subject: "Anatomy", topic: "Lower limb", answered: 40, correct: 38 },
      ],
      pool: [
        { subject: "Anatomy", topic: "Upper limb", questions: 10 },
        { subject: "Anatomy", topic: "Lower limb", questions: 10 },
      ],
      exam: "neet-pg",
      limit: 2,
    });
    // Rate (39 + 1) / 43; 1 of 1 shrinks to (1 + 5 × 0.9302) / 6 = 0.9419, below 38 of 40's (38 + 4.6512) / 45 = 0.9478.
    expect(one.map((row) => row.topic)).toEqual(["Upper limb", "Lower limb"]);
    expect(one[0]!.marksAtStake).toBeGreaterThan(0);
  });
});

describe("readinessEstimate", () => {
  const spread = (perSubject: number, rate: number) =>
    [
      "Medicine",
      "Surgery",
      "Obstetrics & Gynaecology",
      "Pathology",
      "Community Medicine",
      "Anatomy",
      "Physiology",
      "Biochemistry",
      "Pharmacology",
      "Microbiology",
      "Paediatrics",
      "ENT",
      "Ophthalmology",
      "Forensic Medicine",
      "Orthopaedics",
      "Dermatology",
      "Psychiatry",
      "Anaesthesia",
      "Radiology",
    ].map((subject) => ({ subject, answered: perSubject, correct: Math.round(perSubject * rate) }));

  it("gives no estimate below 50 answers in the exam's subjects", () => {
    expect(
      readinessEstimate(
        [
          { subject: "Medicine", answered: 49, correct: 30 },
          { subject: "Mixed", answered: 100, correct: 90 },
        ],
        "neet-pg",
      ),
    ).toEqual({ state: "not-enough", answered: 49, needed: 50 });
  });

  it("matches a band worked out by hand", () => {
    // University paper: 100 questions, +1 / 0; Medicine has 24/200 of them = 12, the others 88.
    // 40 of 50 in Medicine: rate m = 41/52 = 0.7885. Medicine's posterior Beta(40 + 2m, 10 + 2(1 − m))
    // has mean 0.7996; every other subject Beta(2m, 2(1 − m)), mean m, variance m(1 − m)/12.
    // Expected 12 × 0.7996 + 88 × 0.7885 = 78.98; variance 43.08 (Σ n² Var p + Σ n E[p(1 − p)]),
    // so ± 1.2816 × 6.563 = ± 8.41: 70.57 to 87.39.
    expect(
      readinessEstimate([{ subject: "Medicine", answered: 50, correct: 40 }], "university"),
    ).toEqual({
      state: "estimate",
      expected: 79,
      low: 71,
      high: 87,
      confidence: 0.8,
      minScore: 0,
      maxScore: 100,
      passMarks: null,
      answered: 50,
      subjectsCovered: 1,
      subjectsTotal: 19,
    });
    // NEET-PG marks the same learner +4 / −1 over 200 questions: 200 × (−1 + 5 × p) = 589.8 ± 78.2.
    expect(
      readinessEstimate([{ subject: "Medicine", answered: 50, correct: 40 }], "neet-pg"),
    ).toMatchObject({
      expected: 590,
      low: 512,
      high: 668,
      minScore: -200,
      maxScore: 800,
    });
  });

  it("narrows as answers grow, and is wider where subjects have no answers", () => {
    const width = (rows: ReturnType<typeof spread>) => {
      const estimate = readinessEstimate(rows, "neet-pg");
      if (estimate.state !== "estimate") throw new Error("expected an estimate");
      return estimate.high - estimate.low;
    };
    const few = width(spread(5, 0.6));
    const more = width(spread(50, 0.6));
    const many = width(spread(500, 0.6));
    expect(few).toBeGreaterThan(more);
    expect(more).toBeGreaterThan(many);
    // Even with every subject well known, the paper's own luck keeps a band (no fake precise score).
    expect(many).toBeGreaterThan(60);
    // The same 95 answers in Medicine alone leave 18 subjects open: a wider band.
    expect(width([{ subject: "Medicine", answered: 95, correct: 57 }])).toBeGreaterThan(few);
    // FMGE carries its pass mark.
    expect(readinessEstimate(spread(10, 0.6), "fmge")).toMatchObject({
      passMarks: 150,
      maxScore: 300,
    });
  });
});

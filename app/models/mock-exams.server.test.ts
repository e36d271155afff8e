/**
 * Mock exams in workerd with the real question pool (migrations 0009-0010):
 * papers (proportions, numbered papers the same for everyone and disjoint
 * in order, random papers avoiding what the learner saw), the server's
 * clock (section locks, moving on, submitting at time-out), saves (two tabs
 * at once, nothing of the key before submit), marking against hand-computed
 * scores, the guessing analysis, the percentile's threshold and the trend.
 * Time is a test clock handed to the model.
 */
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { createDb } from "~/db/client.server";
import { NEET_PG_SUBJECT_WEIGHTS } from "~/data/neet-pg-weights";
import type { AnswerSave } from "~/lib/mock-exams";
import { mockShape, subjectQuotas } from "~/lib/mock-patterns";
import { startTrial } from "~/models/subscription.server";
import { makeUser, testClock } from "../../tests/support/auth";
import { keysOf } from "../../tests/support/mock-exams";
import { usageTestDeps } from "../../tests/support/payments";
import {
  advanceSection,
  listMocks,
  type MockDeps,
  readMock,
  saveAnswers,
  startMock,
  submitMock,
} from "./mock-exams.server";
import { buildPaper, numberedPaper, type PoolItem } from "./mock-papers.server";
import {
  addMockFlashcard,
  mockResults,
  mockTrendPoints,
  mockTrendStatement,
} from "./mock-results.server";
import { progressAnalytics } from "./progress-analytics.server";

vi.setConfig({ testTimeout: 30_000 });

const db = createDb(env.DB);
const MINUTE = 60_000;

function deps(clock = testClock()): MockDeps & { clock: ReturnType<typeof testClock> } {
  return { db, now: clock.now, clock };
}

async function subjectsOf(ids: readonly string[]): Promise<Map<string, number>> {
  const { results } = await env.DB.prepare(
    "SELECT subject, count(*) AS n FROM bank_items WHERE id IN (SELECT value FROM json_each(?1)) GROUP BY subject",
  )
    .bind(JSON.stringify(ids))
    .all<{ subject: string; n: number }>();
  return new Map(results.map((row) => [row.subject, row.n]));
}

/** Saves for `positions`: right answers for the first `right`, wrong ones after. */
function answersFor(keys: number[], positions: number[], right: number, marked = false) {
  return positions.map((position, index): AnswerSave => ({
    position,
    choice: index < right ? keys[position]! : (keys[position]! + 1) % 4,
    marked,
    seconds: 30,
  }));
}

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

async function started(d: MockDeps, userId: string, input: Parameters<typeof startMock>[2]) {
  const result = await startMock(d, userId, input);
  if (result.status !== "started") throw new Error(`not started: ${JSON.stringify(result)}`);
  return result.attempt;
}

type Pattern = "neet-pg" | "ini-cet" | "fmge";

/** A new learner in a fresh random paper of `pattern` (a quarter mock unless told), on a test clock. */
async function sitting(pattern: Pattern, length: "full" | "half" | "quarter" = "quarter") {
  const d = deps();
  const user = await makeUser();
  const attempt = await started(d, user.id, { pattern, length, paper: "random" });
  return { d, user, attempt };
}

describe("papers from the pool", () => {
  it("follows the subject weights and builds a numbered paper the same way every time", async () => {
    const paper = await numberedPaper(db, "neet-pg", "full", 1, Date.now());
    expect(paper!.itemIds).toHaveLength(200);
    expect(new Set(paper!.itemIds).size).toBe(200);
    expect(paper!.sections).toEqual(mockShape("neet-pg", "full").sections);
    const quotas = subjectQuotas(NEET_PG_SUBJECT_WEIGHTS, 200);
    expect(Object.fromEntries(await subjectsOf(paper!.itemIds))).toEqual(
      Object.fromEntries(quotas),
    );
    const again = await numberedPaper(db, "neet-pg", "full", 1, Date.now());
    expect(again).toEqual(paper);

    const { results: pool } = await env.DB.prepare(
      "SELECT id, subject, topic, source FROM bank_items WHERE kind = 'question' AND status = 'active'",
    ).all<PoolItem>();
    const input = {
      pool,
      weights: NEET_PG_SUBJECT_WEIGHTS,
      count: 50,
      seen: new Map<string, number>(),
      rankSeed: "a",
      orderSeed: "b",
    };
    expect(buildPaper(input)).toEqual(buildPaper({ ...input, pool: [...pool].reverse() }));
  });

  it("gives two learners starting the same number at the same moment the same paper", async () => {
    const [a, b] = await Promise.all([
      numberedPaper(db, "ini-cet", "half", 2, Date.now()),
      numberedPaper(db, "ini-cet", "half", 2, Date.now()),
    ]);
    expect(a!.id).toBe("ini-cet:half:2");
    expect(b!.itemIds).toEqual(a!.itemIds);
    const stored = await env.DB.prepare(
      "SELECT count(*) AS n FROM mock_papers WHERE pattern = 'ini-cet' AND length = 'half'",
    ).first<{ n: number }>();
    // Paper 2 was built with paper 1 before it, each stored once.
    expect(stored!.n).toBe(2);
  });

  it("keeps successive numbers disjoint while the pool allows, then reuses the oldest", async () => {
    const pool = await env.DB.prepare(
      "SELECT count(*) AS n FROM bank_items WHERE kind = 'question' AND status = 'active'",
    ).first<{ n: number }>();
    // As many 150-question papers as fit in the pool.
    const fit = Math.floor(pool!.n / 150);
    expect(fit).toBeGreaterThanOrEqual(6);
    const papers: Array<Awaited<ReturnType<typeof numberedPaper>>> = [];
    for (let n = 1; n <= fit; n++)
      papers.push(await numberedPaper(db, "fmge", "half", n, Date.now()));
    // No paper repeats another.
    const all = papers.flatMap((paper) => paper!.itemIds);
    expect(all).toHaveLength(fit * 150);
    expect(new Set(all).size).toBe(all.length);
    // The next cannot be all new (it repeats what the pool lacks, up to all 150): what it
    // repeats comes from paper 1 first.
    const next = await numberedPaper(db, "fmge", "half", fit + 1, Date.now());
    const repeats = next!.itemIds.filter((id) => all.includes(id));
    expect(repeats.length).toBe(150 - (pool!.n - fit * 150));
    expect(repeats.every((id) => papers[0]!.itemIds.includes(id))).toBe(true);
  });

  it("makes a fresh random paper of questions the learner has not met in a mock", async () => {
    const d = deps();
    const user = await makeUser();
    const first = await started(d, user.id, { pattern: "neet-pg", length: "full", paper: 1 });
    await submitMock(d, user.id, first.id);
    const random = await started(d, user.id, {
      pattern: "neet-pg",
      length: "full",
      paper: "random",
    });
    expect(random.paper.number).toBeNull();
    expect(random.paper.ownerId).toBe(user.id);
    expect(random.paper.itemIds.filter((id) => first.paper.itemIds.includes(id))).toEqual([]);
    // Its subjects still follow the weights.
    expect(Object.fromEntries(await subjectsOf(random.paper.itemIds))).toEqual(
      Object.fromEntries(subjectQuotas(NEET_PG_SUBJECT_WEIGHTS, 200)),
    );
  });

  it("borrows from a neighbouring subject when one runs out of questions, and says so", async () => {
    const { results: pool } = await env.DB.prepare(
      "SELECT id, subject, topic, source FROM bank_items WHERE kind = 'question' AND status = 'active'",
    ).all<PoolItem>();
    // Radiology has only 2 questions left in this pool.
    const radiology = pool.filter((item) => item.subject === "Radiology").slice(0, 2);
    const small = [...pool.filter((item) => item.subject !== "Radiology"), ...radiology];
    const ids = buildPaper({
      pool: small,
      weights: NEET_PG_SUBJECT_WEIGHTS,
      count: 200,
      seen: new Map(),
      rankSeed: "r",
      orderSeed: "r",
    })!;
    const bySubject = new Map<string, number>();
    for (const id of ids) {
      const subject = small.find((item) => item.id === id)!.subject;
      bySubject.set(subject, (bySubject.get(subject) ?? 0) + 1);
    }
    expect(ids).toHaveLength(200);
    expect(bySubject.get("Radiology")).toBe(2);
    // The 2 it lacked came from clinical subjects (its group).
    const quotas = subjectQuotas(NEET_PG_SUBJECT_WEIGHTS, 200);
    const clinical = NEET_PG_SUBJECT_WEIGHTS.filter((w) => w.group === "Clinical");
    const extra = clinical.reduce(
      (sum, w) => sum + (bySubject.get(w.subject) ?? 0) - quotas.get(w.subject)!,
      0,
    );
    expect(extra).toBe(0);
    // A pool smaller than the paper makes no paper.
    expect(
      buildPaper({
        pool: small.slice(0, 10),
        weights: NEET_PG_SUBJECT_WEIGHTS,
        count: 50,
        seen: new Map(),
        rankSeed: "x",
        orderSeed: "x",
      }),
    ).toBeNull();
  });
});

describe("the server's clock", () => {
  it("locks a section when its time ends, opens the next and refuses saves to either side", async () => {
    const { d, user, attempt } = await sitting("neet-pg");
    // Quarter NEET-PG: 5 sections of 10 questions, 10.5 minutes each.
    expect(attempt.paper.sections.map((s) => [s.questions, s.minutes])).toEqual(
      Array(5).fill([10, 10.5]),
    );
    expect(attempt.endsAt - attempt.startedAt).toBe(52.5 * MINUTE);
    const first = await saveAnswers(d, user.id, attempt.id, [
      { position: 3, choice: 2, marked: true, seconds: 40 },
    ]);
    expect(first).toMatchObject({ status: "saved", saved: [3], refused: [] });

    d.clock.advance(10.5 * MINUTE);
    const read = await readMock(d, user.id, attempt.id);
    expect(read.status).toBe("active");
    if (read.status !== "active") return;
    expect(read.sitting.sectionIndex).toBe(1);
    expect(read.sitting.sections.map((s) => s.state)).toEqual([
      "locked",
      "current",
      "upcoming",
      "upcoming",
      "upcoming",
    ]);
    expect(read.sitting.questions.map((q) => q.position)).toEqual(range(10, 10));
    expect(read.sitting.palette[3]).toBe("answered-marked");
    expect(read.sitting.sectionEndsAt).toBe(attempt.startedAt + 21 * MINUTE);

    const late = await saveAnswers(d, user.id, attempt.id, [
      { position: 3, choice: 1, marked: false, seconds: 50 },
      { position: 12, choice: 0, marked: false, seconds: 20 },
      { position: 25, choice: 0, marked: false, seconds: 5 },
      { position: 80, choice: 0, marked: false, seconds: 5 },
    ]);
    expect(late).toMatchObject({
      status: "saved",
      saved: [12],
      refused: [
        { position: 3, reason: "locked", message: expect.stringContaining("Section A has ended") },
        { position: 25, reason: "not-open" },
        { position: 80, reason: "range" },
      ],
    });
    const kept = await env.DB.prepare(
      "SELECT position, choice FROM mock_answers WHERE attempt_id = ?1 ORDER BY position",
    )
      .bind(attempt.id)
      .all();
    expect(kept.results).toEqual([
      { position: 3, choice: 2 },
      { position: 12, choice: 0 },
    ]);
  });

  it("moves a learner who was away to the section the clock has reached", async () => {
    const { d, user, attempt } = await sitting("neet-pg");
    d.clock.advance(33 * MINUTE);
    const save = await saveAnswers(d, user.id, attempt.id, [
      { position: 35, choice: 1, marked: false, seconds: 10 },
      { position: 5, choice: 1, marked: false, seconds: 10 },
    ]);
    // 33 minutes in: sections A-C (31.5 minutes) are over, D is open.
    expect(save).toMatchObject({ status: "saved", saved: [35], state: { sectionIndex: 3 } });
    if (save.status === "saved") {
      expect(save.state.sectionEndsAt).toBe(attempt.startedAt + 42 * MINUTE);
    }
  });

  it("ends a section early on request: the next opens with its full time", async () => {
    const { d, user, attempt } = await sitting("fmge");
    expect(attempt.paper.sections.map((s) => [s.title, s.questions, s.minutes])).toEqual([
      ["Part A", 38, 38],
      ["Part B", 37, 37],
    ]);
    d.clock.advance(10 * MINUTE);
    const moved = await advanceSection(d, user.id, attempt.id, 0);
    expect(moved.status).toBe("done");
    if (moved.status !== "done") return;
    expect(moved.attempt.sectionIndex).toBe(1);
    expect(moved.attempt.sectionEndsAt).toBe(d.clock.now() + 37 * MINUTE);
    expect(moved.attempt.endsAt).toBe(d.clock.now() + 37 * MINUTE);
    // Asking again (a double click) changes nothing; the last section can only be submitted.
    expect((await advanceSection(d, user.id, attempt.id, 0)).status).toBe("done");
    expect(await advanceSection(d, user.id, attempt.id, 1)).toMatchObject({
      status: "conflict",
      message: expect.stringContaining("last section"),
    });
  });

  it("submits at time-out on the next read, with the answers saved by then, into the answer log", async () => {
    const { d, user, attempt } = await sitting("neet-pg");
    const keys = await keysOf(attempt.id);
    await saveAnswers(d, user.id, attempt.id, answersFor(keys, [0, 1, 2], 2));
    d.clock.advance(52.5 * MINUTE);
    const late = await saveAnswers(d, user.id, attempt.id, answersFor(keys, [45], 1));
    expect(late).toMatchObject({
      status: "saved",
      saved: [],
      refused: [{ position: 45, reason: "submitted" }],
      state: { status: "submitted" },
    });
    const read = await readMock(d, user.id, attempt.id);
    expect(read).toMatchObject({ status: "submitted", timedOut: false });
    if (read.status !== "submitted") return;
    expect(read.attempt).toMatchObject({ correct: 2, wrong: 1, unattempted: 47, score: 7 });
    expect(read.attempt.submittedAt).toBe(attempt.endsAt);
    const logged = await env.DB.prepare(
      "SELECT source, source_id, position, correct FROM answer_events WHERE user_id = ?1 ORDER BY position",
    )
      .bind(user.id)
      .all();
    expect(logged.results).toEqual([
      { source: "mock", source_id: attempt.id, position: 0, correct: 1 },
      { source: "mock", source_id: attempt.id, position: 1, correct: 1 },
      { source: "mock", source_id: attempt.id, position: 2, correct: 0 },
    ]);
  });

  it("reports the time-out to the read that found it", async () => {
    const { d, user, attempt } = await sitting("ini-cet");
    d.clock.advance(2 * 60 * MINUTE);
    expect(await readMock(d, user.id, attempt.id)).toMatchObject({
      status: "submitted",
      timedOut: true,
    });
  });

  it("runs one sitting at a time, even when two starts race", async () => {
    const d = deps();
    const user = await makeUser();
    const input = { pattern: "neet-pg", length: "quarter", paper: "random" } as const;
    const both = await Promise.all([startMock(d, user.id, input), startMock(d, user.id, input)]);
    expect(both.map((result) => result.status).sort()).toEqual(["active-exists", "started"]);
    const list = await listMocks(d, user.id);
    expect(list).toHaveLength(1);
    // Once its time is up the learner can start another; the old one is submitted on the list.
    d.clock.advance(60 * MINUTE);
    expect((await startMock(d, user.id, input)).status).toBe("started");
    const after = await listMocks(d, user.id);
    expect(after.map((mock) => mock.status).sort()).toEqual(["active", "submitted"]);
  });
});

describe("saves", () => {
  it("keeps the saves of two tabs made at once, and the most seconds for a question", async () => {
    const { d, user, attempt } = await sitting("neet-pg", "half");
    const [a, b] = await Promise.all([
      saveAnswers(d, user.id, attempt.id, [{ position: 1, choice: 0, marked: false, seconds: 30 }]),
      saveAnswers(d, user.id, attempt.id, [
        { position: 2, choice: 3, marked: true, seconds: 12 },
        { position: 4, choice: null, marked: false, seconds: 5 },
      ]),
    ]);
    expect([a, b].every((result) => result.status === "saved")).toBe(true);
    await saveAnswers(d, user.id, attempt.id, [
      { position: 1, choice: 2, marked: false, seconds: 10 },
    ]);
    const read = await readMock(d, user.id, attempt.id);
    if (read.status !== "active") throw new Error("not active");
    const shown = (position: number) => read.sitting.questions[position];
    expect(shown(1)).toMatchObject({ choice: 2, seconds: 30, visited: true });
    expect(shown(2)).toMatchObject({ choice: 3, marked: true });
    expect(shown(3)).toMatchObject({ choice: null, visited: false });
    expect(read.sitting.palette.slice(0, 5)).toEqual([
      "not-visited",
      "answered",
      "answered-marked",
      "not-visited",
      "not-answered",
    ]);
  });

  it("sends nothing of the key before submit", async () => {
    const { d, user, attempt } = await sitting("neet-pg");
    const read = await readMock(d, user.id, attempt.id);
    const text = JSON.stringify(read);
    expect(text).not.toMatch(/"(correctIndex|explanations|takeaway|reference)"/);
    const body = await env.DB.prepare("SELECT body FROM bank_items WHERE id = ?1")
      .bind(attempt.paper.itemIds[0])
      .first<{ body: string }>();
    const { explanations, takeaway } = JSON.parse(body!.body) as {
      explanations: string[];
      takeaway: string;
    };
    expect(text).not.toContain(takeaway);
    expect(text).not.toContain(explanations[0]);
    expect(
      await mockResults(d, user.id, attempt.id, { section: "all", filter: "all" }),
    ).toMatchObject({
      status: "in-progress",
    });
  });

  it("reads someone else's sitting like one that does not exist", async () => {
    const { d, attempt } = await sitting("fmge");
    const other = await makeUser();
    expect(await readMock(d, other.id, attempt.id)).toEqual({ status: "not-found" });
    expect(await saveAnswers(d, other.id, attempt.id, answersFor([0], [0], 1))).toEqual({
      status: "not-found",
    });
    expect((await submitMock(d, other.id, attempt.id)).status).toBe("not-found");
    const none = await env.DB.prepare(
      "SELECT count(*) AS n FROM mock_answers WHERE attempt_id = ?1",
    )
      .bind(attempt.id)
      .first<{ n: number }>();
    expect(none!.n).toBe(0);
  });
});

describe("marking", () => {
  async function scored(pattern: Pattern, right: number, wrong: number, marked = false) {
    const { d, user, attempt } = await sitting(pattern);
    const keys = await keysOf(attempt.id);
    const first = attempt.paper.sections[0]!.questions;
    const positions = range(0, Math.min(right + wrong, first));
    await saveAnswers(d, user.id, attempt.id, answersFor(keys, positions, right, marked));
    if (right + wrong > first) {
      await advanceSection(d, user.id, attempt.id, 0);
      const rest = range(first, right + wrong - first);
      await saveAnswers(d, user.id, attempt.id, answersFor(keys, rest, Math.max(0, right - first)));
    }
    const done = await submitMock(d, user.id, attempt.id);
    if (done.status !== "done") throw new Error("not submitted");
    const results = await mockResults(d, user.id, attempt.id, { section: 0, filter: "all" });
    if (results.status !== "results") throw new Error("no results");
    return { attempt: done.attempt, results: results.results, user, d };
  }

  it("scores NEET-PG at +4 / −1 / 0", async () => {
    const { attempt, results } = await scored("neet-pg", 7, 3);
    // 7 × 4 − 3 × 1 = 25 of 200.
    expect(attempt).toMatchObject({ correct: 7, wrong: 3, unattempted: 40, score: 25 });
    expect(results).toMatchObject({ score: 25, maxScore: 200, percent: 12.5, passed: null });
    expect(results.sections[0]).toMatchObject({ correct: 7, wrong: 3, score: 25, maxScore: 40 });
    expect(results.items).toHaveLength(10);
    expect(results.items[0]).toMatchObject({ outcome: "correct", marks: 4 });
    expect(results.items[9]).toMatchObject({ outcome: "wrong", marks: -1 });
  });

  it("scores INI-CET at +1 / −⅓ in exact thirds", async () => {
    const { attempt } = await scored("ini-cet", 8, 6);
    // 8 − 6/3 = 6 exactly (a float sum of −0.333… would not be).
    expect(attempt).toMatchObject({ correct: 8, wrong: 6, score: 6 });
    const { attempt: other } = await scored("ini-cet", 5, 4);
    // 5 − 4/3 = 3.666… → 3.67.
    expect(other.score).toBe(3.67);
  });

  it("passes FMGE at half the marks, with no negative marking", async () => {
    // A quarter FMGE is 75 questions: the pass mark scales to 38.
    const pass = await scored("fmge", 38, 30);
    expect(pass.results).toMatchObject({ score: 38, maxScore: 75, passMarks: 38, passed: true });
    const fail = await scored("fmge", 37, 30);
    expect(fail.results).toMatchObject({ score: 37, passed: false });
    expect(fail.results.guessing.breakEven).toBeNull();
  });

  it("says whether answering marked questions paid under negative marking", async () => {
    const { results } = await scored("neet-pg", 3, 5, true);
    // Marked and answered: 3 right (+12), 5 wrong (−5): net +7; a guess breaks even at 20 %.
    expect(results.guessing).toMatchObject({
      markedAnswered: 8,
      markedCorrect: 3,
      markedWrong: 5,
      gained: 12,
      lost: 5,
      net: 7,
      breakEven: 0.2,
    });
    expect(results.guessing.accuracy).toBeCloseTo(3 / 8);
    const { results: ini } = await scored("ini-cet", 1, 6, true);
    // +1 − 6/3 = −1; break-even 25 %.
    expect(ini.guessing).toMatchObject({ net: -1, gained: 1, lost: 2, breakEven: 0.25 });
  });

  it("ranks weak areas by marks at stake and compares subjects with the learner's history", async () => {
    const { results } = await scored("neet-pg", 2, 8);
    const stakes = results.weakAreas.map((area) => area.marksAtStake);
    expect(stakes).toEqual([...stakes].sort((a, b) => b - a));
    expect(results.weakAreas[0]!.topics.length).toBeGreaterThan(0);
    const total = results.subjects.reduce((sum, subject) => sum + subject.questions, 0);
    expect(total).toBe(50);
    // The mock's own answers are not "history".
    expect(results.subjects.every((subject) => subject.history.answered === 0)).toBe(true);
  });

  it("adds a question to the flashcards once", async () => {
    const { attempt, user } = await scored("neet-pg", 1, 1);
    await startTrial(db, user.id, Date.now());
    const cardDeps = { db, usage: usageTestDeps(), now: Date.now };
    const first = await addMockFlashcard(cardDeps, user.id, attempt.id, 1);
    expect(first.status).toBe("added");
    expect((await addMockFlashcard(cardDeps, user.id, attempt.id, 1)).status).toBe("already");
    const cards = await env.DB.prepare("SELECT category, answer FROM flashcards WHERE user_id = ?1")
      .bind(user.id)
      .all<{ category: string; answer: string }>();
    expect(cards.results).toHaveLength(1);
    expect(cards.results[0]!.answer).toContain("Takeaway:");
  });
});

/** Another learner's submitted sitting of the paper, with `score`. */
async function otherSitting(paperId: string, score: number) {
  const other = await makeUser({ password: null });
  await env.DB.prepare(
    `INSERT INTO mock_attempts (id, user_id, paper_id, status, section_ends_at, ends_at, started_at, submitted_at, score, updated_at)
     VALUES (?1, ?2, ?3, 'submitted', 0, 0, 0, 1000, ?4, 0)`,
  )
    .bind(crypto.randomUUID(), other.id, paperId, score)
    .run();
}

describe("percentile and trend", () => {
  it("shows the percentile among a numbered paper's learners only from 30 of them", async () => {
    const d = deps();
    const paper = (await numberedPaper(db, "neet-pg", "quarter", 1, d.now()))!;
    // 28 other learners' first sittings, scores 0, 4, 8, …
    for (let index = 0; index < 28; index++) await otherSitting(paper.id, index * 4);
    const user = await makeUser();
    const attempt = await started(d, user.id, { pattern: "neet-pg", length: "quarter", paper: 1 });
    const keys = await keysOf(attempt.id);
    await saveAnswers(d, user.id, attempt.id, answersFor(keys, range(0, 10), 10));
    await submitMock(d, user.id, attempt.id);
    const waiting = await mockResults(d, user.id, attempt.id, { section: 0, filter: "all" });
    if (waiting.status !== "results") throw new Error("no results");
    expect(waiting.results.percentile).toEqual({ status: "waiting", learners: 29 });

    await otherSitting(paper.id, 200);
    const shown = await mockResults(d, user.id, attempt.id, { section: 0, filter: "all" });
    if (shown.status !== "results") throw new Error("no results");
    // Score 40: the 11 others at 0…40 and the learner, of 30.
    expect(shown.results.percentile).toEqual({ status: "shown", value: 40, learners: 30 });
  });

  it("traces the learner's score in percent across submitted mocks", async () => {
    const d = deps();
    const user = await makeUser();
    const one = await started(d, user.id, { pattern: "fmge", length: "quarter", paper: "random" });
    const keys = await keysOf(one.id);
    await saveAnswers(d, user.id, one.id, answersFor(keys, range(0, 15), 15));
    await submitMock(d, user.id, one.id);
    d.clock.advance(MINUTE);
    const two = await started(d, user.id, {
      pattern: "neet-pg",
      length: "quarter",
      paper: "random",
    });
    await submitMock(d, user.id, two.id);
    const trend = mockTrendPoints((await mockTrendStatement(db, user.id).all()).results);
    expect(
      trend.map((point) => [point.pattern, point.score, point.maxScore, point.percent]),
    ).toEqual([
      ["fmge", 15, 75, 20],
      ["neet-pg", 0, 200, 0],
    ]);
    // /progress reads the same trend in its one batch.
    const view = await progressAnalytics(db, user.id, { exam: null, now: d.clock.now() });
    expect(view.mocks).toEqual(trend);
  });
});

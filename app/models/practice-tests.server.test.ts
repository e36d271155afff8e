/**
 * Practice tests against the real pool in D1: the builder's filters, the
 * count's clamp and shortfall, the ready-made sets, marking under each exam's
 * scheme, the navigator's states, the deadline, concurrent saves, and that no
 * view gives away a key before it may be seen.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { examScore } from "~/lib/exams";
import {
  DEFAULT_CHOICES,
  type BuilderChoices,
  PRACTICE_MESSAGES,
  readChoices,
} from "~/lib/practice";
import { logAnswers } from "./answer-log.server";
import {
  matchCountFromCatalogue,
  matchCountStatement,
  practiceCatalogue,
  type ScopeEntry,
} from "./practice-builder.server";
import { weakTopics } from "./progress-analytics.server";
import { startTrial } from "./subscription.server";
import {
  addPracticeFlashcard,
  listPracticeTests,
  type PracticeDeps,
  type PracticeTest,
  practiceResults,
  readPracticeTest,
  saveAnswer,
  startPracticeTest,
  submitPracticeTest,
  tagPracticeMistake,
  takingView,
  testSummary,
} from "./practice-tests.server";
import { makeUser, testClock } from "../../tests/support/auth";
import { usageTestDeps } from "../../tests/support/payments";
import { poolKey } from "../../tests/support/practice";

const db = createDb(env.DB);
const deps = (now: () => number = Date.now): PracticeDeps => ({ db, now });

const choices = (overrides: Partial<BuilderChoices>): BuilderChoices => ({
  ...DEFAULT_CHOICES,
  ...overrides,
});

type PoolRow = { id: string; subject: string; topic: string; difficulty: string };

async function pool(where: string, ...binds: unknown[]): Promise<PoolRow[]> {
  const { results } = await env.DB.prepare(
    `SELECT id, subject, topic, difficulty FROM bank_items
     WHERE kind = 'question' AND status = 'active' AND ${where} ORDER BY id`,
  )
    .bind(...binds)
    .all<PoolRow>();
  return results;
}

async function start(userId: string, input: Partial<BuilderChoices>, now?: () => number) {
  const result = await startPracticeTest(deps(now), userId, choices(input));
  if (!result.ok) throw new Error(result.message);
  return result;
}

async function itemsOf(test: PracticeTest): Promise<PoolRow[]> {
  const rows = await pool("id IN (SELECT value FROM json_each(?1))", JSON.stringify(test.itemIds));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return test.itemIds.map((id) => byId.get(id)!);
}

async function answerRight(userId: string, test: PracticeTest, index: number, now?: () => number) {
  const choice = await poolKey(test.itemIds[index]!);
  return saveAnswer(deps(now), userId, test.id, { index, choice });
}

async function answerWrong(userId: string, test: PracticeTest, index: number, now?: () => number) {
  const choice = ((await poolKey(test.itemIds[index]!)) + 1) % 4;
  return saveAnswer(deps(now), userId, test.id, { index, choice });
}

async function testCount(userId: string): Promise<number> {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM practice_tests WHERE user_id = ?1")
    .bind(userId)
    .first<{ n: number }>();
  return row!.n;
}

describe("the builder's filters", () => {
  it("keeps to the subjects, topics and difficulty chosen, spread across subjects", async () => {
    const user = await makeUser();
    const { test } = await start(user.id, { subject: ["Pathology", "ENT"], count: 20 });
    const items = await itemsOf(test);
    expect(items).toHaveLength(20);
    expect(new Set(items.map((item) => item.subject))).toEqual(new Set(["Pathology", "ENT"]));
    expect(items.filter((item) => item.subject === "ENT")).toHaveLength(10);

    // A qualified topic narrows its subject; a subject ticked alone stays whole.
    const cardiology = await pool("subject = 'Medicine' AND topic = 'Cardiology'");
    const narrowed = await start(user.id, {
      subject: ["Medicine", "ENT"],
      topic: ["Medicine::Cardiology"],
      count: 30,
    });
    const narrowedItems = await itemsOf(narrowed.test);
    expect(narrowedItems.filter((item) => item.subject === "Medicine").length).toBeGreaterThan(0);
    for (const item of narrowedItems) {
      if (item.subject === "Medicine") expect(item.topic).toBe("Cardiology");
      else expect(item.subject).toBe("ENT");
    }
    // The planner's plain topic with its subject: that subject's topic only (not Paediatrics').
    const plain = await start(user.id, {
      subject: ["Medicine"],
      topic: ["Cardiology"],
      count: 100,
    });
    expect((await itemsOf(plain.test)).map((item) => item.id).sort()).toEqual(
      cardiology.map((item) => item.id),
    );
    expect(plain.shortfall).toContain(`Only ${cardiology.length} questions match`);

    const hard = await start(user.id, { subject: ["Surgery"], difficulty: "hard", count: 15 });
    for (const item of await itemsOf(hard.test)) {
      expect(item).toMatchObject({ subject: "Surgery", difficulty: "hard" });
    }
  });

  it("finds unseen, incorrect-before and marked questions from the learner's own record", async () => {
    const user = await makeUser();
    const physiology = await pool("subject = 'Physiology'");
    const [rightThenWrong, wrongThenRight, rightOnly, marked] = physiology;
    const log = (sourceId: string, answers: { itemId: string; correct: boolean }[], at: number) =>
      logAnswers(db, {
        userId: user.id,
        source: "quiz",
        sourceId,
        answers: answers.map((answer, position) => ({ position, chosen: 0, ...answer })),
        fallback: { subject: "Physiology", topic: "x" },
        answeredAt: at,
      });
    const t0 = Date.now() - 3_600_000;
    await log(
      "first",
      [
        { itemId: rightThenWrong!.id, correct: true },
        { itemId: wrongThenRight!.id, correct: false },
        { itemId: rightOnly!.id, correct: true },
      ],
      t0,
    );
    await log(
      "second",
      [
        { itemId: rightThenWrong!.id, correct: false },
        { itemId: wrongThenRight!.id, correct: true },
      ],
      t0 + 60_000,
    );
    await env.DB.prepare("INSERT INTO item_marks (user_id, item_id) VALUES (?1, ?2)")
      .bind(user.id, marked!.id)
      .run();

    const incorrect = await start(user.id, { subject: ["Physiology"], status: "incorrect" });
    expect(incorrect.test.itemIds).toEqual([rightThenWrong!.id]);
    expect(incorrect.shortfall).toMatch(
      /^Only 1 question matches, so your test has 1 instead of 20\.$/,
    );

    const unseen = await start(user.id, { subject: ["Physiology"], status: "unseen", count: 100 });
    expect(unseen.test.itemIds).toHaveLength(physiology.length - 3);
    for (const id of [rightThenWrong!.id, wrongThenRight!.id, rightOnly!.id]) {
      expect(unseen.test.itemIds).not.toContain(id);
    }

    const marks = await start(user.id, { status: "marked" });
    expect(marks.test.itemIds).toEqual([marked!.id]);
    // A question marked before starts the test marked.
    expect(marks.test.marked).toEqual([true]);

    // "All" puts the questions never seen first.
    const all = await start(user.id, { subject: ["Physiology"], count: physiology.length - 3 });
    expect(all.test.itemIds.filter((id) => id === rightOnly!.id)).toHaveLength(0);
  });

  it("clamps the count to 1-100, starts short with what matches, and makes nothing for no match", async () => {
    expect(readChoices({ count: "0" }).errors.count).toBe(PRACTICE_MESSAGES.count);
    expect(readChoices({ count: "101" })).toMatchObject({
      choices: { count: 20 },
      errors: { count: PRACTICE_MESSAGES.count },
    });
    expect(readChoices({ count: "2.5", mode: "exam" }).errors).toEqual({
      count: PRACTICE_MESSAGES.count,
      mode: PRACTICE_MESSAGES.mode,
    });
    expect(readChoices({ count: "100", subject: "Anatomy" }).choices).toMatchObject({
      count: 100,
      subject: ["Anatomy"],
    });

    const user = await makeUser();
    // More questions asked for than the topic holds, whatever the pool's size.
    const oncology = await pool("subject = 'ENT' AND topic = 'Head and neck oncology'");
    expect(oncology.length).toBeGreaterThan(0);
    const asked = oncology.length + 3;
    const short = await start(user.id, { topic: ["ENT::Head and neck oncology"], count: asked });
    expect(short.test.itemIds).toHaveLength(oncology.length);
    expect(short.shortfall).toContain(`so your test has ${oncology.length} instead of ${asked}`);

    const none = await startPracticeTest(deps(), user.id, choices({ status: "marked" }));
    expect(none).toEqual({ ok: false, status: 409, message: PRACTICE_MESSAGES.noMatch });
    const unknown = await startPracticeTest(
      deps(),
      user.id,
      choices({ subject: ["Pathologyy"], topic: ["Medicine::Astrology"] }),
    );
    expect(unknown).toMatchObject({ ok: false, status: 400 });
    expect(unknown.ok === false && unknown.message).toContain("Pathologyy, Medicine::Astrology");
    expect(await testCount(user.id)).toBe(1);
  });

  it("starts one test for a key sent twice, even at once", async () => {
    const user = await makeUser();
    const input = { ...choices({ subject: ["Anatomy"], count: 5 }), key: "start-1" };
    const [a, b] = await Promise.all([
      startPracticeTest(deps(), user.id, input),
      startPracticeTest(deps(), user.id, input),
    ]);
    expect(a.ok && b.ok && a.test.id === b.test.id).toBe(true);
    expect(await testCount(user.id)).toBe(1);
  });
});

describe("ready-made sets", () => {
  it("high-yield: 19 timed questions at NEET-PG pace from the heaviest subjects", async () => {
    const user = await makeUser();
    const now = Date.now();
    const { test } = await start(user.id, { set: "high-yield" }, () => now);
    expect(test).toMatchObject({ mode: "timed", exam: "neet-pg", secondsPerQuestion: 63 });
    expect(test.itemIds).toHaveLength(19);
    expect(test.deadlineAt).toBe(now + 19 * 63 * 1000);
    const counts = new Map<string, number>();
    for (const item of await itemsOf(test)) {
      counts.set(item.subject, (counts.get(item.subject) ?? 0) + 1);
    }
    expect(Object.fromEntries(counts)).toEqual({
      Medicine: 3,
      Surgery: 3,
      Anatomy: 3,
      Physiology: 2,
      Biochemistry: 2,
      "Obstetrics & Gynaecology": 2,
      Pathology: 2,
      "Community Medicine": 2,
    });
  });

  it("weak topics need answers and follow /progress's ranking; yesterday's mistakes are yesterday's in India", async () => {
    const user = await makeUser();
    expect(await startPracticeTest(deps(), user.id, choices({ set: "weak-topics" }))).toEqual({
      ok: false,
      status: 409,
      message: PRACTICE_MESSAGES.noWeakTopics,
    });
    expect(
      await startPracticeTest(deps(), user.id, choices({ set: "yesterday-mistakes" })),
    ).toEqual({ ok: false, status: 409, message: PRACTICE_MESSAGES.noMistakesYesterday });

    // 10:00 IST on 12 Nov; yesterday is 11 Nov in India.
    const now = Date.UTC(2026, 10, 12, 4, 30);
    const micro = await pool(
      `subject = 'Microbiology' AND topic = (SELECT topic FROM bank_items
         WHERE kind = 'question' AND status = 'active' AND subject = 'Microbiology'
         GROUP BY topic ORDER BY count(*) DESC LIMIT 1)`,
    );
    const derm = await pool("subject = 'Dermatology'");
    await logAnswers(db, {
      userId: user.id,
      source: "quiz",
      sourceId: "yesterday",
      answers: [
        { position: 0, itemId: micro[0]!.id, chosen: 0, correct: false },
        { position: 1, itemId: micro[1]!.id, chosen: 0, correct: false },
        { position: 2, itemId: micro[2]!.id, chosen: 0, correct: false },
        { position: 3, itemId: micro[3]!.id, chosen: 0, correct: true },
      ],
      fallback: { subject: "x", topic: "x" },
      // 23:50 IST on 11 Nov.
      answeredAt: Date.UTC(2026, 10, 11, 18, 20),
    });
    await logAnswers(db, {
      userId: user.id,
      source: "quiz",
      sourceId: "today",
      answers: [{ position: 0, itemId: derm[0]!.id, chosen: 0, correct: false }],
      fallback: { subject: "x", topic: "x" },
      // 00:10 IST on 12 Nov: today, not yesterday.
      answeredAt: Date.UTC(2026, 10, 11, 18, 40),
    });
    const mistakes = await start(user.id, { set: "yesterday-mistakes" }, () => now);
    expect(mistakes.test.title).toBe("Yesterday's mistakes (11 Nov)");
    expect([...mistakes.test.itemIds].sort()).toEqual(
      [micro[0]!.id, micro[1]!.id, micro[2]!.id].sort(),
    );

    // Ranked as /progress ranks them: the single wrong Dermatology answer is a weak topic too
    // (shrunk toward the learner's rate, not left out below 3 answers); Microbiology's 1 of 4 first.
    const ranked = await weakTopics(db, user.id, "neet-pg", 5);
    expect(ranked.topics.map((row) => [row.subject, row.topic])).toEqual([
      ["Microbiology", micro[0]!.topic],
      ["Dermatology", derm[0]!.topic],
    ]);
    const weak = await start(user.id, { set: "weak-topics" });
    expect(weak.test.title).toBe("My weak topics");
    const weakItems = await itemsOf(weak.test);
    expect(new Set(weakItems.map((item) => `${item.subject}::${item.topic}`))).toEqual(
      new Set([`Microbiology::${micro[0]!.topic}`, `Dermatology::${derm[0]!.topic}`]),
    );
  });
});

describe("taking a test", () => {
  it("tutor mode: an answer is checked, final and logged with its time; keys stay hidden until then", async () => {
    const user = await makeUser();
    const { test } = await start(user.id, { subject: ["Biochemistry"], count: 3 });
    const loaded = (await readPracticeTest(deps(), user.id, test.id))!;
    const before = takingView(loaded, 0, Date.now());
    expect(before.question.reveal).toBeNull();
    expect(JSON.stringify(before)).not.toContain(loaded.items[0]!.takeaway);
    expect(JSON.stringify(before)).not.toContain("correctIndex");

    const key = await poolKey(test.itemIds[0]!);
    const saved = await saveAnswer(deps(), user.id, test.id, {
      index: 0,
      choice: key,
      seconds: 42,
    });
    expect(saved.status).toBe("saved");
    const after = (await readPracticeTest(deps(), user.id, test.id))!;
    const view = takingView(after, 0, Date.now());
    expect(view.question.reveal).toMatchObject({ correctIndex: key, correct: true });
    expect(view.question.reveal!.explanations).toHaveLength(4);
    // The next question, not yet answered, still hides its key.
    expect(takingView(after, 1, Date.now()).question.reveal).toBeNull();

    expect(await saveAnswer(deps(), user.id, test.id, { index: 0, choice: (key + 1) % 4 })).toEqual(
      { status: "final", message: PRACTICE_MESSAGES.tutorFinal },
    );
    const event = await env.DB.prepare(
      "SELECT source, correct, seconds, item_id FROM answer_events WHERE id = ?1",
    )
      .bind(`practice:${test.id}:0`)
      .first();
    expect(event).toEqual({
      source: "practice",
      correct: 1,
      seconds: 42,
      item_id: test.itemIds[0],
    });
  });

  it("shows answered, unanswered and marked states in the navigator, and keeps marks for later", async () => {
    const user = await makeUser();
    const { test } = await start(user.id, { subject: ["Pharmacology"], count: 4 });
    await answerRight(user.id, test, 0);
    await answerWrong(user.id, test, 1);
    await saveAnswer(deps(), user.id, test.id, { index: 2, marked: true, struck: [3, 1, 1, 9] });
    await saveAnswer(deps(), user.id, test.id, { index: 1, marked: true });
    const loaded = (await readPracticeTest(deps(), user.id, test.id))!;
    const view = takingView(loaded, 2, Date.now());
    expect(view.navigator).toEqual([
      { index: 0, answered: true, marked: false, correct: true },
      { index: 1, answered: true, marked: true, correct: false },
      { index: 2, answered: false, marked: true, correct: null },
      { index: 3, answered: false, marked: false, correct: null },
    ]);
    expect(view.question.struck).toEqual([1, 3]);
    const marks = await env.DB.prepare(
      "SELECT item_id FROM item_marks WHERE user_id = ?1 ORDER BY item_id",
    )
      .bind(user.id)
      .all();
    expect(marks.results.map((row) => row.item_id)).toEqual(
      [test.itemIds[1], test.itemIds[2]].sort(),
    );
    await saveAnswer(deps(), user.id, test.id, { index: 2, marked: false });
    const left = await env.DB.prepare("SELECT item_id FROM item_marks WHERE user_id = ?1")
      .bind(user.id)
      .all();
    expect(left.results.map((row) => row.item_id)).toEqual([test.itemIds[1]]);
  });

  it("timed mode: answers change until submit, and nothing is revealed or logged before", async () => {
    const user = await makeUser();
    const { test } = await start(user.id, { subject: ["Anatomy"], count: 3, mode: "timed" });
    await answerWrong(user.id, test, 0);
    await answerRight(user.id, test, 0);
    await answerRight(user.id, test, 1);
    await saveAnswer(deps(), user.id, test.id, { index: 1, choice: null });
    const loaded = (await readPracticeTest(deps(), user.id, test.id))!;
    expect(loaded.test.answers).toEqual([await poolKey(test.itemIds[0]!), null, null]);
    for (const index of [0, 1, 2]) {
      const view = takingView(loaded, index, Date.now());
      expect(view.question.reveal).toBeNull();
      expect(view.navigator.every((entry) => entry.correct === null)).toBe(true);
    }
    const logged = await env.DB.prepare(
      "SELECT count(*) AS n FROM answer_events WHERE user_id = ?1",
    )
      .bind(user.id)
      .first<{ n: number }>();
    expect(logged!.n).toBe(0);
    const submitted = await submitPracticeTest(deps(), user.id, test.id);
    expect(submitted.status === "submitted" && submitted.test.correctCount).toBe(1);
    const after = await env.DB.prepare("SELECT count(*) AS n FROM answer_events WHERE user_id = ?1")
      .bind(user.id)
      .first<{ n: number }>();
    expect(after!.n).toBe(1);
  });

  it("keeps both of two saves sent at once, and ten more", async () => {
    const user = await makeUser();
    const { test } = await start(user.id, { subject: ["Medicine"], count: 12, mode: "timed" });
    await Promise.all([
      saveAnswer(deps(), user.id, test.id, { index: 0, choice: 2, seconds: 5 }),
      saveAnswer(deps(), user.id, test.id, { index: 1, choice: 3, marked: true }),
    ]);
    await Promise.all(
      Array.from({ length: 10 }, (_, offset) =>
        saveAnswer(deps(), user.id, test.id, { index: offset + 2, choice: offset % 4, seconds: 1 }),
      ),
    );
    const loaded = (await readPracticeTest(deps(), user.id, test.id))!;
    expect(loaded.test.answers).toEqual([2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1]);
    expect(loaded.test.marked[1]).toBe(true);
    expect(loaded.test.seconds).toEqual([5, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(loaded.test.version).toBe(12);
  });

  it("submits a timed test at its deadline: by a read, or by a save that comes too late", async () => {
    const user = await makeUser();
    const clock = testClock(Date.now());
    const { test } = await start(
      user.id,
      { subject: ["Surgery"], count: 2, mode: "timed" },
      clock.now,
    );
    expect(test.deadlineAt).toBe(clock.now() + 2 * 63_000);
    await answerRight(user.id, test, 0, clock.now);
    clock.advance(2 * 63_000 + 1);
    const read = (await readPracticeTest(deps(clock.now), user.id, test.id))!;
    expect(read.timeUp).toBe(true);
    expect(read.test).toMatchObject({
      status: "submitted",
      submittedAt: test.deadlineAt,
      correctCount: 1,
      wrongCount: 0,
    });
    const results = practiceResults(read);
    expect(results).toMatchObject({ correct: 1, wrong: 0, unattempted: 1, score: 4, maxScore: 8 });

    const other = await start(
      user.id,
      { subject: ["Surgery"], count: 2, mode: "timed" },
      clock.now,
    );
    await answerRight(user.id, other.test, 0, clock.now);
    // Within the grace the answer counts and the test closes; later, it is refused.
    clock.advance(2 * 63_000 + 1_000);
    const late = await answerRight(user.id, other.test, 1, clock.now);
    expect(late).toMatchObject({ status: "submitted", timeUp: true });
    expect(late.status === "submitted" && late.test.correctCount).toBe(2);

    const third = await start(
      user.id,
      { subject: ["Surgery"], count: 2, mode: "timed" },
      clock.now,
    );
    clock.advance(2 * 63_000 + 10_000);
    const tooLate = await answerRight(user.id, third.test, 0, clock.now);
    expect(tooLate).toMatchObject({ status: "submitted", timeUp: true });
    expect(tooLate.status === "submitted" && tooLate.test.answers).toEqual([null, null]);
  });
});

describe("the list of tests", () => {
  it("counts answers and marks as the whole test does, and submits a timed test whose time ran out", async () => {
    const user = await makeUser();
    const clock = testClock(Date.now());
    const { test: tutor } = await start(
      user.id,
      { subject: ["Pharmacology"], count: 4 },
      clock.now,
    );
    await answerRight(user.id, tutor, 0, clock.now);
    await answerWrong(user.id, tutor, 1, clock.now);
    await saveAnswer(deps(clock.now), user.id, tutor.id, { index: 2, marked: true });
    await saveAnswer(deps(clock.now), user.id, tutor.id, { index: 1, marked: true });
    clock.advance(1_000);
    const { test: timed } = await start(
      user.id,
      { subject: ["Surgery"], count: 3, mode: "timed" },
      clock.now,
    );
    await answerRight(user.id, timed, 0, clock.now);
    clock.advance(3 * 63_000 + 1);

    const listed = await listPracticeTests(deps(clock.now), user.id, { offset: 0, limit: 10 });
    expect(listed.total).toBe(2);
    // Newest first; the timed test is submitted by the listing, at its deadline.
    const [first, second] = listed.tests;
    expect(first).toMatchObject({
      id: timed.id,
      status: "submitted",
      questionCount: 3,
      answeredCount: 1,
      markedCount: 0,
      correctCount: 1,
      wrongCount: 0,
      score: 4,
      maxScore: 12,
      submittedAt: timed.deadlineAt,
    });
    const whole = (await readPracticeTest(deps(clock.now), user.id, tutor.id))!;
    expect(second).toEqual(testSummary(whole.test));
    expect(second).toMatchObject({
      status: "active",
      questionCount: 4,
      answeredCount: 2,
      markedCount: 2,
      score: null,
    });
  });
});

describe("marking and review", () => {
  async function marked(exam: BuilderChoices["exam"], right: number, wrong: number, blank: number) {
    const user = await makeUser();
    const { test } = await start(user.id, {
      subject: ["Community Medicine"],
      count: right + wrong + blank,
      mode: "timed",
      exam,
    });
    for (let index = 0; index < right; index++) await answerRight(user.id, test, index);
    for (let index = right; index < right + wrong; index++) await answerWrong(user.id, test, index);
    await submitPracticeTest(deps(), user.id, test.id);
    return practiceResults((await readPracticeTest(deps(), user.id, test.id))!);
  }

  it("marks NEET-PG +4/−1, INI-CET +1/−⅓ exactly and FMGE without negatives", async () => {
    expect(await marked("neet-pg", 5, 3, 2)).toMatchObject({
      score: 17,
      maxScore: 40,
      correct: 5,
      wrong: 3,
      unattempted: 2,
      accuracy: 63,
    });
    expect(await marked("ini-cet", 2, 3, 1)).toMatchObject({ score: 1, maxScore: 6 });
    expect(await marked("ini-cet", 2, 1, 0)).toMatchObject({ score: 1.67, maxScore: 3 });
    expect(await marked("fmge", 3, 4, 1)).toMatchObject({ score: 3, maxScore: 8 });
    expect(examScore("university", { correct: 2, wrong: 9, unattempted: 0 })).toBe(2);
  });

  it("shows accuracy by subject and topic, takes a mistake tag and one flashcard per question", async () => {
    const user = await makeUser();
    await startTrial(db, user.id, Date.now());
    const { test } = await start(user.id, {
      subject: ["Forensic Medicine", "Radiology"],
      count: 4,
    });
    await answerRight(user.id, test, 0);
    await answerWrong(user.id, test, 1);
    await answerWrong(user.id, test, 2);
    await submitPracticeTest(deps(), user.id, test.id);
    const results = practiceResults((await readPracticeTest(deps(), user.id, test.id))!);
    const subjects = Object.fromEntries(results.bySubject.map((row) => [row.subject, row]));
    const items = await itemsOf(test);
    expect(subjects[items[0]!.subject]!.correct).toBe(1);
    expect(results.bySubject.reduce((sum, row) => sum + row.questions, 0)).toBe(4);
    expect(results.byTopic.every((row) => row.topic !== null)).toBe(true);

    expect(await tagPracticeMistake(deps(), user.id, test.id, 1, "misread")).toEqual({
      ok: true,
      message: PRACTICE_MESSAGES.mistakeSaved,
    });
    expect(await tagPracticeMistake(deps(), user.id, test.id, 0, "slip")).toMatchObject({
      ok: false,
      message: PRACTICE_MESSAGES.notWrong,
    });
    expect(await tagPracticeMistake(deps(), user.id, test.id, 3, "guessed")).toMatchObject({
      ok: false,
    });

    const cardDeps = { db, usage: usageTestDeps(), now: Date.now };
    expect(await addPracticeFlashcard(cardDeps, user.id, test.id, 2)).toEqual({
      ok: true,
      message: PRACTICE_MESSAGES.flashcardAdded,
    });
    expect(await addPracticeFlashcard(cardDeps, user.id, test.id, 2)).toEqual({
      ok: true,
      message: PRACTICE_MESSAGES.flashcardExists,
    });
    expect((await addPracticeFlashcard(cardDeps, user.id, test.id, 0)).ok).toBe(false);
    const cards = await env.DB.prepare(
      "SELECT source, category, answer FROM flashcards WHERE user_id = ?1",
    )
      .bind(user.id)
      .all<{ source: string; category: string; answer: string }>();
    expect(cards.results).toHaveLength(1);
    expect(cards.results[0]).toMatchObject({ source: "quiz", category: items[2]!.subject });
    const reread = practiceResults((await readPracticeTest(deps(), user.id, test.id))!);
    expect(reread.questions[1]!.mistake).toBe("misread");
    expect(reread.questions[2]!.inFlashcards).toBe(true);
    expect(cards.results[0]!.answer).toContain(reread.questions[2]!.reveal.takeaway);
  });

  it("logs a submitted test's answers again when its submit was cut short", async () => {
    const user = await makeUser();
    const { test } = await start(user.id, { subject: ["Psychiatry"], count: 2, mode: "timed" });
    await answerRight(user.id, test, 0);
    await submitPracticeTest(deps(), user.id, test.id);
    await env.DB.prepare("DELETE FROM answer_events WHERE user_id = ?1").bind(user.id).run();
    await readPracticeTest(deps(), user.id, test.id);
    const row = await env.DB.prepare("SELECT count(*) AS n FROM answer_events WHERE user_id = ?1")
      .bind(user.id)
      .first<{ n: number }>();
    expect(row!.n).toBe(1);
  });
});

describe("the builder's match count from the catalogue", () => {
  it("equals the pool's own count for subjects and topics alone, and leaves finer criteria to the pool", async () => {
    const catalogue = await practiceCatalogue(db);
    const user = await makeUser();
    const [first, second] = catalogue;
    const scopes: (ScopeEntry[] | null)[] = [
      null,
      [{ subject: first!.subject, topic: null }],
      [{ subject: first!.subject, topic: first!.topics[0]!.topic }],
      [
        { subject: first!.subject, topic: first!.topics[0]!.topic },
        { subject: first!.subject, topic: first!.topics.at(-1)!.topic },
        { subject: second!.subject, topic: null },
      ],
      // A subject ticked whole and one of its topics too: counted once.
      [
        { subject: second!.subject, topic: null },
        { subject: second!.subject, topic: second!.topics[0]!.topic },
      ],
      [{ subject: "No such subject", topic: null }],
    ];
    for (const scope of scopes) {
      const criteria = { scope, difficulty: "any", status: "all" } as const;
      const pool = await matchCountStatement(db, user.id, criteria).first<{ n: number }>();
      expect(matchCountFromCatalogue(catalogue, criteria), JSON.stringify(scope)).toBe(pool?.n);
    }
    expect(
      matchCountFromCatalogue(catalogue, { scope: null, difficulty: "any", status: "all" }),
    ).toBeGreaterThan(1000);
    for (const finer of [
      { scope: null, difficulty: "hard", status: "all" },
      { scope: null, difficulty: "any", status: "unseen" },
      { scope: null, difficulty: "any", status: "all", itemIds: ["x"] },
    ] as const) {
      expect(matchCountFromCatalogue(catalogue, finer)).toBeNull();
    }
  });
});

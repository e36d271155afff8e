/**
 * The /practice pages as a browser without JavaScript uses them, through the
 * real worker: who sees what (visitors sent to sign in, trial and Starter
 * learners the upgrade view with their own numbers), and a Plus learner's
 * whole test by form posts — the builder's count, start, answer, mark,
 * summary, submit, results, a flashcard, the error log and a report —
 * with no key in a page before it may be seen; and "My weak topics", the
 * same topics in the same order as /progress's "What to do next".
 */
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { PLAN_FEATURES } from "~/lib/plan-features";
import { PRACTICE_MESSAGES } from "~/lib/practice";
import { REPORT_MESSAGES } from "~/models/question-reports.server";
import { call, cookiesFrom, makeUser, postForm } from "../../tests/support/auth";
import { apiLearner, buyPlanThroughApi } from "../../tests/support/payments";
import { topicAnswers } from "../../tests/support/practice";
import { startTrial } from "~/models/subscription.server";
import { createDb } from "~/db/client.server";

vi.setConfig({ testTimeout: 60_000 });

async function signIn(email: string, password: string) {
  const response = await postForm("/login", { email, password });
  expect(response.status).toBe(302);
  return cookiesFrom(response);
}

async function learnerOn(plan: "starter" | "plus" | null) {
  const { user, token } = await apiLearner({ trial: true });
  if (plan) await buyPlanThroughApi(token, plan);
  return { user, cookie: await signIn(user.email, user.plainPassword) };
}

/** A page's HTML without React's text separators (`<!-- -->`). */
const html = (response: Response) => response.text().then((text) => text.replace(/<!-- -->/g, ""));

const page = (path: string, cookie: string) =>
  call(path, { headers: { Cookie: cookie } }).then(html);

/** The page a redirect leads to (with the toast it flashed). */
async function follow(response: Response, cookie: string): Promise<{ path: string; html: string }> {
  expect(response.status).toBe(302);
  const path = response.headers.get("Location")!;
  return { path, html: await page(path, cookiesFrom(response, cookie)) };
}

const escape = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

async function itemOf(testId: string, index: number) {
  const row = await env.DB.prepare(
    `SELECT b.id, json_extract(b.body, '$.correctIndex') AS k, json_extract(b.body, '$.takeaway') AS takeaway
     FROM practice_tests p JOIN bank_items b ON b.id = json_extract(p.item_ids, '$[${index}]')
     WHERE p.id = ?1`,
  )
    .bind(testId)
    .first<{ id: string; k: number; takeaway: string }>();
  return row!;
}

describe("/practice access", () => {
  it("sends visitors to sign in, and shows trial and Starter learners the upgrade view from their own data", async () => {
    const visitor = await call("/practice");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe("/login?redirectTo=%2Fpractice");

    const trial = await makeUser();
    await startTrial(createDb(env.DB), trial.id, Date.now());
    const starter = await learnerOn("starter");
    const pool = await env.DB.prepare(
      "SELECT count(*) AS n FROM bank_items WHERE kind = 'question' AND status = 'active'",
    ).first<{ n: number }>();
    const poolSize = pool!.n;
    for (const cookie of [await signIn(trial.email, trial.plainPassword), starter.cookie]) {
      const response = await call("/practice", { headers: { Cookie: cookie } });
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      const upgrade = await html(response);
      expect(upgrade).toContain("Practice tests: unlock it with Plus");
      expect(upgrade).toContain('href="/plans?plan=plus"');
      expect(upgrade).toContain("From your own answers");
      expect(upgrade).toContain(
        `You have not answered any of the pool&#x27;s ${poolSize.toLocaleString("en-IN")} questions yet`,
      );
      expect(upgrade).not.toContain('id="builder-heading"');

      const started = await postForm(
        "/practice",
        { intent: "start", subject: "Anatomy" },
        { cookie },
      );
      const back = await follow(started, cookie);
      expect(back.path).toBe("/practice");
      expect(back.html).toContain(escape(PLAN_FEATURES.practiceTests.refusal));
      expect(await page("/practice/pt_000000000000000000000000", cookie)).toContain(
        "Practice tests: unlock it with Plus",
      );
    }
    const rows = await env.DB.prepare(
      "SELECT count(*) AS n FROM practice_tests WHERE user_id IN (?1, ?2)",
    )
      .bind(trial.id, starter.user.id)
      .first<{ n: number }>();
    expect(rows!.n).toBe(0);
  });
});

describe("/practice for a Plus learner without JavaScript", () => {
  it("counts matches, starts a timed test, answers, marks, reviews, submits and reviews the results", async () => {
    const { user, cookie } = await learnerOn("plus");
    const pathology = await env.DB.prepare(
      "SELECT count(*) AS n FROM bank_items WHERE kind = 'question' AND status = 'active' AND subject = 'Pathology'",
    ).first<{ n: number }>();
    const builder = await page("/practice?subject=Pathology&count=3&mode=timed", cookie);
    expect(builder).toContain(`${pathology!.n} questions match. Your test will have 3.`);
    expect(builder).toContain("Update count");

    // Nothing matches: a clear error, and nothing is made.
    const none = await postForm(
      "/practice",
      { intent: "start", status: "marked", count: "5" },
      { cookie },
    );
    const refused = await follow(none, cookie);
    expect(refused.path).toBe("/practice?status=marked&count=5");
    expect(refused.html).toContain(PRACTICE_MESSAGES.noMatch);

    const key = crypto.randomUUID();
    const fields = {
      intent: "start",
      subject: "Pathology",
      count: "3",
      mode: "timed",
      exam: "neet-pg",
      key,
    };
    const started = await postForm("/practice", fields, { cookie });
    const opened = await follow(started, cookie);
    expect(opened.path).toMatch(/^\/practice\/pt_[0-9a-f]{24}$/);
    const again = await postForm("/practice", fields, { cookie });
    expect(again.headers.get("Location")).toBe(opened.path);
    const testId = opened.path.split("/")[2]!;
    expect(opened.html).toContain(PRACTICE_MESSAGES.started);
    expect(opened.html).toContain("Question 1 of 3");
    expect(opened.html).toContain("Time left");
    expect(opened.html).toContain("Submits itself at");
    expect(opened.html).toContain('aria-label="Question 1, unanswered, current question"');

    const first = await itemOf(testId, 0);
    const second = await itemOf(testId, 1);
    for (const index of [0, 1, 2]) {
      const html = await page(`/practice/${testId}?q=${index}`, cookie);
      expect(html).not.toContain(escape((await itemOf(testId, index)).takeaway));
    }
    const shownAt = String(Date.now() - 20_000);
    const save = (fields: Record<string, string | string[]>) =>
      postForm(
        `/practice/${testId}?q=${fields.index}`,
        { intent: "save", mode: "timed", strikes: "1", shownAt, ...fields },
        { cookie },
      );

    const answered = await save({ index: "0", choice: String(first.k), go: "next" });
    expect(answered.headers.get("Location")).toBe(`/practice/${testId}?q=1`);
    const marked = await save({
      index: "1",
      choice: String((second.k + 1) % 4),
      marked: "1",
      struck: ["0"],
      go: "2",
    });
    expect(marked.headers.get("Location")).toBe(`/practice/${testId}?q=2`);
    const third = await page(`/practice/${testId}?q=2`, cookie);
    expect(third).toContain('aria-label="Question 2, answered, marked for review"');
    expect(third).toContain("2 answered · 1 unanswered · 1 marked");

    const review = await save({ index: "2", go: "review" });
    expect(review.headers.get("Location")).toBe(`/practice/${testId}?view=submit`);
    const summary = await page(`/practice/${testId}?view=submit`, cookie);
    expect(summary).toContain("You have answered 2 of 3 questions.");
    expect(summary).toContain("Unanswered (1)");
    expect(summary).toContain("Marked for review (1)");

    const submitted = await postForm(
      `/practice/${testId}?view=submit`,
      { intent: "submit" },
      { cookie },
    );
    const results = await follow(submitted, cookie);
    expect(results.path).toBe(`/practice/${testId}`);
    expect(results.html).toContain("Test submitted");
    expect(results.html).toMatch(/Score <strong[^>]*>3 \/ 12<\/strong>/);
    expect(results.html).toContain("Accuracy by subject");
    expect(results.html).toContain(escape(first.takeaway));
    const events = await env.DB.prepare(
      "SELECT position, correct, seconds FROM answer_events WHERE user_id = ?1 ORDER BY position",
    )
      .bind(user.id)
      .all();
    expect(events.results).toEqual([
      { position: 0, correct: 1, seconds: 20 },
      { position: 1, correct: 0, seconds: 20 },
    ]);

    // From the wrong answer: a flashcard (once) and the error log.
    const card = await postForm(
      `/practice/${testId}`,
      { intent: "flashcard", index: "1" },
      { cookie },
    );
    expect(card.status).toBe(200);
    expect(await card.text()).toContain(PRACTICE_MESSAGES.flashcardAdded);
    const cardAgain = await postForm(
      `/practice/${testId}`,
      { intent: "flashcard", index: "1" },
      { cookie },
    );
    expect(await cardAgain.text()).toContain(PRACTICE_MESSAGES.flashcardExists);
    const cards = await env.DB.prepare("SELECT source FROM flashcards WHERE user_id = ?1")
      .bind(user.id)
      .all();
    expect(cards.results).toEqual([{ source: "quiz" }]);
    const tag = await postForm(
      `/practice/${testId}`,
      { intent: "mistake", index: "1", mistake: "misread" },
      { cookie },
    );
    expect(await tag.text()).toContain(PRACTICE_MESSAGES.mistakeSaved);
    const wrongOnly = await page(`/practice/${testId}?show=wrong`, cookie);
    expect(wrongOnly.match(/data-testid="result-item"/g)).toHaveLength(1);
    expect(wrongOnly).toContain("In your flashcards.");

    const report = await postForm(
      `/practice/${testId}`,
      { intent: "report", bankId: second.id, reason: "unclear" },
      { cookie },
    );
    expect(report.status).toBe(201);
    expect(await report.text()).toContain(escape(REPORT_MESSAGES.sent));

    // Another learner's test is not found.
    const other = await learnerOn("plus");
    const missing = await call(`/practice/${testId}`, { headers: { Cookie: other.cookie } });
    expect(missing.status).toBe(404);
    expect(await html(missing)).toContain(PRACTICE_MESSAGES.notFound);
  });

  it("draws a subject's topics when it is shown or has a ticked topic; Enter still starts the test", async () => {
    const { cookie } = await learnerOn("plus");
    const { results: ent } = await env.DB.prepare(
      `SELECT topic, count(*) AS n FROM bank_items
       WHERE kind = 'question' AND status = 'active' AND subject = 'ENT'
       GROUP BY topic ORDER BY topic`,
    ).all<{ topic: string; n: number }>();
    expect(ent.length).toBeGreaterThan(1);
    const topicBoxes = (text: string) =>
      [...text.matchAll(/name="topic"[^>]*? value="([^"]*)"/g)].map((match) => match[1]!);
    const builderForm = (text: string) =>
      /<form[^>]*data-testid="test-builder"[^>]*>[\s\S]*?<\/form>/.exec(text)![0];

    // No subject's topics in the page until asked for: a Show button per subject instead.
    const plain = await page("/practice", cookie);
    expect(topicBoxes(plain)).toEqual([]);
    expect(plain).toContain(`Show the ${ent.length} topics of ENT`);
    // The form's first submit button is a hidden Start: Enter in a field starts the test.
    const firstButton = /<button[^>]*>/.exec(builderForm(plain))![0];
    expect(firstButton).toContain('name="intent"');
    expect(firstButton).toContain('value="start"');
    expect(firstButton).toContain('formMethod="post"');
    expect(firstButton).toContain("hidden");

    // What the Show button sends: the form as it stands, with `show` naming the subject.
    const shown = await page("/practice?subject=Pathology&show=ent&count=5", cookie);
    expect(topicBoxes(shown)).toEqual(ent.map(({ topic }) => escape(`ENT::${topic}`)));
    expect(shown).toMatch(/<details id="topics-ent" open=""/);
    expect(shown).toContain('<input type="hidden" name="show" value="ent"/>');
    expect(shown).toMatch(
      /<input type="checkbox" name="subject"[^>]* checked="" value="Pathology"/,
    );
    expect(shown).not.toContain(`Show the ${ent.length} topics of ENT`);
    expect(shown).toContain("topics of Pathology");

    // A ticked topic's subject comes open with it ticked; the count is the topic's.
    const [first] = ent;
    const ticked = await page(
      `/practice?topic=${encodeURIComponent(`ENT::${first!.topic}`)}&count=100`,
      cookie,
    );
    expect(topicBoxes(ticked)).toHaveLength(ent.length);
    expect(ticked).toContain(`name="topic" checked="" value="${escape(`ENT::${first!.topic}`)}"`);
    expect(ticked).toContain(
      first!.n === 1
        ? "Only 1 question matches: the test will have 1."
        : `Only ${first!.n} questions match: the test will have ${first!.n}.`,
    );
  });

  it("tutor mode: Check answer needs a choice, then shows the answer and all explanations", async () => {
    const { cookie } = await learnerOn("plus");
    const started = await postForm(
      "/practice",
      { intent: "start", set: "subject", subject: "Ophthalmology" },
      { cookie },
    );
    const opened = await follow(started, cookie);
    const testId = opened.path.split("/")[2]!;
    expect(opened.html).toContain("Ophthalmology: subject-wise set");
    expect(opened.html).toContain("Question 1 of 20");
    const item = await itemOf(testId, 0);
    const form = {
      intent: "save",
      mode: "tutor",
      strikes: "1",
      index: "0",
      shownAt: String(Date.now()),
    };
    const empty = await postForm(`/practice/${testId}?q=0`, { ...form, go: "check" }, { cookie });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain(PRACTICE_MESSAGES.chooseFirst);
    // Skipping with a choice ticked records nothing in tutor mode.
    const skipped = await postForm(
      `/practice/${testId}?q=0`,
      { ...form, choice: "1", go: "next" },
      { cookie },
    );
    expect(skipped.headers.get("Location")).toBe(`/practice/${testId}?q=1`);
    expect(await page(`/practice/${testId}?q=0`, cookie)).not.toContain(escape(item.takeaway));

    const checked = await postForm(
      `/practice/${testId}?q=0`,
      { ...form, choice: String(item.k), go: "check" },
      { cookie },
    );
    expect(checked.headers.get("Location")).toBe(`/practice/${testId}?q=0`);
    const shown = await page(`/practice/${testId}?q=0`, cookie);
    expect(shown).toContain("Why each option");
    expect(shown).toContain(escape(item.takeaway));
    expect(shown).toContain("Next question");
    expect(shown).toContain('aria-label="Question 1, answered correctly, current question"');
  });
});

describe("My weak topics", () => {
  /** Topic names and marks at stake as a page lists them, in its order. */
  function weakList(text: string): string[] {
    const list = /data-testid="weak-topics"[\s\S]*?<\/ol>/.exec(text)?.[0] ?? "";
    const names = [...list.matchAll(/data-testid="weak-topic-name">([^<]*)</g)].map((m) => m[1]!);
    const stakes = [...list.matchAll(/≈ ([\d.]+) marks at stake/g)].map((m) => m[1]!);
    expect(stakes).toHaveLength(names.length);
    return names.map((name, index) => `${name} ≈ ${stakes[index]}`);
  }

  it("lists the topics /progress ranks first, in its order and for its exam, and starts a test on them", async () => {
    const { user, cookie } = await learnerOn("plus");
    // Seven pool topics in seven subjects, answered well and badly, a lot and once; and a
    // topic outside the exam's subjects, which neither page ranks.
    const { results: topics } = await env.DB.prepare(
      `SELECT subject, min(topic) AS topic FROM bank_items
       WHERE kind = 'question' AND status = 'active'
         AND subject IN ('Medicine', 'Surgery', 'Pathology', 'Anatomy', 'Pharmacology', 'Microbiology', 'ENT')
       GROUP BY subject ORDER BY subject`,
    ).all<{ subject: string; topic: string }>();
    expect(topics).toHaveLength(7);
    const history: [number, number][] = [
      [12, 3],
      [1, 0],
      [6, 6],
      [20, 14],
      [3, 1],
      [9, 8],
      [2, 1],
    ];
    for (const [index, { subject, topic }] of topics.entries()) {
      await topicAnswers(user.id, subject, topic, ...history[index]!);
    }
    await topicAnswers(user.id, "Mixed", "renal tubular acidosis", 5, 0);
    // Their study plan is for FMGE: both pages rank for it unless the address names an exam.
    await env.DB.prepare(
      "INSERT INTO study_plans (user_id, exam, exam_date, hours_per_day, updated_at) VALUES (?1, 'fmge', '2027-06-20', 4, ?2)",
    )
      .bind(user.id, Date.now())
      .run();

    const practice = await page("/practice", cookie);
    const progress = await page("/progress", cookie);
    const listed = weakList(practice);
    expect(listed).toHaveLength(5);
    expect(listed).toEqual(weakList(progress));
    expect(practice).toContain("The FMGE marks at stake");
    expect(practice).not.toContain("renal tubular acidosis");
    // Another exam in the address: its marks, on both pages alike.
    const iniCet = weakList(await page("/practice?exam=ini-cet", cookie));
    expect(iniCet).toEqual(weakList(await page("/progress?exam=ini-cet", cookie)));
    expect(iniCet).not.toEqual(listed);

    // The set's form carries the exam it was ranked for; the test keeps to the topics listed.
    const form = /<form[^>]*>(?:(?!<\/form>)[\s\S])*value="weak-topics"[\s\S]*?<\/form>/.exec(
      practice,
    )![0];
    expect(form).toContain('name="exam" value="fmge"');
    const started = await postForm(
      "/practice",
      { intent: "start", set: "weak-topics", exam: "fmge", key: crypto.randomUUID() },
      { cookie },
    );
    const opened = await follow(started, cookie);
    expect(opened.html).toContain("FMGE marking");
    const testId = opened.path.split("/")[2]!;
    const { results: items } = await env.DB.prepare(
      `SELECT DISTINCT b.subject || ' · ' || b.topic AS name FROM practice_tests p, json_each(p.item_ids) j
       JOIN bank_items b ON b.id = j.value WHERE p.id = ?1`,
    )
      .bind(testId)
      .all<{ name: string }>();
    const names = new Set(
      [
        ...practice.matchAll(
          /data-testid="weak-topic-name">([^<]*)<\/span><span[^>]*> · ([^:]*):/g,
        ),
      ].map((m) => `${m[2]} · ${m[1]}`),
    );
    expect(names.size).toBe(5);
    for (const item of items) expect(names).toContain(escape(item.name));
  });
});

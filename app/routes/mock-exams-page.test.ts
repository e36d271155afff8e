/**
 * /mock-exams and /api/mock-exams through the real worker: who may use them
 * (401 signed out; 403 for trial, Starter and Plus from the API, the upgrade
 * view with Buy Now → /plans?plan=pro on the page), the start form
 * pre-filled from the address (where a planner's mock exam task opens), the
 * JSON API's flow with its refusals, and a whole mock taken with JavaScript
 * off, one question per page.
 */
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { PLAN_FEATURES } from "~/lib/plan-features";
import { call, cookiesFrom, postForm } from "../../tests/support/auth";
import { keysOf } from "../../tests/support/mock-exams";
import { api, apiLearner, buyPlanThroughApi } from "../../tests/support/payments";

vi.setConfig({ testTimeout: 60_000 });

async function signIn(email: string, password: string) {
  const response = await postForm("/login", { email, password });
  expect(response.status).toBe(302);
  return cookiesFrom(response);
}

async function learnerOn(plan: "trial" | "starter" | "plus" | "pro") {
  const { user, token } = await apiLearner({ trial: true });
  if (plan !== "trial") await buyPlanThroughApi(token, plan);
  return { user, token, cookie: await signIn(user.email, user.plainPassword) };
}

const page = (path: string, cookie: string) =>
  call(path, { headers: { Cookie: cookie } }).then(async (response) => ({
    status: response.status,
    location: response.headers.get("Location"),
    // React's text separators out, so the page reads as it shows.
    html: (await response.text()).replaceAll("<!-- -->", ""),
  }));

describe("who may take mock exams", () => {
  it("answers 401 without a session and 403 to trial, Starter and Plus learners", async () => {
    const signedOut = await api("/api/mock-exams", { body: { pattern: "neet-pg" } });
    expect(signedOut.status).toBe(401);
    for (const plan of ["trial", "starter", "plus"] as const) {
      const { token } = await learnerOn(plan);
      for (const [path, method] of [
        ["/api/mock-exams", "POST"],
        ["/api/mock-exams", "GET"],
        [`/api/mock-exams/${crypto.randomUUID()}`, "GET"],
        [`/api/mock-exams/${crypto.randomUUID()}/answers`, "PUT"],
      ] as const) {
        const refused = await api(path, {
          token,
          method,
          ...(method === "GET" ? {} : { body: { pattern: "neet-pg", position: 0, choice: 1 } }),
        });
        expect(refused.status, `${plan} ${method} ${path}`).toBe(403);
        expect(refused.body).toMatchObject({
          success: false,
          message: PLAN_FEATURES.mockExams.refusal,
          requiredPlan: "pro",
          upgradeUrl: "/plans?plan=pro",
        });
      }
    }
  });

  it("shows a Plus learner the upgrade view with Buy Now for Pro, and refuses their start form", async () => {
    const { cookie } = await learnerOn("plus");
    const home = await page("/mock-exams", cookie);
    expect(home.status).toBe(200);
    expect(home.html).toContain("Mock exams: unlock it with Pro");
    expect(home.html).toMatch(/href="\/plans\?plan=pro"[^>]*>Buy Now/);
    expect(home.html).not.toContain("Start mock exam");
    const start = await postForm(
      "/mock-exams",
      { pattern: "neet-pg", length: "quarter", paper: "random" },
      { cookie },
    );
    expect(start.status).toBe(302);
    expect(start.headers.get("Location")).toBe("/mock-exams");
    const attempts = await env.DB.prepare("SELECT count(*) AS n FROM mock_attempts").first<{
      n: number;
    }>();
    expect(attempts!.n).toBe(0);
  });

  it("sends visitors to sign in and back", async () => {
    const visitor = await call("/mock-exams");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toMatch(/^\/login\?redirectTo=%2Fmock-exams/);
  });
});

/** The start form's radios of `name` that the page renders checked. */
function checked(html: string, name: string): string[] {
  return [...html.matchAll(new RegExp(`<input[^>]*name="${name}"[^>]*>`, "g"))]
    .filter(([tag]) => / checked=""/.test(tag))
    .map(([tag]) => /value="([^"]*)"/.exec(tag)![1]!);
}

describe("the start form", () => {
  it("starts from the exam and length in the address, ignoring anything else", async () => {
    const { cookie } = await learnerOn("pro");
    const plain = await page("/mock-exams", cookie);
    expect([checked(plain.html, "pattern"), checked(plain.html, "length")]).toEqual([
      ["neet-pg"],
      ["full"],
    ]);

    const planned = await page("/mock-exams?pattern=ini-cet&length=quarter", cookie);
    expect(planned.status).toBe(200);
    expect([checked(planned.html, "pattern"), checked(planned.html, "length")]).toEqual([
      ["ini-cet"],
      ["quarter"],
    ]);
    expect(checked(planned.html, "paper")).toEqual(["next"]);

    const partly = await page("/mock-exams?pattern=fmge&length=tenth", cookie);
    expect([checked(partly.html, "pattern"), checked(partly.html, "length")]).toEqual([
      ["fmge"],
      ["full"],
    ]);
    const invalid = await page("/mock-exams?pattern=university&length=Quarter", cookie);
    expect([checked(invalid.html, "pattern"), checked(invalid.html, "length")]).toEqual([
      ["neet-pg"],
      ["full"],
    ]);
  });

  it("still shows a Plus learner the upgrade view", async () => {
    const { cookie } = await learnerOn("plus");
    const home = await page("/mock-exams?pattern=neet-pg&length=quarter", cookie);
    expect(home.status).toBe(200);
    expect(home.html).toContain("Mock exams: unlock it with Pro");
    expect(home.html).not.toContain('name="pattern"');
  });
});

describe("the JSON API", () => {
  it("starts a mock, saves in batches, locks sections, submits and analyses", async () => {
    const { token } = await learnerOn("pro");
    const started = await api("/api/mock-exams", {
      token,
      body: { pattern: "neet-pg", length: "quarter", paper: "random" },
    });
    expect(started.status).toBe(201);
    const mock = started.body.data as {
      id: string;
      questionIds: string[];
      sections: { title: string; questions: number; minutes: number; questionIds: string[] }[];
    };
    expect(mock.questionIds).toHaveLength(50);
    expect(mock.sections.map((s) => [s.title, s.questions, s.minutes])).toEqual(
      ["A", "B", "C", "D", "E"].map((letter) => [`Section ${letter}`, 10, 10.5]),
    );
    expect(JSON.stringify(started.body)).not.toMatch(/correctIndex|explanations/);

    const again = await api("/api/mock-exams", { token, body: { pattern: "fmge" } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ data: { activeId: mock.id } });

    const read = await api(`/api/mock-exams/${mock.id}`, { token });
    expect(read.status).toBe(200);
    const sitting = read.body.data as {
      questions: object[];
      palette: string[];
      sectionIndex: number;
    };
    expect(sitting.questions).toHaveLength(10);
    expect(sitting.palette).toHaveLength(50);
    expect(JSON.stringify(read.body)).not.toMatch(/"(correctIndex|explanations|takeaway)"/);

    const keys = await keysOf(mock.id);
    const saved = await api(`/api/mock-exams/${mock.id}/answers`, {
      token,
      method: "PUT",
      body: {
        answers: [
          { position: 0, choice: keys[0], marked: false, seconds: 20 },
          { position: 1, choice: (keys[1]! + 1) % 4, marked: true, seconds: 40 },
        ],
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ saved: [0, 1], refused: [] });
    const single = await api(`/api/mock-exams/${mock.id}/answers`, {
      token,
      method: "PUT",
      body: { position: 2, choice: null, marked: true },
    });
    expect(single.status).toBe(200);

    const malformed = await api(`/api/mock-exams/${mock.id}/answers`, {
      token,
      method: "PUT",
      body: { position: 0, choice: 7 },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe("choice must be 0, 1, 2, 3 or null.");

    // The section's time ends (moved into the past, as a slow learner would find it).
    await env.DB.prepare(
      "UPDATE mock_attempts SET section_ends_at = ?2, ends_at = ends_at - (section_ends_at - ?2) WHERE id = ?1",
    )
      .bind(mock.id, Date.now() - 1000)
      .run();
    const locked = await api(`/api/mock-exams/${mock.id}/answers`, {
      token,
      method: "PUT",
      body: { position: 3, choice: 1, marked: false, seconds: 5 },
    });
    expect(locked.status).toBe(409);
    expect(locked.body.message).toBe(
      "Section A has ended and is locked: its answers can no longer change.",
    );
    expect(locked.body.data).toMatchObject({ saved: [], state: { sectionIndex: 1 } });

    const submitted = await api(`/api/mock-exams/${mock.id}/submit`, { token, method: "POST" });
    expect(submitted.status).toBe(200);
    // 1 right (+4), 1 wrong (−1).
    expect(submitted.body.data).toMatchObject({
      status: "submitted",
      score: 3,
      correct: 1,
      wrong: 1,
    });
    const retried = await api(`/api/mock-exams/${mock.id}/submit`, { token, method: "POST" });
    expect(retried.body.data).toMatchObject({ score: 3 });

    const results = await api(`/api/mock-exams/${mock.id}/results?section=0&filter=marked`, {
      token,
    });
    expect(results.status).toBe(200);
    const analysis = results.body.data as {
      score: number;
      guessing: { markedAnswered: number; net: number };
      items: { position: number; correctIndex: number }[];
      percentile: { status: string };
    };
    expect(analysis.score).toBe(3);
    expect(analysis.guessing).toMatchObject({ markedAnswered: 1, net: -1 });
    expect(analysis.items.map((item) => item.position)).toEqual([1, 2]);
    expect(analysis.items[0]!.correctIndex).toBe(keys[1]);
    expect(analysis.percentile.status).toBe("own-paper");

    const list = await api("/api/mock-exams", { token });
    expect(list.body.data).toMatchObject([{ id: mock.id, status: "submitted", score: 3 }]);
  });

  it("answers 400 for malformed input and 404 for another learner's mock", async () => {
    const owner = await learnerOn("pro");
    const other = await learnerOn("pro");
    const bad = await api("/api/mock-exams", { token: owner.token, body: { pattern: "usmle" } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("pattern must be 'neet-pg', 'ini-cet' or 'fmge'.");
    const badPaper = await api("/api/mock-exams", {
      token: owner.token,
      body: { pattern: "fmge", paper: 0 },
    });
    expect(badPaper.status).toBe(400);
    const started = await api("/api/mock-exams", {
      token: owner.token,
      body: { pattern: "fmge", length: "quarter", paper: 1 },
    });
    const id = (started.body.data as { id: string }).id;
    expect((await api(`/api/mock-exams/${id}`, { token: other.token })).status).toBe(404);
    expect((await api("/api/mock-exams/not-an-id", { token: other.token })).status).toBe(400);
    const results = await api(`/api/mock-exams/${id}/results`, { token: owner.token });
    expect(results.status).toBe(409);
    const past = await api(`/api/mock-exams/${id}/answers`, {
      token: owner.token,
      method: "PUT",
      body: { position: 80, choice: 1 },
    });
    expect(past.status).toBe(400);
    expect(past.body.message).toContain("this paper has 75 questions");
  });
});

describe("a mock with JavaScript off", () => {
  it("takes a quarter NEET-PG one question per page, with a section lock and a submit", async () => {
    const { cookie } = await learnerOn("pro");
    const start = await postForm(
      "/mock-exams",
      { pattern: "neet-pg", length: "quarter", paper: "next" },
      { cookie },
    );
    expect(start.status).toBe(302);
    const here = start.headers.get("Location")!;
    expect(here).toMatch(/^\/mock-exams\/[0-9a-f-]{36}$/);
    const id = here.split("/").pop()!;
    const keys = await keysOf(id);

    const first = await page(here, cookie);
    expect(first.html).toContain("NEET-PG quarter mock · Paper 1");
    expect(first.html).toContain("Question 1 of 50");
    expect(first.html).toContain("Section A time left");
    expect(first.html).not.toContain("Takeaway");
    const shownAt = /name="shownAt" value="(\d+)"/.exec(first.html)![1]!;

    // Save & Next with the right answer, then Save & Mark for Review with a wrong one.
    const next = await postForm(
      here,
      { intent: "answer", position: "0", shownAt, choice: String(keys[0]), go: "next" },
      { cookie },
    );
    expect(next.status).toBe(302);
    expect(next.headers.get("Location")).toBe(`${here}?q=2`);
    const marked = await postForm(
      `${here}?q=2`,
      { intent: "answer", position: "1", shownAt, choice: String((keys[1]! + 1) % 4), go: "mark" },
      { cookie },
    );
    expect(marked.headers.get("Location")).toBe(`${here}?q=3`);
    // The palette jumps to question 7, leaving question 3 visited and unanswered.
    const jump = await postForm(
      `${here}?q=3`,
      { intent: "answer", position: "2", shownAt, go: "7" },
      { cookie },
    );
    expect(jump.headers.get("Location")).toBe(`${here}?q=7`);
    const seventh = await page(`${here}?q=7`, cookie);
    expect(seventh.html).toContain("Question 7 of 50");
    expect(seventh.html).toContain('aria-label="Question 1: Answered"');
    expect(seventh.html).toContain('aria-label="Question 2: Answered and marked for review"');
    expect(seventh.html).toContain('aria-label="Question 3: Not answered"');
    expect(seventh.html).toContain('aria-label="Question 4: Not visited"');

    // Ending Section A early: a confirmation page with the summary, then the lock.
    const confirm = await page(`${here}?q=7&confirm=advance`, cookie);
    expect(confirm.html).toContain("End Section A now?");
    expect(confirm.html).toContain("Where you stand in each section");
    const advanced = await postForm(here, { intent: "advance", section: "0" }, { cookie });
    expect(advanced.status).toBe(302);
    const sectionB = await page(`${here}?q=2`, cookie);
    expect(sectionB.html).toContain("Section A has ended and is locked");
    expect(sectionB.html).toContain("Question 11 of 50");
    const late = await postForm(
      here,
      { intent: "answer", position: "3", shownAt, choice: "1", go: "next" },
      { cookie },
    );
    expect(late.status).toBe(302);
    const lateAnswer = await env.DB.prepare(
      "SELECT count(*) AS n FROM mock_answers WHERE attempt_id = ?1 AND position = 3",
    )
      .bind(id)
      .first<{ n: number }>();
    expect(lateAnswer!.n).toBe(0);

    // Submit, after its summary.
    const summary = await page(`${here}?confirm=submit`, cookie);
    expect(summary.html).toContain("Submit the mock exam?");
    const submitted = await postForm(here, { intent: "submit" }, { cookie });
    expect(submitted.status).toBe(302);
    const results = await page(here, cookie);
    expect(results.html).toContain("NEET-PG quarter mock · Paper 1: results");
    expect(results.html).toMatch(/You scored <strong[^>]*>3 \/ 200<\/strong>/);
    expect(results.html).toContain("Did guessing pay?");
    expect(results.html).toContain('name="intent" value="start"');
    expect(results.html).toContain('action="/practice"');
    expect(results.html).toContain("Your percentile appears once 30 have");

    // A card from question 2, once; a report on it.
    const bankId = (await env.DB.prepare(
      "SELECT json_extract(item_ids, '$[1]') AS id FROM mock_papers p JOIN mock_attempts a ON a.paper_id = p.id WHERE a.id = ?1",
    )
      .bind(id)
      .first<{ id: string }>())!.id;
    const card = await postForm(here, { intent: "flashcard", position: "1" }, { cookie });
    expect(card.status).toBe(200);
    expect(await card.text()).toContain("Added to your flashcards.");
    const cardAgain = await postForm(here, { intent: "flashcard", position: "1" }, { cookie });
    expect(await cardAgain.text()).toContain("already in your flashcards");
    const report = await postForm(
      here,
      { intent: "report", bankId, reason: "unclear", note: "" },
      { cookie },
    );
    expect(report.status).toBe(201);
  });
});

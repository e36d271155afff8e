/**
 * /api/practice-tests/* through the real worker (docs/api.md, "Practice
 * tests"): who may call it (401 signed out, 403 for trial and Starter), the
 * shapes, validation, idempotent starts, that no key leaves the server
 * before it may be seen, saves at once, submit and the error log.
 */
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { PLAN_FEATURES } from "~/lib/plan-features";
import { PRACTICE_MESSAGES } from "~/lib/practice";
import { api, apiLearner, buyPlanThroughApi } from "../../tests/support/payments";
import { poolKey } from "../../tests/support/practice";

vi.setConfig({ testTimeout: 60_000 });

async function learnerOn(plan: "starter" | "plus" | "pro" | null) {
  const learner = await apiLearner({ trial: true });
  if (plan) await buyPlanThroughApi(learner.token, plan);
  return learner;
}

type Question = {
  index: number;
  itemId: string;
  choice: number | null;
  marked: boolean;
  struck: number[];
  seconds: number;
  answered: boolean;
  reveal: { correctIndex: number; correct: boolean; takeaway: string } | null;
};
type Test = {
  id: string;
  mode: string;
  exam: string;
  status: string;
  questionCount: number;
  secondsLeft: number | null;
  marking: { correct: number; wrong: number; label: string };
  questions: Question[];
  results: null | {
    score: number;
    maxScore: number;
    correct: number;
    wrong: number;
    unattempted: number;
  };
};

async function start(token: string, body: Record<string, unknown>) {
  const result = await api("/api/practice-tests", { token, body });
  return { ...result, test: (result.body.data as { test?: Test } | undefined)?.test ?? null };
}

describe("/api/practice-tests access", () => {
  it("answers 401 signed out and 403 with the upgrade for trial and Starter learners", async () => {
    const paths: Array<[string, Record<string, unknown> | undefined]> = [
      ["/api/practice-tests", undefined],
      ["/api/practice-tests", { subject: "Anatomy" }],
      ["/api/practice-tests/pt_000000000000000000000000", undefined],
      ["/api/practice-tests/pt_000000000000000000000000/answers", { index: 0, choice: 1 }],
      ["/api/practice-tests/pt_000000000000000000000000/submit", {}],
      ["/api/practice-tests/pt_000000000000000000000000/mistakes", { index: 0, mistake: "slip" }],
    ];
    const trial = await learnerOn(null);
    const starter = await learnerOn("starter");
    for (const [path, body] of paths) {
      const signedOut = await api(path, { body });
      expect(signedOut.status, path).toBe(401);
      for (const { token } of [trial, starter]) {
        const refused = await api(path, { token, body });
        expect(refused.status, path).toBe(403);
        expect(refused.body).toMatchObject({
          success: false,
          message: PLAN_FEATURES.practiceTests.refusal,
          requiredPlan: "plus",
          upgradeUrl: "/plans?plan=plus",
        });
      }
    }
    const rows = await env.DB.prepare(
      "SELECT count(*) AS n FROM practice_tests WHERE user_id IN (?1, ?2)",
    )
      .bind(trial.user.id, starter.user.id)
      .first<{ n: number }>();
    expect(rows!.n).toBe(0);
  });
});

describe("/api/practice-tests for Plus and Pro", () => {
  it("builds and starts a test once per key, refuses malformed choices and starts nothing for no match", async () => {
    const { token } = await learnerOn("pro");
    const body = {
      subject: ["Pathology"],
      count: 5,
      mode: "timed",
      exam: "fmge",
      idempotencyKey: "pt-1",
    };
    const made = await start(token, body);
    expect(made.status).toBe(201);
    expect(made.body.message).toBe(PRACTICE_MESSAGES.started);
    expect(made.test).toMatchObject({
      mode: "timed",
      exam: "fmge",
      status: "active",
      questionCount: 5,
      marking: { correct: 1, wrong: 0, label: "+1, no negative marking" },
    });
    // FMGE's pace: 60 s a question, counted down from the server's deadline.
    expect(made.test!.secondsLeft).toBeGreaterThan(290);
    expect(made.test!.secondsLeft).toBeLessThanOrEqual(300);
    const again = await start(token, body);
    expect(again.status).toBe(200);
    expect(again.test!.id).toBe(made.test!.id);

    const bad = await api("/api/practice-tests", { token, body: { count: 101, mode: "fast" } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      count: [PRACTICE_MESSAGES.count],
      mode: [PRACTICE_MESSAGES.mode],
    });
    const unknown = await api("/api/practice-tests", { token, body: { subject: "Astrology" } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain("Not in the question pool: Astrology.");
    const none = await api("/api/practice-tests", { token, body: { status: "marked" } });
    expect(none.status).toBe(409);
    expect(none.body.message).toBe(PRACTICE_MESSAGES.noMatch);

    const list = await api("/api/practice-tests?limit=1", { token });
    expect(list.status).toBe(200);
    expect(list.body.data).toMatchObject({
      tests: [{ id: made.test!.id, questionCount: 5, status: "active" }],
      pagination: { page: 1, limit: 1, total: 1, totalPages: 1, hasMore: false },
    });
    expect((await api("/api/practice-tests?page=0", { token })).status).toBe(400);
  });

  it("timed: keeps every key hidden until submit, keeps two saves sent at once, then marks and tags", async () => {
    const { token } = await learnerOn("plus");
    const { test } = await start(token, { subject: "Medicine", count: 4, mode: "timed" });
    const id = test!.id;
    const keys = await Promise.all(test!.questions.map((question) => poolKey(question.itemId)));
    const [first, second] = await Promise.all([
      api(`/api/practice-tests/${id}/answers`, {
        token,
        body: { index: 0, choice: keys[0], seconds: 30 },
      }),
      api(`/api/practice-tests/${id}/answers`, {
        token,
        body: { index: 1, choice: (keys[1]! + 1) % 4, marked: true, struck: [0, 2] },
      }),
    ]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.data).toMatchObject({ question: { index: 1, marked: true, reveal: null } });

    const open = await api(`/api/practice-tests/${id}`, { token });
    const openTest = open.body.data as unknown as Test;
    expect(openTest.questions.map((question) => question.answered)).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(JSON.stringify(open.body)).not.toContain("correctIndex");
    expect(JSON.stringify(open.body)).not.toContain("takeaway");
    expect(openTest.results).toBeNull();

    const badIndex = await api(`/api/practice-tests/${id}/answers`, {
      token,
      body: { index: 9, choice: 1 },
    });
    expect(badIndex.status).toBe(400);
    const badChoice = await api(`/api/practice-tests/${id}/answers`, {
      token,
      body: { index: 0, choice: 7 },
    });
    expect(badChoice.status).toBe(400);
    const early = await api(`/api/practice-tests/${id}/mistakes`, {
      token,
      body: { index: 1, mistake: "slip" },
    });
    expect(early.status).toBe(409);

    const submitted = await api(`/api/practice-tests/${id}/submit`, { token, body: {} });
    expect(submitted.status).toBe(200);
    const done = submitted.body.data as unknown as Test;
    expect(done.results).toMatchObject({
      score: 3,
      maxScore: 16,
      correct: 1,
      wrong: 1,
      unattempted: 2,
    });
    expect(done.questions[1]!.reveal).toMatchObject({ correctIndex: keys[1], correct: false });
    const late = await api(`/api/practice-tests/${id}/answers`, {
      token,
      body: { index: 2, choice: 0 },
    });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(PRACTICE_MESSAGES.submitted);

    const tagged = await api(`/api/practice-tests/${id}/mistakes`, {
      token,
      body: { index: 1, mistake: "guessed" },
    });
    expect(tagged.status).toBe(200);
    expect(tagged.body.message).toBe(PRACTICE_MESSAGES.mistakeSaved);
    const badTag = await api(`/api/practice-tests/${id}/mistakes`, {
      token,
      body: { index: 1, mistake: "tired" },
    });
    expect(badTag.status).toBe(400);
    const event = await env.DB.prepare("SELECT mistake FROM answer_events WHERE id = ?1")
      .bind(`practice:${id}:1`)
      .first();
    expect(event).toEqual({ mistake: "guessed" });
  });

  it("tutor: an answer comes back with its explanation and is final; other learners see 404", async () => {
    const { token } = await learnerOn("plus");
    const { test } = await start(token, { topic: "Medicine::Cardiology", count: 2 });
    const id = test!.id;
    const key = await poolKey(test!.questions[0]!.itemId);
    const answered = await api(`/api/practice-tests/${id}/answers`, {
      token,
      body: { index: "0", choice: String(key) },
    });
    expect(answered.status).toBe(200);
    const question = (answered.body.data as { question: Question }).question;
    expect(question.reveal).toMatchObject({ correctIndex: key, correct: true });
    expect(question.reveal!.takeaway.length).toBeGreaterThan(5);
    const changed = await api(`/api/practice-tests/${id}/answers`, {
      token,
      body: { index: 0, choice: (key + 1) % 4 },
    });
    expect(changed.status).toBe(409);
    expect(changed.body.message).toBe(PRACTICE_MESSAGES.tutorFinal);
    const read = await api(`/api/practice-tests/${id}`, { token });
    const questions = (read.body.data as unknown as Test).questions;
    expect(questions[0]!.reveal).not.toBeNull();
    expect(questions[1]!.reveal).toBeNull();

    const other = await learnerOn("plus");
    expect((await api(`/api/practice-tests/${id}`, { token: other.token })).status).toBe(404);
    expect(
      (
        await api(`/api/practice-tests/${id}/answers`, {
          token: other.token,
          body: { index: 1, choice: 0 },
        })
      ).status,
    ).toBe(404);
    expect((await api("/api/practice-tests/not-an-id", { token })).status).toBe(404);
  });
});

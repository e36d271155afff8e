/**
 * The quiz and simulation pages as a browser without JavaScript uses them,
 * through the real worker (no AI key: the offline question bank answers):
 * create, answer, finish, and that another learner can never open or answer
 * the attempt.
 */
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { createDb } from "~/db/client.server";
import { createOfflineGenerator } from "~/integrations/ai/offline.server";
import { createItemGenerator } from "~/models/assessment-generation.server";
import { createBankMentor } from "~/models/bank-mentor.server";
import { getAttempt } from "~/models/assessment-attempts.server";
import type { AssessmentDeps } from "~/models/assessment-store.server";
import { startTrial } from "~/models/subscription.server";
import { call, cookiesFrom, makeUser, postForm } from "../../tests/support/auth";
import { usageTestDeps } from "../../tests/support/payments";
import { d1Bank } from "~/models/question-bank.server";

vi.setConfig({ testTimeout: 60_000 });

async function trialLearner() {
  const user = await makeUser();
  await startTrial(createDb(env.DB), user.id, Date.now());
  const response = await postForm("/login", { email: user.email, password: user.plainPassword });
  expect(response.status).toBe(302);
  return { user, cookie: cookiesFrom(response) };
}

/** Reads attempts as the models do (the generator is never asked here). */
const deps = (): AssessmentDeps => ({
  db: createDb(env.DB),
  usage: usageTestDeps(),
  generate: createItemGenerator(
    createOfflineGenerator({ mentor: createBankMentor(createDb(env.DB)) }),
    { bank: d1Bank(createDb(env.DB)) },
  ),
  now: Date.now,
});

/** Creates a 3-question cardiology quiz through the page's form; answers its id. */
async function createQuiz(cookie: string): Promise<string> {
  const created = await postForm(
    "/clinical-quizzes",
    { intent: "create", topic: "Cardiology", count: "3", startKey: crypto.randomUUID() },
    { cookie },
  );
  expect(created.status).toBe(302);
  const location = new URL(created.headers.get("Location")!, "http://localhost");
  const attemptId = location.searchParams.get("attempt");
  expect(attemptId).toBeTruthy();
  expect(location.searchParams.get("q")).toBe("0");
  return attemptId!;
}

describe("/clinical-quizzes without JavaScript", () => {
  it("creates, answers each question as a page, and finishes on the results", async () => {
    const { user, cookie } = await trialLearner();
    const attemptId = await createQuiz(cookie);
    const question = await call(`/clinical-quizzes?attempt=${attemptId}&q=0`, {
      headers: { Cookie: cookie },
    });
    expect(question.status).toBe(200);
    const stored = await getAttempt(deps(), user.id, attemptId);
    expect(stored?.items.length).toBeGreaterThan(0);
    expect(await question.text()).toContain(escapeHtml(stored!.items[0]!.question));

    let index = 0;
    for (;;) {
      const answered = await postForm(
        "/clinical-quizzes",
        { intent: "answer", attemptId, index: String(index), choice: "0" },
        { cookie },
      );
      expect(answered.status).toBe(302);
      const next = new URL(answered.headers.get("Location")!, "http://localhost");
      if (next.searchParams.get("view") === "results") break;
      expect(next.searchParams.get("q")).toBe(String(index + 1));
      index++;
      expect(index).toBeLessThan(3);
    }
    const done = await getAttempt(deps(), user.id, attemptId);
    expect(done).toMatchObject({ status: "completed", itemCount: 3 });
    expect(done!.answers).toEqual([0, 0, 0]);
  });

  it("never shows or takes answers for another learner's attempt", async () => {
    const owner = await trialLearner();
    const attemptId = await createQuiz(owner.cookie);
    // The owner's quiz finishes generating in the background first: only the other learner must change nothing.
    let before = await getAttempt(deps(), owner.user.id, attemptId);
    for (let tries = 0; before?.status === "generating" && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      before = await getAttempt(deps(), owner.user.id, attemptId);
    }
    expect(before?.status).toBe("ready");
    const firstQuestion = before!.items[0]!.question;

    const other = await trialLearner();
    const page = await call(`/clinical-quizzes?attempt=${attemptId}&q=0`, {
      headers: { Cookie: other.cookie },
    });
    expect(page.status).toBe(200);
    expect(await page.text()).not.toContain(escapeHtml(firstQuestion));

    const attempts: Record<string, string>[] = [
      { intent: "answer", attemptId, index: "0", choice: "2" },
      { intent: "answer", attemptId, index: "0", choice: "2", step: "finish" },
      { intent: "retake", attemptId },
      { intent: "retest", attemptId },
    ];
    for (const fields of attempts) {
      const posted = await postForm("/clinical-quizzes", fields, { cookie: other.cookie });
      expect(posted.status, JSON.stringify(fields)).toBe(302);
      expect(posted.headers.get("Location")).toBe("/clinical-quizzes");
    }
    const after = await getAttempt(deps(), owner.user.id, attemptId);
    expect(after).toEqual(before);
  });
});

function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#x27;");
}

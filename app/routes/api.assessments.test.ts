/**
 * /api/quizzes/* and /api/simulations/* through the real worker with real
 * session tokens and the offline question bank: the generation stream's
 * events in order, refusals before anything is generated (403 with the
 * screens' messages, 400 never 500), the trial's counts, answers hidden until
 * Finish, retake and retest at no cost, and that one learner can never reach
 * another's attempt.
 */
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { createDb } from "~/db/client.server";
import { assessmentAttempts } from "~/db/schema";
import { AUTH_MESSAGES } from "~/lib/auth-messages";
import { ATTEMPT_MESSAGES } from "~/lib/assessment-attempts";
import { ASSESSMENT_MESSAGES } from "~/lib/assessments";
import {
  BUY_SUBSCRIPTION_MESSAGE,
  trialExhaustedMessage,
  WEEK_FULL_MESSAGE,
} from "~/lib/usage-messages";
import type { GenerateItems } from "~/lib/assessments";
import { ATTEMPT_API_MESSAGES, attemptEventStream } from "~/routes/api.assessments.server";
import { startAttempt } from "~/models/assessment-attempts.server";
import { generateMore } from "~/models/assessment-generation-run.server";
import { openGenerationStream } from "~/models/assessment-generation-stream.server";
import type { AssessmentDeps } from "~/models/assessment-store.server";
import { call } from "../../tests/support/auth";
import { parseSse } from "../../tests/support/chat";
import {
  api,
  apiLearner,
  type ApiBody,
  buyPlanThroughApi,
  usageTestDeps,
  waitBag,
} from "../../tests/support/payments";

// Each signed-in user costs a password hash.
vi.setConfig({ testTimeout: 30_000 });

type Kinds = "quizzes" | "simulations";
type Item = {
  index: number;
  question: string;
  options: string[];
  case: { history: string; examination: string; results: string } | null;
  choice: number | null;
  correctIndex?: number;
  correct?: boolean;
  explanations?: string[];
  takeaway?: string;
  reference?: string | null;
};
type AttemptJson = ApiBody & { id: string; status: string; items: Item[] };

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

async function generate(
  token: string | undefined,
  kinds: Kinds,
  body: unknown,
  options: { path?: string; headers?: Record<string, string> } = {},
) {
  const response = await call(options.path ?? `/api/${kinds}/generate`, {
    token,
    body,
    headers: options.headers,
  });
  const text = await response.text();
  const isStream = response.headers.get("Content-Type")?.startsWith("text/event-stream") ?? false;
  return {
    status: response.status,
    response,
    events: isStream ? parseSse(text) : [],
    json: isStream ? null : (JSON.parse(text) as ApiBody),
  };
}

/** A generated attempt (the stream run to its end); its id. */
async function generated(token: string, kinds: Kinds, topic: string, count: number) {
  const result = await generate(token, kinds, { topic, count });
  expect(result.status, JSON.stringify(result.json)).toBe(200);
  expect(result.events.at(-1)?.event).toBe("done");
  return result.events[0]!.data.id as string;
}

async function readAttempt(token: string, kinds: Kinds, id: string) {
  const answer = await api(`/api/${kinds}/attempts/${id}`, { token });
  return { ...answer, data: answer.body.data as AttemptJson };
}

async function trialUsed(token: string, feature: "clinicalQuizzes" | "clinicalSimulations") {
  const status = await api("/api/trial/status", { token });
  return (status.body.trial as { features: Record<string, { used: number }> }).features[feature]!
    .used;
}

describe("POST /api/{kinds}/generate", () => {
  it("streams the attempt, each item as it is stored with progress, then done, through the real worker", async () => {
    const { token } = await apiLearner({ trial: true });
    const { status, response, events } = await generate(token, "quizzes", {
      topic: "Cardiology",
      count: 3,
    });
    expect(status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store, no-transform");
    expect(events.map((event) => event.event)).toEqual([
      "attempt",
      "progress",
      "item",
      "item",
      "progress",
      "item",
      "progress",
      "done",
    ]);
    const [attempt, ...rest] = events;
    expect(attempt!.data).toMatchObject({
      kind: "quiz",
      topic: "Cardiology",
      requestedCount: 3,
      itemCount: 0,
      status: "generating",
      origin: "new",
      usage: { accessType: "trial", used: 1, limit: 5, remaining: 4 },
    });
    expect(attempt!.data.id).toMatch(/^att_[0-9a-f]{24}$/);
    expect(attempt!.data.createdAt).toMatch(ISO);
    expect(rest.filter((event) => event.event === "progress").map((event) => event.data)).toEqual([
      { generated: 0, requested: 3 },
      { generated: 2, requested: 3 },
      { generated: 3, requested: 3 },
    ]);
    const items = rest.filter((event) => event.event === "item");
    expect(items.map((event) => event.data.index)).toEqual([0, 1, 2]);
    for (const event of items) {
      const item = event.data.item as ApiBody;
      // What the learner sees while answering: nothing that gives the answer away.
      expect(Object.keys(item).sort()).toEqual(["case", "options", "question", "source"]);
      expect(item.options).toHaveLength(4);
      expect(item.case).toBeNull();
    }
    expect(events.at(-1)!.data).toEqual({
      attemptId: attempt!.data.id,
      status: "ready",
      generated: 3,
      requested: 3,
      shortfall: null,
      source: "bank",
      title: "Quiz Generated!",
      message: "Successfully created 3 questions about Cardiology",
    });
    expect(await trialUsed(token, "clinicalQuizzes")).toBe(1);
  });

  it("streams simulations with their patient case, defaulting to 5 scenarios", async () => {
    const { token } = await apiLearner({ trial: true });
    const { status, events } = await generate(token, "simulations", { topic: "sepsis" });
    expect(status).toBe(200);
    expect(events[0]!.data).toMatchObject({ kind: "simulation", requestedCount: 5 });
    const items = events.filter((event) => event.event === "item");
    expect(items.length).toBeGreaterThan(0);
    for (const event of items) {
      const item = event.data.item as { case: Record<string, string> };
      expect(Object.keys(item.case).sort()).toEqual(["examination", "history", "results"]);
    }
    const done = events.at(-1)!;
    expect(done).toMatchObject({
      event: "done",
      data: {
        title: "Simulation Generated!",
        requested: 5,
        generated: items.length,
        message: `Successfully created ${items.length} scenarios about sepsis`,
      },
    });
    // Fewer than asked (the offline bank ran out) is said plainly.
    if (items.length < 5) expect(done.data.shortfall).toEqual(expect.any(String));
    else expect(done.data.shortfall).toBeNull();
    expect(await trialUsed(token, "clinicalSimulations")).toBe(1);
  });

  it("answers an unknown topic with the failure message, and gives the trial's use back", async () => {
    const { token } = await apiLearner({ trial: true });
    const { status, events } = await generate(token, "quizzes", {
      topic: "Zxqv unheard-of topic",
      count: 2,
    });
    expect(status).toBe(200);
    expect(events.map((event) => event.event)).toEqual(["attempt", "progress", "error"]);
    expect(events.at(-1)!.data).toMatchObject({
      title: "Error",
      message: "Failed to generate quiz. Please try again.",
    });
    expect(await trialUsed(token, "clinicalQuizzes")).toBe(0);
    const failed = await readAttempt(token, "quizzes", events[0]!.data.id as string);
    expect(failed.data).toMatchObject({
      status: "failed",
      message: ASSESSMENT_MESSAGES.quiz.failed,
      items: [],
    });
  });

  it("counts a retried request with the same idempotency key once and streams the same attempt", async () => {
    const { token } = await apiLearner({ trial: true });
    const body = { topic: "Cardiology", count: 2, idempotencyKey: "quiz-request-1" };
    const first = await generate(token, "quizzes", body);
    const again = await generate(token, "quizzes", body);
    const byHeader = await generate(
      token,
      "quizzes",
      { topic: "Cardiology", count: 2 },
      { headers: { "Idempotency-Key": "quiz-request-1" } },
    );
    expect(again.events[0]!.data.id).toBe(first.events[0]!.data.id);
    expect(byHeader.events[0]!.data.id).toBe(first.events[0]!.data.id);
    // The retry sends what was stored and ends at once.
    expect(again.events.map((event) => event.event)).toEqual([
      "attempt",
      "item",
      "item",
      "progress",
      "done",
    ]);
    expect(again.events[0]!.data.usage).toBeNull();
    expect(await trialUsed(token, "clinicalQuizzes")).toBe(1);
  });

  it("refuses without a plan or trial: 403 'Buy Subscription to access this feature', reason none", async () => {
    const { token } = await apiLearner();
    for (const kinds of ["quizzes", "simulations"] as const) {
      const { status, json } = await generate(token, kinds, { topic: "Asthma", count: 2 });
      expect(status).toBe(403);
      expect(json).toMatchObject({
        success: false,
        hasAccess: false,
        reason: "none",
        title: "Access Denied",
        message: BUY_SUBSCRIPTION_MESSAGE,
        accessType: "none",
        needsSubscription: true,
      });
    }
    expect((await api("/api/quizzes/attempts", { token })).body.data).toEqual([]);
  });

  it("refuses a spent trial with its limit message, reason limit", async () => {
    const { token } = await apiLearner({ trial: true });
    for (let i = 0; i < 5; i++) {
      const recorded = await api("/api/usage/check-and-record/clinicalQuizzes", {
        token,
        body: {},
      });
      expect(recorded.status).toBe(200);
    }
    const { status, json } = await generate(token, "quizzes", { topic: "Cardiology", count: 2 });
    expect(status).toBe(403);
    expect(json).toMatchObject({
      hasAccess: false,
      reason: "limit",
      title: "Limit Reached",
      message: trialExhaustedMessage("clinicalQuizzes"),
      accessType: "trial",
      usage: { used: 5, limit: 5, remaining: 0 },
    });
  });

  it("refuses a starter subscriber's third simulation of the week with the week message", async () => {
    const { token } = await apiLearner();
    await buyPlanThroughApi(token, "starter");
    await generated(token, "simulations", "sepsis", 1);
    await generated(token, "simulations", "sepsis", 1);
    const { status, json } = await generate(token, "simulations", { topic: "sepsis", count: 1 });
    expect(status).toBe(403);
    expect(json).toMatchObject({
      reason: "limit",
      title: "Limit Reached",
      message: WEEK_FULL_MESSAGE,
      accessType: "subscription",
      needsSubscription: false,
    });
    // Quizzes are not limited on the plan.
    expect((await generate(token, "quizzes", { topic: "Cardiology", count: 1 })).status).toBe(200);
  });

  it("answers bad input with the spec's validation texts (400, never 500) and counts nothing", async () => {
    const { token } = await apiLearner({ trial: true });
    const cases: [Kinds, unknown, string][] = [
      ["quizzes", { count: 5 }, "Please enter a topic for the quiz."],
      ["quizzes", { topic: "   ", count: 5 }, "Please enter a topic for the quiz."],
      ["quizzes", { topic: "Asthma", count: 0 }, "Number of questions must be between 1 and 20."],
      ["quizzes", { topic: "Asthma", count: 21 }, "Number of questions must be between 1 and 20."],
      ["quizzes", { topic: "Asthma", count: 2.5 }, "Number of questions must be between 1 and 20."],
      [
        "quizzes",
        { topic: "Asthma", count: "lots" },
        "Number of questions must be between 1 and 20.",
      ],
      [
        "simulations",
        { topic: "", count: 5 },
        "Please enter a medical topic or condition for the simulation.",
      ],
      [
        "simulations",
        { topic: "Sepsis", count: 11 },
        "Number of scenarios must be between 1 and 10.",
      ],
      ["quizzes", { topic: "x".repeat(121), count: 2 }, ASSESSMENT_MESSAGES.topicTooLong],
      ["quizzes", { topic: 42, count: 2 }, "Please enter a topic for the quiz."],
      // Wrong JSON types are refused, not converted: true, "5", [3] and null are no count.
      [
        "quizzes",
        { topic: "Asthma", count: true },
        "Number of questions must be between 1 and 20.",
      ],
      ["quizzes", { topic: "Asthma", count: "5" }, "Number of questions must be between 1 and 20."],
      ["quizzes", { topic: "Asthma", count: [3] }, "Number of questions must be between 1 and 20."],
      [
        "simulations",
        { topic: "Sepsis", count: null },
        "Number of scenarios must be between 1 and 10.",
      ],
    ];
    for (const [kinds, body, message] of cases) {
      const { status, json } = await generate(token, kinds, body);
      expect(status, JSON.stringify(body)).toBe(400);
      expect(json, JSON.stringify(body)).toMatchObject({ success: false, message });
    }
    const badKey = await generate(token, "quizzes", {
      topic: "Asthma",
      count: 2,
      idempotencyKey: "spaces are not allowed",
    });
    expect(badKey.status).toBe(400);
    for (const rawBody of ["{not json", "[1,2]", "null"]) {
      const response = await call("/api/quizzes/generate", { token, rawBody });
      expect(response.status, rawBody).toBe(400);
    }
    const notJson = await call("/api/quizzes/generate", {
      token,
      rawBody: "topic=Asthma",
      headers: { "Content-Type": "text/plain" },
    });
    expect(notJson.status).toBe(400);
    expect(await trialUsed(token, "clinicalQuizzes")).toBe(0);
    expect(await trialUsed(token, "clinicalSimulations")).toBe(0);
  });

  it("answers 401 signed out and 405 for other methods", async () => {
    const signedOut = await generate(undefined, "quizzes", { topic: "Asthma", count: 2 });
    expect(signedOut.status).toBe(401);
    expect(signedOut.json).toMatchObject({ message: AUTH_MESSAGES.authenticationFailed });
    const { token } = await apiLearner({ trial: true });
    const get = await call("/api/simulations/generate", { token });
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("POST");
    expect((await call("/api/quizzes/attempts", { token, body: {} })).status).toBe(405);
  });
});

describe("taking an attempt", () => {
  it("hides answers until Finish, saves changeable answers, scores, and then explains everything", async () => {
    const { token } = await apiLearner({ trial: true });
    const id = await generated(token, "quizzes", "Cardiology", 3);

    const before = await readAttempt(token, "quizzes", id);
    expect(before.status).toBe(200);
    expect(before.data).toMatchObject({
      id,
      kind: "quiz",
      topic: "Cardiology",
      status: "ready",
      requestedCount: 3,
      itemCount: 3,
      answeredCount: 0,
      score: null,
      percentage: null,
      completedAt: null,
      message: null,
    });
    for (const item of before.data.items) {
      expect(Object.keys(item).sort()).toEqual([
        "case",
        "choice",
        "index",
        "options",
        "question",
        "source",
      ]);
    }

    const path = `/api/quizzes/attempts/${id}`;
    const saved = await api(`${path}/answers`, { token, body: { index: 0, choice: 2 } });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({
      index: 0,
      choice: 2,
      answeredCount: 1,
      itemCount: 3,
      status: "ready",
    });
    // Changed before Finish; form posts send digits as text.
    expect(
      (await api(`${path}/answers`, { token, body: { index: "0", choice: "1" } })).status,
    ).toBe(200);
    expect((await api(`${path}/answers`, { token, body: { index: 1, choice: 3 } })).status).toBe(
      200,
    );
    const during = await readAttempt(token, "quizzes", id);
    expect(during.data.items.map((item) => item.choice)).toEqual([1, 3, null]);
    expect(during.data.items[0]).not.toHaveProperty("correctIndex");

    const finished = await api(`${path}/finish`, { token, body: {} });
    expect(finished.status).toBe(200);
    const result = finished.body.data as AttemptJson;
    expect(result).toMatchObject({ status: "completed", itemCount: 3, answeredCount: 2 });
    expect(result.completedAt).toMatch(ISO);
    const expectedScore = result.items.filter(
      (item, index) => [1, 3, null][index] === item.correctIndex,
    ).length;
    expect(result.score).toBe(expectedScore);
    expect(result.percentage).toBe(Math.round((expectedScore / 3) * 100));
    for (const item of result.items) {
      expect(item.correctIndex).toBeGreaterThanOrEqual(0);
      expect(item.correct).toBe(item.choice === item.correctIndex);
      expect(item.explanations).toHaveLength(4);
      expect(item.takeaway).toBeTruthy();
      expect(item.reference).toBeTruthy();
    }
    expect(result.items[2]).toMatchObject({ choice: null, correct: false });
    // The same results when read again or finished again.
    expect((await readAttempt(token, "quizzes", id)).data).toEqual(result);
    expect((await api(`${path}/finish`, { token, body: {} })).body.data).toEqual(result);
    const late = await api(`${path}/answers`, { token, body: { index: 2, choice: 0 } });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(ATTEMPT_MESSAGES.alreadyFinished);
  });

  it("refuses bad answers with 400 and questions beyond the attempt with 409", async () => {
    const { token } = await apiLearner({ trial: true });
    const id = await generated(token, "quizzes", "Cardiology", 2);
    const path = `/api/quizzes/attempts/${id}/answers`;
    for (const body of [{ index: 0 }, { index: 0, choice: 4 }, { index: 0, choice: null }]) {
      const answer = await api(path, { token, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toBe(ASSESSMENT_MESSAGES.answerRequired);
    }
    for (const body of [{ choice: 1 }, { index: -1, choice: 1 }, { index: "first", choice: 1 }]) {
      const answer = await api(path, { token, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toBe(ATTEMPT_MESSAGES.questionInvalid);
    }
    const beyond = await api(path, { token, body: { index: 5, choice: 1 } });
    expect(beyond.status).toBe(409);
    expect(beyond.body.message).toBe(ATTEMPT_MESSAGES.questionInvalid);
    expect((await call(path, { token, rawBody: "{" })).status).toBe(400);
  });

  it("retakes and retests for free, and refuses a retest with nothing missed", async () => {
    const { token } = await apiLearner({ trial: true });
    const id = await generated(token, "quizzes", "Cardiology", 2);
    const path = `/api/quizzes/attempts/${id}`;
    const early = await api(`${path}/retake`, { token, body: {} });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(ATTEMPT_MESSAGES.finishFirst);

    // Answer the first right (read from a retake's results later) and leave the second.
    await api(`${path}/answers`, { token, body: { index: 0, choice: 0 } });
    const result = (await api(`${path}/finish`, { token, body: {} })).body.data as AttemptJson;
    const missed = result.items.filter((item) => !item.correct);

    const retake = await api(`${path}/retake`, { token, body: {} });
    expect(retake.status).toBe(201);
    const retaken = retake.body.data as AttemptJson;
    expect(retaken).toMatchObject({
      origin: "retake",
      parentId: id,
      status: "ready",
      itemCount: 2,
      answeredCount: 0,
      score: null,
    });
    expect(retaken.items.map((item) => item.question)).toEqual(
      result.items.map((item) => item.question),
    );
    expect(retaken.items[0]).not.toHaveProperty("correctIndex");

    const retest = await api(`${path}/retest`, { token, body: {} });
    expect(retest.status).toBe(201);
    const retested = retest.body.data as AttemptJson;
    expect(retested).toMatchObject({ origin: "retest", parentId: id, itemCount: missed.length });
    expect(retested.items.map((item) => item.question)).toEqual(
      missed.map((item) => item.question),
    );
    expect(await trialUsed(token, "clinicalQuizzes")).toBe(1);

    // Answer the retest perfectly: nothing left to retest.
    const retestPath = `/api/quizzes/attempts/${retested.id}`;
    for (const item of missed) {
      await api(`${retestPath}/answers`, {
        token,
        body: { index: missed.indexOf(item), choice: item.correctIndex },
      });
    }
    const perfect = (await api(`${retestPath}/finish`, { token, body: {} })).body.data as ApiBody;
    expect(perfect).toMatchObject({ score: missed.length, percentage: 100 });
    const none = await api(`${retestPath}/retest`, { token, body: {} });
    expect(none.status).toBe(409);
    expect(none.body.message).toBe(ATTEMPT_MESSAGES.nothingToRetest);

    const list = await api("/api/quizzes/attempts", { token });
    expect((list.body.data as ApiBody[]).map((entry) => entry.origin).sort()).toEqual([
      "new",
      "retake",
      "retest",
    ]);
  });

  it("continues an attempt's generation with …/generate, and lists past attempts with pagination", async () => {
    const { token } = await apiLearner({ trial: true });
    const id = await generated(token, "quizzes", "Cardiology", 2);
    const continued = await generate(
      token,
      "quizzes",
      {},
      {
        path: `/api/quizzes/attempts/${id}/generate`,
      },
    );
    expect(continued.status).toBe(200);
    expect(continued.events.map((event) => event.event)).toEqual([
      "attempt",
      "item",
      "item",
      "progress",
      "done",
    ]);
    await generated(token, "quizzes", "Cardiology", 1);
    const page = await api("/api/quizzes/attempts?limit=1", { token });
    expect(page.status).toBe(200);
    expect(page.body.pagination).toEqual({ total: 2, limit: 1, skip: 0, hasMore: true });
    const [latest] = page.body.data as ApiBody[];
    expect(latest).toMatchObject({
      kind: "quiz",
      topic: "Cardiology",
      status: "ready",
      itemCount: 1,
      answeredCount: 0,
      score: null,
    });
    expect(latest!.createdAt).toMatch(ISO);
    expect(latest).not.toHaveProperty("items");
    const second = await api("/api/quizzes/attempts?limit=500&skip=1", { token });
    expect(second.body.pagination).toEqual({ total: 2, limit: 100, skip: 1, hasMore: false });
    expect((second.body.data as ApiBody[])[0]!.id).toBe(id);
    expect((await api("/api/simulations/attempts", { token })).body.data).toEqual([]);
    for (const query of ["?limit=0", "?limit=abc", "?skip=-1", "?skip=1.5"]) {
      const bad = await api(`/api/quizzes/attempts${query}`, { token });
      expect(bad.status, query).toBe(400);
      expect([ATTEMPT_API_MESSAGES.limitInvalid, ATTEMPT_API_MESSAGES.skipInvalid]).toContain(
        bad.body.message,
      );
    }
  });

  it("answers malformed attempt ids with 400 and unknown ones with 404", async () => {
    const { token } = await apiLearner({ trial: true });
    for (const suffix of ["", "/answers", "/finish", "/retake", "/retest", "/generate"]) {
      const method = suffix ? "POST" : "GET";
      const body = suffix === "/answers" ? { index: 0, choice: 1 } : suffix ? {} : undefined;
      const malformed = await api(`/api/quizzes/attempts/not-an-id${suffix}`, {
        token,
        method,
        body,
      });
      expect(malformed.status, suffix).toBe(400);
      expect(malformed.body.message).toBe(ATTEMPT_MESSAGES.invalidAttemptId);
      const unknown = await api(`/api/quizzes/attempts/att_${"0".repeat(24)}${suffix}`, {
        token,
        method,
        body,
      });
      expect(unknown.status, suffix).toBe(404);
      expect(unknown.body.message).toBe("Attempt not found");
    }
  });
});

describe("another learner's attempt", () => {
  it("can never be read, continued, answered, finished, retaken or retested, and stays as it was", async () => {
    const owner = await apiLearner({ trial: true });
    const other = await apiLearner({ trial: true });
    const id = await generated(owner.token, "quizzes", "Cardiology", 2);
    const path = `/api/quizzes/attempts/${id}`;
    await api(`${path}/answers`, { token: owner.token, body: { index: 0, choice: 1 } });
    const before = await readAttempt(owner.token, "quizzes", id);

    const attempts: [string, ApiBody | undefined][] = [
      [path, undefined],
      [`${path}/answers`, { index: 1, choice: 2 }],
      [`${path}/finish`, {}],
      [`${path}/retake`, {}],
      [`${path}/retest`, {}],
      [`${path}/generate`, {}],
    ];
    for (const [url, body] of attempts) {
      const answer = await api(url, { token: other.token, body });
      expect(answer.status, url).toBe(404);
      expect(answer.body.message).toBe("Attempt not found");
    }
    // Addressed as the other kind, it does not exist either.
    expect((await api(`/api/simulations/attempts/${id}`, { token: owner.token })).status).toBe(404);
    expect((await api("/api/quizzes/attempts", { token: other.token })).body.data).toEqual([]);

    const after = await readAttempt(owner.token, "quizzes", id);
    expect(after.data).toEqual(before.data);
    expect(await trialUsed(other.token, "clinicalQuizzes")).toBe(0);
    expect(await trialUsed(owner.token, "clinicalQuizzes")).toBe(1);
  });
});

describe("the generation stream", () => {
  it("stops generating when the learner goes away, keeps what was stored, and can be resumed", async () => {
    const { user, token } = await apiLearner({ trial: true });
    const items = Array.from({ length: 6 }, (_, index) => ({
      question: `Stream question ${index + 1}?`,
      options: ["A", "B", "C", "D"] as [string, string, string, string],
      correctIndex: 0,
      explanations: ["a", "b", "c", "d"] as [string, string, string, string],
      takeaway: "Remember A.",
      reference: null,
      case: null,
      source: "ai" as const,
      bankId: null,
    }));
    let calls = 0;
    // The first batch comes at once; the second only ends when the request is aborted.
    const generate: GenerateItems = async ({ count, avoid, signal }) => {
      calls += 1;
      if (calls === 2) {
        await new Promise((resolve) => signal?.addEventListener("abort", resolve, { once: true }));
        throw new DOMException("The operation was aborted.", "AbortError");
      }
      const fresh = items.filter((item) => !avoid.questions.includes(item.question));
      return { items: fresh.slice(0, count), source: "ai", shortfall: null };
    };
    const bag = waitBag();
    const deps: AssessmentDeps = {
      db: createDb(env.DB),
      usage: usageTestDeps(),
      generate,
      now: Date.now,
    };
    const started = await startAttempt(deps, user.id, "quiz", { topic: "Streams", count: 6 });
    if (!started.ok) throw new Error(started.message);
    const controller = new AbortController();
    const opened = await openGenerationStream(deps, user.id, started.attempt.id, {
      signal: controller.signal,
    });
    if (opened.status !== "open") throw new Error(opened.status);
    const response = attemptEventStream("quiz", opened.events, controller, bag.waitUntil);
    expect(response.headers.get("Content-Type")).toBe("text/event-stream; charset=utf-8");

    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    while (!text.includes('"generated":2')) {
      const chunk = await reader.read();
      if (chunk.done) break;
      text += decoder.decode(chunk.value, { stream: true });
    }
    expect(parseSse(text).map((event) => event.event)).toEqual([
      "attempt",
      "progress",
      "item",
      "item",
      "progress",
    ]);
    await reader.cancel();
    await bag.settle();
    expect(controller.signal.aborted).toBe(true);
    const [row] = await createDb(env.DB)
      .select()
      .from(assessmentAttempts)
      .where(eq(assessmentAttempts.id, started.attempt.id));
    expect(row).toMatchObject({ status: "generating", itemCount: 2, leaseUntil: null });
    expect(await trialUsed(token, "clinicalQuizzes")).toBe(1);

    // Resumed later, without another use.
    calls = 2;
    const resumed = await generateMore(deps, user.id, started.attempt.id);
    expect(resumed).toMatchObject({ outcome: "complete", attempt: { itemCount: 6 } });
    expect(await trialUsed(token, "clinicalQuizzes")).toBe(1);
  });
});

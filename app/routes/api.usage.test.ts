/**
 * /api/usage/* through the real worker with real session tokens: the usage
 * summary, the checks, recording, the screens' combined check-and-record call,
 * analytics and the administrators' reset.
 */
import { describe, expect, it, vi } from "vitest";
import { FEATURE_KEYS, type FeatureKey } from "~/lib/features";
import {
  BUY_SUBSCRIPTION_MESSAGE,
  NO_ACCESS_MESSAGE,
  WEEK_FULL_MESSAGE,
} from "~/lib/usage-messages";
import { unknownFeatureMessage, USAGE_API_MESSAGES } from "~/routes/api.usage.server";
import { api, apiLearner, type ApiBody, buyPlanThroughApi } from "../../tests/support/payments";

// Each signed-in user costs a password hash.
vi.setConfig({ testTimeout: 30_000 });

type Body = ApiBody;

const checkAndRecord = (token: string, feature: string, body: Body = {}) =>
  api(`/api/usage/check-and-record/${feature}`, { token, body });

const perFeature = (value: (feature: FeatureKey) => unknown) =>
  Object.fromEntries(FEATURE_KEYS.map((feature) => [feature, value(feature)]));

describe("authentication, methods and input", () => {
  const routes: Array<[method: "GET" | "POST", path: string]> = [
    ["GET", "/api/usage"],
    ["GET", "/api/usage/check/chatMessages"],
    ["POST", "/api/usage/record/chatMessages"],
    ["POST", "/api/usage/check-and-record/chatMessages"],
    ["GET", "/api/usage/analytics"],
    ["POST", "/api/usage/reset/some-user"],
  ];

  it("answers 401 without a session and 405 for the wrong method", async () => {
    for (const [method, path] of routes) {
      const anonymous = await api(path, { method, ...(method === "POST" ? { body: {} } : {}) });
      expect(anonymous.status, path).toBe(401);
      expect(anonymous.body.success).toBe(false);
    }
    const { token } = await apiLearner();
    for (const [method, path] of routes) {
      const wrong = await api(path, {
        method: method === "GET" ? "POST" : "GET",
        token,
        ...(method === "GET" ? { body: {} } : {}),
      });
      expect(wrong.status, path).toBe(405);
      expect(wrong.response.headers.get("Allow"), path).toBe(method);
    }
  });

  it("answers an unknown feature and malformed JSON with 400", async () => {
    const { token } = await apiLearner({ trial: true });
    for (const [method, path] of [
      ["GET", "/api/usage/check/essays"],
      ["POST", "/api/usage/record/essays"],
      ["POST", "/api/usage/check-and-record/essays"],
    ] as const) {
      const unknown = await api(path, {
        method,
        token,
        ...(method === "POST" ? { body: {} } : {}),
      });
      expect(unknown.status, path).toBe(400);
      expect(unknown.body).toEqual({ success: false, message: unknownFeatureMessage("essays") });
    }
    for (const path of ["/api/usage/record/flashcards", "/api/usage/check-and-record/flashcards"]) {
      const malformed = await api(path, { token, rawBody: "{details:" });
      expect(malformed.status, path).toBe(400);
      expect(malformed.body.message).toBe("The request body must be valid JSON.");
    }
    for (const numberOfScenarios of ["five", 0, 11, 2.5]) {
      const bad = await checkAndRecord(token, "clinicalSimulations", {
        details: { topic: "Sepsis", numberOfScenarios },
      });
      expect(bad.status, String(numberOfScenarios)).toBe(400);
      expect(bad.body.message).toBe("Number of scenarios must be between 1 and 10.");
    }
    const longTopic = await checkAndRecord(token, "clinicalQuizzes", {
      details: { topic: "x".repeat(201) },
    });
    expect(longTopic.status).toBe(400);
    expect(longTopic.body.message).toBe(USAGE_API_MESSAGES.topicTooLong);
    // Nothing was counted by the refused calls.
    const usage = await api("/api/usage", { token });
    expect(usage.body.usage).toEqual(perFeature(() => 0));
  });
});

describe("a trial learner", () => {
  it("sees the counts move after each check-and-record and stop at 5 per feature", async () => {
    const { token } = await apiLearner({ trial: true });
    for (let use = 1; use <= 5; use += 1) {
      const granted = await checkAndRecord(token, "clinicalQuizzes", {
        details: { topic: "Heart failure" },
      });
      expect(granted.status).toBe(200);
      expect(granted.body).toMatchObject({
        success: true,
        hasAccess: true,
        message: USAGE_API_MESSAGES.usageRecorded,
        accessType: "trial",
        usage: { used: use, limit: 5, remaining: 5 - use },
      });
    }
    const refused = await checkAndRecord(token, "clinicalQuizzes", {
      details: { topic: "Asthma" },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      success: false,
      hasAccess: false,
      message: "Trial usage exhausted for clinical quizzes. Please upgrade to continue.",
      accessType: "trial",
      needsSubscription: true,
      usage: { used: 5, limit: 5, remaining: 0 },
    });

    const check = await api("/api/usage/check/clinicalQuizzes", { token });
    expect(check.body).toMatchObject({
      success: true,
      hasAccess: false,
      currentUsage: 5,
      limit: 5,
      message: "Trial usage exhausted for clinical quizzes. Please upgrade to continue.",
    });
    const other = await api("/api/usage/check/flashcards", { token });
    expect(other.body).toMatchObject({ hasAccess: true, currentUsage: 0, limit: 5 });

    const usage = await api("/api/usage", { token });
    expect(usage.body).toMatchObject({
      success: true,
      accessType: "trial",
      usage: { ...perFeature(() => 0), clinicalQuizzes: 5 },
      limits: perFeature(() => 5),
      remainingLimits: { ...perFeature(() => 5), clinicalQuizzes: 0 },
      weeklyUsage: { ...perFeature(() => 0), clinicalQuizzes: 5 },
      period: { kind: "trial" },
    });
    expect(usage.body.userUsage).toEqual(usage.body.usage);
    expect(usage.body.usageLimits).toEqual(usage.body.limits);

    const status = await api("/api/payments/subscription/status", { token });
    expect(status.body).toMatchObject({
      trial: { totalUsed: 5, percentageUsed: 25, features: { clinicalQuizzes: { remaining: 0 } } },
    });
  });

  it("counts a repeated call with the same idempotency key once", async () => {
    const { token } = await apiLearner({ trial: true });
    const first = await checkAndRecord(token, "flashcards", { idempotencyKey: "new-card-1" });
    const retry = await checkAndRecord(token, "flashcards", { idempotencyKey: "new-card-1" });
    const header = await api("/api/usage/check-and-record/flashcards", {
      token,
      body: {},
      headers: { "Idempotency-Key": "new-card-2" },
    });
    expect(first.body).toMatchObject({ usage: { used: 1 } });
    expect(retry.body).toMatchObject({ usage: { used: 1 } });
    expect(header.body).toMatchObject({ usage: { used: 2 } });
  });

  it("records with /api/usage/record and refuses with the limit message past 5", async () => {
    const { token } = await apiLearner({ trial: true });
    const session = { sessionId: "sim_1", topic: "Sepsis", completed: false };
    const first = await api("/api/usage/record/clinicalSimulations", { token, body: session });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      success: true,
      hasAccess: true,
      usage: { used: 1, limit: 5, remaining: 4 },
      session,
    });
    for (let use = 2; use <= 5; use += 1) {
      await api("/api/usage/record/clinicalSimulations", { token, method: "POST" });
    }
    const refused = await api("/api/usage/record/clinicalSimulations", { token, body: {} });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      success: false,
      hasAccess: false,
      message: "Simulation limit exceeded. Current usage: 5/5",
    });
  });
});

describe("a learner with neither a plan nor a trial", () => {
  it("is refused by every check and by the combined call with the spec's wording", async () => {
    const { token } = await apiLearner();
    for (const feature of FEATURE_KEYS) {
      const check = await api(`/api/usage/check/${feature}`, { token });
      expect(check.status).toBe(200);
      expect(check.body).toMatchObject({
        success: true,
        hasAccess: false,
        currentUsage: 0,
        limit: 0,
        message: NO_ACCESS_MESSAGE,
      });
      const combined = await checkAndRecord(token, feature, { details: { topic: "Anaemia" } });
      expect(combined.status).toBe(403);
      expect(combined.body).toMatchObject({
        success: false,
        hasAccess: false,
        accessType: "none",
        needsSubscription: true,
        message: BUY_SUBSCRIPTION_MESSAGE,
      });
    }
    const record = await api("/api/usage/record/chatMessages", { token, body: {} });
    expect(record.status).toBe(403);
    expect(record.body.message).toBe(NO_ACCESS_MESSAGE);

    const usage = await api("/api/usage", { token });
    expect(usage.body).toMatchObject({
      accessType: "none",
      usage: perFeature(() => 0),
      limits: perFeature(() => 0),
      remainingLimits: perFeature(() => 0),
      period: null,
    });
  });
});

describe("a simulation session recorded more than once", () => {
  it("counts one use for the same sessionId, also when the records arrive at once", async () => {
    const { token } = await apiLearner({ trial: true });
    const session = { sessionId: "sim_concurrent_1", topic: "Sepsis" };
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () =>
        api("/api/usage/record/clinicalSimulations", { token, body: session }),
      ),
      ...Array.from({ length: 4 }, () =>
        api("/api/trial/feature/clinicalSimulations/usage", {
          token,
          body: { ...session, completed: true },
        }),
      ),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ usage: { used: 1, limit: 5, remaining: 4 } });
    }
    const check = await api("/api/usage/check/clinicalSimulations", { token });
    expect(check.body).toMatchObject({ currentUsage: 1, remaining: 4 });
    // Another session is another use.
    const other = await api("/api/usage/record/clinicalSimulations", {
      token,
      body: { sessionId: "sim_concurrent_2" },
    });
    expect(other.body).toMatchObject({ usage: { used: 2 } });
  });
});

describe("a learner whose trial is spent, without a plan", () => {
  it("is refused everywhere with 'Buy Subscription…' and access type none", async () => {
    const { token } = await apiLearner({ trial: true });
    for (const feature of FEATURE_KEYS) {
      for (let use = 0; use < 5; use += 1) {
        expect((await checkAndRecord(token, feature)).status).toBe(200);
      }
    }
    for (const feature of FEATURE_KEYS) {
      const check = await api(`/api/usage/check/${feature}`, { token });
      expect(check.body, feature).toMatchObject({
        hasAccess: false,
        accessType: "none",
        needsSubscription: true,
        message: BUY_SUBSCRIPTION_MESSAGE,
      });
      const combined = await checkAndRecord(token, feature);
      expect(combined.status).toBe(403);
      expect(combined.body).toMatchObject({
        accessType: "none",
        needsSubscription: true,
        message: BUY_SUBSCRIPTION_MESSAGE,
      });
      const record = await api(`/api/usage/record/${feature}`, { token, body: {} });
      expect(record.status).toBe(403);
      expect(record.body).toMatchObject({ accessType: "none", message: BUY_SUBSCRIPTION_MESSAGE });
      const trialUse = await api(`/api/trial/feature/${feature}/usage`, { token, body: {} });
      expect(trialUse.status).toBe(403);
      expect(trialUse.body.message).toBe(BUY_SUBSCRIPTION_MESSAGE);
    }
    const usage = await api("/api/usage", { token });
    expect(usage.body).toMatchObject({ accessType: "none" });
  });
});

describe("a subscriber", () => {
  it("on starter has unlimited chat and 2 simulations a week", async () => {
    const { token } = await apiLearner({ trial: true });
    await buyPlanThroughApi(token, "starter");
    for (let use = 1; use <= 7; use += 1) {
      const chat = await checkAndRecord(token, "chatMessages");
      expect(chat.status).toBe(200);
      expect(chat.body).toMatchObject({
        hasAccess: true,
        accessType: "subscription",
        usage: { used: use, limit: -1, remaining: -1 },
      });
    }
    for (let use = 1; use <= 2; use += 1) {
      const simulation = await checkAndRecord(token, "clinicalSimulations", {
        details: { topic: "Stroke", numberOfScenarios: 5 },
      });
      expect(simulation.body).toMatchObject({
        hasAccess: true,
        usage: { used: use, limit: 2, remaining: 2 - use },
      });
    }
    const full = await checkAndRecord(token, "clinicalSimulations", {
      details: { topic: "Stroke", numberOfScenarios: 1 },
    });
    expect(full.status).toBe(403);
    expect(full.body).toMatchObject({
      success: false,
      hasAccess: false,
      accessType: "subscription",
      needsSubscription: false,
      message: WEEK_FULL_MESSAGE,
    });
    expect(full.body.message).toBe("This week's usage is full, try again next week.");

    const record = await api("/api/usage/record/clinicalSimulations", { token, body: {} });
    expect(record.status).toBe(403);
    expect(record.body.message).toBe("Simulation limit exceeded. Current usage: 2/2");
    const check = await api("/api/usage/check/clinicalSimulations", { token });
    expect(check.body).toMatchObject({ hasAccess: false, message: WEEK_FULL_MESSAGE });

    const usage = await api("/api/usage", { token });
    expect(usage.body).toMatchObject({
      accessType: "subscription",
      usage: { chatMessages: 7, clinicalSimulations: 2, clinicalQuizzes: 0, flashcards: 0 },
      limits: { chatMessages: -1, clinicalQuizzes: -1, flashcards: -1, clinicalSimulations: 2 },
      remainingLimits: {
        chatMessages: -1,
        clinicalQuizzes: -1,
        flashcards: -1,
        clinicalSimulations: 0,
      },
      weeklyUsage: { chatMessages: 7, clinicalSimulations: 2 },
      period: { kind: "week" },
    });
  });
});

describe("GET /api/usage/analytics", () => {
  it("counts uses per feature and per day, 30 days by default", async () => {
    const { token } = await apiLearner({ trial: true });
    await checkAndRecord(token, "chatMessages");
    await checkAndRecord(token, "chatMessages");
    await checkAndRecord(token, "flashcards");
    await checkAndRecord(token, "clinicalQuizzes");
    const { status, body } = await api("/api/usage/analytics", { token });
    expect(status).toBe(200);
    const analytics = body.analytics as {
      days: number;
      totals: Record<string, number>;
      daily: { date: string; counts: Record<string, number> }[];
    };
    expect(analytics.days).toBe(30);
    expect(analytics.totals).toEqual({
      chatMessages: 2,
      clinicalQuizzes: 1,
      flashcards: 1,
      clinicalSimulations: 0,
    });
    expect(analytics.daily).toHaveLength(1);
    expect(analytics.daily[0]!.counts).toEqual(analytics.totals);

    const week = await api("/api/usage/analytics?days=7", { token });
    expect((week.body.analytics as { days: number }).days).toBe(7);
  });

  it("refuses a days value outside 1 to 365 with 400", async () => {
    const { token } = await apiLearner();
    for (const days of ["0", "366", "abc", "1.5", "-3", ""]) {
      const { status, body } = await api(`/api/usage/analytics?days=${days}`, { token });
      expect(status, days).toBe(400);
      expect(body).toEqual({ success: false, message: USAGE_API_MESSAGES.daysInvalid });
    }
    expect((await api("/api/usage/analytics?days=365", { token })).status).toBe(200);
  });
});

describe("POST /api/usage/reset/{userId}", () => {
  it("lets an administrator give a learner's uses back", async () => {
    const learner = await apiLearner({ trial: true });
    for (let use = 0; use < 5; use += 1) await checkAndRecord(learner.token, "chatMessages");
    expect((await checkAndRecord(learner.token, "chatMessages")).status).toBe(403);

    const admin = await apiLearner({ role: "admin" });
    const reset = await api(`/api/usage/reset/${learner.user.id}`, {
      token: admin.token,
      method: "POST",
    });
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({
      success: true,
      message: USAGE_API_MESSAGES.usageReset,
      userId: learner.user.id,
      released: 5,
    });
    const usage = await api("/api/usage", { token: learner.token });
    expect(usage.body).toMatchObject({ usage: { chatMessages: 0 } });
    expect((await checkAndRecord(learner.token, "chatMessages")).status).toBe(200);
  });

  it("refuses learners with 403, anonymous callers with 401 and an unknown user with 404", async () => {
    const learner = await apiLearner({ trial: true });
    await checkAndRecord(learner.token, "chatMessages");
    const self = await api(`/api/usage/reset/${learner.user.id}`, {
      token: learner.token,
      method: "POST",
    });
    expect(self.status).toBe(403);
    expect(self.body).toEqual({ success: false, message: USAGE_API_MESSAGES.adminOnly });
    const anonymous = await api(`/api/usage/reset/${learner.user.id}`, { method: "POST" });
    expect(anonymous.status).toBe(401);
    const usage = await api("/api/usage", { token: learner.token });
    expect(usage.body).toMatchObject({ usage: { chatMessages: 1 } });

    const admin = await apiLearner({ role: "admin" });
    const unknown = await api("/api/usage/reset/no-such-user", {
      token: admin.token,
      method: "POST",
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(USAGE_API_MESSAGES.userNotFound);
  });
});

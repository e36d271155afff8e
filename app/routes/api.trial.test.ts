/**
 * /api/trial/* through the real worker with real session tokens: status,
 * per-feature access, recording trial uses to exhaustion, and analytics.
 */
import { describe, expect, it, vi } from "vitest";
import { FEATURE_KEYS, type FeatureKey } from "~/lib/features";
import { BUY_SUBSCRIPTION_MESSAGE, NO_ACCESS_MESSAGE } from "~/lib/usage-messages";
import { unknownFeatureMessage, USAGE_API_MESSAGES } from "~/routes/api.usage.server";
import { api, apiLearner, type ApiBody, buyPlanThroughApi } from "../../tests/support/payments";

// Each signed-in user costs a password hash.
vi.setConfig({ testTimeout: 30_000 });

type Body = ApiBody;

const DAY_MS = 86_400_000;

const spendTrial = (token: string, feature: string, body: Body = {}) =>
  api(`/api/trial/feature/${feature}/usage`, { token, body });

const perFeature = (value: (feature: FeatureKey) => unknown) =>
  Object.fromEntries(FEATURE_KEYS.map((feature) => [feature, value(feature)]));

describe("authentication, methods and input", () => {
  const routes: Array<[method: "GET" | "POST", path: string]> = [
    ["GET", "/api/trial/status"],
    ["GET", "/api/trial/feature/chatMessages/access"],
    ["POST", "/api/trial/feature/chatMessages/usage"],
    ["GET", "/api/trial/analytics"],
  ];

  it("answers 401 without a session, 405 for the wrong method, 400 for unknown features", async () => {
    for (const [method, path] of routes) {
      const anonymous = await api(path, { method, ...(method === "POST" ? { body: {} } : {}) });
      expect(anonymous.status, path).toBe(401);
    }
    const { token } = await apiLearner({ trialStartedAt: Date.now() });
    for (const [method, path] of routes) {
      const wrong = await api(path, {
        method: method === "GET" ? "POST" : "GET",
        token,
        ...(method === "GET" ? { body: {} } : {}),
      });
      expect(wrong.status, path).toBe(405);
    }
    const access = await api("/api/trial/feature/essays/access", { token });
    expect(access.status).toBe(400);
    expect(access.body.message).toBe(unknownFeatureMessage("essays"));
    const usage = await spendTrial(token, "essays");
    expect(usage.status).toBe(400);
    expect(usage.body.message).toBe(unknownFeatureMessage("essays"));
    const malformed = await api("/api/trial/feature/flashcards/usage", {
      token,
      rawBody: "{oops",
    });
    expect(malformed.status).toBe(400);
  });
});

describe("GET /api/trial/status", () => {
  it("describes an active trial", async () => {
    const { token } = await apiLearner({ trialStartedAt: Date.now() - 2 * DAY_MS });
    const { status, body } = await api("/api/trial/status", { token });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      success: true,
      hasActiveTrial: true,
      hasActiveSubscription: false,
      accessType: "trial",
      subscription: null,
      trial: {
        started: true,
        isActive: true,
        isExpired: false,
        isExhausted: false,
        daysRemaining: 28,
        totalUsed: 0,
        totalLimit: 20,
        limits: perFeature(() => 5),
      },
    });
  });

  it("describes an expired trial as giving no access", async () => {
    const { token } = await apiLearner({ trialStartedAt: Date.now() - 31 * DAY_MS });
    const { body } = await api("/api/trial/status", { token });
    expect(body).toMatchObject({
      hasActiveTrial: false,
      accessType: "none",
      trial: { started: true, isActive: false, isExpired: true, daysRemaining: 0 },
    });
    const access = await api("/api/trial/feature/chatMessages/access", { token });
    expect(access.body).toMatchObject({
      hasAccess: false,
      needsSubscription: true,
      message: NO_ACCESS_MESSAGE,
    });
    const usage = await spendTrial(token, "chatMessages");
    expect(usage.status).toBe(403);
    expect(usage.body.message).toBe(NO_ACCESS_MESSAGE);
  });

  it("says when no trial was ever started", async () => {
    const { token } = await apiLearner();
    const { body } = await api("/api/trial/status", { token });
    expect(body).toMatchObject({
      hasActiveTrial: false,
      accessType: "none",
      trial: { started: false, isActive: false },
    });
  });
});

describe("the trial's features", () => {
  it("records uses, moves the counts, and stops at 5 per feature and 20 in all", async () => {
    const { token } = await apiLearner({ trialStartedAt: Date.now() });
    const access = await api("/api/trial/feature/clinicalSimulations/access", { token });
    expect(access.body).toMatchObject({
      success: true,
      hasAccess: true,
      accessType: "trial",
      needsSubscription: false,
      currentUsage: 0,
      limit: 5,
      remaining: 5,
      subscription: null,
      trial: { isActive: true },
    });

    const session = { sessionId: "sim_42", topic: "DKA", completed: true };
    const first = await spendTrial(token, "clinicalSimulations", session);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      success: true,
      hasAccess: true,
      usage: { used: 1, limit: 5, remaining: 4 },
      session,
      trial: { totalUsed: 1, features: { clinicalSimulations: { used: 1, remaining: 4 } } },
    });

    for (const feature of FEATURE_KEYS) {
      const already = feature === "clinicalSimulations" ? 1 : 0;
      for (let use = already + 1; use <= 5; use += 1) {
        const granted = await spendTrial(token, feature);
        expect(granted.status, `${feature} ${use}`).toBe(200);
      }
      const refused = await spendTrial(token, feature);
      expect(refused.status, feature).toBe(403);
      // One feature's five spent: the trial goes on for the others. The
      // last feature's spends the whole trial, which then gives no access.
      const last = feature === FEATURE_KEYS.at(-1);
      expect(refused.body).toMatchObject({
        success: false,
        hasAccess: false,
        needsSubscription: true,
        accessType: last ? "none" : "trial",
      });
      if (last) expect(refused.body.message).toBe(BUY_SUBSCRIPTION_MESSAGE);
      else {
        expect(refused.body.message).toMatch(
          /^Trial usage exhausted for (chat messages|clinical quizzes|flashcards|clinical simulations)\. Please upgrade to continue\.$/,
        );
      }
    }

    const status = await api("/api/trial/status", { token });
    expect(status.body).toMatchObject({
      hasActiveTrial: false,
      accessType: "none",
      trial: { isActive: false, isExhausted: true, totalUsed: 20, percentageUsed: 100 },
    });
    const exhausted = await api("/api/trial/feature/flashcards/access", { token });
    expect(exhausted.body).toMatchObject({
      hasAccess: false,
      accessType: "none",
      needsSubscription: true,
      message: BUY_SUBSCRIPTION_MESSAGE,
    });
  });

  it("refuses learners without a trial, and tells a subscriber the trial does not apply", async () => {
    const none = await apiLearner();
    const refused = await spendTrial(none.token, "chatMessages");
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      hasAccess: false,
      needsSubscription: true,
      message: NO_ACCESS_MESSAGE,
    });
    const access = await api("/api/trial/feature/chatMessages/access", { token: none.token });
    expect(access.body).toMatchObject({
      hasAccess: false,
      accessType: "none",
      needsSubscription: true,
      message: NO_ACCESS_MESSAGE,
      trial: { started: false },
    });

    const subscriber = await apiLearner({ trialStartedAt: Date.now() });
    await buyPlanThroughApi(subscriber.token, "plus");
    const trialUse = await spendTrial(subscriber.token, "chatMessages");
    expect(trialUse.status).toBe(409);
    expect(trialUse.body.message).toBe(USAGE_API_MESSAGES.subscriberNotOnTrial);
    const subscriberAccess = await api("/api/trial/feature/clinicalSimulations/access", {
      token: subscriber.token,
    });
    expect(subscriberAccess.body).toMatchObject({
      hasAccess: true,
      accessType: "subscription",
      needsSubscription: false,
      limit: 5,
      subscription: { planId: "plus" },
    });
  });
});

describe("GET /api/trial/analytics", () => {
  it("gives the trial's uses per feature and per day", async () => {
    const { token } = await apiLearner({ trialStartedAt: Date.now() });
    await spendTrial(token, "chatMessages");
    await spendTrial(token, "chatMessages");
    await spendTrial(token, "flashcards");
    const { status, body } = await api("/api/trial/analytics", { token });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      success: true,
      totals: { chatMessages: 2, flashcards: 1, clinicalQuizzes: 0, clinicalSimulations: 0 },
      totalUsed: 3,
      features: { chatMessages: { used: 2, limit: 5, remaining: 3 } },
      trial: { totalUsed: 3 },
    });
    const daily = body.daily as { counts: Record<string, number> }[];
    expect(daily).toHaveLength(1);
    expect(daily[0]!.counts).toMatchObject({ chatMessages: 2, flashcards: 1 });
  });

  it("answers 404 when no trial was started", async () => {
    const { token } = await apiLearner();
    const { status, body } = await api("/api/trial/analytics", { token });
    expect(status).toBe(404);
    expect(body).toEqual({ success: false, message: USAGE_API_MESSAGES.noTrial });
  });
});

describe("the trial's figures after buying a plan", () => {
  it("keeps the trial's own uses and state, and counts no plan use as a trial use", async () => {
    const { token } = await apiLearner({ trialStartedAt: Date.now() - DAY_MS });
    for (const feature of FEATURE_KEYS) {
      for (let use = 0; use < 5; use += 1) {
        expect((await spendTrial(token, feature)).status).toBe(200);
      }
    }
    await buyPlanThroughApi(token, "plus");
    // Two uses under the plan.
    expect((await api("/api/usage/record/chatMessages", { token, body: {} })).status).toBe(200);
    expect((await api("/api/usage/record/flashcards", { token, body: {} })).status).toBe(200);

    const status = await api("/api/trial/status", { token });
    expect(status.body).toMatchObject({
      hasActiveTrial: false,
      hasActiveSubscription: true,
      accessType: "subscription",
      trial: {
        started: true,
        isActive: false,
        isExpired: false,
        isExhausted: true,
        totalUsed: 20,
        percentageUsed: 100,
        currentUsage: perFeature(() => 5),
        usageRemaining: perFeature(() => 0),
      },
    });

    const analytics = await api("/api/trial/analytics", { token });
    expect(analytics.status).toBe(200);
    expect(analytics.body).toMatchObject({
      totals: perFeature(() => 5),
      totalUsed: 20,
      trial: { totalUsed: 20, isExhausted: true },
    });
    const daily = analytics.body.daily as { counts: Record<string, number> }[];
    const summed = daily.reduce((sum, day) => sum + day.counts.chatMessages!, 0);
    expect(summed).toBe(5);
  });

  it("reports an unspent trial as it was when the plan began", async () => {
    const { token } = await apiLearner({ trialStartedAt: Date.now() });
    await spendTrial(token, "clinicalQuizzes");
    await spendTrial(token, "clinicalQuizzes");
    await buyPlanThroughApi(token, "starter");
    await api("/api/usage/record/clinicalQuizzes", { token, body: {} });
    const status = await api("/api/trial/status", { token });
    expect(status.body).toMatchObject({
      accessType: "subscription",
      trial: {
        isActive: false,
        isExhausted: false,
        totalUsed: 2,
        features: { clinicalQuizzes: { used: 2, limit: 5, remaining: 3 } },
      },
    });
    const analytics = await api("/api/trial/analytics", { token });
    expect(analytics.body).toMatchObject({ totalUsed: 2, totals: { clinicalQuizzes: 2 } });
  });
});

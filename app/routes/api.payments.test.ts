/**
 * /api/payments/* through the real worker with real session tokens: the plan
 * catalogue, status, promo validation, orders and the payment button, checkout
 * verification with the offline gateway, cancelling, usage tracking and the
 * create-direct family's refusals.
 */
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { createDb } from "~/db/client.server";
import { paymentOrders, subscriptions } from "~/db/schema";
import type { Meter } from "~/integrations/meter.server";
import { FEATURE_KEYS } from "~/lib/features";
import { PAYMENT_MESSAGES } from "~/lib/payment-messages";
import { PROMO_MESSAGES } from "~/lib/pricing";
import { NO_ACCESS_MESSAGE, TRACKING_FAILED_MESSAGE } from "~/lib/usage-messages";
import { PAYMENTS_API_FALLBACKS, PAYMENTS_API_MESSAGES } from "~/routes/api.payments.server";
import {
  recordedJson,
  recordForApi,
  unknownFeatureMessage,
  USAGE_API_MESSAGES,
} from "~/routes/api.usage.server";
import {
  makePromo,
  offlineGateway,
  usageTestDeps,
  api,
  apiLearner,
  type ApiBody,
} from "../../tests/support/payments";

// Each signed-in user costs a password hash.
vi.setConfig({ testTimeout: 30_000 });

type Body = ApiBody;

async function createOrderFor(token: string, planId: string, promoCode?: string) {
  const created = await api("/api/payments/order/create", {
    token,
    body: { planId, ...(promoCode ? { promoCode } : {}) },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as Body & { order: { id: string; amount: number } };
}

/** Pays an order in the offline checkout; returns Checkout's signed result. */
async function pay(orderId: string) {
  const simulated = await offlineGateway().simulate(orderId, "pay");
  if (!simulated?.result) throw new Error(`could not pay ${orderId}`);
  return { ...simulated.result, payment: simulated.payment };
}

async function subscriptionRows(userId: string) {
  return createDb(env.DB).select().from(subscriptions).where(eq(subscriptions.userId, userId));
}

describe("GET /api/payments/plans", () => {
  it("lists the three plans in rupees and paise, without a session", async () => {
    const { status, body, response } = await api("/api/payments/plans");
    expect(status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=300");
    expect(body.success).toBe(true);
    expect(body.plans).toMatchObject([
      {
        id: "starter",
        name: "Starter",
        duration: "1 month",
        durationMonths: 1,
        price: 499,
        pricePaise: 49_900,
        currency: "INR",
        simulationsPerWeek: 2,
        mostPopular: false,
        features: ["chat", "quizzes", "flashcards", "limited_simulations"],
      },
      {
        id: "plus",
        duration: "6 months",
        price: 2499,
        pricePaise: 249_900,
        simulationsPerWeek: 5,
        mostPopular: true,
        features: ["chat", "quizzes", "flashcards", "simulations", "analytics", "planner"],
      },
      {
        id: "pro",
        duration: "12 months",
        price: 4499,
        pricePaise: 449_900,
        simulationsPerWeek: -1,
        features: [
          "chat",
          "quizzes",
          "flashcards",
          "unlimited_simulations",
          "case_studies",
          "mock_exams",
          "ai_mentor",
          "priority_support",
        ],
      },
    ]);
  });

  it("refuses other methods with 405", async () => {
    const post = await api("/api/payments/plans", { body: {} });
    expect(post.status).toBe(405);
    expect(post.response.headers.get("Allow")).toBe("GET");
  });
});

describe("authentication and methods", () => {
  const routes: Array<[method: "GET" | "POST", path: string]> = [
    ["GET", "/api/payments/subscription/status"],
    ["POST", "/api/payments/promo-code/validate"],
    ["POST", "/api/payments/order/create"],
    ["POST", "/api/payments/payment-button/generate"],
    ["POST", "/api/payments/payment/verify"],
    ["POST", "/api/payments/subscription/cancel"],
    ["POST", "/api/payments/usage/track"],
    ["GET", "/api/payments/usage/check/chatMessages"],
    ["POST", "/api/payments/subscription/create-after-payment"],
    ["POST", "/api/payments/payment/check-and-create-subscription"],
    ["POST", "/api/payments/subscription/create-direct"],
  ];

  it("answers 401 without a session or with an unknown token, and never 5xx", async () => {
    for (const [method, path] of routes) {
      const body = method === "POST" ? { planId: "starter" } : undefined;
      const anonymous = await api(path, { method, body });
      expect(anonymous.status, path).toBe(401);
      expect(anonymous.body).toMatchObject({ success: false, message: "Authentication failed" });
      const forged = await api(path, { method, body, token: "not-a-real-session-token" });
      expect(forged.status, path).toBe(401);
      expect(forged.body.success).toBe(false);
    }
  });

  it("answers the wrong method with 405 and an Allow header", async () => {
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

  it("answers malformed JSON with 400, never 500", async () => {
    const { token } = await apiLearner();
    for (const [method, path] of routes) {
      if (method !== "POST" || path.endsWith("/cancel")) continue;
      const malformed = await api(path, { token, rawBody: '{"planId": "starter",' });
      expect(malformed.status, path).toBe(400);
      expect(malformed.body).toMatchObject({
        success: false,
        message: "The request body must be valid JSON.",
      });
      const array = await api(path, { token, rawBody: "[1]" });
      expect(array.status, path).toBe(400);
    }
  });
});

describe("GET /api/payments/subscription/status", () => {
  it("describes a learner with neither a plan nor a trial, without inventing a trial", async () => {
    const { token } = await apiLearner();
    const { status, body } = await api("/api/payments/subscription/status", { token });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      success: true,
      hasActiveSubscription: false,
      accessType: "none",
      subscription: null,
      trial: {
        started: false,
        isActive: false,
        hasActiveTrial: false,
        accessType: "none",
        totalUsed: 0,
      },
    });
  });

  it("describes a fresh trial: 30 days, 5 uses of each feature, 20 in all", async () => {
    const { token } = await apiLearner({ trial: true });
    const { body } = await api("/api/payments/subscription/status", { token });
    const fresh = { used: 0, limit: 5, remaining: 5 };
    expect(body).toMatchObject({
      hasActiveSubscription: false,
      accessType: "trial",
      subscription: null,
      trial: {
        started: true,
        isActive: true,
        isExpired: false,
        isExhausted: false,
        daysRemaining: 30,
        totalUsed: 0,
        totalLimit: 20,
        percentageUsed: 0,
        hasActiveTrial: true,
        accessType: "trial",
        currentUsage: Object.fromEntries(FEATURE_KEYS.map((key) => [key, 0])),
        limits: Object.fromEntries(FEATURE_KEYS.map((key) => [key, 5])),
        usageRemaining: Object.fromEntries(FEATURE_KEYS.map((key) => [key, 5])),
        features: Object.fromEntries(FEATURE_KEYS.map((key) => [key, fresh])),
      },
    });
  });
});

describe("POST /api/payments/promo-code/validate", () => {
  it("stops a learner guessing codes after 10 unknown ones, even for a real code", async () => {
    const { token } = await apiLearner();
    const real = await makePromo({ basisPoints: 1000 });
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const guess = await api("/api/payments/promo-code/validate", {
        token,
        body: { promoCode: `GUESS${attempt}X${crypto.randomUUID().slice(0, 6)}`, planId: "plus" },
      });
      expect(guess.status).toBe(400);
      expect(guess.body.message).toBe(PROMO_MESSAGES.notValid);
    }
    const blocked = await api("/api/payments/promo-code/validate", {
      token,
      body: { promoCode: real, planId: "plus" },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ valid: false, message: PROMO_MESSAGES.tooManyGuesses });
    // Another learner is not affected.
    const other = await apiLearner();
    const fine = await api("/api/payments/promo-code/validate", {
      token: other.token,
      body: { promoCode: real, planId: "plus" },
    });
    expect(fine.status).toBe(200);
  });

  it("prices a valid code in rupees and paise, whatever its case and spacing", async () => {
    const { token } = await apiLearner();
    const code = await makePromo({ basisPoints: 2000 });
    const { status, body } = await api("/api/payments/promo-code/validate", {
      token,
      body: { promoCode: `  ${code.toLowerCase()} `, planId: "plus" },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      success: true,
      valid: true,
      promoCode: { code, discountPercentage: 20 },
      pricing: {
        originalAmount: 2499,
        discountedAmount: 1999.2,
        savings: 499.8,
        originalAmountPaise: 249_900,
        discountedAmountPaise: 199_920,
        savingsPaise: 49_980,
        upgradeCreditPaise: 0,
      },
    });
    expect(body.message).toBe("20% off applied. You save ₹499.80.");
  });

  it("answers the promo box's rules with the spec's messages", async () => {
    const { token } = await apiLearner();
    const code = await makePromo();
    const cases: Array<[Body, string]> = [
      [{ promoCode: "   ", planId: "plus" }, PROMO_MESSAGES.enterCode],
      [{ planId: "plus" }, PROMO_MESSAGES.enterCode],
      [{ promoCode: code }, PROMO_MESSAGES.selectPlan],
      [{ promoCode: code, planId: "gold" }, PROMO_MESSAGES.selectPlan],
      [{ promoCode: code, planId: "" }, PROMO_MESSAGES.selectPlan],
    ];
    for (const [input, message] of cases) {
      const { status, body } = await api("/api/payments/promo-code/validate", {
        token,
        body: input,
      });
      expect(status, JSON.stringify(input)).toBe(400);
      expect(body).toMatchObject({ success: false, valid: false, message });
    }
  });

  it("refuses codes that do not apply with 400, valid: false and the reason", async () => {
    const { token } = await apiLearner();
    const cases: Array<[string, string]> = [
      ["NOSUCHCODE1", PROMO_MESSAGES.notValid],
      [await makePromo({ isActive: false }), PROMO_MESSAGES.inactive],
      [await makePromo({ expiresAt: new Date(Date.now() - 60_000) }), PROMO_MESSAGES.expired],
      [await makePromo({ deleted: true }), PROMO_MESSAGES.notValid],
    ];
    for (const [promoCode, message] of cases) {
      const { status, body } = await api("/api/payments/promo-code/validate", {
        token,
        body: { promoCode, planId: "starter" },
      });
      expect(status, promoCode).toBe(400);
      expect(body).toEqual({ success: false, valid: false, message });
    }
  });
});

describe("POST /api/payments/order/create", () => {
  it("creates the provider's order at the server's price", async () => {
    const { user, token } = await apiLearner();
    const code = await makePromo({ basisPoints: 2000 });
    const body = await createOrderFor(token, "plus", code);
    expect(body).toMatchObject({
      success: true,
      free: false,
      order: { amount: 199_920, currency: "INR", status: "created" },
      plan: { id: "plus", name: "Plus" },
      key: "offline_test_key",
      promoCode: { code, discountPercentage: 20 },
      pricing: { originalAmountPaise: 249_900, discountedAmountPaise: 199_920 },
    });
    expect(body.order.id).toMatch(/^order_/);
    const [row] = await createDb(env.DB)
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.providerOrderId, body.order.id));
    expect(row).toMatchObject({ userId: user.id, planId: "plus", amountPaise: 199_920 });
  });

  it("ignores a price sent by the client and treats a blank code as none", async () => {
    const { token } = await apiLearner();
    const { status, body } = await api("/api/payments/order/create", {
      token,
      body: { planId: "starter", promoCode: "   ", amount: 100, price: 1 },
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({ order: { amount: 49_900 }, promoCode: null });
  });

  it("refuses a missing or unknown plan, and a code that does not apply, creating no order", async () => {
    const { user, token } = await apiLearner();
    const cases: Array<[Body, string]> = [
      [{}, PAYMENT_MESSAGES.selectPlan],
      [{ planId: "gold" }, PAYMENT_MESSAGES.invalidPlan],
      [{ planId: "pro", promoCode: "NOSUCHCODE2" }, PROMO_MESSAGES.notValid],
    ];
    for (const [input, message] of cases) {
      const { status, body } = await api("/api/payments/order/create", { token, body: input });
      expect(status, JSON.stringify(input)).toBe(400);
      expect(body).toMatchObject({ success: false, message });
    }
    const rows = await createDb(env.DB)
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.userId, user.id));
    expect(rows).toHaveLength(0);
  });

  it("grants the plan at once for a 100 % code", async () => {
    const { user, token } = await apiLearner();
    const code = await makePromo({ basisPoints: 10_000 });
    const { status, body } = await api("/api/payments/order/create", {
      token,
      body: { planId: "pro", promoCode: code },
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      success: true,
      free: true,
      order: { amount: 0 },
      subscription: { planId: "pro", planName: "Pro", status: "active" },
      pricing: { discountedAmount: 0, isFree: true },
    });
    expect(await subscriptionRows(user.id)).toHaveLength(1);
    const status2 = await api("/api/payments/subscription/status", { token });
    expect(status2.body).toMatchObject({
      hasActiveSubscription: true,
      subscription: { planId: "pro" },
    });
  });
});

describe("POST /api/payments/payment-button/generate", () => {
  it("answers the payment button descriptor", async () => {
    const { user, token } = await apiLearner();
    const { status, body } = await api("/api/payments/payment-button/generate", {
      token,
      body: { planId: "starter" },
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      success: true,
      message: PAYMENTS_API_MESSAGES.configGenerated,
      config: {
        amount: 49_900,
        currency: "INR",
        description: "Starter plan · 1 month",
        name: "MedMentor",
        prefill: { name: "Priya Sharma", email: user.email, contact: "" },
        notes: { userId: user.id, planId: "starter" },
        key: "offline_test_key",
        testMode: true,
      },
    });
    const config = body.config as { id: string; referenceId: string; notes: { orderId: string } };
    expect(config.id).toMatch(/^order_/);
    expect(config.notes.orderId).toBe(config.referenceId);
  });

  it("refuses an unknown plan with the model's message", async () => {
    const { token } = await apiLearner();
    const { status, body } = await api("/api/payments/payment-button/generate", {
      token,
      body: { planId: "platinum" },
    });
    expect(status).toBe(400);
    expect(body).toEqual({
      success: false,
      message: PAYMENT_MESSAGES.invalidPlan,
      errors: { planId: [PAYMENT_MESSAGES.invalidPlan] },
    });
    expect(PAYMENTS_API_FALLBACKS.paymentButton).toBe("Failed to generate payment configuration");
  });
});

describe("POST /api/payments/payment/verify", () => {
  it("grants the order's plan once for Checkout's signed result", async () => {
    const { user, token } = await apiLearner();
    const created = await createOrderFor(token, "starter");
    const paid = await pay(created.order.id);
    const result = {
      razorpay_order_id: paid.razorpay_order_id,
      razorpay_payment_id: paid.razorpay_payment_id,
      razorpay_signature: paid.razorpay_signature,
      planId: "starter",
    };
    const first = await api("/api/payments/payment/verify", { token, body: result });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({
      success: true,
      alreadyGranted: false,
      subscription: { planId: "starter", planName: "Starter", status: "active" },
    });
    const days = (first.body.subscription as { daysRemaining: number }).daysRemaining;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);

    const again = await api("/api/payments/payment/verify", { token, body: result });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ alreadyGranted: true });
    expect(await subscriptionRows(user.id)).toHaveLength(1);

    const status = await api("/api/payments/subscription/status", { token });
    expect(status.body).toMatchObject({
      hasActiveSubscription: true,
      accessType: "subscription",
      subscription: { planId: "starter", planName: "Starter", status: "active" },
    });
  });

  it("accepts the camelCase names too", async () => {
    const { token } = await apiLearner();
    const created = await createOrderFor(token, "plus");
    const paid = await pay(created.order.id);
    const { status, body } = await api("/api/payments/payment/verify", {
      token,
      body: {
        orderId: paid.razorpay_order_id,
        paymentId: paid.razorpay_payment_id,
        signature: paid.razorpay_signature,
      },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ subscription: { planId: "plus" } });
  });

  it("refuses a forged signature, another learner's order and an incomplete result", async () => {
    const { user, token } = await apiLearner();
    const created = await createOrderFor(token, "starter");
    const paid = await pay(created.order.id);

    const forged = await api("/api/payments/payment/verify", {
      token,
      body: {
        razorpay_order_id: paid.razorpay_order_id,
        razorpay_payment_id: paid.razorpay_payment_id,
        razorpay_signature: "0".repeat(64),
      },
    });
    expect(forged.status).toBe(400);
    expect(forged.body).toEqual({ success: false, message: PAYMENT_MESSAGES.verificationFailed });

    const other = await apiLearner();
    const stolen = await api("/api/payments/payment/verify", {
      token: other.token,
      body: {
        razorpay_order_id: paid.razorpay_order_id,
        razorpay_payment_id: paid.razorpay_payment_id,
        razorpay_signature: paid.razorpay_signature,
      },
    });
    expect(stolen.status).toBe(404);
    expect(stolen.body).toEqual({ success: false, message: PAYMENT_MESSAGES.orderNotFound });

    const incomplete = await api("/api/payments/payment/verify", {
      token,
      body: { razorpay_order_id: paid.razorpay_order_id },
    });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.message).toBe(PAYMENTS_API_MESSAGES.paymentResultIncomplete);

    expect(await subscriptionRows(user.id)).toHaveLength(0);
    expect(await subscriptionRows(other.user.id)).toHaveLength(0);
  });
});

describe("POST /api/payments/subscription/cancel", () => {
  it("cancels, keeps access to the end date, and answers 404 when nothing is left to cancel", async () => {
    const { token } = await apiLearner();
    const created = await createOrderFor(token, "plus");
    const paid = await pay(created.order.id);
    await api("/api/payments/payment/verify", { token, body: paid });

    const cancelled = await api("/api/payments/subscription/cancel", { token, method: "POST" });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      success: true,
      hasActiveSubscription: true,
      subscription: { planId: "plus", status: "cancelled" },
    });
    expect(cancelled.body.message).toMatch(
      /^Your subscription is cancelled .* until \d+ \w+ \d{4}\.$/,
    );

    const status = await api("/api/payments/subscription/status", { token });
    expect(status.body).toMatchObject({
      hasActiveSubscription: true,
      subscription: { status: "cancelled" },
    });

    const again = await api("/api/payments/subscription/cancel", { token, method: "POST" });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ success: false, message: "Failed to cancel subscription" });
  });

  it("answers 404 'Failed to cancel subscription' for a learner without a plan", async () => {
    const { token } = await apiLearner({ trial: true });
    const { status, body } = await api("/api/payments/subscription/cancel", {
      token,
      method: "POST",
    });
    expect(status).toBe(404);
    expect(body).toEqual({ success: false, message: "Failed to cancel subscription" });
  });
});

describe("POST /api/payments/usage/track and GET /api/payments/usage/check/{feature}", () => {
  it("counts a trial learner's uses and refuses past the limit with the limit message", async () => {
    const { token } = await apiLearner({ trial: true });
    const first = await api("/api/payments/usage/track", {
      token,
      body: { feature: "chatMessages", amount: 2 },
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      success: true,
      hasAccess: true,
      accessType: "trial",
      usage: { used: 2, limit: 5, remaining: 3 },
    });
    for (let use = 3; use <= 5; use += 1) {
      const next = await api("/api/payments/usage/track", {
        token,
        body: { feature: "chatMessages" },
      });
      expect(next.body).toMatchObject({ usage: { used: use } });
    }
    const refused = await api("/api/payments/usage/track", {
      token,
      body: { feature: "chatMessages", amount: 1 },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      success: false,
      hasAccess: false,
      message: "Chat limit exceeded. Current usage: 5/5",
      needsSubscription: true,
    });

    const check = await api("/api/payments/usage/check/chatMessages", { token });
    expect(check.status).toBe(200);
    expect(check.body).toMatchObject({
      success: true,
      hasAccess: false,
      accessType: "trial",
      currentUsage: 5,
      limit: 5,
      remaining: 0,
      message: "Trial usage exhausted for chat messages. Please upgrade to continue.",
    });
    const quizzes = await api("/api/payments/usage/check/clinicalQuizzes", { token });
    expect(quizzes.body).toMatchObject({
      hasAccess: true,
      currentUsage: 0,
      limit: 5,
      remaining: 5,
      message: USAGE_API_MESSAGES.accessGranted,
    });
  });

  it("counts a retried request once when it carries the same Idempotency-Key", async () => {
    const { token } = await apiLearner({ trial: true });
    const send = (key: string) =>
      api("/api/payments/usage/track", {
        token,
        body: { feature: "flashcards" },
        headers: { "Idempotency-Key": key },
      });
    expect((await send("card-1")).body).toMatchObject({ usage: { used: 1 } });
    expect((await send("card-1")).body).toMatchObject({ usage: { used: 1 } });
    expect((await send("card-2")).body).toMatchObject({ usage: { used: 2 } });
    const bad = await send("no spaces allowed");
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(USAGE_API_MESSAGES.idempotencyKeyInvalid);
  });

  it("refuses learners without a plan or trial, and bad input with 400", async () => {
    const { token } = await apiLearner();
    const refused = await api("/api/payments/usage/track", {
      token,
      body: { feature: "clinicalQuizzes" },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      hasAccess: false,
      accessType: "none",
      message: NO_ACCESS_MESSAGE,
    });
    const check = await api("/api/payments/usage/check/clinicalQuizzes", { token });
    expect(check.body).toMatchObject({
      hasAccess: false,
      accessType: "none",
      message: NO_ACCESS_MESSAGE,
    });

    const unknown = await api("/api/payments/usage/track", {
      token,
      body: { feature: "essays" },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(unknownFeatureMessage("essays"));
    expect(unknown.body.message).toBe(
      "Unknown feature 'essays'. Use one of: chatMessages, clinicalQuizzes, flashcards, clinicalSimulations.",
    );
    const missing = await api("/api/payments/usage/track", { token, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/^Unknown feature\. Use one of/);
    for (const amount of [0, -1, 1.5, 21, "2"]) {
      const bad = await api("/api/payments/usage/track", {
        token,
        body: { feature: "chatMessages", amount },
      });
      expect(bad.status, String(amount)).toBe(400);
      expect(bad.body.message).toBe(USAGE_API_MESSAGES.amountInvalid);
    }
    const unknownCheck = await api("/api/payments/usage/check/essays", { token });
    expect(unknownCheck.status).toBe(400);
    expect(unknownCheck.body.message).toBe(unknownFeatureMessage("essays"));
  });
});

describe("a subscriber whose usage tracking fails", () => {
  const brokenMeter = (deps: ReturnType<typeof usageTestDeps>) =>
    ({
      ...deps,
      meter: {
        ...deps.meter,
        consume: () => Promise.reject(new Error("meter unavailable")),
        record: () => Promise.reject(new Error("meter unavailable")),
      } satisfies Meter,
    }) as typeof deps;

  it("keeps access with 'Subscription access granted (tracking failed)'", async () => {
    const { user, token } = await apiLearner();
    const created = await createOrderFor(token, "starter");
    await api("/api/payments/payment/verify", { token, body: await pay(created.order.id) });

    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const outcome = await recordForApi(
      brokenMeter(usageTestDeps()),
      user.id,
      "clinicalSimulations",
      "key-1",
    );
    error.mockRestore();
    expect(outcome).toEqual({ kind: "untracked", accessType: "subscription" });
    if (outcome.kind === "denied") throw new Error("denied");
    const answer = recordedJson(outcome);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({
      success: true,
      hasAccess: true,
      tracked: false,
      message: TRACKING_FAILED_MESSAGE,
    });
  });

  it("is not extended to a trial learner: the failure stays an error", async () => {
    const { user } = await apiLearner({ trial: true });
    await expect(
      recordForApi(brokenMeter(usageTestDeps()), user.id, "chatMessages", "key-2"),
    ).rejects.toThrow("meter unavailable");
  });
});

describe("the create-direct family", () => {
  const paths = [
    "/api/payments/subscription/create-direct",
    "/api/payments/subscription/create-after-payment",
    "/api/payments/payment/check-and-create-subscription",
  ];

  it("grants the plan for this learner's captured payment, once, on every path", async () => {
    for (const path of paths) {
      const { user, token } = await apiLearner();
      const created = await createOrderFor(token, "pro");
      const paid = await pay(created.order.id);
      const first = await api(path, {
        token,
        body: { planId: "pro", paymentId: paid.razorpay_payment_id, promoCode: "" },
      });
      expect(first.status, `${path} ${JSON.stringify(first.body)}`).toBe(200);
      expect(first.body).toMatchObject({
        success: true,
        subscription: { planId: "pro", planName: "Pro", status: "active" },
      });
      const again = await api(path, {
        token,
        body: { planId: "pro", razorpay_payment_id: paid.razorpay_payment_id },
      });
      expect(again.status, path).toBe(200);
      expect(again.body).toMatchObject({ alreadyGranted: true });
      expect(await subscriptionRows(user.id), path).toHaveLength(1);
    }
  });

  it("refuses an unknown payment, another learner's payment, a plan mismatch and a failed payment", async () => {
    const owner = await apiLearner();
    const created = await createOrderFor(owner.token, "starter");
    const paid = await pay(created.order.id);
    const other = await apiLearner();

    const failedOrder = await createOrderFor(owner.token, "plus");
    const failed = await offlineGateway().simulate(failedOrder.order.id, "fail");

    for (const path of paths) {
      const unknown = await api(path, {
        token: owner.token,
        body: { planId: "starter", paymentId: "pay_NoSuchPayment0001" },
      });
      expect(unknown.status, path).toBe(400);
      expect(unknown.body).toEqual({
        success: false,
        message: PAYMENT_MESSAGES.verificationFailed,
      });

      const notAnId = await api(path, {
        token: owner.token,
        body: { planId: "starter", paymentId: "made-up" },
      });
      expect(notAnId.status, path).toBe(400);

      const stolen = await api(path, {
        token: other.token,
        body: { planId: "starter", paymentId: paid.razorpay_payment_id },
      });
      expect(stolen.status, path).toBe(404);
      expect(stolen.body).toEqual({ success: false, message: PAYMENT_MESSAGES.orderNotFound });

      const mismatch = await api(path, {
        token: owner.token,
        body: { planId: "pro", paymentId: paid.razorpay_payment_id },
      });
      expect(mismatch.status, path).toBe(400);
      expect(mismatch.body.message).toBe(PAYMENT_MESSAGES.verificationFailed);

      const unpaid = await api(path, {
        token: owner.token,
        body: { planId: "plus", paymentId: failed!.payment.id },
      });
      expect(unpaid.status, path).toBe(402);
      expect(unpaid.body.message).toBe(PAYMENT_MESSAGES.notCaptured);

      const missing = await api(path, { token: owner.token, body: { planId: "starter" } });
      expect(missing.status, path).toBe(400);
      expect(missing.body.message).toBe(PAYMENTS_API_MESSAGES.paymentIdRequired);
      const noPlan = await api(path, {
        token: owner.token,
        body: { paymentId: paid.razorpay_payment_id },
      });
      expect(noPlan.status, path).toBe(400);
      expect(noPlan.body.message).toBe(PAYMENT_MESSAGES.selectPlan);
    }
    expect(await subscriptionRows(owner.user.id)).toHaveLength(0);
    expect(await subscriptionRows(other.user.id)).toHaveLength(0);
  });
});

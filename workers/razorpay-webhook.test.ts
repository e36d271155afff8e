/**
 * POST /webhooks/razorpay through the real app worker (exports.default.fetch),
 * with the offline gateway the local worker runs (no Razorpay keys): its
 * deliveries are signed with the same test webhook secret the worker checks.
 */
import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { paymentEvents, paymentOrders, promoRedemptions, subscriptions } from "~/db/schema";
import { offlineSecrets, type SimulatedDelivery } from "~/integrations/payments/offline.server";
import { sign } from "~/integrations/payments/signatures.server";
import type { ProviderOrder, ProviderPayment } from "~/integrations/payments/types";
import { webhookBody, type WebhookEventName } from "~/integrations/payments/webhook-events";
import { PAYMENT_MESSAGES } from "~/lib/payment-messages";
import { createOrder, RECONCILE_AFTER_MS, verifyCheckout } from "~/models/payments.server";
import { getAccessSummary } from "~/models/usage.server";
import { makeUser } from "../tests/support/auth";
import {
  appEnv,
  makePromo,
  offlineGateway,
  paymentDeps,
  usageTestDeps,
} from "../tests/support/payments";
import {
  checkoutSignature,
  FAKE_RAZORPAY,
  payAtRazorpay,
  paymentAtRazorpay,
  razorpayGateway,
} from "../tests/support/razorpay";
import { createAppContext } from "~/load-context";
import worker from "./app";
import { handleRazorpayWebhook, MAX_WEBHOOK_BODY_BYTES } from "./razorpay-webhook";

const db = () => createDb(env.DB);

type WebhookAnswer = { status: number; body: { ok: boolean; message: string }; response: Response };

async function post(
  delivery: { body: BodyInit; signature?: string | null; eventId?: string | null },
  init: { method?: string; headers?: Record<string, string> } = {},
): Promise<WebhookAnswer> {
  const headers = new Headers({ "Content-Type": "application/json", ...init.headers });
  if (delivery.signature) headers.set("X-Razorpay-Signature", delivery.signature);
  if (delivery.eventId) headers.set("X-Razorpay-Event-Id", delivery.eventId);
  const response = await exports.default.fetch(
    new Request("http://localhost/webhooks/razorpay", {
      method: init.method ?? "POST",
      headers,
      body: delivery.body,
    }),
  );
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text), response };
}

/** A delivery the offline provider would sign, for events simulate() does not produce. */
function signed(
  event: WebhookEventName,
  payment: ProviderPayment,
  order: ProviderOrder | null = null,
) {
  const body = JSON.stringify(webhookBody(event, payment, order, "acc_offline", Date.now()));
  return {
    eventId: `evt_${crypto.randomUUID().replaceAll("-", "").slice(0, 14)}`,
    body,
    signature: sign(offlineSecrets(appEnv().SESSION_SECRET).webhookSecret, body),
  };
}

async function subscriptionsOf(userId: string) {
  return db().select().from(subscriptions).where(eq(subscriptions.userId, userId));
}

async function orderOf(orderId: string) {
  const [row] = await db().select().from(paymentOrders).where(eq(paymentOrders.id, orderId));
  return row!;
}

/** A learner with an unpaid starter order at the offline provider. */
async function pendingOrder(options: { promoCode?: string; createdAt?: () => number } = {}) {
  const user = await makeUser();
  const gateway = offlineGateway();
  const created = await createOrder(paymentDeps(gateway, options.createdAt), user, {
    planId: "starter",
    promoCode: options.promoCode,
  });
  if (!created.ok || created.kind !== "order") throw new Error(JSON.stringify(created));
  return { user, gateway, order: created.order };
}

async function paid(options: Parameters<typeof pendingOrder>[0] = {}) {
  const pending = await pendingOrder(options);
  const simulated = await pending.gateway.simulate(pending.order.providerOrderId, "pay");
  if (!simulated) throw new Error("simulate failed");
  const [captured, orderPaid] = simulated.webhooks as [SimulatedDelivery, SimulatedDelivery];
  return { ...pending, payment: simulated.payment, captured, orderPaid };
}

describe("POST /webhooks/razorpay", () => {
  it("grants the plan through the same path as checkout: subscription, paid order, promo committed", async () => {
    const code = await makePromo({ basisPoints: 1000 });
    const { user, order, payment, captured } = await paid({ promoCode: code });
    expect(await subscriptionsOf(user.id)).toHaveLength(0);

    const answer = await post(captured);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true, message: "Granted" });
    expect(answer.response.headers.get("Content-Type")).toContain("application/json");

    const rows = await subscriptionsOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ planId: "starter", orderId: order.id, paymentId: payment.id });
    expect(await orderOf(order.id)).toMatchObject({
      status: "paid",
      paymentId: payment.id,
      amountPaise: 44_910,
    });
    const [redemption] = await db()
      .select()
      .from(promoRedemptions)
      .where(eq(promoRedemptions.orderId, order.id));
    expect(redemption?.state).toBe("committed");
    const summary = await getAccessSummary(usageTestDeps(), user.id, { fresh: true });
    expect(summary.accessType).toBe("subscription");
    expect(summary.subscription?.planId).toBe("starter");
  });

  it("refuses a bad signature with 401 and grants nothing", async () => {
    const { user, order, captured } = await paid();
    for (const signature of ["0".repeat(64), "not-hex", sign("another-secret", captured.body)]) {
      const answer = await post({ ...captured, signature });
      expect(answer.status, signature).toBe(401);
      expect(answer.body).toEqual({ ok: false, message: "Invalid signature" });
    }
    const missing = await post({ ...captured, signature: null });
    expect(missing.status).toBe(401);
    expect(await subscriptionsOf(user.id)).toHaveLength(0);
    expect((await orderOf(order.id)).status).toBe("created");
  });

  it("refuses a tampered body (signature of the original) with 401", async () => {
    const { user, captured } = await paid();
    const tampered = captured.body.replace(/"amount":\d+/, '"amount":100');
    expect(tampered).not.toBe(captured.body);
    const answer = await post({ ...captured, body: tampered });
    expect(answer.status).toBe(401);
    // Whitespace alone changes the bytes the signature covers.
    expect((await post({ ...captured, body: `${captured.body} ` })).status).toBe(401);
    expect(await subscriptionsOf(user.id)).toHaveLength(0);
  });

  it("answers a signed but malformed body with 400, not 5xx", async () => {
    const body = '{"event": "payment.captured", ';
    const answer = await post({
      body,
      signature: sign(offlineSecrets(appEnv().SESSION_SECRET).webhookSecret, body),
      eventId: "evt_malformed0001",
    });
    expect(answer.status).toBe(400);
    expect(answer.body.ok).toBe(false);
  });

  it("refuses a body over the size cap with 413 before checking anything", async () => {
    const body = `{"padding":"${"x".repeat(MAX_WEBHOOK_BODY_BYTES)}"}`;
    const answer = await post({
      body,
      signature: sign(offlineSecrets(appEnv().SESSION_SECRET).webhookSecret, body),
    });
    expect(answer.status).toBe(413);
    expect(answer.body.ok).toBe(false);
  });

  it("stops reading a streamed body without Content-Length once it passes the cap", async () => {
    const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > 4 * MAX_WEBHOOK_BODY_BYTES) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    // Straight to the handler: the stream stays in this isolate, as a client's upload would.
    const context = createAppContext(env, { cspNonce: "", waitUntil: () => undefined });
    const response = await handleRazorpayWebhook(
      new Request("http://localhost/webhooks/razorpay", {
        method: "POST",
        headers: { "X-Razorpay-Signature": "0".repeat(64) },
        body,
      }),
      context,
    );
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ ok: false, message: "Body too large" });
    expect(sent).toBeLessThan(2 * MAX_WEBHOOK_BODY_BYTES);
  });

  it("handles the same event id once: three deliveries, one grant", async () => {
    const { user, captured } = await paid();
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await post(captured));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(answers.map((answer) => answer.body.message)).toEqual([
      "Granted",
      "Already handled",
      "Already handled",
    ]);
    expect(await subscriptionsOf(user.id)).toHaveLength(1);
    const events = await db()
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, captured.eventId));
    expect(events).toHaveLength(1);
  });

  it("grants once when the same event arrives three times at once", async () => {
    const { user, captured, orderPaid } = await paid();
    const answers = await Promise.all([
      post(captured),
      post(captured),
      post(captured),
      post(orderPaid),
    ]);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(await subscriptionsOf(user.id)).toHaveLength(1);
  });

  it("keeps a paid order paid when payment.failed arrives after payment.captured", async () => {
    const { user, order, payment, captured } = await paid();
    expect((await post(captured)).body.message).toBe("Granted");
    const failedAttempt = signed("payment.failed", {
      ...payment,
      id: "pay_FailedAfterwards01",
      status: "failed",
      captured: false,
      error_code: "BAD_REQUEST_ERROR",
      error_description: "Payment failed",
    });
    const answer = await post(failedAttempt);
    expect(answer.status).toBe(200);
    expect(await orderOf(order.id)).toMatchObject({ status: "paid", paymentId: payment.id });
    expect(await subscriptionsOf(user.id)).toHaveLength(1);
    const summary = await getAccessSummary(usageTestDeps(), user.id, { fresh: true });
    expect(summary.accessType).toBe("subscription");
  });

  it("ends in the same state whatever order the events arrive in", async () => {
    // A failed attempt, then order.paid before payment.captured.
    const { user, order, gateway } = await pendingOrder();
    const failed = await gateway.simulate(order.providerOrderId, "fail");
    const succeeded = await gateway.simulate(order.providerOrderId, "pay");
    if (!failed || !succeeded) throw new Error("simulate failed");
    const [captured, orderPaid] = succeeded.webhooks as [SimulatedDelivery, SimulatedDelivery];

    expect((await post(orderPaid)).body.message).toBe("Granted");
    expect((await post(failed.webhooks[0]!)).status).toBe(200);
    expect((await post(captured)).status).toBe(200);
    // Late again: the failure and the paid event once more.
    expect((await post({ ...failed.webhooks[0]!, eventId: "evt_late_failure01" })).status).toBe(
      200,
    );

    expect(await orderOf(order.id)).toMatchObject({
      status: "paid",
      paymentId: succeeded.payment.id,
    });
    expect(await subscriptionsOf(user.id)).toHaveLength(1);
  });

  it("records a failure first and still grants when the capture follows", async () => {
    const { user, order, gateway } = await pendingOrder();
    const failed = await gateway.simulate(order.providerOrderId, "fail");
    expect((await post(failed!.webhooks[0]!)).body.message).toBe("Recorded failure");
    expect((await orderOf(order.id)).status).toBe("failed");
    const succeeded = await gateway.simulate(order.providerOrderId, "pay");
    expect((await post(succeeded!.webhooks[0]!)).body.message).toBe("Granted");
    expect((await orderOf(order.id)).status).toBe("paid");
    expect(await subscriptionsOf(user.id)).toHaveLength(1);
  });

  it("acknowledges events for orders it does not know with 200 and ignores them", async () => {
    const payment: ProviderPayment = {
      id: "pay_SomeoneElses0001",
      entity: "payment",
      amount: 49_900,
      currency: "INR",
      status: "captured",
      order_id: "order_NotOurs00000001",
      captured: true,
      method: "upi",
      email: null,
      contact: null,
      error_code: null,
      error_description: null,
      created_at: Math.floor(Date.now() / 1000),
    };
    const answer = await post(signed("payment.captured", payment));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true, message: "Ignored" });
    const other = await post(signed("refund.processed" as WebhookEventName, payment));
    expect(other.status).toBe(200);
    expect(other.body.message).toBe("Ignored");
  });

  it("does not grant a signed event whose payment amount differs from the order", async () => {
    const { user, payment } = await paid();
    const answer = await post(
      signed("payment.captured", { ...payment, id: "pay_PartialAmount01", amount: 100 }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(PAYMENT_MESSAGES.amountMismatch);
    expect(await subscriptionsOf(user.id)).toHaveLength(0);
  });

  it("answers other methods with 405 and Allow: POST", async () => {
    for (const method of ["GET", "PUT", "DELETE"]) {
      const response = await exports.default.fetch(
        new Request("http://localhost/webhooks/razorpay", { method }),
      );
      expect(response.status, method).toBe(405);
      expect(response.headers.get("Allow")).toBe("POST");
      expect(await response.json()).toEqual({ ok: false, message: "Method not allowed" });
    }
  });
});

describe("the scheduled handler", () => {
  it("grants an order paid at the provider whose webhook never came, once it is ten minutes old", async () => {
    const code = await makePromo({ basisPoints: 2000 });
    // An order made eleven minutes ago and paid then; no webhook arrived.
    const { user, order } = await paid({
      promoCode: code,
      createdAt: () => Date.now() - RECONCILE_AFTER_MS - 60_000,
    });
    // A younger paid order is left for its webhook.
    const young = await paid();

    const ctx = createExecutionContext();
    await worker.scheduled!(
      createScheduledController({ scheduledTime: Date.now(), cron: "*/5 * * * *" }),
      env,
      ctx,
    );
    await waitOnExecutionContext(ctx);

    expect((await orderOf(order.id)).status).toBe("paid");
    expect(await subscriptionsOf(user.id)).toHaveLength(1);
    const [redemption] = await db()
      .select()
      .from(promoRedemptions)
      .where(eq(promoRedemptions.orderId, order.id));
    expect(redemption?.state).toBe("committed");
    expect((await orderOf(young.order.id)).status).toBe("created");
    expect(await subscriptionsOf(young.user.id)).toHaveLength(0);
  });

  it("tidies promo reservations whose hold lapsed", async () => {
    const code = await makePromo({ basisPoints: 2000, maxUses: 1 });
    const { order } = await pendingOrder({
      promoCode: code,
      createdAt: () => Date.now() - 31 * 60_000,
    });
    const ctx = createExecutionContext();
    await worker.scheduled!(
      createScheduledController({ scheduledTime: Date.now(), cron: "*/5 * * * *" }),
      env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    const [redemption] = await db()
      .select()
      .from(promoRedemptions)
      .where(eq(promoRedemptions.orderId, order.id));
    expect(redemption?.state).toBe("released");
  });
});

// ---------------------------------------------------------------------------
// A payment captured at Razorpay whose grant never reached D1 (the worker
// stopped between the capture and the subscription write), repaired by the
// worker's own scheduled handler and by its webhook, configured for Razorpay
// (the fake Razorpay API behind miniflare's outbound service).

/** The worker's bindings with Razorpay keys: the app talks to the fake Razorpay. */
const razorpayEnv = {
  ...env,
  RAZORPAY_KEY_ID: FAKE_RAZORPAY.keyId,
  RAZORPAY_KEY_SECRET: FAKE_RAZORPAY.keySecret,
  RAZORPAY_WEBHOOK_SECRET: FAKE_RAZORPAY.webhookSecret,
} as typeof env;

/**
 * Makes D1 refuse the next subscription write for this order, as a crash
 * between the capture and the write would leave things: a trigger the test
 * adds and removes, so production code runs unchanged.
 */
async function failSubscriptionWrite(orderId: string) {
  const name = `crash_${orderId.replaceAll("-", "")}`;
  await env.DB.prepare(
    `CREATE TRIGGER ${name} BEFORE INSERT ON subscriptions WHEN NEW.order_id = '${orderId}' BEGIN SELECT RAISE(ABORT, 'simulated crash before the subscription was written'); END`,
  ).run();
  return async () => {
    await env.DB.prepare(`DROP TRIGGER ${name}`).run();
  };
}

/** An order with a promo code, paid (authorized) at Razorpay, whose capture succeeds and whose grant fails once. */
async function capturedButNotRecorded(orderedAt: number) {
  const user = await makeUser();
  const code = await makePromo({ basisPoints: 2000, maxUses: 1 });
  const deps = paymentDeps(razorpayGateway(), () => orderedAt);
  const created = await createOrder(deps, user, { planId: "plus", promoCode: code });
  if (!created.ok || created.kind !== "order") throw new Error(JSON.stringify(created));
  const order = created.order;
  const payment = await payAtRazorpay(order.providerOrderId, { status: "authorized" });

  const restore = await failSubscriptionWrite(order.id);
  await expect(
    verifyCheckout(deps, user.id, {
      orderId: order.providerOrderId,
      paymentId: payment.id,
      signature: checkoutSignature(order.providerOrderId, payment.id),
    }),
  ).rejects.toThrow(/simulated crash/);
  await restore();

  // Razorpay has the money; D1 has the claim but no plan.
  expect((await paymentAtRazorpay(payment.id)).status).toBe("captured");
  expect(await subscriptionsOf(user.id)).toHaveLength(0);
  expect(await orderOf(order.id)).toMatchObject({
    status: "created",
    claimedPaymentId: payment.id,
  });
  return { user, code, order, payment };
}

async function expectGrantedOnce(
  found: Awaited<ReturnType<typeof capturedButNotRecorded>>,
): Promise<void> {
  const rows = await subscriptionsOf(found.user.id);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ planId: "plus", paymentId: found.payment.id });
  expect(await orderOf(found.order.id)).toMatchObject({
    status: "paid",
    paymentId: found.payment.id,
  });
  const [redemption] = await db()
    .select()
    .from(promoRedemptions)
    .where(eq(promoRedemptions.orderId, found.order.id));
  expect(redemption?.state).toBe("committed");
  // The money stays taken: nothing was refunded.
  const atProvider = await paymentAtRazorpay(found.payment.id);
  expect(atProvider).toMatchObject({ status: "captured", amount_refunded: 0 });
}

async function runCron() {
  const ctx = createExecutionContext();
  await worker.scheduled!(
    createScheduledController({ scheduledTime: Date.now(), cron: "*/5 * * * *" }),
    razorpayEnv,
    ctx,
  );
  await waitOnExecutionContext(ctx);
}

async function deliverToWorker(payment: ProviderPayment) {
  const body = JSON.stringify(
    webhookBody("payment.captured", payment, null, "acc_fake", Date.now()),
  );
  const ctx = createExecutionContext();
  const response = await worker.fetch!(
    new Request("http://localhost/webhooks/razorpay", {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "X-Razorpay-Signature": sign(FAKE_RAZORPAY.webhookSecret, body),
        "X-Razorpay-Event-Id": `evt_${crypto.randomUUID().replaceAll("-", "").slice(0, 14)}`,
      },
      body,
    }) as Request<unknown, IncomingRequestCfProperties>,
    razorpayEnv,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return { status: response.status, body: (await response.json()) as { message: string } };
}

describe("a payment captured at Razorpay but not recorded", () => {
  it("is granted exactly once by the scheduled reconciler", async () => {
    // Ordered and paid eleven minutes ago, so the reconciler's next run looks at it.
    const found = await capturedButNotRecorded(Date.now() - RECONCILE_AFTER_MS - 60_000);
    await runCron();
    await expectGrantedOnce(found);
    // A second run, and the webhook arriving late, change nothing.
    await runCron();
    const late = await deliverToWorker(await paymentAtRazorpay(found.payment.id));
    expect(late.status).toBe(200);
    await expectGrantedOnce(found);
  });

  it("is granted exactly once by the webhook, even after the order's window has passed", async () => {
    // Claimed inside its window forty minutes ago; the webhook arrives now.
    const found = await capturedButNotRecorded(Date.now() - 40 * 60_000);
    const delivered = await deliverToWorker(await paymentAtRazorpay(found.payment.id));
    expect(delivered).toEqual({ status: 200, body: { ok: true, message: "Granted" } });
    await expectGrantedOnce(found);
    const again = await deliverToWorker(await paymentAtRazorpay(found.payment.id));
    expect(again.status).toBe(200);
    await runCron();
    await expectGrantedOnce(found);
  });
});

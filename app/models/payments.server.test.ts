import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { env } from "cloudflare:test";
import { createDb } from "~/db/client.server";
import { paymentOrders, promoRedemptions, subscriptions } from "~/db/schema";
import { offlineSecrets } from "~/integrations/payments/offline.server";
import { createRazorpayGateway } from "~/integrations/payments/razorpay.server";
import { sign } from "~/integrations/payments/signatures.server";
import type { PaymentGateway, ProviderPayment } from "~/integrations/payments/types";
import { webhookBody } from "~/integrations/payments/webhook-events";
import { PAYMENT_MESSAGES } from "~/lib/payment-messages";
import type { PlanId } from "~/lib/plans";
import {
  confirmPaymentById,
  createOrder,
  handleWebhook,
  ORDER_WINDOW_MS,
  RECONCILE_AFTER_MS,
  reconcileOrders,
  verifyCheckout,
} from "./payments.server";
import { loadAccessRecord } from "./subscription.server";
import { getAccessSummary } from "./usage.server";
import { makeUser, testClock } from "../../tests/support/auth";
import {
  appEnv,
  makePromo,
  offlineGateway,
  paymentDeps,
  usageTestDeps,
} from "../../tests/support/payments";
import {
  checkoutSignature,
  FAKE_RAZORPAY,
  payAtRazorpay,
  paymentAtRazorpay,
  razorpayGateway,
  razorpayRequests,
} from "../../tests/support/razorpay";

describe("checkout with the offline gateway", () => {
  it("prices with the promo, verifies the signed result and grants exactly once", async () => {
    const user = await makeUser();
    const gateway = offlineGateway();
    const deps = paymentDeps(gateway);
    const code = await makePromo({ basisPoints: 2000 });
    const created = await createOrder(deps, user, {
      planId: "plus",
      promoCode: code.toLowerCase(),
    });
    if (!created.ok || created.kind !== "order") throw new Error(JSON.stringify(created));
    expect(created.order.amountPaise).toBe(199_920);
    expect(created.button.amount).toBe(199_920);

    const simulated = await gateway.simulate(created.button.id, "pay");
    const result = simulated!.result!;
    const input = {
      orderId: result.razorpay_order_id,
      paymentId: result.razorpay_payment_id,
      signature: result.razorpay_signature,
    };
    const granted = await verifyCheckout(deps, user.id, input);
    if (!granted.ok) throw new Error(JSON.stringify(granted));
    const again = await verifyCheckout(deps, user.id, input);
    expect(again.ok).toBe(true);

    const db = createDb(env.DB);
    const rows = await db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(rows).toHaveLength(1);
    const months = (rows[0]!.endsAt.getTime() - rows[0]!.startsAt.getTime()) / 86_400_000;
    expect(months).toBeGreaterThanOrEqual(181);
    expect(months).toBeLessThanOrEqual(184);
    const [redemption] = await db
      .select()
      .from(promoRedemptions)
      .where(eq(promoRedemptions.userId, user.id));
    expect(redemption?.state).toBe("committed");
    const [order] = await db.select().from(paymentOrders).where(eq(paymentOrders.userId, user.id));
    expect(order?.status).toBe("paid");

    const summary = await getAccessSummary(usageTestDeps(), user.id);
    expect(summary.accessType).toBe("subscription");
    expect(summary.subscription?.planId).toBe("plus");
  });

  it("refuses a forged signature", async () => {
    const user = await makeUser();
    const gateway = offlineGateway();
    const deps = paymentDeps(gateway);
    const created = await createOrder(deps, user, { planId: "starter" });
    if (!created.ok || created.kind !== "order") throw new Error("no order");
    const simulated = await gateway.simulate(created.button.id, "pay");
    const result = await verifyCheckout(deps, user.id, {
      orderId: created.button.id,
      paymentId: simulated!.payment.id,
      signature: "0".repeat(64),
    });
    expect(result).toMatchObject({
      ok: false,
      status: 400,
      message: PAYMENT_MESSAGES.verificationFailed,
    });
  });
});

// ---------------------------------------------------------------------------
// The same refusals with both providers: the offline gateway (the local test
// checkout) and the real Razorpay adapter against the fake Razorpay API.

type PaymentInput = {
  status: "created" | "authorized" | "captured" | "failed";
  amount?: number;
  failCapture?: boolean;
};

type Driver = {
  gateway: PaymentGateway;
  /** A buyer's payment against the provider's order, as the provider records it. */
  pay(providerOrderId: string, input: PaymentInput): Promise<ProviderPayment>;
  /** Checkout's razorpay_signature, made with the provider's key secret. */
  sign(providerOrderId: string, paymentId: string): string;
  /** X-Razorpay-Signature over a raw webhook body, with the provider's webhook secret. */
  signWebhook(rawBody: string): string;
};

/**
 * The offline gateway records captured or failed payments; for the states its
 * test checkout never produces (authorized, created, another amount) the
 * provider's answers are overridden here, as Razorpay would report them.
 */
function offlineDriver(now: () => number = Date.now): Driver {
  const base = offlineGateway(now);
  const overrides = new Map<string, Partial<ProviderPayment> & { failCapture?: boolean }>();
  const reported = (payment: ProviderPayment | null): ProviderPayment | null => {
    if (!payment) return null;
    const { failCapture: _ignored, ...override } = overrides.get(payment.id) ?? {};
    return { ...payment, ...override };
  };
  const gateway: PaymentGateway = {
    ...base,
    fetchPayment: async (id) => reported(await base.fetchPayment(id)),
    fetchOrderPayments: async (id) =>
      (await base.fetchOrderPayments(id)).map((payment) => reported(payment)!),
    async capturePayment(id, amount, currency) {
      const payment = reported(await base.fetchPayment(id));
      const override = overrides.get(id);
      if (!payment || override?.failCapture || payment.status !== "authorized")
        throw new Error("capture refused");
      if (amount !== payment.amount || currency !== payment.currency)
        throw new Error("capture amount differs");
      overrides.set(id, { ...override, status: "captured", captured: true });
      return reported(payment)!;
    },
  };
  return {
    gateway,
    async pay(providerOrderId, input) {
      const simulated = await base.simulate(
        providerOrderId,
        input.status === "failed" ? "fail" : "pay",
      );
      if (!simulated) throw new Error("offline order not found or already paid");
      const override: Partial<ProviderPayment> & { failCapture?: boolean } = {};
      if (input.status === "created" || input.status === "authorized") {
        override.status = input.status;
        override.captured = false;
      }
      if (input.amount !== undefined) override.amount = input.amount;
      if (input.failCapture) override.failCapture = true;
      overrides.set(simulated.payment.id, override);
      return reported(simulated.payment)!;
    },
    sign: (orderId, paymentId) =>
      sign(offlineSecrets(appEnv().SESSION_SECRET).keySecret, `${orderId}|${paymentId}`),
    signWebhook: (rawBody) => sign(offlineSecrets(appEnv().SESSION_SECRET).webhookSecret, rawBody),
  };
}

function razorpayDriver(_now?: () => number): Driver {
  return {
    gateway: razorpayGateway(),
    pay: (providerOrderId, input) => payAtRazorpay(providerOrderId, input),
    sign: (orderId, paymentId) => checkoutSignature(orderId, paymentId),
    signWebhook: (rawBody) => sign(FAKE_RAZORPAY.webhookSecret, rawBody),
  };
}

const DRIVERS = [
  ["the offline gateway", offlineDriver],
  ["Razorpay (the real adapter against the fake Razorpay API)", razorpayDriver],
] as const;

async function subscriptionRows(userId: string) {
  return createDb(env.DB).select().from(subscriptions).where(eq(subscriptions.userId, userId));
}

async function orderRow(orderId: string) {
  const [row] = await createDb(env.DB)
    .select()
    .from(paymentOrders)
    .where(eq(paymentOrders.id, orderId));
  return row!;
}

describe.each(DRIVERS)("payments with %s", (_name, makeDriver) => {
  async function ordered(planId: PlanId = "starter", driver: Driver = makeDriver()) {
    const user = await makeUser();
    const deps = paymentDeps(driver.gateway);
    const created = await createOrder(deps, user, { planId });
    if (!created.ok || created.kind !== "order") throw new Error(JSON.stringify(created));
    return { user, deps, driver, order: created.order, button: created.button };
  }

  it("grants a captured payment with the right signature, once", async () => {
    const { user, deps, driver, order, button } = await ordered("pro");
    expect(button).toMatchObject({ id: order.providerOrderId, amount: 449_900, currency: "INR" });
    expect(button.key).toBe(driver.gateway.keyId);
    const payment = await driver.pay(order.providerOrderId, { status: "captured" });
    const input = {
      orderId: order.providerOrderId,
      paymentId: payment.id,
      signature: driver.sign(order.providerOrderId, payment.id),
    };
    const granted = await verifyCheckout(deps, user.id, input);
    expect(granted).toMatchObject({ ok: true, alreadyGranted: false });
    expect(await verifyCheckout(deps, user.id, input)).toMatchObject({
      ok: true,
      alreadyGranted: true,
    });
    expect(
      await confirmPaymentById(deps, user.id, { planId: "pro", paymentId: payment.id }),
    ).toMatchObject({ ok: true, alreadyGranted: true });
    expect(await subscriptionRows(user.id)).toHaveLength(1);
    expect(await orderRow(order.id)).toMatchObject({ status: "paid", paymentId: payment.id });
  });

  it("refuses a forged signature", async () => {
    const { user, deps, driver, order } = await ordered();
    const payment = await driver.pay(order.providerOrderId, { status: "captured" });
    for (const signature of [
      "0".repeat(64),
      sign("not-the-key-secret", `${order.providerOrderId}|${payment.id}`),
      // Signed over another payment id.
      driver.sign(order.providerOrderId, "pay_SomethingElse001"),
      "",
    ]) {
      const result = await verifyCheckout(deps, user.id, {
        orderId: order.providerOrderId,
        paymentId: payment.id,
        signature,
      });
      expect(result, signature).toMatchObject({
        ok: false,
        status: 400,
        message: PAYMENT_MESSAGES.verificationFailed,
      });
    }
    expect(await subscriptionRows(user.id)).toHaveLength(0);
    expect((await orderRow(order.id)).status).toBe("created");
  });

  it("refuses a correctly signed payment for another learner's order", async () => {
    const { user: owner, order, driver } = await ordered();
    const payment = await driver.pay(order.providerOrderId, { status: "captured" });
    const other = await makeUser();
    const deps = paymentDeps(driver.gateway);
    const verified = await verifyCheckout(deps, other.id, {
      orderId: order.providerOrderId,
      paymentId: payment.id,
      signature: driver.sign(order.providerOrderId, payment.id),
    });
    expect(verified).toMatchObject({
      ok: false,
      status: 404,
      message: PAYMENT_MESSAGES.orderNotFound,
    });
    const direct = await confirmPaymentById(deps, other.id, {
      planId: "starter",
      paymentId: payment.id,
    });
    expect(direct).toMatchObject({ ok: false, status: 404 });
    expect(await subscriptionRows(other.id)).toHaveLength(0);
    expect(await subscriptionRows(owner.id)).toHaveLength(0);
  });

  it("refuses a payment whose amount differs from the order", async () => {
    const { user, deps, driver, order } = await ordered("plus");
    const payment = await driver.pay(order.providerOrderId, { status: "captured", amount: 100 });
    expect(payment.amount).toBe(100);
    const verified = await verifyCheckout(deps, user.id, {
      orderId: order.providerOrderId,
      paymentId: payment.id,
      signature: driver.sign(order.providerOrderId, payment.id),
    });
    expect(verified).toMatchObject({
      ok: false,
      status: 400,
      message: PAYMENT_MESSAGES.amountMismatch,
    });
    const direct = await confirmPaymentById(deps, user.id, {
      planId: "plus",
      paymentId: payment.id,
    });
    expect(direct).toMatchObject({ ok: false, status: 400 });
    expect(await subscriptionRows(user.id)).toHaveLength(0);
    expect((await orderRow(order.id)).status).toBe("created");
  });

  it("refuses a payment id replayed for a second order", async () => {
    const driver = makeDriver();
    const first = await ordered("starter", driver);
    const payment = await driver.pay(first.order.providerOrderId, { status: "captured" });
    const granted = await verifyCheckout(first.deps, first.user.id, {
      orderId: first.order.providerOrderId,
      paymentId: payment.id,
      signature: driver.sign(first.order.providerOrderId, payment.id),
    });
    expect(granted.ok).toBe(true);

    // The same learner's next order, presented with the first order's payment.
    const second = await createOrder(first.deps, first.user, { planId: "starter" });
    if (!second.ok || second.kind !== "order") throw new Error("no second order");
    const replayed = await verifyCheckout(first.deps, first.user.id, {
      orderId: second.order.providerOrderId,
      paymentId: payment.id,
      // Even with a valid signature over the second order and the old payment.
      signature: driver.sign(second.order.providerOrderId, payment.id),
    });
    expect(replayed).toMatchObject({ ok: false, status: 400 });
    expect(await orderRow(second.order.id)).toMatchObject({ status: "created", paymentId: null });
    // create-direct with the used id grants nothing new either.
    await confirmPaymentById(first.deps, first.user.id, {
      planId: "starter",
      paymentId: payment.id,
    });
    expect(await subscriptionRows(first.user.id)).toHaveLength(1);
  });

  it("refuses a reported success without a captured payment", async () => {
    const cases: PaymentInput[] = [
      { status: "failed" },
      { status: "created" },
      { status: "authorized", failCapture: true },
    ];
    for (const input of cases) {
      const { user, deps, driver, order } = await ordered();
      const payment = await driver.pay(order.providerOrderId, input);
      const signature = driver.sign(order.providerOrderId, payment.id);
      const verified = await verifyCheckout(deps, user.id, {
        orderId: order.providerOrderId,
        paymentId: payment.id,
        signature,
      });
      expect(verified, input.status).toMatchObject({
        ok: false,
        status: 402,
        message: PAYMENT_MESSAGES.notCaptured,
      });
      const direct = await confirmPaymentById(deps, user.id, {
        planId: "starter",
        paymentId: payment.id,
      });
      expect(direct, input.status).toMatchObject({ ok: false, status: 402 });
      expect(await subscriptionRows(user.id), input.status).toHaveLength(0);
      expect((await orderRow(order.id)).status, input.status).not.toBe("paid");
    }
  });

  it("captures an authorized payment and then grants", async () => {
    const { user, deps, driver, order } = await ordered();
    const payment = await driver.pay(order.providerOrderId, { status: "authorized" });
    expect(payment.status).toBe("authorized");
    const granted = await verifyCheckout(deps, user.id, {
      orderId: order.providerOrderId,
      paymentId: payment.id,
      signature: driver.sign(order.providerOrderId, payment.id),
    });
    expect(granted.ok).toBe(true);
    expect((await driver.gateway.fetchPayment(payment.id))?.status).toBe("captured");
    expect(await subscriptionRows(user.id)).toHaveLength(1);
  });

  it("refuses a payment id the provider does not know", async () => {
    const { user, deps } = await ordered();
    for (const paymentId of ["pay_DoesNotExist0001", "not-a-payment-id"]) {
      const result = await confirmPaymentById(deps, user.id, { planId: "starter", paymentId });
      expect(result, paymentId).toMatchObject({
        ok: false,
        status: 400,
        message: PAYMENT_MESSAGES.verificationFailed,
      });
    }
    expect(await subscriptionRows(user.id)).toHaveLength(0);
  });

  it("grants from a signed webhook, captures an authorized one, and refuses a forged one", async () => {
    const { user, deps, driver, order } = await ordered("plus");
    const payment = await driver.pay(order.providerOrderId, { status: "authorized" });
    const rawBody = JSON.stringify(
      webhookBody("payment.authorized", payment, null, "acc_test", Date.now()),
    );
    const forged = await handleWebhook(deps, {
      rawBody,
      signature: sign("not-the-webhook-secret", rawBody),
      eventId: "evt_forged",
    });
    expect(forged).toEqual({ status: 401, body: { ok: false, message: "Invalid signature" } });
    const tampered = await handleWebhook(deps, {
      rawBody: rawBody.replace('"status":"authorized"', '"status":"captured"'),
      signature: driver.signWebhook(rawBody),
      eventId: null,
    });
    expect(tampered.status).toBe(401);
    expect(await subscriptionRows(user.id)).toHaveLength(0);

    const eventId = `evt_${crypto.randomUUID().slice(0, 8)}`;
    const delivered = await handleWebhook(deps, {
      rawBody,
      signature: driver.signWebhook(rawBody),
      eventId,
    });
    expect(delivered).toEqual({ status: 200, body: { ok: true, message: "Granted" } });
    expect((await driver.gateway.fetchPayment(payment.id))?.status).toBe("captured");
    expect(await subscriptionRows(user.id)).toHaveLength(1);
  });

  it("takes no money for an expired order: an authorized payment stays uncaptured, a captured one is refunded once", async () => {
    const clock = testClock(Date.now());
    const driver = makeDriver(clock.now);
    const user = await makeUser();
    const deps = paymentDeps(driver.gateway, clock.now);
    const order = async () => {
      const created = await createOrder(deps, user, { planId: "starter" });
      if (!created.ok || created.kind !== "order") throw new Error("no order");
      return created.order;
    };
    const first = await order();
    const second = await order();
    clock.advance(ORDER_WINDOW_MS + 1000);

    // Authorized after the window: never captured.
    const authorized = await driver.pay(first.providerOrderId, { status: "authorized" });
    const refused = await verifyCheckout(deps, user.id, {
      orderId: first.providerOrderId,
      paymentId: authorized.id,
      signature: driver.sign(first.providerOrderId, authorized.id),
    });
    expect(refused).toMatchObject({
      ok: false,
      status: 409,
      refusal: { reason: "expired", outcome: "not-captured" },
    });
    expect(refused.ok ? "" : refused.message).toMatch(
      /^This order had expired, so we did not take the payment\./,
    );
    expect((await driver.gateway.fetchPayment(authorized.id))?.status).toBe("authorized");

    // Captured by the provider on its own (automatic capture): refunded through the provider.
    const captured = await driver.pay(second.providerOrderId, { status: "captured" });
    const rawBody = JSON.stringify(
      webhookBody("payment.captured", captured, null, "acc_test", clock.now()),
    );
    const hook = await handleWebhook(deps, {
      rawBody,
      signature: driver.signWebhook(rawBody),
      eventId: null,
    });
    expect(hook.status).toBe(200);
    expect(hook.body.message).toMatch(/^This order had expired, so we refunded the payment/);
    expect((await driver.gateway.fetchPayment(captured.id))?.status).toBe("refunded");
    // The browser's result for the same payment answers the same, and refunds nothing more.
    const again = await verifyCheckout(deps, user.id, {
      orderId: second.providerOrderId,
      paymentId: captured.id,
      signature: driver.sign(second.providerOrderId, captured.id),
    });
    expect(again).toMatchObject({ ok: false, refusal: { reason: "expired", outcome: "refunded" } });
    if (driver.gateway.provider === "razorpay") {
      const atProvider = await paymentAtRazorpay(captured.id);
      expect(atProvider.amount_refunded).toBe(captured.amount);
      expect(atProvider.refunds).toHaveLength(1);
      expect((await paymentAtRazorpay(authorized.id)).captured).toBe(false);
    }
    expect(await subscriptionRows(user.id)).toHaveLength(0);
  });

  it("extends a renewal from the end of the current period", async () => {
    const clock = testClock(Date.UTC(2026, 10, 1, 9, 0, 0));
    const driver = makeDriver();
    const user = await makeUser();
    const deps = paymentDeps(driver.gateway, clock.now);
    const buy = async () => {
      const created = await createOrder(deps, user, { planId: "starter" });
      if (!created.ok || created.kind !== "order") throw new Error("no order");
      const payment = await driver.pay(created.order.providerOrderId, { status: "captured" });
      const granted = await verifyCheckout(deps, user.id, {
        orderId: created.order.providerOrderId,
        paymentId: payment.id,
        signature: driver.sign(created.order.providerOrderId, payment.id),
      });
      if (!granted.ok) throw new Error(JSON.stringify(granted));
      return granted.subscription;
    };
    const first = await buy();
    expect(first.startsAt.getTime()).toBe(clock.now());
    expect(first.endsAt.toISOString()).toBe("2026-12-01T09:00:00.000Z");
    clock.advance(10 * 86_400_000);
    const renewal = await buy();
    expect(renewal.startsAt.getTime()).toBe(first.endsAt.getTime());
    expect(renewal.endsAt.toISOString()).toBe("2027-01-01T09:00:00.000Z");

    const record = await loadAccessRecord(createDb(env.DB), user.id, clock.now());
    expect(record.subscription?.endsAt.toISOString()).toBe("2027-01-01T09:00:00.000Z");
    expect(await subscriptionRows(user.id)).toHaveLength(2);
  });

  it("reconciles a paid order whose webhook never came after ten minutes, not before", async () => {
    // Far from the other tests' orders, so only this one is in the reconciler's window.
    const clock = testClock(Date.now() + 40 * 86_400_000);
    const driver = makeDriver(clock.now);
    const user = await makeUser();
    const deps = paymentDeps(driver.gateway, clock.now);
    const code = await makePromo({ basisPoints: 3000 });
    const created = await createOrder(deps, user, { planId: "plus", promoCode: code });
    if (!created.ok || created.kind !== "order") throw new Error("no order");
    await driver.pay(created.order.providerOrderId, { status: "captured" });

    clock.advance(RECONCILE_AFTER_MS - 60_000);
    expect(await reconcileOrders(deps)).toMatchObject({ checked: 0, granted: 0 });
    expect(await subscriptionRows(user.id)).toHaveLength(0);

    clock.advance(60_001);
    expect(await reconcileOrders(deps)).toEqual({ checked: 1, granted: 1, errors: 0 });
    expect(await orderRow(created.order.id)).toMatchObject({ status: "paid" });
    const [subscription] = await subscriptionRows(user.id);
    expect(subscription?.planId).toBe("plus");
    const [redemption] = await createDb(env.DB)
      .select()
      .from(promoRedemptions)
      .where(eq(promoRedemptions.orderId, created.order.id));
    expect(redemption?.state).toBe("committed");
    // Nothing left to do on the next run.
    clock.advance(5 * 60_000);
    expect(await reconcileOrders(deps)).toMatchObject({ checked: 0, granted: 0 });
  });

  it("lets abandoned orders take turns with newer ones in the reconciler", async () => {
    const clock = testClock(Date.now() + 60 * 86_400_000);
    const driver = makeDriver(clock.now);
    const deps = paymentDeps(driver.gateway, clock.now);
    const place = async () => {
      const user = await makeUser({ password: null });
      const created = await createOrder(deps, user, { planId: "starter" });
      if (!created.ok || created.kind !== "order") throw new Error("no order");
      clock.advance(1000);
      return { user, order: created.order };
    };
    // Two abandoned checkouts, then an order paid at the provider whose webhook was lost.
    await place();
    await place();
    const lost = await place();
    await driver.pay(lost.order.providerOrderId, { status: "captured" });

    clock.advance(RECONCILE_AFTER_MS);
    expect(await reconcileOrders(deps, { limit: 2 })).toEqual({
      checked: 2,
      granted: 0,
      errors: 0,
    });
    clock.advance(5 * 60_000);
    expect(await reconcileOrders(deps, { limit: 2 })).toMatchObject({ granted: 1 });
    expect(await subscriptionRows(lost.user.id)).toHaveLength(1);
  });

  it("reconciles an authorized payment by capturing it, and leaves a failed one alone", async () => {
    const clock = testClock(Date.now() + 50 * 86_400_000);
    const driver = makeDriver(clock.now);
    const deps = paymentDeps(driver.gateway, clock.now);
    const buyer = async (input: PaymentInput) => {
      const user = await makeUser();
      const created = await createOrder(deps, user, { planId: "starter" });
      if (!created.ok || created.kind !== "order") throw new Error("no order");
      await driver.pay(created.order.providerOrderId, input);
      return user;
    };
    const authorized = await buyer({ status: "authorized" });
    const failed = await buyer({ status: "failed" });
    clock.advance(RECONCILE_AFTER_MS + 1);
    expect(await reconcileOrders(deps)).toEqual({ checked: 2, granted: 1, errors: 0 });
    expect(await subscriptionRows(authorized.id)).toHaveLength(1);
    expect(await subscriptionRows(failed.id)).toHaveLength(0);
  });
});

describe("Razorpay's API errors", () => {
  it("answers 502 and gives the promo use back when Razorpay refuses to create the order", async () => {
    const user = await makeUser();
    const code = await makePromo({ basisPoints: 2000, maxUses: 1 });
    const wrongKey = createRazorpayGateway({
      keyId: FAKE_RAZORPAY.keyId,
      keySecret: "not-the-secret",
      webhookSecret: undefined,
    });
    const failed = await createOrder(paymentDeps(wrongKey), user, {
      planId: "starter",
      promoCode: code,
    });
    expect(failed).toMatchObject({ ok: false, status: 502, message: PAYMENT_MESSAGES.initFailed });
    expect(
      await createDb(env.DB).select().from(paymentOrders).where(eq(paymentOrders.userId, user.id)),
    ).toHaveLength(0);
    // The single use is free again for a working order.
    const retried = await createOrder(paymentDeps(razorpayGateway()), user, {
      planId: "starter",
      promoCode: code,
    });
    expect(retried).toMatchObject({ ok: true, kind: "order" });
  });

  it("sends the order to Razorpay with the server's price, receipt and notes", async () => {
    const user = await makeUser();
    const before = (await razorpayRequests()).length;
    const created = await createOrder(paymentDeps(razorpayGateway()), user, { planId: "plus" });
    if (!created.ok || created.kind !== "order") throw new Error("no order");
    expect((await razorpayRequests()).slice(before)).toContainEqual({
      method: "POST",
      path: "/v1/orders",
    });
    const response = await fetch(`https://api.razorpay.com/v1/orders/${created.button.id}`, {
      headers: {
        Authorization: `Basic ${btoa(`${FAKE_RAZORPAY.keyId}:${FAKE_RAZORPAY.keySecret}`)}`,
      },
    });
    expect(await response.json()).toMatchObject({
      entity: "order",
      amount: 249_900,
      currency: "INR",
      receipt: created.order.id,
      status: "created",
      notes: { userId: user.id, planId: "plus", orderId: created.order.id },
    });
  });
});

describe("Razorpay webhooks without a webhook secret", () => {
  it("refuses every delivery when RAZORPAY_WEBHOOK_SECRET is not set", async () => {
    const gateway = createRazorpayGateway({
      keyId: FAKE_RAZORPAY.keyId,
      keySecret: FAKE_RAZORPAY.keySecret,
      webhookSecret: undefined,
    });
    const rawBody = '{"event":"payment.captured","payload":{}}';
    const outcome = await handleWebhook(paymentDeps(gateway), {
      rawBody,
      signature: sign(FAKE_RAZORPAY.webhookSecret, rawBody),
      eventId: null,
    });
    expect(outcome.status).toBe(401);
  });
});

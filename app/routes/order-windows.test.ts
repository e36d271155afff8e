/**
 * A promo code's hold and its order's payable window are one thing, through
 * the real worker: a replaced, lapsed or cancelled order never grants its
 * discount, whatever arrives for it and however many requests arrive at once;
 * Cancel gives the code back at once; money paid for an order that could not
 * take it is refunded through the provider.
 */
import { env } from "cloudflare:test";
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { createDb } from "~/db/client.server";
import { paymentOrders, promoRedemptions, subscriptions } from "~/db/schema";
import { PAYMENT_MESSAGES } from "~/lib/payment-messages";
import { PROMO_MESSAGES } from "~/lib/pricing";
import { call } from "../../tests/support/auth";
import { api, apiLearner, makePromo, offlineGateway } from "../../tests/support/payments";

// Each signed-in learner costs a password hash.
vi.setConfig({ testTimeout: 60_000 });

const db = () => createDb(env.DB);

type OrderAnswer = { order: { id: string; receipt: string; amount: number } };

function orderFor(token: string, promoCode: string, planId = "starter") {
  return api("/api/payments/order/create", { token, body: { planId, promoCode } });
}

/** Pays an order in the offline checkout and posts Checkout's signed result, as the plans page does. */
async function payAndVerify(token: string, providerOrderId: string) {
  const simulated = await offlineGateway().simulate(providerOrderId, "pay");
  if (!simulated?.result) throw new Error(`could not pay ${providerOrderId}`);
  const verified = await api("/api/payments/payment/verify", { token, body: simulated.result });
  return { paymentId: simulated.payment.id, ...verified };
}

/** Moves an order's window (and its promo hold) into the past, as if 31 minutes had gone by. */
async function letLapse(orderId: string) {
  const past = new Date(Date.now() - 60_000);
  await db()
    .update(paymentOrders)
    .set({ createdAt: new Date(Date.now() - 31 * 60_000), expiresAt: past })
    .where(eq(paymentOrders.id, orderId));
  await db()
    .update(promoRedemptions)
    .set({ reservedUntil: past })
    .where(eq(promoRedemptions.orderId, orderId));
}

async function paidOrdersWith(code: string) {
  return db()
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.promoCode, code), eq(paymentOrders.status, "paid")));
}

const refundedBecause = (reason: string) =>
  `${reason}, so we refunded the payment in full. It reaches your account in a few working days.`;

describe("a promo hold is the order's payable window", () => {
  it("one learner's 15 orders with a one-use code, all paid at once, grant one discounted plan and refund the rest", async () => {
    const code = await makePromo({ basisPoints: 2000, maxUses: 1 });
    const { user, token } = await apiLearner();
    const created = await Promise.all(Array.from({ length: 15 }, () => orderFor(token, code)));
    const orders = created
      .filter((answer) => answer.status === 201)
      .map((answer) => (answer.body as OrderAnswer).order);
    expect(orders.length).toBeGreaterThan(1);

    const paid = await Promise.all(orders.map((order) => payAndVerify(token, order.id)));
    const granted = paid.filter((answer) => answer.status === 200);
    expect(granted).toHaveLength(1);
    for (const refused of paid.filter((answer) => answer.status !== 200)) {
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(
        refundedBecause("This order was replaced by your newer order"),
      );
      expect((await offlineGateway().fetchPayment(refused.paymentId))?.status).toBe("refunded");
    }
    expect((await offlineGateway().fetchPayment(granted[0]!.paymentId))?.status).toBe("captured");

    const rows = await db().select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(await paidOrdersWith(code)).toHaveLength(1);
    const committed = await db()
      .select()
      .from(promoRedemptions)
      .where(and(eq(promoRedemptions.code, code), eq(promoRedemptions.state, "committed")));
    expect(committed).toHaveLength(1);
  });

  it("several learners at once after a hold lapses never get more discounted plans than the code has uses", async () => {
    const code = await makePromo({ basisPoints: 3000, maxUses: 1 });
    const first = await apiLearner();
    const firstOrder = await orderFor(first.token, code);
    expect(firstOrder.status).toBe(201);
    const lapsed = (firstOrder.body as OrderAnswer).order;
    await letLapse(lapsed.receipt);

    // Four more learners try for the freed use at once: one gets it.
    const others = await Promise.all(Array.from({ length: 4 }, () => apiLearner()));
    const attempts = await Promise.all(others.map((other) => orderFor(other.token, code)));
    const winners = attempts.flatMap((answer, index) =>
      answer.status === 201
        ? [{ ...others[index]!, order: (answer.body as OrderAnswer).order }]
        : [],
    );
    expect(winners).toHaveLength(1);
    for (const answer of attempts.filter((attempt) => attempt.status !== 201)) {
      expect(answer.body.message).toBe(PROMO_MESSAGES.usedUp);
    }

    // The lapsed order and the winner's are paid at the same moment.
    const [late, winner] = await Promise.all([
      payAndVerify(first.token, lapsed.id),
      payAndVerify(winners[0]!.token, winners[0]!.order.id),
    ]);
    expect(winner.status).toBe(200);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(refundedBecause("This order had expired"));
    expect((await offlineGateway().fetchPayment(late.paymentId))?.status).toBe("refunded");

    expect(await paidOrdersWith(code)).toHaveLength(1);
    const everyone = [first.user.id, ...others.map((other) => other.user.id)];
    const granted = await db()
      .select()
      .from(subscriptions)
      .where(inArray(subscriptions.userId, everyone));
    expect(granted).toHaveLength(1);
  });

  it("Cancel gives the code back at once: another learner applies it right after", async () => {
    const code = await makePromo({ basisPoints: 1000, maxUses: 1 });
    const holder = await apiLearner();
    const other = await apiLearner();
    const created = await orderFor(holder.token, code);
    expect(created.status).toBe(201);
    const order = (created.body as OrderAnswer).order;

    const validate = () =>
      api("/api/payments/promo-code/validate", {
        token: other.token,
        body: { promoCode: code, planId: "plus" },
      });
    const held = await validate();
    expect(held.status).toBe(400);
    expect(held.body.message).toBe(PROMO_MESSAGES.usedUp);

    // Someone else cannot cancel it.
    const stranger = await api("/api/payments/order/cancel", {
      token: other.token,
      body: { orderId: order.id },
    });
    expect(stranger.status).toBe(404);

    const cancelled = await api("/api/payments/order/cancel", {
      token: holder.token,
      body: { orderId: order.id },
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      success: true,
      cancelled: true,
      message: PAYMENT_MESSAGES.orderCancelled,
    });
    const freed = await validate();
    expect(freed.status).toBe(200);
    expect((await orderFor(other.token, code, "plus")).status).toBe(201);

    // Paying the cancelled order anyway takes no money and grants nothing.
    const paid = await payAndVerify(holder.token, order.id);
    expect(paid.status).toBe(409);
    expect(paid.body.message).toBe(refundedBecause("This order was cancelled"));
    expect((await offlineGateway().fetchPayment(paid.paymentId))?.status).toBe("refunded");
    expect(
      await db().select().from(subscriptions).where(eq(subscriptions.userId, holder.user.id)),
    ).toHaveLength(0);
  });

  it("closing the hosted checkout (its cancel_url) releases the hold for the signed-in owner", async () => {
    const code = await makePromo({ basisPoints: 1000, maxUses: 1 });
    const holder = await apiLearner();
    const other = await apiLearner();
    const order = ((await orderFor(holder.token, code)).body as OrderAnswer).order;

    // The provider's site posts back without the session: the page answers the GET.
    const posted = await call(`/payment-cancelled?order_id=${order.id}`, { method: "POST" });
    expect(posted.status).toBe(303);
    expect(posted.headers.get("Location")).toBe(`/payment-cancelled?order_id=${order.id}`);
    // Someone else opening the address changes nothing.
    const strangers = await call(`/payment-cancelled?order_id=${order.id}`, { token: other.token });
    expect(await strangers.text()).not.toContain("That order is closed");
    expect((await orderFor(other.token, code)).body.message).toBe(PROMO_MESSAGES.usedUp);

    const page = await call(`/payment-cancelled?order_id=${order.id}`, { token: holder.token });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("That order is closed and can no longer be paid");
    expect((await orderFor(other.token, code)).status).toBe(201);
  });

  it("a paid order cannot be cancelled", async () => {
    const { token } = await apiLearner();
    const created = await api("/api/payments/order/create", { token, body: { planId: "starter" } });
    const order = (created.body as OrderAnswer).order;
    expect((await payAndVerify(token, order.id)).status).toBe(200);
    const cancelled = await api("/api/payments/order/cancel", {
      token,
      body: { orderId: order.id },
    });
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.message).toBe(PAYMENT_MESSAGES.orderAlreadyPaid);
    const malformed = await api("/api/payments/order/cancel", { token, body: {} });
    expect(malformed.status).toBe(400);
  });
});

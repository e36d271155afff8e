import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { env } from "cloudflare:test";
import { createDb } from "~/db/client.server";
import { paymentOrders, promoRedemptions, subscriptions } from "~/db/schema";
import { PAYMENT_MESSAGES } from "~/lib/payment-messages";
import { createOrder, verifyCheckout } from "./payments.server";
import { getAccessSummary } from "./usage.server";
import { makeUser } from "../../tests/support/auth";
import {
  makePromo,
  offlineGateway,
  paymentDeps,
  usageTestDeps,
} from "../../tests/support/payments";

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

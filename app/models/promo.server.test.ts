/**
 * Promo codes against real D1 and KV: which codes apply, the race for a code's
 * last use, reservations that lapse or are replaced, and the prices they give.
 */
import { env } from "cloudflare:test";
import { and, eq, ne } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { paymentOrders, promoCodes, promoRedemptions, subscriptions } from "~/db/schema";
import { PROMO_MESSAGES } from "~/lib/pricing";
import { createOrder } from "./payments.server";
import { PROMO_RESERVATION_MS, releaseLapsedPromos, validatePromo } from "./promo.server";
import { makeUser, testClock } from "../../tests/support/auth";
import { makePromo, offlineGateway, paymentDeps } from "../../tests/support/payments";

const db = () => createDb(env.DB);

async function liveRedemptions(code: string) {
  return db()
    .select()
    .from(promoRedemptions)
    .where(and(eq(promoRedemptions.code, code), ne(promoRedemptions.state, "released")));
}

async function ordersCarrying(code: string) {
  return db().select().from(paymentOrders).where(eq(paymentOrders.promoCode, code));
}

describe("validating a code", () => {
  it("applies a valid code typed in any case, with the server's price", async () => {
    const user = await makeUser();
    const code = await makePromo({ basisPoints: 2000 });
    const applied = await validatePromo(paymentDeps(), {
      code: `  ${code.toLowerCase()} `,
      planId: "plus",
      userId: user.id,
    });
    expect(applied).toEqual({
      ok: true,
      code,
      discountBasisPoints: 2000,
      discountPercentage: 20,
      description: "20% discount on all plans",
      pricing: {
        originalPaise: 249_900,
        amountPaise: 199_920,
        savingsPaise: 49_980,
        creditPaise: 0,
      },
    });
  });

  it("refuses unknown, deleted, inactive, expired and used-up codes with the right message", async () => {
    const clock = testClock(Date.now());
    const deps = paymentDeps(null, clock.now);
    const user = await makeUser();
    const other = await makeUser();
    const usedUp = await makePromo({ maxUses: 1 });
    const held = await createOrder(paymentDeps(offlineGateway(), clock.now), other, {
      planId: "starter",
      promoCode: usedUp,
    });
    expect(held.ok).toBe(true);

    const cases: [string, string][] = [
      ["NOSUCHCODE", PROMO_MESSAGES.notValid],
      [await makePromo({ deleted: true }), PROMO_MESSAGES.notValid],
      [await makePromo({ isActive: false }), PROMO_MESSAGES.inactive],
      [await makePromo({ expiresAt: new Date(clock.now() - 1) }), PROMO_MESSAGES.expired],
      [usedUp, PROMO_MESSAGES.usedUp],
      ["   ", PROMO_MESSAGES.enterCode],
    ];
    for (const [code, message] of cases) {
      const result = await validatePromo(deps, { code, planId: "starter", userId: user.id });
      expect(result, code).toEqual({ ok: false, message });
      // An order with the code is refused the same way, and nothing is reserved.
      if (code.trim()) {
        const order = await createOrder(deps, user, { planId: "starter", promoCode: code });
        expect(order, code).toEqual({ ok: false, status: 400, message });
      }
    }
    expect(
      await db().select().from(paymentOrders).where(eq(paymentOrders.userId, user.id)),
    ).toHaveLength(0);
    // A code still valid until a later moment applies.
    const later = await makePromo({ expiresAt: new Date(clock.now() + 60_000) });
    expect((await validatePromo(deps, { code: later, planId: "pro", userId: user.id })).ok).toBe(
      true,
    );
  });

  it("refuses a code this learner already redeemed", async () => {
    const user = await makeUser();
    const code = await makePromo({ basisPoints: 10_000, maxUses: 5 });
    const free = await createOrder(paymentDeps(null), user, { planId: "starter", promoCode: code });
    expect(free).toMatchObject({ ok: true, kind: "free" });
    const again = await validatePromo(paymentDeps(), { code, planId: "plus", userId: user.id });
    expect(again).toEqual({ ok: false, message: PROMO_MESSAGES.alreadyUsed });
    const order = await createOrder(paymentDeps(), user, { planId: "plus", promoCode: code });
    expect(order).toMatchObject({ ok: false, status: 400, message: PROMO_MESSAGES.alreadyUsed });
    // Someone else still can.
    const other = await makeUser();
    expect(
      (await validatePromo(paymentDeps(), { code, planId: "plus", userId: other.id })).ok,
    ).toBe(true);
  });

  it("decides from D1 when the code changed after the plans page read it", async () => {
    const user = await makeUser();
    const code = await makePromo({ maxUses: 5 });
    // The plans page validated it; then the code was switched off.
    const deps = paymentDeps();
    expect((await validatePromo(deps, { code, planId: "starter", userId: user.id })).ok).toBe(true);
    await deps.settle();
    await db().update(promoCodes).set({ isActive: false }).where(eq(promoCodes.code, code));
    expect(await validatePromo(deps, { code, planId: "starter", userId: user.id })).toEqual({
      ok: false,
      message: PROMO_MESSAGES.inactive,
    });
    const order = await createOrder(deps, user, { planId: "starter", promoCode: code });
    expect(order).toMatchObject({ ok: false, status: 400, message: PROMO_MESSAGES.inactive });
    expect(await ordersCarrying(code)).toHaveLength(0);
    expect(await liveRedemptions(code)).toHaveLength(0);
  });
});

describe("the race for a code's uses", () => {
  it("gives the last use to exactly one of 20 buyers ordering at once", async () => {
    const code = await makePromo({ basisPoints: 4000, maxUses: 1 });
    const buyers = await Promise.all(
      Array.from({ length: 20 }, () => makeUser({ password: null })),
    );
    const gateway = offlineGateway();
    const results = await Promise.all(
      buyers.map((buyer) =>
        createOrder(paymentDeps(gateway), buyer, { planId: "starter", promoCode: code }),
      ),
    );
    const winners = results.filter((result) => result.ok);
    expect(winners).toHaveLength(1);
    for (const result of results.filter((result) => !result.ok)) {
      expect(result.ok).toBe(false);
      if (result.ok) continue;
      expect(result.status).toBeGreaterThanOrEqual(400);
      expect(result.status).toBeLessThan(500);
    }
    expect(await ordersCarrying(code)).toHaveLength(1);
    expect(await liveRedemptions(code)).toHaveLength(1);
  });

  it("never hands out more uses than the code has", async () => {
    const code = await makePromo({ basisPoints: 1000, maxUses: 3 });
    const buyers = await Promise.all(
      Array.from({ length: 20 }, () => makeUser({ password: null })),
    );
    const gateway = offlineGateway();
    const results = await Promise.all(
      buyers.map((buyer) =>
        createOrder(paymentDeps(gateway), buyer, { planId: "pro", promoCode: code }),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(3);
    expect(await ordersCarrying(code)).toHaveLength(3);
  });

  it("frees a use when an unpaid order's reservation lapses", async () => {
    const clock = testClock(Date.now());
    const gateway = offlineGateway(clock.now);
    const code = await makePromo({ maxUses: 1 });
    const first = await makeUser();
    const second = await makeUser();
    expect(
      (
        await createOrder(paymentDeps(gateway, clock.now), first, {
          planId: "starter",
          promoCode: code,
        })
      ).ok,
    ).toBe(true);

    clock.advance(PROMO_RESERVATION_MS - 1000);
    expect(
      await createOrder(paymentDeps(gateway, clock.now), second, {
        planId: "starter",
        promoCode: code,
      }),
    ).toMatchObject({ ok: false, status: 400, message: PROMO_MESSAGES.usedUp });

    clock.advance(1000);
    const later = await createOrder(paymentDeps(gateway, clock.now), second, {
      planId: "starter",
      promoCode: code,
    });
    expect(later).toMatchObject({ ok: true, kind: "order" });
    expect(await liveRedemptions(code)).toHaveLength(2);
    // Tidying marks the lapsed one released; the live one stays.
    expect(await releaseLapsedPromos(db(), clock.now())).toBeGreaterThanOrEqual(1);
    const live = await liveRedemptions(code);
    expect(live).toHaveLength(1);
    expect(live[0]?.userId).toBe(second.id);
  });

  it("lets a learner's second order replace their own unpaid reservation", async () => {
    const code = await makePromo({ maxUses: 1 });
    const user = await makeUser();
    const gateway = offlineGateway();
    const first = await createOrder(paymentDeps(gateway), user, {
      planId: "starter",
      promoCode: code,
    });
    const second = await createOrder(paymentDeps(gateway), user, {
      planId: "plus",
      promoCode: code,
    });
    if (!first.ok || !second.ok) throw new Error(JSON.stringify({ first, second }));
    const rows = await db().select().from(promoRedemptions).where(eq(promoRedemptions.code, code));
    const stateOf = (orderId: string) => rows.find((row) => row.orderId === orderId)?.state;
    expect(stateOf(first.order.id)).toBe("released");
    expect(stateOf(second.order.id)).toBe("reserved");
    // The one use is still held, so nobody else gets it.
    const other = await makeUser();
    expect(
      await createOrder(paymentDeps(gateway), other, { planId: "starter", promoCode: code }),
    ).toMatchObject({ ok: false, status: 400, message: PROMO_MESSAGES.usedUp });
  });
});

describe("prices with a code", () => {
  it("charges the ₹1 minimum for 99.97 % off ₹499, to the provider too", async () => {
    const user = await makeUser();
    const gateway = offlineGateway();
    const code = await makePromo({ basisPoints: 9997 });
    const created = await createOrder(paymentDeps(gateway), user, {
      planId: "starter",
      promoCode: code,
    });
    if (!created.ok || created.kind !== "order") throw new Error(JSON.stringify(created));
    expect(created.pricing).toEqual({
      originalPaise: 49_900,
      amountPaise: 100,
      savingsPaise: 49_800,
      creditPaise: 0,
    });
    expect(created.promo).toEqual({ code, discountPercentage: 99.97 });
    expect(created.button.amount).toBe(100);
    expect(created.order).toMatchObject({ amountPaise: 100, discountPaise: 49_800 });
    expect((await gateway.fetchOrder(created.button.id))?.amount).toBe(100);
  });

  it("rounds to whole paise", async () => {
    const gateway = offlineGateway();
    const cases: [number, "starter" | "plus" | "pro", number][] = [
      [1000, "starter", 44_910],
      [3000, "plus", 174_930],
      [3333, "starter", 33_268], // 332.6833… rupees
      [9997, "pro", 135], // ₹1.35, above the minimum
    ];
    for (const [basisPoints, planId, amount] of cases) {
      const user = await makeUser();
      const code = await makePromo({ basisPoints });
      const created = await createOrder(paymentDeps(gateway), user, { planId, promoCode: code });
      if (!created.ok) throw new Error(created.message);
      expect(created.order.amountPaise, `${basisPoints} on ${planId}`).toBe(amount);
      expect(Number.isInteger(created.order.amountPaise)).toBe(true);
    }
  });

  it("grants the plan without a payment for a 100 % code, even with no payment provider", async () => {
    const user = await makeUser();
    const code = await makePromo({ basisPoints: 10_000 });
    const granted = await createOrder(paymentDeps(null), user, {
      planId: "pro",
      promoCode: code,
    });
    if (!granted.ok || granted.kind !== "free") throw new Error(JSON.stringify(granted));
    expect(granted.pricing).toEqual({
      originalPaise: 449_900,
      amountPaise: 0,
      savingsPaise: 449_900,
      creditPaise: 0,
    });
    expect(granted.order).toMatchObject({ provider: "free", status: "paid", amountPaise: 0 });
    expect(granted.subscription).toMatchObject({ planId: "pro", userId: user.id });
    const [redemption] = await db()
      .select()
      .from(promoRedemptions)
      .where(eq(promoRedemptions.orderId, granted.order.id));
    expect(redemption?.state).toBe("committed");
    expect(
      await db().select().from(subscriptions).where(eq(subscriptions.userId, user.id)),
    ).toHaveLength(1);
  });
});

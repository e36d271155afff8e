import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { env } from "cloudflare:test";
import { createDb } from "~/db/client.server";
import { paymentRefusals, subscriptions } from "~/db/schema";
import { createOrder, verifyCheckout } from "./payments.server";
import { loadAccessRecord } from "./subscription.server";
import { quoteFromPeriods, upgradeDetails, upgradeQuote } from "./upgrade-credit.server";
import { makeUser, testClock } from "../../tests/support/auth";
import { offlineGateway, paymentDeps } from "../../tests/support/payments";
import type { PlanId } from "~/lib/plans";

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 10, 1, 9, 0, 0);

function period(
  planId: PlanId,
  startsAt: number,
  days: number,
  paidPaise: number,
  id: string = planId,
) {
  return {
    id,
    planId,
    startsAt: new Date(startsAt),
    endsAt: new Date(startsAt + days * DAY),
    paidPaise,
  };
}

describe("an upgrade's credit, pro rata", () => {
  it("credits the unused share of what was paid for the running plan", () => {
    // Starter paid ₹499 for 30 days, 10 days used: two thirds unused.
    const quote = quoteFromPeriods([period("starter", T0, 30, 49_900)], "plus", T0 + 10 * DAY);
    expect(quote).toEqual({
      fromPlanId: "starter",
      creditPaise: 33_266,
      unusedDays: 20,
      subscriptionIds: ["starter"],
    });
  });

  it("counts a period queued after the running one in full", () => {
    const quote = quoteFromPeriods(
      [period("starter", T0, 30, 49_900, "a"), period("starter", T0 + 30 * DAY, 30, 39_920, "b")],
      "pro",
      T0 + 15 * DAY,
    );
    expect(quote?.creditPaise).toBe(24_950 + 39_920);
    expect(quote?.unusedDays).toBe(45);
    expect(quote?.subscriptionIds).toEqual(["a", "b"]);
  });

  it("is no upgrade for the same plan, a lower one, or below a plan still queued", () => {
    const now = T0 + DAY;
    expect(quoteFromPeriods([period("plus", T0, 182, 249_900)], "plus", now)).toBeNull();
    expect(quoteFromPeriods([period("plus", T0, 182, 249_900)], "starter", now)).toBeNull();
    expect(
      quoteFromPeriods(
        [period("starter", T0, 30, 49_900, "a"), period("pro", T0 + 30 * DAY, 365, 449_900, "b")],
        "plus",
        now,
      ),
    ).toBeNull();
    // Nothing running now (only a plan that ended): buying is not an upgrade.
    expect(quoteFromPeriods([], "pro", now)).toBeNull();
  });
});

async function buy(
  deps: ReturnType<typeof paymentDeps>,
  user: { id: string; firstName: string; lastName: string; email: string },
  planId: PlanId,
) {
  const created = await createOrder(deps, user, { planId });
  if (!created.ok || created.kind !== "order") throw new Error(JSON.stringify(created));
  return created;
}

async function pay(
  deps: ReturnType<typeof paymentDeps>,
  gateway: ReturnType<typeof offlineGateway>,
  userId: string,
  providerOrderId: string,
) {
  const simulated = await gateway.simulate(providerOrderId, "pay");
  const result = simulated!.result!;
  return verifyCheckout(deps, userId, {
    orderId: result.razorpay_order_id,
    paymentId: result.razorpay_payment_id,
    signature: result.razorpay_signature,
  });
}

/** A learner who bought Starter at T0, with the clock, gateway and deps that bought it. */
async function starterSubscriber() {
  const clock = testClock(T0);
  const gateway = offlineGateway(clock.now);
  const deps = paymentDeps(gateway, clock.now);
  const user = await makeUser();
  const starter = await buy(deps, user, "starter");
  expect((await pay(deps, gateway, user.id, starter.button.id)).ok).toBe(true);
  return { clock, gateway, deps, user };
}

describe("upgrading while subscribed", () => {
  it("starts the higher plan at once, priced less the unused part of the current one", async () => {
    const { clock, gateway, deps, user } = await starterSubscriber();

    clock.advance(10 * DAY);
    const quote = await upgradeQuote(deps.db, user.id, "plus", clock.now());
    expect(quote?.creditPaise).toBe(33_266);
    const plus = await buy(deps, user, "plus");
    expect(plus.pricing).toEqual({
      originalPaise: 249_900,
      savingsPaise: 0,
      creditPaise: 33_266,
      amountPaise: 249_900 - 33_266,
    });
    expect(plus.button.amount).toBe(216_634);

    clock.advance(60_000);
    const granted = await pay(deps, gateway, user.id, plus.button.id);
    if (!granted.ok) throw new Error(JSON.stringify(granted));
    expect(granted.subscription.startsAt.getTime()).toBe(clock.now());

    const access = await loadAccessRecord(deps.db, user.id, clock.now() + 1);
    expect(access.subscription?.planId).toBe("plus");
    const rows = await deps.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.id))
      .orderBy(subscriptions.startsAt);
    expect(
      rows.map((r) => [r.planId, r.endsAt.getTime() === clock.now(), r.creditedOrderId]),
    ).toEqual([
      ["starter", true, plus.order.id],
      ["plus", false, null],
    ]);
    expect(await upgradeDetails(deps.db, plus.order.id)).toEqual({
      creditPaise: 33_266,
      fromPlanId: "starter",
    });
    // The credit is spent: another upgrade now credits only the Plus plan's unused part.
    const next = await upgradeQuote(deps.db, user.id, "pro", clock.now() + 1);
    expect(next?.subscriptionIds).toEqual([granted.subscription.id]);
  });

  it("a renewal of the same plan still starts when the current one ends", async () => {
    const clock = testClock(T0);
    const gateway = offlineGateway(clock.now);
    const deps = paymentDeps(gateway, clock.now);
    const user = await makeUser();
    const first = await buy(deps, user, "starter");
    const firstGrant = await pay(deps, gateway, user.id, first.button.id);
    if (!firstGrant.ok) throw new Error("no grant");
    clock.advance(5 * DAY);
    const second = await buy(deps, user, "starter");
    expect(second.pricing.creditPaise).toBe(0);
    expect(second.order.creditFrom).toBeNull();
    const granted = await pay(deps, gateway, user.id, second.button.id);
    if (!granted.ok) throw new Error("no grant");
    expect(granted.subscription.startsAt.getTime()).toBe(firstGrant.subscription.endsAt.getTime());
  });

  it("two upgrade orders paid at the same moment: one takes the credit, the other's payment is not kept", async () => {
    const { clock, gateway, deps, user } = await starterSubscriber();
    clock.advance(3 * DAY);
    // Two tabs: each order quoted the same credit.
    const [a, b] = await Promise.all([buy(deps, user, "pro"), buy(deps, user, "plus")]);
    expect(a.pricing.creditPaise).toBeGreaterThan(0);
    expect(b.pricing.creditPaise).toBe(a.pricing.creditPaise);

    const results = await Promise.all([
      pay(deps, gateway, user.id, a.button.id),
      pay(deps, gateway, user.id, b.button.id),
    ]);
    const granted = results.filter((r) => r.ok);
    const refused = results.filter((r) => !r.ok);
    expect(granted).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ status: 409, refusal: { reason: "replaced" } });

    const db = createDb(env.DB);
    const rows = await db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    // Starter (ended early) and exactly one upgrade.
    expect(rows).toHaveLength(2);
    expect(rows.filter((r) => r.endedEarlyAt !== null)).toHaveLength(1);
    const refusals = await db
      .select()
      .from(paymentRefusals)
      .where(
        eq(
          paymentRefusals.orderId,
          granted[0]!.ok ? (a.order.id === granted[0]!.order.id ? b.order.id : a.order.id) : "",
        ),
      );
    // The losing payment was never captured (or is refunded): no money kept without a plan.
    expect(refusals).toHaveLength(1);
    expect(["not-captured", "refunded"]).toContain(refusals[0]!.outcome);
  });
});

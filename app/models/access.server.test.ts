import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { paymentOrders, subscriptions, trials } from "~/db/schema";
import type { FeatureKey } from "~/lib/features";
import type { PlanId } from "~/lib/plans";
import { WEEK_FULL_MESSAGE } from "~/lib/usage-messages";
import { featureScreenAccess, subscriptionAfterPayment } from "./access.server";
import { startTrial } from "./subscription.server";
import { recordUse } from "./usage.server";
import { makeUser } from "../../tests/support/auth";
import { usageTestDeps } from "../../tests/support/payments";

const DAY_MS = 86_400_000;

async function use(userId: string, feature: FeatureKey, times: number) {
  const deps = usageTestDeps();
  for (let index = 0; index < times; index += 1) {
    const result = await recordUse(deps, userId, feature, crypto.randomUUID());
    if (!result.ok) throw new Error(`use ${index + 1} of ${feature} refused: ${result.message}`);
  }
  await deps.settle();
}

async function subscribe(
  userId: string,
  planId: PlanId,
  options: { paymentId?: string; createdAt?: Date } = {},
) {
  const db = createDb(env.DB);
  const orderId = crypto.randomUUID();
  const paymentId =
    options.paymentId ?? `pay_${crypto.randomUUID().replace(/-/g, "").slice(0, 14)}`;
  const now = Date.now();
  await db.insert(paymentOrders).values({
    id: orderId,
    userId,
    planId,
    provider: "offline",
    providerOrderId: `order_${crypto.randomUUID().replace(/-/g, "").slice(0, 14)}`,
    originalPaise: 49_900,
    discountPaise: 0,
    amountPaise: 49_900,
    status: "paid",
    paymentId,
    paidAt: new Date(now),
  });
  await db.insert(subscriptions).values({
    id: crypto.randomUUID(),
    userId,
    planId,
    orderId,
    paymentId,
    startsAt: new Date(now - 60_000),
    endsAt: new Date(now + 30 * DAY_MS),
    createdAt: options.createdAt ?? new Date(now),
  });
  return paymentId;
}

async function trialUser() {
  const user = await makeUser();
  await startTrial(createDb(env.DB), user.id, Date.now());
  return user;
}

describe("what a guarded screen shows", () => {
  it("a new trial: the feature's 5 uses and 30 days", async () => {
    const user = await trialUser();
    expect(await featureScreenAccess(usageTestDeps(), user.id, "clinicalQuizzes")).toEqual({
      state: "allowed",
      accessType: "trial",
      used: 0,
      limit: 5,
      remaining: 5,
      daysRemaining: 30,
    });
  });

  it("a trial feature used up: the limit banner's message, other features still open", async () => {
    const user = await trialUser();
    await use(user.id, "clinicalQuizzes", 5);
    expect(await featureScreenAccess(usageTestDeps(), user.id, "clinicalQuizzes")).toEqual({
      state: "limit-reached",
      accessType: "trial",
      message: "Trial usage exhausted for clinical quizzes. Please upgrade to continue.",
      used: 5,
      limit: 5,
    });
    expect(await featureScreenAccess(usageTestDeps(), user.id, "flashcards")).toMatchObject({
      state: "allowed",
      remaining: 5,
    });
  });

  it("every trial use spent: no access, and the card says the trial is exhausted", async () => {
    const user = await trialUser();
    for (const feature of [
      "chatMessages",
      "clinicalQuizzes",
      "flashcards",
      "clinicalSimulations",
    ] as const) {
      await use(user.id, feature, 5);
    }
    const access = await featureScreenAccess(usageTestDeps(), user.id, "flashcards");
    expect(access).toMatchObject({
      state: "no-access",
      trialEnded: { reason: "exhausted", totalUsed: 20, totalLimit: 20 },
    });
  });

  it("a trial past its 30 days: no access, and the card says when it ended", async () => {
    const user = await makeUser();
    const endsAt = new Date(Date.now() - 2 * DAY_MS);
    await createDb(env.DB)
      .insert(trials)
      .values({ userId: user.id, startedAt: new Date(endsAt.getTime() - 30 * DAY_MS), endsAt });
    expect(await featureScreenAccess(usageTestDeps(), user.id, "chatMessages")).toEqual({
      state: "no-access",
      trialEnded: { reason: "expired", endsAt: endsAt.toISOString(), totalUsed: 0, totalLimit: 20 },
    });
  });

  it("never had a trial or plan: the plain Choose Your Plan card", async () => {
    const user = await makeUser();
    expect(await featureScreenAccess(usageTestDeps(), user.id, "clinicalSimulations")).toEqual({
      state: "no-access",
      trialEnded: null,
    });
  });

  it("a Starter subscriber: unlimited quizzes, 2 simulations a week, then the week's message", async () => {
    const user = await trialUser();
    await subscribe(user.id, "starter");
    // Unlimited: the screen shows no count, so none is read (no KV copy, no meter call).
    const counted: string[] = [];
    const deps = usageTestDeps();
    const uncounted = {
      ...deps,
      kv: { get: () => counted.push("kv") } as unknown as KVNamespace,
      meter: new Proxy(deps.meter, { get: (_, name) => () => counted.push(String(name)) }),
    };
    expect(await featureScreenAccess(uncounted, user.id, "clinicalQuizzes")).toEqual({
      state: "allowed",
      accessType: "subscription",
      planName: "Starter",
      used: null,
      limit: -1,
      remaining: -1,
    });
    expect(counted).toEqual([]);
    expect(await featureScreenAccess(usageTestDeps(), user.id, "clinicalSimulations")).toEqual({
      state: "allowed",
      accessType: "subscription",
      planName: "Starter",
      used: 0,
      limit: 2,
      remaining: 2,
    });
    await use(user.id, "clinicalSimulations", 2);
    expect(await featureScreenAccess(usageTestDeps(), user.id, "clinicalSimulations")).toEqual({
      state: "limit-reached",
      accessType: "subscription",
      message: WEEK_FULL_MESSAGE,
      used: 2,
      limit: 2,
    });
  });
});

describe("the home page's check after a payment", () => {
  it("no subscription yet", async () => {
    const user = await trialUser();
    expect(await subscriptionAfterPayment(usageTestDeps(), user.id, "pay_NotThereYet01")).toEqual({
      subscription: null,
      justActivated: false,
    });
  });

  it("the payment's own subscription is confirmed", async () => {
    const user = await trialUser();
    const paymentId = await subscribe(user.id, "plus", {
      createdAt: new Date(Date.now() - 3 * 60 * 60_000),
    });
    expect(await subscriptionAfterPayment(usageTestDeps(), user.id, paymentId)).toMatchObject({
      subscription: { planName: "Plus", daysRemaining: 30 },
      justActivated: true,
    });
  });

  it("a new subscription is confirmed without a payment id; an old one is not", async () => {
    const fresh = await trialUser();
    await subscribe(fresh.id, "pro");
    expect(await subscriptionAfterPayment(usageTestDeps(), fresh.id, null)).toMatchObject({
      justActivated: true,
    });

    const old = await trialUser();
    await subscribe(old.id, "pro", { createdAt: new Date(Date.now() - 3 * 60 * 60_000) });
    expect(
      await subscriptionAfterPayment(usageTestDeps(), old.id, "pay_SomeOtherPay1"),
    ).toMatchObject({ subscription: { planName: "Pro" }, justActivated: false });
  });
});

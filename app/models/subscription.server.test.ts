import { describe, expect, it, vi } from "vitest";
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { createDb } from "~/db/client.server";
import { paymentOrders, subscriptions, trials, users } from "~/db/schema";
import {
  callJson,
  latestCode,
  makeUser,
  STRONG_PASSWORD,
  uniqueEmail,
  uniqueIp,
} from "../../tests/support/auth";
import { usageTestDeps } from "../../tests/support/payments";
import {
  cancelSubscription,
  daysRemaining,
  loadAccessRecord,
  startTrial,
} from "./subscription.server";
import { getAccessSummary } from "./usage.server";

vi.setConfig({ testTimeout: 30_000 });

const DAY = 86_400_000;
const db = () => createDb(env.DB);

/** A paid period written straight to D1 (the payment path itself is tested in payments.server.test.ts). */
async function givePeriod(
  userId: string,
  planId: "starter" | "plus" | "pro",
  startsAt: number,
  endsAt: number,
) {
  const orderId = crypto.randomUUID();
  await db()
    .insert(paymentOrders)
    .values({
      id: orderId,
      userId,
      planId,
      provider: "offline",
      providerOrderId: `order_${orderId.slice(0, 14)}`,
      originalPaise: 49_900,
      discountPaise: 0,
      amountPaise: 49_900,
      status: "paid",
      paymentId: `pay_${orderId.slice(0, 14)}`,
    });
  await db()
    .insert(subscriptions)
    .values({
      id: crypto.randomUUID(),
      userId,
      planId,
      orderId,
      paymentId: `pay_${orderId.slice(0, 14)}`,
      startsAt: new Date(startsAt),
      endsAt: new Date(endsAt),
    });
}

describe("the free trial", () => {
  it("starts when the e-mail is verified: 30 days, 20 uses, 5 per feature", async () => {
    const email = uniqueEmail();
    const ip = uniqueIp();
    const registered = await callJson("/api/auth/register", {
      body: {
        firstName: "Kavya",
        lastName: "Nair",
        email,
        medicalSchool: "Government Medical College, Kozhikode",
        year: "2nd Year",
        password: STRONG_PASSWORD,
        confirmPassword: STRONG_PASSWORD,
        acceptTerms: true,
      },
      ip,
    });
    expect(registered.status).toBe(201);
    const unverified = await db()
      .select()
      .from(trials)
      .innerJoin(users, eq(trials.userId, users.id))
      .where(eq(users.email, email));
    expect(unverified).toHaveLength(0);

    const before = Date.now();
    const verified = await callJson("/api/auth/verify-email", {
      body: { email, otp: await latestCode(email) },
      ip,
    });
    expect(verified.status).toBe(200);
    const userId = verified.body.data!.user!.id as string;
    const [trial] = await db().select().from(trials).where(eq(trials.userId, userId));
    expect(trial).toBeDefined();
    expect(trial!.startedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(trial!.endsAt.getTime() - trial!.startedAt.getTime()).toBe(30 * DAY);

    const summary = await getAccessSummary(usageTestDeps(), userId, { fresh: true });
    expect(summary.accessType).toBe("trial");
    expect(summary.trial).toMatchObject({
      isActive: true,
      isExpired: false,
      isExhausted: false,
      daysRemaining: 30,
      totalUsed: 0,
      totalLimit: 20,
    });
    expect(summary.trial!.features.clinicalQuizzes).toEqual({ used: 0, limit: 5, remaining: 5 });
  });

  it("starts once: a second start changes nothing", async () => {
    const user = await makeUser();
    const t0 = Date.UTC(2026, 0, 1);
    await startTrial(db(), user.id, t0);
    await startTrial(db(), user.id, t0 + 40 * DAY);
    const record = await loadAccessRecord(db(), user.id, t0 + 40 * DAY);
    expect(record.trial?.startedAt.getTime()).toBe(t0);
  });

  it("gives no access once its 30 days are over", async () => {
    const user = await makeUser();
    const start = Date.now() - 31 * DAY;
    await startTrial(db(), user.id, start);
    const summary = await getAccessSummary(usageTestDeps(), user.id, { fresh: true });
    expect(summary.accessType).toBe("none");
    expect(summary.trial).toMatchObject({ isActive: false, isExpired: true, daysRemaining: 0 });
  });

  it("a verified user with no trial row has no access", async () => {
    const user = await makeUser();
    const summary = await getAccessSummary(usageTestDeps(), user.id);
    expect(summary).toMatchObject({ accessType: "none", subscription: null, trial: null });
  });
});

describe("subscriptions", () => {
  it("wins over the trial and reports the end of the whole renewal chain", async () => {
    const user = await makeUser();
    const now = Date.now();
    await startTrial(db(), user.id, now - DAY);
    await givePeriod(user.id, "starter", now - 10 * DAY, now + 20 * DAY);
    await givePeriod(user.id, "plus", now + 20 * DAY, now + 200 * DAY);
    const record = await loadAccessRecord(db(), user.id, now);
    expect(record.subscription?.planId).toBe("starter");
    expect(record.subscription?.endsAt.getTime()).toBe(now + 200 * DAY);
    const summary = await getAccessSummary(usageTestDeps(), user.id, { fresh: true });
    expect(summary.accessType).toBe("subscription");
    expect(summary.subscription).toMatchObject({
      planId: "starter",
      status: "active",
      daysRemaining: 200,
    });
  });

  it("an ended period gives no access", async () => {
    const user = await makeUser();
    const now = Date.now();
    await givePeriod(user.id, "pro", now - 400 * DAY, now - DAY);
    expect((await loadAccessRecord(db(), user.id, now)).subscription).toBeNull();
  });

  it("cancelling keeps access until the end date", async () => {
    const user = await makeUser();
    const now = Date.now();
    await givePeriod(user.id, "plus", now - DAY, now + 100 * DAY);
    expect(await cancelSubscription(db(), user.id, now)).toBe(true);
    expect(await cancelSubscription(db(), user.id, now)).toBe(false);
    const record = await loadAccessRecord(db(), user.id, now);
    expect(record.subscription).toMatchObject({ planId: "plus", status: "cancelled" });
    expect((await loadAccessRecord(db(), user.id, now + 101 * DAY)).subscription).toBeNull();
  });

  it("counts days remaining in whole days, rounded up", () => {
    const now = Date.UTC(2026, 10, 22, 10);
    expect(daysRemaining(new Date(now + DAY + 1), now)).toBe(2);
    expect(daysRemaining(new Date(now + 1), now)).toBe(1);
    expect(daysRemaining(new Date(now - 1), now)).toBe(0);
  });
});

/**
 * Usage decisions through the model, the real per-user Durable Object and D1:
 * the trial's allowances, a subscriber's weekly simulations, reservations and
 * idempotency, and a burst of concurrent callers.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { FEATURE_KEYS, TRIAL } from "~/lib/features";
import type { PlanId } from "~/lib/plans";
import {
  BUY_SUBSCRIPTION_MESSAGE,
  NO_ACCESS_MESSAGE,
  trialExhaustedMessage,
  WEEK_FULL_MESSAGE,
} from "~/lib/usage-messages";
import { createOrder } from "./payments.server";
import { startTrial } from "./subscription.server";
import {
  checkFeature,
  getAccessSummary,
  recordUse,
  releaseUse,
  reserveUse,
  type UseDenied,
  type UseGranted,
  usageDeps,
} from "./usage.server";
import { newPageCopy, type PageCopy } from "./page-copy.server";
import type { AppContext } from "~/load-context";
import { makeUser, testClock } from "../../tests/support/auth";
import { makePromo, paymentDeps, usageTestDeps } from "../../tests/support/payments";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Wednesday 10 June 2026, 17:30 IST. */
const WEDNESDAY = Date.UTC(2026, 5, 10, 12, 0, 0);
/** Monday 15 June 2026 00:00 IST, which is Sunday 14 June 18:30 UTC. */
const NEXT_MONDAY_IST = Date.UTC(2026, 5, 14, 18, 30, 0);

let keys = 0;
const key = () => `use-${++keys}-${crypto.randomUUID()}`;

async function trialUser(now: number) {
  const user = await makeUser();
  await startTrial(createDb(env.DB), user.id, now);
  return user;
}

/** A plan granted at `now` through a 100 % code (the free path of a real order). */
async function subscribe(userId: string, planId: PlanId, now: () => number) {
  const code = await makePromo({ basisPoints: 10_000 });
  const buyer = { id: userId, firstName: "Priya", lastName: "Sharma", email: "p@example.com" };
  const granted = await createOrder(paymentDeps(null, now), buyer, { planId, promoCode: code });
  if (!granted.ok || granted.kind !== "free") throw new Error(JSON.stringify(granted));
  return granted.subscription;
}

function granted(result: UseGranted | UseDenied): result is UseGranted {
  return result.ok;
}

describe("the trial", () => {
  it("grants exactly the 5 remaining uses to 50 concurrent callers", async () => {
    const clock = testClock(WEDNESDAY);
    const user = await trialUser(clock.now());
    const deps = usageTestDeps(clock.now);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => recordUse(deps, user.id, "clinicalQuizzes", key())),
    );
    const grants = results.filter(granted);
    expect(grants).toHaveLength(TRIAL.usesPerFeature);
    expect(new Set(grants.map((grant) => grant.reservationId)).size).toBe(5);
    const denials = results.filter((result): result is UseDenied => !result.ok);
    expect(denials).toHaveLength(45);
    for (const denial of denials) {
      expect(denial).toMatchObject({
        accessType: "trial",
        reason: "trial-exhausted",
        message: trialExhaustedMessage("clinicalQuizzes"),
        limitMessage: "Quiz limit exceeded. Current usage: 5/5",
        needsSubscription: true,
        remaining: 0,
      });
    }
    const check = await checkFeature(deps, user.id, "clinicalQuizzes");
    expect(check).toMatchObject({ hasAccess: false, currentUsage: 5, limit: 5, remaining: 0 });
  });

  it("counts the same idempotency key once and answers it the same way", async () => {
    const clock = testClock(WEDNESDAY);
    const user = await trialUser(clock.now());
    const deps = usageTestDeps(clock.now);
    const first = await recordUse(deps, user.id, "chatMessages", "message-42");
    const again = await recordUse(deps, user.id, "chatMessages", "message-42");
    const racing = await Promise.all([
      recordUse(deps, user.id, "chatMessages", "message-43"),
      recordUse(deps, user.id, "chatMessages", "message-43"),
    ]);
    expect(first.ok && again.ok).toBe(true);
    expect((again as UseGranted).reservationId).toBe((first as UseGranted).reservationId);
    expect(racing[0]).toEqual(racing[1]);
    expect((await checkFeature(deps, user.id, "chatMessages")).currentUsage).toBe(2);
    // The same key for another feature is another use.
    await recordUse(deps, user.id, "flashcards", "message-42");
    expect((await checkFeature(deps, user.id, "flashcards")).currentUsage).toBe(1);
  });

  it("gives a reserved use back when the work fails", async () => {
    const clock = testClock(WEDNESDAY);
    const user = await trialUser(clock.now());
    const deps = usageTestDeps(clock.now);
    const reserved = await reserveUse(deps, user.id, "clinicalSimulations", key());
    if (!reserved.ok) throw new Error(reserved.message);
    expect(reserved).toMatchObject({ used: 1, remaining: 4 });
    expect((await checkFeature(deps, user.id, "clinicalSimulations")).currentUsage).toBe(1);
    expect(await releaseUse(deps, user.id, reserved.reservationId)).toMatchObject({
      state: "released",
    });
    const check = await checkFeature(deps, user.id, "clinicalSimulations");
    expect(check).toMatchObject({ hasAccess: true, currentUsage: 0, remaining: 5 });
    // All five are still there to use.
    for (let i = 0; i < 5; i++) {
      expect((await recordUse(deps, user.id, "clinicalSimulations", key())).ok).toBe(true);
    }
    expect((await recordUse(deps, user.id, "clinicalSimulations", key())).ok).toBe(false);
  });

  it("allows 5 uses per feature and 20 in all, then reports the trial exhausted", async () => {
    const clock = testClock(WEDNESDAY);
    const user = await trialUser(clock.now());
    const deps = usageTestDeps(clock.now);
    for (const feature of FEATURE_KEYS) {
      for (let i = 0; i < TRIAL.usesPerFeature; i++) {
        const result = await recordUse(deps, user.id, feature, key());
        expect(result.ok, `${feature} #${i + 1}`).toBe(true);
        clock.advance(60_000);
      }
      const sixth = await recordUse(deps, user.id, feature, key());
      // The last feature's sixth use finds the whole trial spent: no access any more.
      expect(sixth).toMatchObject(
        feature === FEATURE_KEYS.at(-1)
          ? { ok: false, accessType: "none", message: BUY_SUBSCRIPTION_MESSAGE }
          : { ok: false, accessType: "trial", message: trialExhaustedMessage(feature) },
      );
    }
    await deps.settle();
    const summary = await getAccessSummary(deps, user.id, { fresh: true });
    expect(summary.trial).toMatchObject({
      totalUsed: TRIAL.totalUses,
      totalLimit: 20,
      percentageUsed: 100,
      isExhausted: true,
      isActive: false,
    });
    expect(summary.accessType).toBe("none");
  });

  it("shows the uses left per feature while the trial runs", async () => {
    const clock = testClock(WEDNESDAY);
    const user = await trialUser(clock.now());
    const deps = usageTestDeps(clock.now);
    await recordUse(deps, user.id, "chatMessages", key());
    await recordUse(deps, user.id, "chatMessages", key());
    await recordUse(deps, user.id, "flashcards", key());
    const summary = await getAccessSummary(deps, user.id, { fresh: true });
    expect(summary.accessType).toBe("trial");
    expect(summary.trial).toMatchObject({
      isActive: true,
      totalUsed: 3,
      percentageUsed: 15,
      daysRemaining: 30,
      features: {
        chatMessages: { used: 2, limit: 5, remaining: 3 },
        flashcards: { used: 1, limit: 5, remaining: 4 },
        clinicalQuizzes: { used: 0, limit: 5, remaining: 5 },
      },
    });
  });

  it("ends after 30 days; without a trial or plan nothing is granted", async () => {
    const clock = testClock(WEDNESDAY);
    const user = await trialUser(clock.now());
    const deps = usageTestDeps(clock.now);
    clock.advance(TRIAL.days * DAY);
    const expired = await recordUse(deps, user.id, "chatMessages", key());
    expect(expired).toMatchObject({
      ok: false,
      accessType: "none",
      reason: "none",
      message: NO_ACCESS_MESSAGE,
      screenMessage: BUY_SUBSCRIPTION_MESSAGE,
      needsSubscription: true,
    });
    const stranger = await makeUser();
    expect(await recordUse(deps, stranger.id, "flashcards", key())).toMatchObject({
      ok: false,
      reason: "none",
    });
  });
});

describe("a subscriber", () => {
  it("gets 2 simulations a week on starter, the week message, and a reset at Monday 00:00 IST", async () => {
    const clock = testClock(WEDNESDAY);
    const user = await makeUser();
    await subscribe(user.id, "starter", clock.now);
    const deps = usageTestDeps(clock.now);

    expect((await recordUse(deps, user.id, "clinicalSimulations", key())).ok).toBe(true);
    clock.advance(HOUR);
    expect((await recordUse(deps, user.id, "clinicalSimulations", key())).ok).toBe(true);
    const third = await recordUse(deps, user.id, "clinicalSimulations", key());
    expect(third).toMatchObject({
      ok: false,
      accessType: "subscription",
      reason: "week-full",
      message: WEEK_FULL_MESSAGE,
      screenMessage: WEEK_FULL_MESSAGE,
      limitMessage: "Simulation limit exceeded. Current usage: 2/2",
      needsSubscription: false,
    });
    expect((third as UseDenied).message).toContain("week");

    // Sunday 23:59:59 IST: still the same week.
    clock.set(NEXT_MONDAY_IST - 1000);
    expect((await recordUse(deps, user.id, "clinicalSimulations", key())).ok).toBe(false);
    // Monday 00:00 IST: a new week.
    clock.set(NEXT_MONDAY_IST);
    const monday = await recordUse(deps, user.id, "clinicalSimulations", key());
    expect(monday).toMatchObject({ ok: true, used: 1, limit: 2, remaining: 1 });
  });

  it("lets a page showing a plan's counts from the KV copy be kept until Monday 00:00 IST, and no page that asked the meter", async () => {
    const clock = testClock(WEDNESDAY);
    const user = await makeUser();
    await subscribe(user.id, "starter", clock.now);
    const deps = usageTestDeps(clock.now);
    // A page request's usage deps, as a loader gets them (usageDeps wraps the meter).
    const forPage = (pageCopy: PageCopy) =>
      usageDeps(
        {
          db: deps.db,
          bindings: { KV: deps.kv },
          meter: deps.meter,
          pageCopy,
          waitUntil: deps.waitUntil,
          reads: null,
        } as unknown as AppContext,
        clock.now,
      );
    // No copy yet: the meter is asked, and a page showing what it said is not kept.
    const cold = newPageCopy({ showsContent: false });
    expect((await getAccessSummary(forPage(cold), user.id)).source).toBe("meter");
    expect(cold.unkept).toBe(true);
    await deps.settle();
    // From the copy: kept, but not into the next week, whose counts start again.
    const warm = newPageCopy({ showsContent: false });
    const summary = await getAccessSummary(forPage(warm), user.id);
    expect(summary.source).toBe("kv");
    expect(warm.unkept).toBe(false);
    expect(warm.until).toBe(NEXT_MONDAY_IST);
  });

  it("has chat, quizzes and flashcards unlimited on every plan, and 5 simulations a week on plus", async () => {
    const clock = testClock(WEDNESDAY);
    const user = await makeUser();
    await subscribe(user.id, "plus", clock.now);
    const deps = usageTestDeps(clock.now);
    for (let i = 0; i < 30; i++) {
      const result = await recordUse(deps, user.id, "chatMessages", key());
      expect(result).toMatchObject({ ok: true, remaining: -1 });
    }
    const simulations = await Promise.all(
      Array.from({ length: 12 }, () => recordUse(deps, user.id, "clinicalSimulations", key())),
    );
    expect(simulations.filter(granted)).toHaveLength(5);
  });

  it("does not count the uses made on the trial against the plan's first week", async () => {
    const clock = testClock(WEDNESDAY - 2 * DAY); // Monday of the same week
    const user = await trialUser(clock.now());
    const deps = usageTestDeps(clock.now);
    for (let i = 0; i < 3; i++) {
      expect((await recordUse(deps, user.id, "clinicalSimulations", key())).ok).toBe(true);
    }
    clock.set(WEDNESDAY);
    await subscribe(user.id, "starter", clock.now);
    clock.advance(60_000);
    const summary = await getAccessSummary(deps, user.id, { fresh: true });
    expect(summary.accessType).toBe("subscription");
    expect(summary.usage.find((row) => row.feature === "clinicalSimulations")).toMatchObject({
      used: 0,
      limit: 2,
      remaining: 2,
    });
    expect((await recordUse(deps, user.id, "clinicalSimulations", key())).ok).toBe(true);
    expect((await recordUse(deps, user.id, "clinicalSimulations", key())).ok).toBe(true);
    expect((await recordUse(deps, user.id, "clinicalSimulations", key())).ok).toBe(false);
  });

  it("keeps counting the week across a renewal that starts mid-week", async () => {
    // Paid on 10 May: the month ends on Wednesday 10 June, where the renewal begins.
    const clock = testClock(Date.UTC(2026, 4, 10, 12, 0, 0));
    const user = await makeUser();
    await subscribe(user.id, "starter", clock.now);
    const deps = usageTestDeps(clock.now);
    clock.set(WEDNESDAY - 2 * DAY); // Monday 8 June
    expect((await recordUse(deps, user.id, "clinicalSimulations", key())).ok).toBe(true);
    expect((await recordUse(deps, user.id, "clinicalSimulations", key())).ok).toBe(true);
    const renewal = await subscribe(user.id, "starter", clock.now);
    expect(renewal.startsAt.getTime()).toBe(WEDNESDAY);
    clock.set(WEDNESDAY + DAY); // Thursday, in the renewal
    expect(await recordUse(deps, user.id, "clinicalSimulations", key())).toMatchObject({
      ok: false,
      message: WEEK_FULL_MESSAGE,
    });
    clock.set(NEXT_MONDAY_IST);
    expect((await recordUse(deps, user.id, "clinicalSimulations", key())).ok).toBe(true);
  });
});

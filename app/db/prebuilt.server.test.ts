/**
 * Statements built once per isolate (prebuilt.server.ts) read exactly what
 * drizzle's own queries read: the session's user (and nothing once the
 * session is revoked), the access record's three reads, today's tasks with
 * the plan — for learners with and without a trial, plans and tasks, bound
 * again and again with other learners' values.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { paymentOrders, revokedSessions, subscriptions } from "~/db/schema";
import { indiaDate } from "~/lib/admin";
import { addDays } from "~/lib/study-plan";
import {
  accessRecordFromResults,
  accessRecordFromRows,
  accessRecordQueries,
  accessRecordStatements,
  startTrial,
} from "~/models/subscription.server";
import { saveStudyPlan, TODAYS_TASKS, todaysTasksQuery } from "~/models/study-plan.server";
import { SESSION_USER, sessionUserQuery } from "~/models/user.server";
import { makeUser } from "../../tests/support/auth";

const db = createDb(env.DB);
const DAY_MS = 86_400_000;
const NOW = Date.now();
const TODAY = indiaDate(NOW);

async function subscribe(userId: string, startsAt: number, endsAt: number, cancelled = false) {
  const orderId = crypto.randomUUID();
  const paymentId = `pay_${crypto.randomUUID().replace(/-/g, "").slice(0, 14)}`;
  await db.insert(paymentOrders).values({
    id: orderId,
    userId,
    planId: "plus",
    provider: "offline",
    providerOrderId: `order_${crypto.randomUUID().replace(/-/g, "").slice(0, 14)}`,
    originalPaise: 99_900,
    discountPaise: 0,
    amountPaise: 99_900,
    status: "paid",
    paymentId,
    paidAt: new Date(startsAt),
  });
  await db.insert(subscriptions).values({
    id: crypto.randomUUID(),
    userId,
    planId: "plus",
    orderId,
    paymentId,
    startsAt: new Date(startsAt),
    endsAt: new Date(endsAt),
    cancelledAt: cancelled ? new Date(startsAt + DAY_MS) : null,
  });
}

async function learners() {
  const bare = await makeUser({ verified: false });
  const trial = await makeUser();
  await startTrial(db, trial.id, NOW - 3 * DAY_MS);
  const planned = await makeUser();
  await startTrial(db, planned.id, NOW - 40 * DAY_MS);
  // An old period, a renewal chain (one cancelled) and the current one.
  await subscribe(planned.id, NOW - 90 * DAY_MS, NOW - 60 * DAY_MS);
  await subscribe(planned.id, NOW - 35 * DAY_MS, NOW - 5 * DAY_MS, true);
  await subscribe(planned.id, NOW - 5 * DAY_MS, NOW + 25 * DAY_MS);
  await saveStudyPlan(
    db,
    planned.id,
    { exam: "neet-pg", examDate: addDays(TODAY, 45), hoursPerDay: 3, daysOff: [] },
    NOW - 4 * DAY_MS,
    "plus",
  );
  return [bare, trial, planned];
}

describe("statements built once per isolate", () => {
  it("read what drizzle's queries read, for every learner, bound afresh each time", async () => {
    const users = await learners();
    // Twice over, so the second round binds statements built for another learner.
    for (const round of [1, 2]) {
      for (const user of users) {
        const sessionId = `session-${round}-${user.id}`;
        const results = await env.DB.batch([
          SESSION_USER.bind(db, { userId: user.id, sessionId }),
          ...accessRecordStatements(db, user.id, NOW),
          TODAYS_TASKS.bind(db, { userId: user.id, today: TODAY }),
        ]);
        const [expectedUser, periods, trial, firstPlan, expectedToday] = await db.batch([
          sessionUserQuery(db, user.id, sessionId),
          ...accessRecordQueries(db, user.id, NOW),
          todaysTasksQuery(db, user.id, TODAY),
        ]);
        const userRows = SESSION_USER.rows(db, results[0]);
        expect(userRows).toEqual(expectedUser);
        expect(userRows[0]?.id).toBe(user.id);
        expect(userRows[0]?.createdAt).toBeInstanceOf(Date);
        const record = accessRecordFromResults(db, results.slice(1, 4), NOW);
        expect(record).toEqual(accessRecordFromRows(periods, trial, firstPlan, NOW));
        expect(TODAYS_TASKS.rows(db, results[4])).toEqual(expectedToday);
      }
    }
    const planned = users[2]!;
    const record = accessRecordFromResults(
      db,
      (await env.DB.batch(accessRecordStatements(db, planned.id, NOW))) as D1Result[],
      NOW,
    );
    // The renewal chain is followed back to its first start through the cancelled period.
    expect(record.subscription?.planId).toBe("plus");
    expect(record.subscription?.startsAt.getTime()).toBe(NOW - 5 * DAY_MS);
    expect(record.subscription?.chainStartsAt.getTime()).toBe(NOW - 35 * DAY_MS);
    // A plan bought before the trial began closes it where it began.
    expect(record.trial?.closesAt.getTime()).toBe(NOW - 40 * DAY_MS);
    const [today] = await env.DB.batch([
      TODAYS_TASKS.bind(db, { userId: planned.id, today: TODAY }),
    ]);
    expect(TODAYS_TASKS.rows(db, today).length).toBeGreaterThan(0);
  });

  it("finds no user for a revoked session", async () => {
    const user = await makeUser();
    await db
      .insert(revokedSessions)
      .values({ id: "revoked-one", userId: user.id, expiresAt: new Date(NOW + DAY_MS) });
    const [kept, revoked] = await env.DB.batch([
      SESSION_USER.bind(db, { userId: user.id, sessionId: "still-good" }),
      SESSION_USER.bind(db, { userId: user.id, sessionId: "revoked-one" }),
    ]);
    expect(SESSION_USER.rows(db, kept).map((row) => row.id)).toEqual([user.id]);
    expect(SESSION_USER.rows(db, revoked)).toEqual([]);
  });
});

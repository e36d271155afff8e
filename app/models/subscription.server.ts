/**
 * Subscriptions and the trial as D1 holds them, and the access they give
 * (docs/decisions/016-access-rules.md): subscription, else an active trial,
 * else none. Counts of use come from the per-user meter (usage.server.ts).
 */
import { and, desc, eq, gt, isNull, min, type Placeholder } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { placeholder, prebuilt } from "~/db/prebuilt.server";
import { READ_KEYS, type RequestReads, sharedRead } from "./request-reads.server";
import { subscriptions, trials } from "~/db/schema";
import { TRIAL } from "~/lib/features";
import { getPlan, type PlanId } from "~/lib/plans";

const DAY_MS = 86_400_000;
const RECENT_PERIODS_MS = 8 * DAY_MS;

export type SubscriptionRecord = {
  /** The paid period covering now. */
  id: string;
  planId: PlanId;
  planName: string;
  startsAt: Date;
  /** Where the unbroken run of periods holding this one began (a renewal keeps the first start). */
  chainStartsAt: Date;
  /** The end of the last period that follows on (a renewal extends it). */
  endsAt: Date;
  cancelledAt: Date | null;
  status: "active" | "cancelled";
};

export type TrialRecord = {
  startedAt: Date;
  endsAt: Date;
  /**
   * When the trial stopped applying: its end, or the start of the first plan
   * bought before then (a plan supersedes the trial for good). Uses made from
   * then on are the plan's, never the trial's.
   */
  closesAt: Date;
};

export type AccessRecord = {
  subscription: SubscriptionRecord | null;
  /** The trial row, if one was ever started (active or not). */
  trial: TrialRecord | null;
};

/** Whole days left, rounded up; 0 once the end has passed. */
export function daysRemaining(endsAt: Date, now: number): number {
  return Math.max(0, Math.ceil((endsAt.getTime() - now) / DAY_MS));
}

/** Starts the free trial once per user (a second call changes nothing). */
export async function startTrial(db: Database, userId: string, now: number): Promise<void> {
  await db
    .insert(trials)
    .values({ userId, startedAt: new Date(now), endsAt: new Date(now + TRIAL.days * DAY_MS) })
    .onConflictDoNothing();
}

/** The statement that starts a trial, for callers that batch it with other writes. */
export function startTrialStatement(db: Database, userId: string, now: number) {
  return db
    .insert(trials)
    .values({ userId, startedAt: new Date(now), endsAt: new Date(now + TRIAL.days * DAY_MS) })
    .onConflictDoNothing();
}

/** The three reads an access record is made of, for callers that batch them with their own. */
export function accessRecordQueries(db: Database, userId: string, now: number) {
  return [
    periodsQuery(db, userId, new Date(recentCutoff(now))),
    trialQuery(db, userId),
    firstPlanQuery(db, userId),
  ] as const;
}

// Periods that ended in the last week too: a renewal's week keeps counting from the first start.
const recentCutoff = (now: number) => now - RECENT_PERIODS_MS;

function periodsQuery(db: Database, userId: string | Placeholder, recent: Date | Placeholder) {
  return db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), gt(subscriptions.endsAt, recent)))
    .orderBy(subscriptions.startsAt);
}

function trialQuery(db: Database, userId: string | Placeholder) {
  return db.select().from(trials).where(eq(trials.userId, userId)).limit(1);
}

/** The first plan ever bought closes the trial. */
function firstPlanQuery(db: Database, userId: string | Placeholder) {
  return db
    .select({ startsAt: min(subscriptions.startsAt) })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
}

const ACCESS_RECORD = [
  prebuilt((db) => periodsQuery(db, placeholder("userId"), placeholder("recent"))),
  prebuilt((db) => trialQuery(db, placeholder("userId"))),
  prebuilt((db) => firstPlanQuery(db, placeholder("userId"))),
] as const;

/** accessRecordQueries built once, as D1 statements for a batch; accessRecordFromResults reads them. */
export function accessRecordStatements(db: Database, userId: string, now: number) {
  const values = { userId, recent: recentCutoff(now) };
  return ACCESS_RECORD.map((query) => query.bind(db, values));
}

/** The access record from the results of accessRecordStatements. */
export function accessRecordFromResults(
  db: Database,
  [periods, trialRows, firstPlanRows]: readonly (D1Result | undefined)[],
  now: number,
): AccessRecord {
  return accessRecordFromRows(
    ACCESS_RECORD[0].rows(db, periods),
    ACCESS_RECORD[1].rows(db, trialRows),
    ACCESS_RECORD[2].rows(db, firstPlanRows),
    now,
  );
}

export async function loadAccessRecord(
  db: Database,
  userId: string,
  now: number,
): Promise<AccessRecord> {
  const [periods, trialRows, firstPlanRows] = await db.batch(accessRecordQueries(db, userId, now));
  return accessRecordFromRows(periods, trialRows, firstPlanRows, now);
}

/**
 * loadAccessRecord, read once per page request: the root loader's viewer
 * offers the record it batched with the session's user, and a page's guard
 * takes it (models/request-reads.server.ts).
 */
export function sharedAccessRecord(
  reads: RequestReads | null | undefined,
  db: Database,
  userId: string,
  now: number,
): Promise<AccessRecord> {
  return sharedRead(reads, READ_KEYS.accessRecord(userId), () => loadAccessRecord(db, userId, now));
}

/** The access record from the rows of accessRecordQueries. */
export function accessRecordFromRows(
  periods: (typeof subscriptions.$inferSelect)[],
  trialRows: (typeof trials.$inferSelect)[],
  firstPlanRows: { startsAt: Date | number | null }[],
  now: number,
): AccessRecord {
  const current = periods.find(
    (period) => period.startsAt.getTime() <= now && period.endsAt.getTime() > now,
  );
  let subscription: SubscriptionRecord | null = null;
  if (current) {
    // Renewals start where the previous period ends; follow the chain both ways.
    let endsAt = current.endsAt;
    let chainStartsAt = current.startsAt;
    for (const period of periods) {
      if (period.startsAt.getTime() <= endsAt.getTime() && period.endsAt > endsAt) {
        endsAt = period.endsAt;
      }
    }
    for (const period of [...periods].reverse()) {
      if (period.startsAt < chainStartsAt && period.endsAt.getTime() >= chainStartsAt.getTime()) {
        chainStartsAt = period.startsAt;
      }
    }
    const cancelledAt = current.cancelledAt;
    subscription = {
      id: current.id,
      planId: current.planId,
      planName: getPlan(current.planId).name,
      startsAt: current.startsAt,
      chainStartsAt,
      endsAt,
      cancelledAt,
      status: cancelledAt ? "cancelled" : "active",
    };
  }
  const trialRow = trialRows[0];
  const firstPlan = firstPlanRows[0]?.startsAt ?? null;
  const firstPlanAt = firstPlan === null ? null : new Date(firstPlan).getTime();
  const trial = trialRow
    ? {
        startedAt: trialRow.startedAt,
        endsAt: trialRow.endsAt,
        closesAt: new Date(
          Math.max(
            trialRow.startedAt.getTime(),
            Math.min(trialRow.endsAt.getTime(), firstPlanAt ?? Infinity),
          ),
        ),
      }
    : null;
  return { subscription, trial };
}

/**
 * Cancels: nothing renews anyway, so this records the wish and access runs to
 * the end date (the FAQ's promise). Returns false when there is nothing to cancel.
 */
export async function cancelSubscription(
  db: Database,
  userId: string,
  now: number,
): Promise<boolean> {
  const at = new Date(now);
  const cancelled = await db
    .update(subscriptions)
    .set({ cancelledAt: at })
    .where(
      and(
        eq(subscriptions.userId, userId),
        gt(subscriptions.endsAt, at),
        isNull(subscriptions.cancelledAt),
      ),
    )
    .returning({ id: subscriptions.id });
  return cancelled.length > 0;
}

/** Every paid period a user holds, newest first (for the account and debug pages). */
export async function listSubscriptions(db: Database, userId: string) {
  return db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.startsAt));
}

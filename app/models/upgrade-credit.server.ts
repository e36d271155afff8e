/**
 * Upgrades while subscribed (docs/decisions/033-upgrade-credit.md): a plan
 * higher up the catalogue than every period the learner still holds starts at
 * once, and the unused part of those periods is credited against its price,
 * pro rata to the time left and to what was paid for each. The credit is
 * quoted when the order is created, held by the order that claims it with its
 * payment (one order only), and the credited periods end when that order is
 * granted.
 */
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { paymentOrders, subscriptions } from "~/db/schema";
import { isUpgrade, PLAN_IDS, type PlanId } from "~/lib/plans";

const DAY_MS = 86_400_000;

export type UpgradeQuote = {
  /** The plan running now, which the upgrade replaces. */
  fromPlanId: PlanId;
  /** What the unused time is worth, in paise (before any cap at the new price). */
  creditPaise: number;
  /** Whole days of paid time left across the replaced periods. */
  unusedDays: number;
  /** The periods replaced: the one running now and any queued after it. */
  subscriptionIds: string[];
};

/**
 * The credit an upgrade to `planId` would carry now, or null when the learner
 * has no plan running or `planId` is not above every plan they still hold
 * (then it is added after the current plan ends, as a renewal is).
 */
export async function upgradeQuote(
  db: Database,
  userId: string,
  planId: PlanId,
  now: number,
): Promise<UpgradeQuote | null> {
  return quoteFromPeriods(await heldPeriods(db, userId, now), planId, now);
}

/**
 * The periods still to run that no upgrade has credited, with what was paid
 * for each: one statement, so the plans page's read can ride the chrome's
 * batch (models/request-reads.server.ts).
 */
export function heldPeriodsStatement(
  db: Database,
  userId: string,
  now: number,
): D1PreparedStatement {
  return db.$client
    .prepare(
      `SELECT s.id, s.plan_id, s.starts_at, s.ends_at, o.amount_paise
       FROM subscriptions s JOIN payment_orders o ON o.id = s.order_id
       WHERE s.user_id = ?1 AND s.ends_at > ?2 AND s.credited_order_id IS NULL`,
    )
    .bind(userId, now);
}

type PeriodRow = {
  id: string;
  plan_id: PlanId;
  starts_at: number;
  ends_at: number;
  amount_paise: number;
};

/** heldPeriodsStatement's rows as periods. */
export function periodsOf(result: D1Result): Period[] {
  return (result.results as PeriodRow[]).map((row) => ({
    id: row.id,
    planId: row.plan_id,
    startsAt: new Date(row.starts_at),
    endsAt: new Date(row.ends_at),
    paidPaise: row.amount_paise,
  }));
}

async function heldPeriods(db: Database, userId: string, now: number): Promise<Period[]> {
  return periodsOf(await heldPeriodsStatement(db, userId, now).all());
}

type Period = { id: string; planId: PlanId; startsAt: Date; endsAt: Date; paidPaise: number };

/** The quote for periods still to run (exported for the unit test). */
export function quoteFromPeriods(
  periods: Period[],
  planId: PlanId,
  now: number,
): UpgradeQuote | null {
  const current = periods.find((p) => p.startsAt.getTime() <= now && p.endsAt.getTime() > now);
  if (!current) return null;
  if (!periods.every((p) => isUpgrade(p.planId, planId))) return null;
  let creditPaise = 0;
  let lastEnd = now;
  for (const period of periods) {
    const start = period.startsAt.getTime();
    const end = period.endsAt.getTime();
    const unused = end - Math.max(start, now);
    if (end > start && unused > 0)
      creditPaise += Math.floor((period.paidPaise * unused) / (end - start));
    lastEnd = Math.max(lastEnd, end);
  }
  return {
    fromPlanId: current.planId,
    creditPaise,
    unusedDays: Math.floor((lastEnd - now) / DAY_MS),
    subscriptionIds: periods.map((p) => p.id),
  };
}

/** False once another order holds one of the periods this order's credit came from. */
export async function creditStillFree(
  db: Database,
  order: { id: string; creditFrom: string | null },
): Promise<boolean> {
  const ids = parseCreditFrom(order.creditFrom);
  if (ids.length === 0) return true;
  const rows = await db
    .select({ heldBy: subscriptions.creditedOrderId })
    .from(subscriptions)
    .where(inArray(subscriptions.id, ids));
  return rows.every((row) => row.heldBy === null || row.heldBy === order.id);
}

function parseCreditFrom(value: string | null): string[] {
  if (!value) return [];
  try {
    const ids: unknown = JSON.parse(value);
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

/**
 * SQL that is true when the order named by `orderRef` (a column or a bound
 * parameter) carries no credit, or holds every period its credit came from.
 */
export function creditHeldSql(orderRef: string): string {
  const from = `(SELECT credit_from FROM payment_orders WHERE id = ${orderRef})`;
  return `(${from} IS NULL OR (SELECT count(*) FROM subscriptions WHERE credited_order_id = ${orderRef}) = json_array_length(${from}))`;
}

/**
 * The statements around an order's claim: before it, take the periods its
 * credit came from (only those no other order holds, and only while the order
 * is open and inside its window); after it, give them back unless the claim
 * went through. Bind order: ?1 order id, ?2 now.
 */
export function creditClaimStatements(
  db: Database,
  orderId: string,
  now: number,
  windowMs: number,
) {
  const d1 = db.$client;
  return {
    hold: d1
      .prepare(
        `UPDATE subscriptions SET credited_order_id = ?1
         WHERE credited_order_id IS NULL AND ends_at > ?2 AND id IN (
           SELECT value FROM json_each((
             SELECT credit_from FROM payment_orders
             WHERE id = ?1 AND status IN ('created', 'failed') AND claimed_payment_id IS NULL
               AND coalesce(expires_at, created_at + ${windowMs}) > ?2
           ))
         )`,
      )
      .bind(orderId, now),
    releaseUnlessClaimed: d1
      .prepare(
        `UPDATE subscriptions SET credited_order_id = NULL
         WHERE credited_order_id = ?1
           AND NOT EXISTS (SELECT 1 FROM payment_orders WHERE id = ?1 AND claimed_payment_id IS NOT NULL)`,
      )
      .bind(orderId),
  };
}

/**
 * Ends the periods an upgrade credited, at the instant it is granted: the
 * running one stops now and a queued one never starts. Only once the order is
 * paid with this payment (the statement runs in the grant's batch).
 */
export function endCreditedPeriodsStatement(
  db: Database,
  orderId: string,
  paymentId: string | null,
  now: number,
) {
  return db.$client
    .prepare(
      `UPDATE subscriptions SET starts_at = min(starts_at, ?1), ends_at = ?1, ended_early_at = ?1
       WHERE credited_order_id = ?2 AND ended_early_at IS NULL AND ends_at > ?1
         AND EXISTS (SELECT 1 FROM payment_orders WHERE id = ?2 AND status = 'paid' AND payment_id IS ?3)`,
    )
    .bind(now, orderId, paymentId);
}

export type UpgradeDetails = { creditPaise: number; fromPlanId: PlanId };

/** For an upgrade order that was granted: what it credited, and the plan it replaced. */
export async function upgradeDetails(
  db: Database,
  orderId: string,
): Promise<UpgradeDetails | null> {
  const [row] = await db
    .select({ creditPaise: paymentOrders.creditPaise, fromPlanId: subscriptions.planId })
    .from(paymentOrders)
    .innerJoin(subscriptions, eq(subscriptions.creditedOrderId, paymentOrders.id))
    .where(and(eq(paymentOrders.id, orderId), isNotNull(subscriptions.endedEarlyAt)))
    .orderBy(subscriptions.startsAt)
    .limit(1);
  return row ?? null;
}

/** The quote for each plan the learner could upgrade to now (for the plans page's summary). */
export function upgradeQuotes(
  periods: Period[],
  now: number,
): Partial<Record<PlanId, UpgradeQuote>> {
  const quotes: Partial<Record<PlanId, UpgradeQuote>> = {};
  for (const planId of PLAN_IDS) {
    const quote = quoteFromPeriods(periods, planId, now);
    if (quote) quotes[planId] = quote;
  }
  return quotes;
}

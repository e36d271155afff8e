/**
 * Promo codes, user side (docs/decisions/017-money-and-promo-codes.md). A
 * code's definition and its uses are read from D1 in one query (no cached
 * copy: an admin's change applies at once, docs/decisions/026-admin-dashboard.md).
 *
 * A use is reserved when an order is created and committed when it is paid,
 * in the same D1 transaction as the subscription. The reservation is one
 * INSERT … SELECT whose WHERE clause counts the code's live uses: D1 runs
 * statements one at a time, so two buyers can never both take the last use.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { promoCodes, promoRedemptions } from "~/db/schema";
import {
  basisPointsToPercent,
  normalizePromoCode,
  priceFor,
  type Pricing,
  PROMO_MESSAGES,
} from "~/lib/pricing";
import type { PlanId } from "~/lib/plans";
import type { Throttler } from "./throttle.server";
import { creditHeldSql } from "./upgrade-credit.server";

/** How long a code's use is held for an unpaid order. */
export const PROMO_RESERVATION_MS = 30 * 60_000;

export type PromoDeps = {
  /** When present, codes that do not exist count against the user's guessing allowance. */
  throttle?: Throttler;
  db: Database;
  now: () => number;
};

/** The SQL condition "this reservation or commitment holds a use at `now`". */
function holdsUse(now: number) {
  return sql`(${promoRedemptions.state} = 'committed' OR (${promoRedemptions.state} = 'reserved' AND ${promoRedemptions.reservedUntil} > ${now}))`;
}

/**
 * The code's definition and its uses at `now`, in one D1 query: no cached
 * copy, so an admin's change (docs/decisions/026-admin-dashboard.md) applies
 * to the very next validation.
 */
async function readCode(db: Database, code: string, userId: string, now: number) {
  const [row] = await db
    .select({
      discountBasisPoints: promoCodes.discountBasisPoints,
      description: promoCodes.description,
      isActive: promoCodes.isActive,
      expiresAt: promoCodes.expiresAt,
      maxUses: promoCodes.maxUses,
      deletedAt: promoCodes.deletedAt,
      live: sql<number>`count(${promoRedemptions.id})`,
      mine: sql<number>`coalesce(sum(case when ${promoRedemptions.userId} = ${userId} and ${promoRedemptions.state} = 'committed' then 1 else 0 end), 0)`,
      mineReserved: sql<number>`coalesce(sum(case when ${promoRedemptions.userId} = ${userId} and ${promoRedemptions.state} = 'reserved' then 1 else 0 end), 0)`,
    })
    .from(promoCodes)
    .leftJoin(promoRedemptions, and(eq(promoRedemptions.code, promoCodes.code), holdsUse(now)))
    .where(eq(promoCodes.code, code))
    .groupBy(promoCodes.code)
    .limit(1);
  return row ?? null;
}

export type AppliedPromo = {
  ok: true;
  code: string;
  discountBasisPoints: number;
  discountPercentage: number;
  description: string;
  pricing: Pricing;
};

export type RejectedPromo = {
  ok: false;
  message: string;
  /** Too many unknown codes tried: answer 429. */
  tooMany?: true;
};

/**
 * Whether `code` applies to `planId` for this user now: it exists, is active,
 * has not expired, has uses left, and this user has not redeemed it before.
 */
export async function validatePromo(
  deps: PromoDeps,
  input: { code: string; planId: PlanId; userId: string },
): Promise<AppliedPromo | RejectedPromo> {
  const code = normalizePromoCode(input.code);
  if (!code) return { ok: false, message: PROMO_MESSAGES.enterCode };
  if (deps.throttle && !(await deps.throttle.peek("promoGuessesPerUser", input.userId)).allowed) {
    return { ok: false, message: PROMO_MESSAGES.tooManyGuesses, tooMany: true };
  }
  const now = deps.now();
  const definition = await readCode(deps.db, code, input.userId, now);
  if (!definition || definition.deletedAt !== null) {
    await deps.throttle?.consume("promoGuessesPerUser", input.userId);
    return { ok: false, message: PROMO_MESSAGES.notValid };
  }
  if (!definition.isActive) return { ok: false, message: PROMO_MESSAGES.inactive };
  if (definition.expiresAt !== null && definition.expiresAt.getTime() <= now) {
    return { ok: false, message: PROMO_MESSAGES.expired };
  }
  if (definition.mine > 0) return { ok: false, message: PROMO_MESSAGES.alreadyUsed };
  // This user's own unpaid reservation is replaced by their next order, so it does not count against them.
  const taken = definition.live - definition.mineReserved;
  if (definition.maxUses !== null && taken >= definition.maxUses) {
    return { ok: false, message: PROMO_MESSAGES.usedUp };
  }
  return {
    ok: true,
    code,
    discountBasisPoints: definition.discountBasisPoints,
    discountPercentage: basisPointsToPercent(definition.discountBasisPoints),
    description: definition.description,
    pricing: priceFor(input.planId, definition.discountBasisPoints),
  };
}

/**
 * Holds one use of `code` for `orderId`, if the code (checked again, in the
 * same statement) is still valid and has a use left. Any earlier unpaid reservation of
 * the same code by the same user is released first. Returns false when no use
 * could be taken.
 */
export async function reservePromo(
  db: Database,
  input: { code: string; userId: string; orderId: string; now: number },
): Promise<boolean> {
  const { code, userId, orderId, now } = input;
  const d1 = db.$client;
  const [, inserted] = await d1.batch([
    d1
      .prepare(
        "UPDATE promo_redemptions SET state = 'released', settled_at = ?1 WHERE code = ?2 AND user_id = ?3 AND state = 'reserved'",
      )
      .bind(now, code, userId),
    d1
      .prepare(
        `INSERT OR IGNORE INTO promo_redemptions (id, code, user_id, order_id, state, reserved_until, created_at)
         SELECT ?1, ?2, ?3, ?4, 'reserved', ?5, ?6
         FROM promo_codes p
         WHERE p.code = ?2
           AND p.is_active = 1
           AND p.deleted_at IS NULL
           AND (p.expires_at IS NULL OR p.expires_at > ?6)
           AND (p.max_uses IS NULL OR p.max_uses > (
             SELECT count(*) FROM promo_redemptions r
             WHERE r.code = p.code
               AND (r.state = 'committed' OR (r.state = 'reserved' AND r.reserved_until > ?6))
           ))`,
      )
      .bind(crypto.randomUUID(), code, userId, orderId, now + PROMO_RESERVATION_MS, now),
  ]);
  // Its own row (changes also counts the page-version trigger's write: migration 0019).
  return (inserted?.meta.changes ?? 0) > 0;
}

/** Gives the use back when an order fails or could not be created. */
export async function releasePromo(db: Database, orderId: string, now: number): Promise<void> {
  await db
    .update(promoRedemptions)
    .set({ state: "released", settledAt: new Date(now) })
    .where(and(eq(promoRedemptions.orderId, orderId), eq(promoRedemptions.state, "reserved")));
}

/**
 * Commits the order's use when a payment is taken for it: only while the hold
 * is still live (not lapsed, not released by Cancel or by the learner's newer
 * order) and the code still has room besides it, and only if the order itself
 * can still take a payment. Run in the same D1 batch as the order's claim
 * (payments.server.ts), so the use and the order are taken together or not
 * at all; a payment that comes too late never commits a use the code no longer has.
 */
export function commitHoldStatement(
  db: Database,
  orderId: string,
  now: number,
): D1PreparedStatement {
  return db.$client
    .prepare(
      `UPDATE promo_redemptions SET state = 'committed', settled_at = ?1
       WHERE order_id = ?2 AND state = 'reserved' AND reserved_until > ?1
         AND EXISTS (
           SELECT 1 FROM payment_orders o
           WHERE o.id = ?2 AND o.status IN ('created', 'failed') AND o.claimed_payment_id IS NULL
             AND coalesce(o.expires_at, o.created_at + ${PROMO_RESERVATION_MS}) > ?1
             AND ${creditHeldSql("o.id")}
         )
         AND (
           (SELECT p.max_uses FROM promo_codes p WHERE p.code = promo_redemptions.code) IS NULL
           OR (SELECT p.max_uses FROM promo_codes p WHERE p.code = promo_redemptions.code) > (
             SELECT count(*) FROM promo_redemptions r
             WHERE r.code = promo_redemptions.code AND r.id != promo_redemptions.id
               AND (r.state = 'committed' OR (r.state = 'reserved' AND r.reserved_until > ?1))
           )
         )`,
    )
    .bind(now, orderId);
}

/** Why a promo order's hold can no longer be committed, for the learner's message. */
export async function holdState(
  db: Database,
  orderId: string,
  now: number,
): Promise<"live" | "lapsed" | "released" | "committed" | "none"> {
  const [row] = await db
    .select({ state: promoRedemptions.state, reservedUntil: promoRedemptions.reservedUntil })
    .from(promoRedemptions)
    .where(eq(promoRedemptions.orderId, orderId))
    .limit(1);
  if (!row) return "none";
  if (row.state !== "reserved") return row.state;
  return row.reservedUntil.getTime() > now ? "live" : "lapsed";
}

/**
 * Marks reservations whose hold has lapsed (an order left unpaid past
 * PROMO_RESERVATION_MS) as released. They stopped counting against the code
 * when they lapsed; this only tidies the rows the dashboard counts. A lapsed
 * order that is paid after all is still committed by commitPromoStatement.
 */
export async function releaseLapsedPromos(db: Database, now: number): Promise<number> {
  const released = await db
    .update(promoRedemptions)
    .set({ state: "released", settledAt: new Date(now) })
    .where(
      and(eq(promoRedemptions.state, "reserved"), sql`${promoRedemptions.reservedUntil} <= ${now}`),
    )
    .returning({ id: promoRedemptions.id });
  return released.length;
}

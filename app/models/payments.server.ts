/**
 * Plan purchases (docs/decisions/018-payments.md). The server prices the
 * order, the provider takes the money, and a subscription is granted only
 * after the server has verified the payment itself: the Checkout signature over
 * the order id it stored, the payment captured, its amount and currency equal
 * to the order's, the order this user's, the payment id never used before.
 *
 * Every path that grants (the browser's verify call, the create-direct family,
 * the webhook, the reconciler, the offline checkout) ends in `acceptPayment`.
 *
 * An order can be paid only inside its window (ORDER_WINDOW_MS, the same 30
 * minutes its promo use is held) and only while it is open: Cancel, or the
 * learner's newer order with the same code, closes it at once. Before a
 * payment is captured, one D1 batch *claims* the order for it: the order is
 * bound to that payment id and its promo use committed, or neither. Only a
 * claimed order is captured and granted (the grant's D1 transaction marks the
 * order paid and creates the subscription once); a payment for an order that
 * cannot be claimed is never captured, or refunded if the provider already
 * captured it (`payment_refusals` records which). A claim outlives a crash: the
 * webhook and the reconciler finish a claimed order whatever the clock says.
 */
import { and, eq, gt, inArray, lt } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { paymentEvents, paymentOrders, paymentRefusals, subscriptions } from "~/db/schema";
import type { PaymentGateway, ProviderPayment } from "~/integrations/payments/index.server";
import type { PaymentButton } from "~/lib/payment-button";
import { PAYMENT_MESSAGES } from "~/lib/payment-messages";
import { getPlan, type PlanId } from "~/lib/plans";
import { normalizePromoCode, priceFor, withCredit, type Pricing } from "~/lib/pricing";
import type { AppContext } from "~/load-context";
import {
  commitHoldStatement,
  holdState,
  PROMO_RESERVATION_MS,
  releasePromo,
  reservePromo,
  validatePromo,
} from "./promo.server";
import { createThrottler, type Throttler } from "./throttle.server";
import {
  creditClaimStatements,
  creditHeldSql,
  creditStillFree,
  endCreditedPeriodsStatement,
  upgradeQuote,
} from "./upgrade-credit.server";

export type PaymentDeps = {
  db: Database;
  kv: KVNamespace;
  gateway: PaymentGateway | null;
  now: () => number;
  waitUntil: (promise: Promise<unknown>) => void;
  /** Limits promo-code guessing when present (pages and the API pass it). */
  throttle?: Throttler;
};

/** The payment dependencies of a request, for pages, API routes and the webhook worker alike. */
export function paymentDeps(context: AppContext, now: () => number = Date.now): PaymentDeps {
  return {
    db: context.db,
    kv: context.bindings.KV,
    gateway: context.payments,
    now,
    waitUntil: context.waitUntil,
    throttle: createThrottler(context.bindings.THROTTLE, now),
  };
}

export type OrderRow = typeof paymentOrders.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** How long an order can be paid: the same window as its promo hold, so the two end together. */
export const ORDER_WINDOW_MS = PROMO_RESERVATION_MS;

export type RefusalRow = typeof paymentRefusals.$inferSelect;
export type Refusal = Pick<RefusalRow, "reason" | "outcome">;

export type PaymentFailure = {
  ok: false;
  status: 400 | 402 | 403 | 404 | 409 | 429 | 502 | 503;
  message: string;
  /** Set when the payment reached an order that could no longer take it. */
  refusal?: Refusal;
};

function fail(status: PaymentFailure["status"], message: string): PaymentFailure {
  return { ok: false, status, message };
}

const REFUSAL_REASONS: Record<RefusalRow["reason"], string> = {
  expired: "This order had expired",
  cancelled: "This order was cancelled",
  replaced: "This order was replaced by your newer order",
  "used-up": "The promo code on this order has reached its usage limit",
  duplicate: "This order was already paid with another payment",
};

const REFUSAL_OUTCOMES: Record<RefusalRow["outcome"], string> = {
  "not-captured":
    "so we did not take the payment. Any amount your bank set aside for it is released automatically.",
  "refund-pending":
    "so we are refunding the payment in full. It reaches your account in a few working days.",
  refunded: "so we refunded the payment in full. It reaches your account in a few working days.",
};

/** What the learner is told about a payment that bought nothing. */
export function refusalMessage(refusal: Refusal): string {
  return `${REFUSAL_REASONS[refusal.reason]}, ${REFUSAL_OUTCOMES[refusal.outcome]}`;
}

export type Buyer = { id: string; firstName: string; lastName: string; email: string };

export type CreatedOrder = {
  ok: true;
  kind: "order";
  order: OrderRow;
  pricing: Pricing;
  promo: { code: string; discountPercentage: number } | null;
  button: PaymentButton;
};

export type FreeGrant = {
  ok: true;
  kind: "free";
  order: OrderRow;
  pricing: Pricing;
  promo: { code: string; discountPercentage: number } | null;
  subscription: SubscriptionRow;
};

const MERCHANT_NAME = "MedMentor";

function buttonFor(gateway: PaymentGateway, order: OrderRow, buyer: Buyer): PaymentButton {
  const plan = getPlan(order.planId);
  const notes: Record<string, string> = {
    userId: buyer.id,
    planId: order.planId,
    orderId: order.id,
  };
  if (order.promoCode) notes.promoCode = order.promoCode;
  return {
    id: order.providerOrderId,
    amount: order.amountPaise,
    currency: "INR",
    description: `${plan.name} plan · ${plan.duration}`,
    name: MERCHANT_NAME,
    referenceId: order.id,
    prefill: {
      name: `${buyer.firstName} ${buyer.lastName}`.trim(),
      email: buyer.email,
      contact: "",
    },
    notes,
    key: gateway.keyId,
    testMode: gateway.testMode,
    checkout: gateway.checkout,
  };
}

/**
 * Prices the plan (with the promo code, if any), reserves the code's use and
 * creates the provider's order. A 100 % code grants the plan at once.
 */
export async function createOrder(
  deps: PaymentDeps,
  buyer: Buyer,
  input: { planId: PlanId; promoCode?: string | null },
): Promise<CreatedOrder | FreeGrant | PaymentFailure> {
  const now = deps.now();
  const code = input.promoCode ? normalizePromoCode(input.promoCode) : "";
  let promo: { code: string; discountPercentage: number; basisPoints: number } | null = null;
  if (code) {
    const applied = await validatePromo(deps, { code, planId: input.planId, userId: buyer.id });
    if (!applied.ok) return fail(applied.tooMany ? 429 : 400, applied.message);
    promo = {
      code: applied.code,
      discountPercentage: applied.discountPercentage,
      basisPoints: applied.discountBasisPoints,
    };
  }
  const upgrade = await upgradeQuote(deps.db, buyer.id, input.planId, now);
  const discounted = priceFor(input.planId, promo?.basisPoints ?? 0);
  const pricing = upgrade ? withCredit(discounted, upgrade.creditPaise) : discounted;
  const orderId = crypto.randomUUID();
  const free = pricing.amountPaise === 0;
  if (!free && !deps.gateway) return fail(503, PAYMENT_MESSAGES.configFailed);

  if (
    promo &&
    !(await reservePromo(deps.db, { code: promo.code, userId: buyer.id, orderId, now }))
  ) {
    // Someone took the last use (or the code changed) since it was validated.
    const again = await validatePromo(deps, {
      code: promo.code,
      planId: input.planId,
      userId: buyer.id,
    });
    return fail(409, again.ok ? PAYMENT_MESSAGES.initFailed : again.message);
  }

  const row = {
    id: orderId,
    userId: buyer.id,
    planId: input.planId,
    currency: "INR",
    originalPaise: pricing.originalPaise,
    discountPaise: pricing.savingsPaise,
    amountPaise: pricing.amountPaise,
    promoCode: promo?.code ?? null,
    creditPaise: pricing.creditPaise,
    creditFrom: upgrade ? JSON.stringify(upgrade.subscriptionIds) : null,
    createdAt: new Date(now),
    updatedAt: new Date(now),
    expiresAt: new Date(now + ORDER_WINDOW_MS),
  };
  const publicPromo = promo
    ? { code: promo.code, discountPercentage: promo.discountPercentage }
    : null;

  if (free) {
    const claim = `free_${orderId}`;
    await deps.db
      .insert(paymentOrders)
      .values({ ...row, provider: "free", providerOrderId: claim });
    if (!(await claimOrder(deps.db, orderId, claim, now))) {
      return fail(409, PAYMENT_MESSAGES.initFailed);
    }
    const granted = await grantOrder(deps.db, orderId, null, claim, now);
    if (!granted.ok) return granted;
    return {
      ok: true,
      kind: "free",
      order: granted.order,
      pricing,
      promo: publicPromo,
      subscription: granted.subscription,
    };
  }

  const gateway = deps.gateway!;
  let providerOrderId: string;
  try {
    const created = await gateway.createOrder({
      amount: pricing.amountPaise,
      currency: "INR",
      receipt: orderId,
      notes: {
        userId: buyer.id,
        planId: input.planId,
        orderId,
        ...(promo ? { promoCode: promo.code } : {}),
      },
    });
    if (created.amount !== pricing.amountPaise || created.currency !== "INR") {
      throw new Error("The provider's order does not match the price");
    }
    providerOrderId = created.id;
  } catch (error) {
    console.error("payments: order creation failed", error);
    await releasePromo(deps.db, orderId, now);
    return fail(502, PAYMENT_MESSAGES.initFailed);
  }
  const [order] = await deps.db
    .insert(paymentOrders)
    .values({ ...row, provider: gateway.provider, providerOrderId })
    .returning();
  return {
    ok: true,
    kind: "order",
    order: order!,
    pricing,
    promo: publicPromo,
    button: buttonFor(gateway, order!, buyer),
  };
}

// ---------------------------------------------------------------------------
// Granting.

export type Granted = {
  ok: true;
  order: OrderRow;
  subscription: SubscriptionRow;
  alreadyGranted: boolean;
};

/**
 * Claims an open order for one payment (or, for a 100 % code, for the order
 * itself): in one D1 batch the promo use is committed (commitHoldStatement)
 * and the order bound to `claim`, each only if the order is still open,
 * inside its window and, with a code, its hold still live. True when the
 * order is (now or already) claimed by `claim`.
 */
async function claimOrder(db: Database, orderId: string, claim: string, now: number) {
  const d1 = db.$client;
  const credit = creditClaimStatements(db, orderId, now, ORDER_WINDOW_MS);
  await d1.batch([
    credit.hold,
    commitHoldStatement(db, orderId, now),
    d1
      .prepare(
        `UPDATE payment_orders SET claimed_payment_id = ?1, updated_at = ?2
         WHERE id = ?3 AND status IN ('created', 'failed') AND claimed_payment_id IS NULL
           AND coalesce(expires_at, created_at + ${ORDER_WINDOW_MS}) > ?2
           AND (promo_code IS NULL OR EXISTS (
             SELECT 1 FROM promo_redemptions r WHERE r.order_id = ?3 AND r.state = 'committed'
           ))
           AND ${creditHeldSql("?3")}`,
      )
      .bind(claim, now, orderId),
    credit.releaseUnlessClaimed,
  ]);
  const [row] = await db
    .select({ claimed: paymentOrders.claimedPaymentId })
    .from(paymentOrders)
    .where(eq(paymentOrders.id, orderId))
    .limit(1);
  return row?.claimed === claim;
}

/**
 * The one transaction that grants a claimed order: the order becomes paid with
 * this payment id (never back again) and the subscription for it is created
 * once, starting now or where the user's current period ends.
 */
async function grantOrder(
  db: Database,
  orderId: string,
  paymentId: string | null,
  claim: string,
  now: number,
): Promise<Granted | PaymentFailure> {
  const [before] = await db
    .select()
    .from(paymentOrders)
    .where(eq(paymentOrders.id, orderId))
    .limit(1);
  if (!before) return fail(404, PAYMENT_MESSAGES.orderNotFound);
  if (before.status === "paid" && before.paymentId !== paymentId) {
    return fail(409, PAYMENT_MESSAGES.paymentReused);
  }
  const months = `+${getPlan(before.planId).durationMonths} months`;
  try {
    const d1 = db.$client;
    await d1.batch([
      d1
        .prepare(
          "UPDATE payment_orders SET status = 'paid', payment_id = ?1, paid_at = ?2, updated_at = ?2, failure_reason = NULL WHERE id = ?3 AND status != 'paid' AND claimed_payment_id = ?4",
        )
        .bind(paymentId, now, orderId, claim),
      endCreditedPeriodsStatement(db, orderId, paymentId, now),
      d1
        .prepare(
          `INSERT OR IGNORE INTO subscriptions (id, user_id, plan_id, order_id, payment_id, starts_at, ends_at, created_at)
           SELECT ?1, o.user_id, o.plan_id, o.id, o.payment_id, s.start,
                  unixepoch(s.start / 1000, 'unixepoch', ?2) * 1000 + s.start % 1000, ?3
           FROM payment_orders o,
                (SELECT max(?3, coalesce((SELECT max(ends_at) FROM subscriptions WHERE user_id = ?4), 0)) AS start) s
           WHERE o.id = ?5 AND o.status = 'paid' AND o.payment_id IS ?6`,
        )
        .bind(crypto.randomUUID(), months, now, before.userId, orderId, paymentId),
    ]);
  } catch (error) {
    if (String(error).includes("UNIQUE")) return fail(409, PAYMENT_MESSAGES.paymentReused);
    throw error;
  }
  const [order] = await db
    .select()
    .from(paymentOrders)
    .where(eq(paymentOrders.id, orderId))
    .limit(1);
  const [subscription] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.orderId, orderId))
    .limit(1);
  if (!order || order.paymentId !== paymentId || !subscription) {
    return fail(409, PAYMENT_MESSAGES.paymentReused);
  }
  return { ok: true, order, subscription, alreadyGranted: before.status === "paid" };
}

/** Why an order that could not be claimed for a payment is closed to it. */
async function closedReason(
  db: Database,
  order: OrderRow,
  now: number,
): Promise<RefusalRow["reason"]> {
  const [fresh] = await db
    .select()
    .from(paymentOrders)
    .where(eq(paymentOrders.id, order.id))
    .limit(1);
  const current = fresh ?? order;
  if (current.status === "paid" || current.claimedPaymentId) return "duplicate";
  if (current.status === "cancelled") return "cancelled";
  const expiresAt = current.expiresAt?.getTime() ?? current.createdAt.getTime() + ORDER_WINDOW_MS;
  if (expiresAt <= now) return "expired";
  if (current.creditFrom && !(await creditStillFree(db, current))) return "replaced";
  if (current.promoCode) {
    const hold = await holdState(db, order.id, now);
    if (hold === "released") return "replaced";
    if (hold === "lapsed") return "expired";
    return "used-up";
  }
  return "expired";
}

/**
 * A payment the order could not take. An authorized payment is left
 * uncaptured (the provider releases it); a captured one is refunded in full
 * through the provider. Recorded once per payment, so the browser, the webhook
 * and the reconciler refund it once between them; a refund the provider did
 * not accept stays "refund-pending" for the reconciler.
 */
async function refusePayment(
  deps: PaymentDeps,
  order: OrderRow,
  payment: ProviderPayment,
  reason: RefusalRow["reason"],
): Promise<PaymentFailure> {
  const now = deps.now();
  const captured = payment.status === "captured";
  const inserted = await deps.db
    .insert(paymentRefusals)
    .values({
      paymentId: payment.id,
      orderId: order.id,
      reason,
      outcome: captured ? "refund-pending" : "not-captured",
      amountPaise: payment.amount,
      updatedAt: new Date(now),
    })
    .onConflictDoNothing()
    .returning({ paymentId: paymentRefusals.paymentId });
  let mine = captured && inserted.length === 1;
  if (captured && !mine) {
    // Refused while authorized, captured by the provider since: now it is refunded.
    const moved = await deps.db
      .update(paymentRefusals)
      .set({ outcome: "refund-pending", updatedAt: new Date(now) })
      .where(
        and(eq(paymentRefusals.paymentId, payment.id), eq(paymentRefusals.outcome, "not-captured")),
      )
      .returning({ paymentId: paymentRefusals.paymentId });
    mine = moved.length === 1;
  }
  if (mine) await refundRefused(deps, payment.id);
  const [row] = await deps.db
    .select()
    .from(paymentRefusals)
    .where(eq(paymentRefusals.paymentId, payment.id))
    .limit(1);
  const refusal = { reason: row?.reason ?? reason, outcome: row?.outcome ?? "not-captured" };
  return { ok: false, status: 409, message: refusalMessage(refusal), refusal };
}

/** Asks the provider to refund a refused payment in full and records the refund. */
async function refundRefused(deps: PaymentDeps, paymentId: string): Promise<boolean> {
  const [row] = await deps.db
    .select()
    .from(paymentRefusals)
    .where(eq(paymentRefusals.paymentId, paymentId))
    .limit(1);
  if (!row || row.outcome !== "refund-pending" || !deps.gateway) return false;
  let refundId: string | null = null;
  try {
    const refund = await deps.gateway.refundPayment(paymentId, row.amountPaise, {
      orderId: row.orderId,
      reason: row.reason,
    });
    refundId = refund.id;
  } catch (error) {
    // Refunded already (a run that stopped before recording it)? Then record it now.
    const payment = await deps.gateway.fetchPayment(paymentId).catch(() => null);
    if (payment?.status !== "refunded") {
      console.error("payments: refund failed for", paymentId, error);
      return false;
    }
  }
  await deps.db
    .update(paymentRefusals)
    .set({ outcome: "refunded", refundId, updatedAt: new Date(deps.now()) })
    .where(
      and(eq(paymentRefusals.paymentId, paymentId), eq(paymentRefusals.outcome, "refund-pending")),
    );
  return true;
}

/**
 * Accepts a payment for an order after checking it: it belongs to the order,
 * its amount and currency equal the order's, and the order can be claimed for
 * it (or already is). Only then is an authorized payment captured and the plan
 * granted; otherwise the payment is refused (never captured, or refunded).
 * `payment` is either fetched from the provider or taken from a webhook body
 * whose signature was checked.
 */
async function acceptPayment(
  deps: PaymentDeps,
  order: OrderRow,
  payment: ProviderPayment,
): Promise<Granted | PaymentFailure> {
  if (payment.order_id !== order.providerOrderId)
    return fail(400, PAYMENT_MESSAGES.verificationFailed);
  if (payment.amount !== order.amountPaise || payment.currency !== order.currency) {
    return fail(400, PAYMENT_MESSAGES.amountMismatch);
  }
  if (order.status === "paid" && order.paymentId === payment.id) {
    return grantOrder(deps.db, order.id, payment.id, payment.id, deps.now());
  }
  // Refused before (and maybe refunded since): the same answer, and a refund if it was captured since.
  const [refused] = await deps.db
    .select({ reason: paymentRefusals.reason })
    .from(paymentRefusals)
    .where(eq(paymentRefusals.paymentId, payment.id))
    .limit(1);
  if (refused) return refusePayment(deps, order, payment, refused.reason);
  if (payment.status !== "authorized" && payment.status !== "captured") {
    return fail(402, PAYMENT_MESSAGES.notCaptured);
  }
  if (
    order.claimedPaymentId !== payment.id &&
    !(await claimOrder(deps.db, order.id, payment.id, deps.now()))
  ) {
    return refusePayment(deps, order, payment, await closedReason(deps.db, order, deps.now()));
  }
  let settled = payment;
  if (settled.status === "authorized" && deps.gateway) {
    try {
      settled = await deps.gateway.capturePayment(payment.id, order.amountPaise, order.currency);
    } catch (error) {
      // Captured by a parallel call for the same payment? Ask the provider.
      const now = await deps.gateway.fetchPayment(payment.id).catch(() => null);
      if (now?.status !== "captured") {
        console.error("payments: capture failed", error);
        return fail(402, PAYMENT_MESSAGES.notCaptured);
      }
      settled = now;
    }
  }
  if (settled.status !== "captured") return fail(402, PAYMENT_MESSAGES.notCaptured);
  return grantOrder(deps.db, order.id, payment.id, payment.id, deps.now());
}

async function fetchProviderPayment(deps: PaymentDeps, paymentId: string) {
  if (!deps.gateway) return fail(503, PAYMENT_MESSAGES.configFailed);
  if (!/^pay_[A-Za-z0-9]{6,40}$/.test(paymentId))
    return fail(400, PAYMENT_MESSAGES.verificationFailed);
  try {
    const payment = await deps.gateway.fetchPayment(paymentId);
    return payment ?? fail(400, PAYMENT_MESSAGES.verificationFailed);
  } catch (error) {
    console.error("payments: payment fetch failed", error);
    return fail(502, PAYMENT_MESSAGES.notProcessed);
  }
}

/** Checkout's result (POST /api/payments/payment/verify, the hosted checkout's callback). */
export async function verifyCheckout(
  deps: PaymentDeps,
  userId: string,
  input: { orderId: string; paymentId: string; signature: string },
): Promise<Granted | PaymentFailure> {
  const [order] = await deps.db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.providerOrderId, input.orderId), eq(paymentOrders.userId, userId)))
    .limit(1);
  if (!order || order.provider === "free") return fail(404, PAYMENT_MESSAGES.orderNotFound);
  if (!deps.gateway || deps.gateway.provider !== order.provider)
    return fail(503, PAYMENT_MESSAGES.configFailed);
  const signed = deps.gateway.verifyPaymentSignature({
    orderId: order.providerOrderId,
    paymentId: input.paymentId,
    signature: input.signature,
  });
  if (!signed) return fail(400, PAYMENT_MESSAGES.verificationFailed);
  const payment = await fetchProviderPayment(deps, input.paymentId);
  if ("ok" in payment) return payment;
  return acceptPayment(deps, order, payment);
}

/**
 * Checkout's signed result for whoever created the order. The hosted checkout
 * posts back from the provider's site, so the session cookie (SameSite=Lax)
 * does not come along; the signature over our own order id is what proves the
 * payment, and the plan goes to the order's owner, never to whoever happens to
 * post it.
 */
export async function verifyCheckoutResult(
  deps: PaymentDeps,
  input: { orderId: string; paymentId: string; signature: string },
): Promise<Granted | PaymentFailure> {
  const [order] = await deps.db
    .select()
    .from(paymentOrders)
    .where(eq(paymentOrders.providerOrderId, input.orderId))
    .limit(1);
  if (!order) return fail(404, PAYMENT_MESSAGES.orderNotFound);
  return verifyCheckout(deps, order.userId, input);
}

/**
 * create-direct, create-after-payment and check-and-create-subscription: the
 * client names a payment id; the server asks the provider for that payment and
 * accepts it only for one of this user's orders for this plan.
 */
export async function confirmPaymentById(
  deps: PaymentDeps,
  userId: string,
  input: { planId: PlanId; paymentId: string },
): Promise<Granted | PaymentFailure> {
  const payment = await fetchProviderPayment(deps, input.paymentId);
  if ("ok" in payment) return payment;
  if (!payment.order_id) return fail(400, PAYMENT_MESSAGES.verificationFailed);
  const [order] = await deps.db
    .select()
    .from(paymentOrders)
    .where(
      and(eq(paymentOrders.providerOrderId, payment.order_id), eq(paymentOrders.userId, userId)),
    )
    .limit(1);
  if (!order) return fail(404, PAYMENT_MESSAGES.orderNotFound);
  if (order.planId !== input.planId) return fail(400, PAYMENT_MESSAGES.verificationFailed);
  return acceptPayment(deps, order, payment);
}

/** The subscription a payment already bought for this user, if any. */
export async function subscriptionForPayment(db: Database, userId: string, paymentId: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.paymentId, paymentId)))
    .limit(1);
  return row ?? null;
}

/** What became of a payment that bought nothing, if it reached one of this user's orders. */
export async function refusalForPayment(
  db: Database,
  userId: string,
  paymentId: string,
): Promise<Refusal | null> {
  const [row] = await db
    .select({ reason: paymentRefusals.reason, outcome: paymentRefusals.outcome })
    .from(paymentRefusals)
    .innerJoin(paymentOrders, eq(paymentOrders.id, paymentRefusals.orderId))
    .where(and(eq(paymentRefusals.paymentId, paymentId), eq(paymentOrders.userId, userId)))
    .limit(1);
  return row ?? null;
}

export type CancelOutcome = { ok: true; cancelled: boolean } | PaymentFailure;

/**
 * The learner closed the checkout (Cancel, the modal's close, the hosted
 * checkout's cancel_url): the order takes no payment from now on and its promo
 * use is given back at once, in one D1 batch. An order already claimed for a
 * payment or paid is not cancelled; a closed one answers as cancelled again.
 */
export async function cancelOrder(
  db: Database,
  userId: string,
  providerOrderId: string,
  now: number,
): Promise<CancelOutcome> {
  const [order] = await db
    .select()
    .from(paymentOrders)
    .where(
      and(eq(paymentOrders.providerOrderId, providerOrderId), eq(paymentOrders.userId, userId)),
    )
    .limit(1);
  if (!order || order.provider === "free") return fail(404, PAYMENT_MESSAGES.orderNotFound);
  const d1 = db.$client;
  await d1.batch([
    d1
      .prepare(
        "UPDATE payment_orders SET status = 'cancelled', updated_at = ?1 WHERE id = ?2 AND status IN ('created', 'failed') AND claimed_payment_id IS NULL",
      )
      .bind(now, order.id),
    d1
      .prepare(
        "UPDATE promo_redemptions SET state = 'released', settled_at = ?1 WHERE order_id = ?2 AND state = 'reserved' AND EXISTS (SELECT 1 FROM payment_orders WHERE id = ?2 AND status = 'cancelled')",
      )
      .bind(now, order.id),
  ]);
  const [after] = await db
    .select({ status: paymentOrders.status })
    .from(paymentOrders)
    .where(eq(paymentOrders.id, order.id))
    .limit(1);
  if (after?.status === "cancelled") return { ok: true, cancelled: true };
  return fail(409, PAYMENT_MESSAGES.orderAlreadyPaid);
}

/** A failed attempt: the order is marked failed unless it was paid (a paid order never goes back). */
async function recordFailedPayment(
  db: Database,
  providerOrderId: string,
  reason: string,
  now: number,
) {
  await db
    .update(paymentOrders)
    .set({ status: "failed", failureReason: reason.slice(0, 500), updatedAt: new Date(now) })
    .where(
      and(eq(paymentOrders.providerOrderId, providerOrderId), eq(paymentOrders.status, "created")),
    );
}

// ---------------------------------------------------------------------------
// Webhooks.

export type WebhookOutcome = {
  status: 200 | 400 | 401 | 500;
  body: { ok: boolean; message: string };
};

/**
 * POST /webhooks/razorpay: the signature over the raw body with the webhook
 * secret, then each event id once. payment.captured, payment.authorized and
 * order.paid grant through acceptPayment; payment.failed marks an unpaid order
 * failed. Events for orders that are not ours are acknowledged and ignored.
 */
export async function handleWebhook(
  deps: PaymentDeps,
  input: { rawBody: string; signature: string | null; eventId: string | null },
): Promise<WebhookOutcome> {
  if (!deps.gateway)
    return { status: 400, body: { ok: false, message: "Payments are not configured" } };
  if (!input.signature || !deps.gateway.verifyWebhookSignature(input.rawBody, input.signature)) {
    return { status: 401, body: { ok: false, message: "Invalid signature" } };
  }
  let event: { event?: unknown; payload?: { payment?: { entity?: ProviderPayment } } };
  try {
    event = JSON.parse(input.rawBody);
  } catch {
    return { status: 400, body: { ok: false, message: "Malformed body" } };
  }
  const name = typeof event.event === "string" ? event.event : "";
  const payment = event.payload?.payment?.entity;
  const eventId = input.eventId?.slice(0, 100) || null;
  if (eventId) {
    const [seen] = await deps.db
      .select({ id: paymentEvents.eventId })
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, eventId))
      .limit(1);
    if (seen) return { status: 200, body: { ok: true, message: "Already handled" } };
  }

  let message = "Ignored";
  if (payment && typeof payment.order_id === "string") {
    const [order] = await deps.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.providerOrderId, payment.order_id))
      .limit(1);
    if (
      order &&
      (name === "payment.captured" || name === "order.paid" || name === "payment.authorized")
    ) {
      // order.paid carries the payment as captured; its order entity says paid.
      const settled =
        name === "order.paid"
          ? { ...payment, status: "captured" as const, captured: true }
          : payment;
      const result = await acceptPayment(deps, order, settled);
      message = result.ok ? "Granted" : result.message;
    } else if (order && name === "payment.failed") {
      await recordFailedPayment(
        deps.db,
        payment.order_id,
        payment.error_description ?? "Payment failed",
        deps.now(),
      );
      message = "Recorded failure";
    }
  }
  if (eventId) {
    await deps.db
      .insert(paymentEvents)
      .values({ eventId, event: name.slice(0, 60), providerOrderId: payment?.order_id ?? null })
      .onConflictDoNothing();
  }
  return { status: 200, body: { ok: true, message } };
}

// ---------------------------------------------------------------------------
// The reconciler.

export const RECONCILE_AFTER_MS = 10 * 60_000;
const RECONCILE_WINDOW_MS = 3 * 86_400_000;

/**
 * For orders left unpaid for over ten minutes (created or failed, up to three
 * days old), asks the provider for their payments and grants any captured one
 * (a webhook that never came). Run by the scheduled handler.
 *
 * Each run takes the orders asked about least recently (an order's updated_at
 * is moved on when it is asked about), so abandoned checkouts, which stay
 * unpaid for the whole window, take turns with newer orders instead of
 * filling every run.
 */
export async function reconcileOrders(
  deps: PaymentDeps,
  options: { limit?: number } = {},
): Promise<{ checked: number; granted: number; errors: number }> {
  const gateway = deps.gateway;
  if (!gateway) return { checked: 0, granted: 0, errors: 0 };
  const now = deps.now();
  const stale = await deps.db
    .select()
    .from(paymentOrders)
    .where(
      and(
        inArray(paymentOrders.status, ["created", "failed", "cancelled"]),
        eq(paymentOrders.provider, gateway.provider),
        lt(paymentOrders.createdAt, new Date(now - RECONCILE_AFTER_MS)),
        gt(paymentOrders.createdAt, new Date(now - RECONCILE_WINDOW_MS)),
      ),
    )
    .orderBy(paymentOrders.updatedAt, paymentOrders.createdAt)
    .limit(options.limit ?? 50);
  let granted = 0;
  let errors = 0;
  for (const order of stale) {
    let result: Granted | PaymentFailure | null = null;
    try {
      const payments = await gateway.fetchOrderPayments(order.providerOrderId);
      // The claimed payment first (a grant a crash interrupted), then captured before authorized.
      const rank = (payment: ProviderPayment) =>
        payment.id === order.claimedPaymentId ? 0 : payment.status === "captured" ? 1 : 2;
      const taken = payments
        .filter((payment) => payment.status === "captured" || payment.status === "authorized")
        .sort((a, b) => rank(a) - rank(b));
      for (const payment of taken) {
        const [current] = await deps.db
          .select()
          .from(paymentOrders)
          .where(eq(paymentOrders.id, order.id))
          .limit(1);
        const outcome = await acceptPayment(deps, current ?? order, payment);
        if (outcome.ok && !outcome.alreadyGranted) granted += 1;
        if (!result?.ok) result = outcome;
      }
    } catch (error) {
      errors += 1;
      console.error("payments: reconcile failed for", order.id, error);
    }
    if (!result?.ok) {
      // Still unpaid: to the back of the queue (a paid order never changes again).
      await deps.db
        .update(paymentOrders)
        .set({ updatedAt: new Date(now) })
        .where(
          and(
            eq(paymentOrders.id, order.id),
            inArray(paymentOrders.status, ["created", "failed", "cancelled"]),
          ),
        );
    }
  }
  return { checked: stale.length, granted, errors };
}

/** Refunds the provider did not accept the first time, tried again (the reconciler's second job). */
export async function retryPendingRefunds(deps: PaymentDeps, limit = 20): Promise<number> {
  const pending = await deps.db
    .select({ paymentId: paymentRefusals.paymentId })
    .from(paymentRefusals)
    .where(eq(paymentRefusals.outcome, "refund-pending"))
    .orderBy(paymentRefusals.updatedAt)
    .limit(limit);
  let refunded = 0;
  for (const row of pending) {
    if (await refundRefused(deps, row.paymentId)) refunded += 1;
  }
  return refunded;
}

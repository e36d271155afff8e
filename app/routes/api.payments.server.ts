/**
 * The request side of /api/payments/* (docs/api.md, "Plans and payments"):
 * the bodies the payment calls accept, the messages they answer with, and the
 * JSON shapes of plans, prices, orders and subscriptions. Pricing, orders and
 * the checks before a plan is granted live in app/models/payments.server.ts
 * and promo.server.ts; this module only reads requests and shapes answers.
 * The usage calls under /api/payments/usage/* are answered by
 * api.usage.server.ts, and the subscription status by its statusJson.
 *
 * Money is given twice: rupees as numbers (what the screens show) and integer
 * paise (`…Paise`, what the provider charges).
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { apiError, apiOk, handleApi, methodNotAllowed, parseJsonBody } from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";
import { PAYMENT_MESSAGES } from "~/lib/payment-messages";
import { formatRupees, getPlan, PLAN_IDS, PLANS, type Plan } from "~/lib/plans";
import { type Pricing, PROMO_MESSAGES } from "~/lib/pricing";
import type { AppContext } from "~/load-context";
import {
  confirmPaymentById,
  createOrder,
  type CreatedOrder,
  type FreeGrant,
  type PaymentFailure,
  paymentDeps,
  type SubscriptionRow,
} from "~/models/payments.server";
import { daysRemaining } from "~/models/subscription.server";

/** What each call answers when something unexpected fails (500). */
export const PAYMENTS_API_FALLBACKS = {
  subscriptionStatus: "Failed to fetch subscription status",
  validatePromo: "Failed to validate promo code",
  createOrder: "Failed to create payment order",
  cancelOrder: "Failed to cancel payment order",
  paymentButton: PAYMENT_MESSAGES.configFailed,
  verifyPayment: "Payment verification failed",
  cancelSubscription: PAYMENT_MESSAGES.cancelFailed,
  createSubscription: "Failed to create subscription",
} as const;

export const PAYMENTS_API_MESSAGES = {
  orderCreated: "Payment order created.",
  configGenerated: "Payment configuration generated.",
  paymentIdRequired: "A payment id is required.",
  paymentResultIncomplete:
    "The payment result is incomplete: the order id, payment id and signature are required.",
} as const;

export function promoAppliedMessage(discountPercentage: number, pricing: Pricing): string {
  return `${discountPercentage}% off applied. You save ${formatRupees(pricing.savingsPaise)}.`;
}

export function planActivatedMessage(planId: Plan["id"]): string {
  return `Your ${getPlan(planId).name} plan is active.`;
}

const dateFormat = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Asia/Kolkata",
});

export function cancelledMessage(endDate: string): string {
  return `Your subscription is cancelled and will not renew. You keep access until ${dateFormat.format(new Date(endDate))}.`;
}

/** The model's refusal, with its status and message. */
export function apiPaymentFailure(failure: PaymentFailure) {
  return apiError(failure.status, failure.message);
}

// ---------------------------------------------------------------------------
// Body schemas.

/** A plan id: required, one of starter, plus, pro. */
function planIdField(missing: string, invalid: string) {
  return z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .pipe(z.enum(PLAN_IDS, { error: invalid }));
}

/** A promo code counts only if non-empty after trimming; blank means none. */
const optionalPromoCode = z
  .string({ error: PROMO_MESSAGES.notValid })
  .max(100, PROMO_MESSAGES.notValid)
  .nullish()
  .transform((value) => value?.trim() || null);

export const promoValidateSchema = z.object({
  promoCode: z
    .string({ error: PROMO_MESSAGES.enterCode })
    .trim()
    .min(1, PROMO_MESSAGES.enterCode)
    .max(100, PROMO_MESSAGES.notValid),
  planId: planIdField(PROMO_MESSAGES.selectPlan, PROMO_MESSAGES.selectPlan),
});

export const orderSchema = z.object({
  planId: planIdField(PAYMENT_MESSAGES.selectPlan, PAYMENT_MESSAGES.invalidPlan),
  promoCode: optionalPromoCode,
});

export const orderCancelSchema = z.object({
  orderId: z
    .string({ error: "An order id is required." })
    .trim()
    .regex(/^order_[A-Za-z0-9]{6,40}$/, "An order id is required."),
});

/** Copies the first alias present onto the canonical key (Checkout's snake_case names and camelCase). */
function withAliases(aliases: Record<string, readonly string[]>) {
  return (raw: unknown) => {
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return raw;
    const source = raw as Record<string, unknown>;
    const copy: Record<string, unknown> = { ...source };
    for (const [key, names] of Object.entries(aliases)) {
      const name = names.find((candidate) => source[candidate] !== undefined);
      copy[key] = name === undefined ? undefined : source[name];
    }
    return copy;
  };
}

const providerIdField = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(100, message);

export const verifySchema = z.preprocess(
  withAliases({
    orderId: ["razorpay_order_id", "razorpayOrderId", "orderId"],
    paymentId: ["razorpay_payment_id", "razorpayPaymentId", "paymentId"],
    signature: ["razorpay_signature", "razorpaySignature", "signature"],
  }),
  z.object({
    orderId: providerIdField(PAYMENTS_API_MESSAGES.paymentResultIncomplete),
    paymentId: providerIdField(PAYMENTS_API_MESSAGES.paymentResultIncomplete),
    signature: providerIdField(PAYMENTS_API_MESSAGES.paymentResultIncomplete),
    /** The order decides the plan; a planId, when sent, must still be a plan. */
    planId: z.enum(PLAN_IDS, { error: PAYMENT_MESSAGES.invalidPlan }).optional(),
  }),
);

export const confirmPaymentSchema = z.preprocess(
  withAliases({
    paymentId: ["paymentId", "razorpay_payment_id", "razorpayPaymentId", "payment_id"],
  }),
  z.object({
    planId: planIdField(PAYMENT_MESSAGES.selectPlan, PAYMENT_MESSAGES.invalidPlan),
    paymentId: providerIdField(PAYMENTS_API_MESSAGES.paymentIdRequired),
    /** Accepted for clients that send it; the order's own price (and code) is what was paid. */
    promoCode: optionalPromoCode,
  }),
);

// ---------------------------------------------------------------------------
// Shaping answers.

function rupees(paise: number): number {
  return paise / 100;
}

/** One plan as GET /api/payments/plans lists it. */
function planJson(plan: Plan) {
  return {
    id: plan.id,
    name: plan.name,
    duration: plan.duration,
    durationMonths: plan.durationMonths,
    price: rupees(plan.pricePaise),
    pricePaise: plan.pricePaise,
    currency: "INR",
    simulationsPerWeek: plan.simulationsPerWeek,
    mostPopular: plan.mostPopular,
    tagline: plan.tagline,
    features: plan.featureKeys,
    highlights: plan.highlights,
  };
}

export function plansJson() {
  return PLANS.map(planJson);
}

export function pricingJson(pricing: Pricing) {
  return {
    currency: "INR",
    originalAmount: rupees(pricing.originalPaise),
    discountedAmount: rupees(pricing.amountPaise),
    savings: rupees(pricing.savingsPaise),
    originalAmountPaise: pricing.originalPaise,
    discountedAmountPaise: pricing.amountPaise,
    savingsPaise: pricing.savingsPaise,
    /** An upgrade's credit for the unused part of the current plan (0 otherwise). */
    upgradeCredit: rupees(pricing.creditPaise),
    upgradeCreditPaise: pricing.creditPaise,
    isFree: pricing.amountPaise === 0,
  };
}

/** A subscription row (one paid period) as the verify and create-direct answers give it. */
export function subscriptionRowJson(row: SubscriptionRow, now: number) {
  return {
    id: row.id,
    planId: row.planId,
    planName: getPlan(row.planId).name,
    status: row.cancelledAt ? "cancelled" : "active",
    startDate: row.startsAt.toISOString(),
    endDate: row.endsAt.toISOString(),
    daysRemaining: daysRemaining(row.endsAt, now),
    orderId: row.orderId,
    paymentId: row.paymentId,
  };
}

// ---------------------------------------------------------------------------
// Orders.

/** What order/create and payment-button/generate share: the plan, the price and the code. */
function orderCommonJson(result: CreatedOrder | FreeGrant) {
  const plan = getPlan(result.order.planId);
  return {
    plan: { id: plan.id, name: plan.name, duration: plan.duration },
    pricing: pricingJson(result.pricing),
    promoCode: result.promo,
  };
}

/** A 100 % code: the plan is granted at once and nothing is charged. */
export function freeGrantJson(result: FreeGrant, now: number) {
  return {
    free: true,
    message: `${planActivatedMessage(result.order.planId)} The promo code covered the full price.`,
    order: {
      id: result.order.providerOrderId,
      amount: 0,
      currency: result.order.currency,
      receipt: result.order.id,
      status: result.order.status,
    },
    subscription: subscriptionRowJson(result.subscription, now),
    ...orderCommonJson(result),
  };
}

/**
 * The order-creating calls (order/create and payment-button/generate): the
 * same order, answered in each call's shape. A 100 % code grants at once.
 */
export async function createOrderAnswer(
  request: Request,
  context: AppContext,
  fallback: string,
  shape: (created: CreatedOrder) => Record<string, unknown>,
  free: (granted: FreeGrant, now: number) => Record<string, unknown> = freeGrantJson,
): Promise<Response> {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleApi(fallback, async () => {
    const { user } = await requireApiAuth(request, context);
    const input = await parseJsonBody(request, orderSchema, { emptyIsObject: true });
    const deps = paymentDeps(context);
    const result = await createOrder(deps, user, input);
    if (!result.ok) return apiPaymentFailure(result);
    if (result.kind === "free") return apiOk(free(result, deps.now()), 201);
    return apiOk({ free: false, ...shape(result), ...orderCommonJson(result) }, 201);
  });
}

// ---------------------------------------------------------------------------
// The create-direct family.

/**
 * POST /api/payments/subscription/create-direct, /subscription/create-after-payment
 * and /payment/check-and-create-subscription { planId, paymentId, promoCode? }
 * → { success, message, subscription }. The client's payment id alone grants
 * nothing: the server asks the provider for that payment and accepts it only
 * for one of this user's orders for this plan, captured, for the order's
 * amount (confirmPaymentById). The order's own price and code are what was paid.
 */
export async function confirmPaymentRoute({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleApi(PAYMENTS_API_FALLBACKS.createSubscription, async () => {
    const { user } = await requireApiAuth(request, context);
    const input = await parseJsonBody(request, confirmPaymentSchema, { emptyIsObject: true });
    const deps = paymentDeps(context);
    const granted = await confirmPaymentById(deps, user.id, {
      planId: input.planId,
      paymentId: input.paymentId,
    });
    if (!granted.ok) return apiPaymentFailure(granted);
    return apiOk({
      message: planActivatedMessage(granted.order.planId),
      alreadyGranted: granted.alreadyGranted,
      subscription: subscriptionRowJson(granted.subscription, deps.now()),
    });
  });
}

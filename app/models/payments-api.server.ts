/**
 * The JSON adapter for /api/payments/*, /api/usage/* and /api/trial/* (000 §7,
 * 001 §7): Bearer token in, JSON out. Routes parse with the schemas below and
 * call the plans, usage and payments models; this file only shapes their
 * answers the way the spec names the fields. No rule of access, price or
 * payment lives here.
 *
 * Answers are `{ success: true, ...fields }` with the spec's field names at the
 * top level (hasActiveSubscription, subscription, trial, usage, limits…);
 * refusals are `{ success: false, message, ... }` with 400 / 401 / 403 / 404 /
 * 405 / 409, and anything unexpected is a 500 with the call's 000 §8 fallback.
 * Money is given twice: rupees as numbers (what the screens show) and integer
 * paise (`…Paise`, what the provider charges). -1 means unlimited.
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { AUTH_MESSAGES } from "~/lib/auth-messages";
import { FEATURE_KEYS, TRIAL, type FeatureKey } from "~/lib/features";
import { PAYMENT_MESSAGES } from "~/lib/payment-messages";
import { formatRupees, getPlan, PLAN_IDS, PLANS, type Plan } from "~/lib/plans";
import { type Pricing, PROMO_MESSAGES } from "~/lib/pricing";
import { TRACKING_FAILED_MESSAGE } from "~/lib/usage-messages";
import { IST_OFFSET_MS, weekWindow } from "~/lib/usage-window";
import type { AppContext } from "~/load-context";
import {
  ApiResponse,
  apiError,
  apiOk,
  handleApi,
  methodNotAllowed,
  parseJsonBody,
} from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";
import type { Authenticated } from "./auth.server";
import {
  confirmPaymentById,
  createOrder,
  type CreatedOrder,
  type FreeGrant,
  type PaymentFailure,
  type SubscriptionRow,
  paymentDeps,
} from "./payments.server";
import { daysRemaining } from "./subscription.server";
import {
  type AccessSummary,
  type AccessType,
  type FeatureCheck,
  recordUse,
  type UsageDeps,
  type UseDenied,
  type UseGranted,
  usageAnalytics,
  subscriberKeepsAccessIfMeterFails,
} from "./usage.server";

/** 000 §8 fallbacks where the spec names one; plain statements of the failed call elsewhere. */
export const PAYMENTS_API_FALLBACKS = {
  subscriptionStatus: "Failed to fetch subscription status",
  validatePromo: "Failed to validate promo code",
  createOrder: "Failed to create payment order",
  paymentButton: PAYMENT_MESSAGES.configFailed,
  verifyPayment: "Payment verification failed",
  cancelSubscription: PAYMENT_MESSAGES.cancelFailed,
  trackUsage: "Failed to track usage",
  checkUsage: "Failed to check usage",
  createSubscription: "Failed to create subscription",
  usage: "Failed to fetch usage",
  recordUsage: "Failed to record usage",
  usageAnalytics: "Failed to fetch usage analytics",
  resetUsage: "Failed to reset usage",
  checkAndRecord: "Failed to check and record usage",
  trialStatus: "Failed to fetch trial status",
  trialAccess: "Failed to check feature access",
  trialUsage: "Failed to record trial usage",
  trialAnalytics: "Failed to fetch trial analytics",
} as const;

export const PAYMENTS_API_MESSAGES = {
  accessGranted: "Access granted.",
  usageRecorded: "Usage recorded.",
  orderCreated: "Payment order created.",
  configGenerated: "Payment configuration generated.",
  paymentIdRequired: "A payment id is required.",
  paymentResultIncomplete:
    "The payment result is incomplete: the order id, payment id and signature are required.",
  amountInvalid: "amount must be a whole number from 1 to 20.",
  daysInvalid: "days must be a whole number from 1 to 365.",
  idempotencyKeyInvalid:
    "The idempotency key must be 1 to 100 letters, digits, '-', '_', '.' or ':'.",
  adminOnly: "Only administrators can reset usage.",
  userNotFound: "No account has this user id.",
  usageReset: "Usage reset.",
  noTrial: "No free trial has been started for this account.",
  subscriberNotOnTrial: "Your subscription is active, so trial usage does not apply.",
  topicTooLong: "Please keep the topic to 200 characters or fewer.",
  sessionIdInvalid: "sessionId must be 1 to 100 characters.",
  completedInvalid: "completed must be true or false.",
  // 001 §5
  scenariosOutOfRange: "Number of scenarios must be between 1 and 10.",
} as const;

/** 'Unknown feature' with the four keys the API knows. */
export function unknownFeatureMessage(value: unknown): string {
  const shown = typeof value === "string" && value ? ` '${value.slice(0, 40)}'` : "";
  return `Unknown feature${shown}. Use one of: ${FEATURE_KEYS.join(", ")}.`;
}

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

// ---------------------------------------------------------------------------
// Requests.

/** The model's refusal, with its status and message. */
export function apiPaymentFailure(failure: PaymentFailure) {
  return apiError(failure.status, failure.message);
}

/** Admins only: 401 without a session, 403 for everyone else. */
export async function requireApiAdmin(
  request: Request,
  context: AppContext,
): Promise<Authenticated> {
  const auth = await requireApiAuth(request, context);
  if (auth.user.role !== "admin") {
    throw new ApiResponse(apiError(403, PAYMENTS_API_MESSAGES.adminOnly));
  }
  return auth;
}

export function isFeatureKey(value: unknown): value is FeatureKey {
  return typeof value === "string" && (FEATURE_KEYS as readonly string[]).includes(value);
}

/** The feature named in the path; anything else answers 400 listing the four keys. */
export function parseFeature(value: string | undefined): FeatureKey {
  if (isFeatureKey(value)) return value;
  throw new ApiResponse(apiError(400, unknownFeatureMessage(value)));
}

const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,100}$/;

/**
 * The client's idempotency key (the body's, else the `Idempotency-Key`
 * header), so a retried request is counted once; a fresh one when neither is
 * sent (each call is then one use).
 */
export function idempotencyKeyFrom(request: Request, fromBody?: string | null): string {
  const key = fromBody ?? request.headers.get("Idempotency-Key");
  if (key === null || key === undefined) return crypto.randomUUID();
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new ApiResponse(apiError(400, PAYMENTS_API_MESSAGES.idempotencyKeyInvalid));
  }
  return `client:${key}`;
}

/** A `?days=` value from 1 to 365 (default 30, 000 §9); anything else answers 400. */
export function parseDays(url: URL, fallback = 30): number {
  const raw = url.searchParams.get("days");
  if (raw === null) return fallback;
  const days = /^\d{1,3}$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
  if (!Number.isInteger(days) || days < 1 || days > 365) {
    throw new ApiResponse(apiError(400, PAYMENTS_API_MESSAGES.daysInvalid));
  }
  return days;
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

/** A promo code is sent only if non-empty after trimming (001 §5); blank means none. */
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
    /** Accepted for the spec's shape; the order's own price (and code) is what was paid. */
    promoCode: optionalPromoCode,
  }),
);

const amountField = z
  .number({ error: PAYMENTS_API_MESSAGES.amountInvalid })
  .int(PAYMENTS_API_MESSAGES.amountInvalid)
  .min(1, PAYMENTS_API_MESSAGES.amountInvalid)
  .max(20, PAYMENTS_API_MESSAGES.amountInvalid)
  .default(1);

export const trackSchema = z.object({
  feature: z.enum(FEATURE_KEYS, { error: (issue) => unknownFeatureMessage(issue.input) }),
  amount: amountField,
});

const topicField = z
  .string({ error: PAYMENTS_API_MESSAGES.topicTooLong })
  .trim()
  .max(200, PAYMENTS_API_MESSAGES.topicTooLong)
  .optional();

/** A simulation session's fields (000 §3), all optional. */
export const sessionSchema = z.object({
  sessionId: z
    .string({ error: PAYMENTS_API_MESSAGES.sessionIdInvalid })
    .trim()
    .min(1, PAYMENTS_API_MESSAGES.sessionIdInvalid)
    .max(100, PAYMENTS_API_MESSAGES.sessionIdInvalid)
    .optional(),
  topic: topicField,
  completed: z.boolean({ error: PAYMENTS_API_MESSAGES.completedInvalid }).optional(),
});

/** The combined call's body: what is being made (001 §7) and an optional idempotency key. */
export const checkAndRecordSchema = z.object({
  details: z
    .object(
      {
        topic: topicField,
        numberOfScenarios: z
          .number({ error: PAYMENTS_API_MESSAGES.scenariosOutOfRange })
          .int(PAYMENTS_API_MESSAGES.scenariosOutOfRange)
          .min(1, PAYMENTS_API_MESSAGES.scenariosOutOfRange)
          .max(10, PAYMENTS_API_MESSAGES.scenariosOutOfRange)
          .optional(),
      },
      { error: AUTH_MESSAGES.malformedJson },
    )
    .optional(),
  idempotencyKey: z.string({ error: PAYMENTS_API_MESSAGES.idempotencyKeyInvalid }).optional(),
});

// ---------------------------------------------------------------------------
// Shaping answers.

type PerFeature<T> = Record<FeatureKey, T>;

export function perFeature<T>(value: (feature: FeatureKey) => T): PerFeature<T> {
  return Object.fromEntries(
    FEATURE_KEYS.map((feature) => [feature, value(feature)]),
  ) as PerFeature<T>;
}

function rupees(paise: number): number {
  return paise / 100;
}

/** One plan as GET /api/payments/plans lists it. */
export function planJson(plan: Plan) {
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

/**
 * The trial as 000 §3 lists it. A trial is always described, even when none
 * was started (started: false, nothing active), so a client never falls back
 * to assuming a default trial.
 */
export function trialJson(summary: AccessSummary) {
  const trial = summary.trial;
  const common = {
    accessType: summary.accessType,
    hasActiveTrial: summary.accessType === "trial",
    totalLimit: TRIAL.totalUses,
  };
  if (!trial) {
    return {
      started: false,
      isActive: false,
      isExpired: false,
      isExhausted: false,
      startDate: null,
      endDate: null,
      daysRemaining: 0,
      totalUsed: 0,
      percentageUsed: 0,
      currentUsage: perFeature(() => 0),
      limits: perFeature(() => 0),
      usageRemaining: perFeature(() => 0),
      features: perFeature(() => ({ used: 0, limit: 0, remaining: 0 })),
      ...common,
    };
  }
  return {
    started: true,
    isActive: trial.isActive,
    isExpired: trial.isExpired,
    isExhausted: trial.isExhausted,
    startDate: trial.startedAt,
    endDate: trial.endsAt,
    daysRemaining: trial.daysRemaining,
    totalUsed: trial.totalUsed,
    percentageUsed: trial.percentageUsed,
    currentUsage: perFeature((feature) => trial.features[feature].used),
    limits: perFeature((feature) => trial.features[feature].limit),
    usageRemaining: perFeature((feature) => trial.features[feature].remaining),
    features: trial.features,
    ...common,
  };
}

/** GET /api/payments/subscription/status and the trial answers' shared part. */
export function statusJson(summary: AccessSummary) {
  return {
    hasActiveSubscription: summary.accessType === "subscription",
    accessType: summary.accessType,
    subscription: summary.subscription,
    trial: trialJson(summary),
  };
}

/** The counts in force per feature: the plan's week, the trial, or none (limits 0). */
export function countsJson(summary: AccessSummary) {
  const rows =
    summary.usage.length > 0
      ? summary.usage
      : summary.trial && !summary.trial.isExpired
        ? FEATURE_KEYS.map((feature) => ({ feature, ...summary.trial!.features[feature] }))
        : [];
  const row = (feature: FeatureKey) => rows.find((entry) => entry.feature === feature);
  return {
    usage: perFeature((feature) => row(feature)?.used ?? 0),
    limits: perFeature((feature) => row(feature)?.limit ?? 0),
    remainingLimits: perFeature((feature) => row(feature)?.remaining ?? 0),
  };
}

/** The window the counts cover: this India-time week on a plan, the whole trial on a trial. */
export function periodJson(summary: AccessSummary, now: number) {
  if (summary.accessType === "subscription" && summary.subscription) {
    const week = weekWindow(now);
    return {
      kind: "week" as const,
      startDate: new Date(
        Math.max(week.startsAt, Date.parse(summary.subscription.startDate)),
      ).toISOString(),
      resetsAt: new Date(week.endsAt).toISOString(),
    };
  }
  if (summary.trial) {
    return { kind: "trial" as const, startDate: summary.trial.startedAt, resetsAt: null };
  }
  return null;
}

/** Uses per feature since Monday 00:00 India time, from the meter's log. */
export async function usesThisWeek(deps: UsageDeps, userId: string): Promise<PerFeature<number>> {
  const week = weekWindow(deps.now());
  const analytics = await usageAnalytics(deps, userId, 7);
  const monday = istDate(week.startsAt);
  const counts = perFeature(() => 0);
  for (const day of analytics.daily) {
    if (day.date < monday) continue;
    for (const feature of FEATURE_KEYS) counts[feature] += day.counts[feature];
  }
  return counts;
}

/** The India-time calendar date of an instant, as usageAnalytics labels its days. */
export function istDate(at: number): string {
  return new Date(at + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** A feature check (checkFeature) as the check endpoints answer it; refusals carry the model's message. */
export function checkJson(check: FeatureCheck) {
  return {
    hasAccess: check.hasAccess,
    accessType: check.accessType,
    message: check.message ?? PAYMENTS_API_MESSAGES.accessGranted,
    needsSubscription: check.denial?.needsSubscription ?? false,
    currentUsage: check.currentUsage,
    limit: check.limit,
    remaining: check.remaining,
  };
}

export function usageCountsJson(counts: { used: number; limit: number; remaining: number }) {
  return { used: counts.used, limit: counts.limit, remaining: counts.remaining };
}

/** A refused use: 403 with the counts and whether a subscription would help. */
export function deniedJson(denial: UseDenied, message: string) {
  return apiError(403, message, {
    hasAccess: false,
    accessType: denial.accessType,
    reason: denial.reason,
    needsSubscription: denial.needsSubscription,
    currentUsage: denial.used,
    limit: denial.limit,
    remaining: denial.remaining,
    usage: usageCountsJson(denial),
  });
}

// ---------------------------------------------------------------------------
// Recording a use.

export type RecordOutcome =
  | { kind: "granted"; use: UseGranted }
  | { kind: "denied"; denial: UseDenied }
  /** 000 §8: the meter failed for a subscriber, who keeps access. */
  | { kind: "untracked"; accessType: Extract<AccessType, "subscription"> };

/**
 * Check and record one use (recordUse). When the meter cannot be reached, a
 * subscriber is still let through ('Subscription access granted (tracking
 * failed)', 000 §8); anyone else's failure is the call's error.
 */
export async function recordForApi(
  deps: UsageDeps,
  userId: string,
  feature: FeatureKey,
  idempotencyKey: string,
  amount = 1,
): Promise<RecordOutcome> {
  return subscriberKeepsAccessIfMeterFails(
    deps,
    userId,
    async (): Promise<RecordOutcome> => {
      const result = await recordUse(deps, userId, feature, idempotencyKey, amount);
      return result.ok ? { kind: "granted", use: result } : { kind: "denied", denial: result };
    },
    (): RecordOutcome => ({ kind: "untracked", accessType: "subscription" }),
  );
}

/** The granted (or untracked) answer of every recording call. */
export function recordedJson(
  outcome: Exclude<RecordOutcome, { kind: "denied" }>,
  extra: Record<string, unknown> = {},
) {
  if (outcome.kind === "untracked") {
    return apiOk({
      ...extra,
      hasAccess: true,
      tracked: false,
      message: TRACKING_FAILED_MESSAGE,
      accessType: outcome.accessType,
      usage: null,
    });
  }
  const { use } = outcome;
  return apiOk({
    ...extra,
    hasAccess: true,
    tracked: true,
    message: PAYMENTS_API_MESSAGES.usageRecorded,
    accessType: use.accessType,
    currentUsage: use.used,
    limit: use.limit,
    remaining: use.remaining,
    usage: usageCountsJson(use),
  });
}

// ---------------------------------------------------------------------------
// Orders.

/** What order/create and payment-button/generate share: the plan, the price and the code. */
export function orderCommonJson(result: CreatedOrder | FreeGrant) {
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

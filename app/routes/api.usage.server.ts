/**
 * The request side of /api/usage/*, /api/trial/* and /api/payments/usage/*
 * (docs/api.md, "Usage" and "Trial"): the feature in the path, the
 * idempotency key, `?days=`, the bodies these calls accept, and the JSON
 * shapes of the access summary, the trial, the counts and a recorded (or
 * refused) use. Who may use what, and how much, is decided in
 * app/models/usage.server.ts (docs/decisions/016-access-rules.md); this
 * module only reads requests and shapes answers.
 *
 * Answers carry the field names clients read at the top level
 * (hasActiveSubscription, subscription, trial, usage, limits…); refusals are
 * `{ success: false, message, ... }`. -1 means unlimited.
 */
import { z } from "zod";
import {
  ApiResponse,
  apiError,
  apiOk,
  IDEMPOTENCY_KEY_MESSAGE,
  idempotencyKeyFrom,
} from "~/http/api.server";
import { AUTH_MESSAGES } from "~/lib/auth-messages";
import { FEATURE_KEYS, TRIAL, type FeatureKey } from "~/lib/features";
import { TRACKING_FAILED_MESSAGE } from "~/lib/usage-messages";
import { IST_OFFSET_MS, weekWindow } from "~/lib/usage-window";
import {
  type AccessSummary,
  type AccessType,
  type FeatureCheck,
  recordUse,
  subscriberKeepsAccessIfMeterFails,
  type UsageDeps,
  type UseDenied,
  type UseGranted,
  usageAnalytics,
} from "~/models/usage.server";

/** What each call answers when something unexpected fails (500). */
export const USAGE_API_FALLBACKS = {
  trackUsage: "Failed to track usage",
  checkUsage: "Failed to check usage",
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

export const USAGE_API_MESSAGES = {
  accessGranted: "Access granted.",
  usageRecorded: "Usage recorded.",
  amountInvalid: "amount must be a whole number from 1 to 20.",
  daysInvalid: "days must be a whole number from 1 to 365.",
  idempotencyKeyInvalid: IDEMPOTENCY_KEY_MESSAGE,
  adminOnly: "Only administrators can reset usage.",
  userNotFound: "No account has this user id.",
  usageReset: "Usage reset.",
  noTrial: "No free trial has been started for this account.",
  subscriberNotOnTrial: "Your subscription is active, so trial usage does not apply.",
  topicTooLong: "Please keep the topic to 200 characters or fewer.",
  sessionIdInvalid: "sessionId must be 1 to 100 characters.",
  completedInvalid: "completed must be true or false.",
  scenariosOutOfRange: "Number of scenarios must be between 1 and 10.",
} as const;

/** 'Unknown feature' with the four keys the API knows. */
export function unknownFeatureMessage(value: unknown): string {
  const shown = typeof value === "string" && value ? ` '${value.slice(0, 40)}'` : "";
  return `Unknown feature${shown}. Use one of: ${FEATURE_KEYS.join(", ")}.`;
}

// ---------------------------------------------------------------------------
// Requests.

function isFeatureKey(value: unknown): value is FeatureKey {
  return typeof value === "string" && (FEATURE_KEYS as readonly string[]).includes(value);
}

/** The feature named in the path; anything else answers 400 listing the four keys. */
export function parseFeature(value: string | undefined): FeatureKey {
  if (isFeatureKey(value)) return value;
  throw new ApiResponse(apiError(400, unknownFeatureMessage(value)));
}

/** A `?days=` value from 1 to 365 (default 30); anything else answers 400. */
export function parseDays(url: URL, fallback = 30): number {
  const raw = url.searchParams.get("days");
  if (raw === null) return fallback;
  const days = /^\d{1,3}$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
  if (!Number.isInteger(days) || days < 1 || days > 365) {
    throw new ApiResponse(apiError(400, USAGE_API_MESSAGES.daysInvalid));
  }
  return days;
}

// ---------------------------------------------------------------------------
// Body schemas.

const amountField = z
  .number({ error: USAGE_API_MESSAGES.amountInvalid })
  .int(USAGE_API_MESSAGES.amountInvalid)
  .min(1, USAGE_API_MESSAGES.amountInvalid)
  .max(20, USAGE_API_MESSAGES.amountInvalid)
  .default(1);

/** POST /api/payments/usage/track: the feature and how many uses (1 to 20, default 1). */
export const trackSchema = z.object({
  feature: z.enum(FEATURE_KEYS, { error: (issue) => unknownFeatureMessage(issue.input) }),
  amount: amountField,
});

const topicField = z
  .string({ error: USAGE_API_MESSAGES.topicTooLong })
  .trim()
  .max(200, USAGE_API_MESSAGES.topicTooLong)
  .optional();

/** A simulation session's fields (id, topic, completed), all optional. */
export const sessionSchema = z.object({
  sessionId: z
    .string({ error: USAGE_API_MESSAGES.sessionIdInvalid })
    .trim()
    .min(1, USAGE_API_MESSAGES.sessionIdInvalid)
    .max(100, USAGE_API_MESSAGES.sessionIdInvalid)
    .optional(),
  topic: topicField,
  completed: z.boolean({ error: USAGE_API_MESSAGES.completedInvalid }).optional(),
});

/**
 * The key a recorded use is counted under: a simulation session is one use
 * however often it is recorded (when it starts, again when it is completed,
 * through either recording call), so its id is the key; otherwise the
 * client's idempotency key, else a fresh one.
 */
export function useKeyFor(request: Request, session: { sessionId?: string }): string {
  const key = idempotencyKeyFrom(request);
  return session.sessionId ? `session:${session.sessionId}` : key;
}

/** The combined call's body: what is being made and an optional idempotency key. */
export const checkAndRecordSchema = z.object({
  details: z
    .object(
      {
        topic: topicField,
        numberOfScenarios: z
          .number({ error: USAGE_API_MESSAGES.scenariosOutOfRange })
          .int(USAGE_API_MESSAGES.scenariosOutOfRange)
          .min(1, USAGE_API_MESSAGES.scenariosOutOfRange)
          .max(10, USAGE_API_MESSAGES.scenariosOutOfRange)
          .optional(),
      },
      { error: AUTH_MESSAGES.malformedJson },
    )
    .optional(),
  idempotencyKey: z.string({ error: USAGE_API_MESSAGES.idempotencyKeyInvalid }).optional(),
});

// ---------------------------------------------------------------------------
// Shaping answers.

type PerFeature<T> = Record<FeatureKey, T>;

export function perFeature<T>(value: (feature: FeatureKey) => T): PerFeature<T> {
  return Object.fromEntries(
    FEATURE_KEYS.map((feature) => [feature, value(feature)]),
  ) as PerFeature<T>;
}

/**
 * The trial as the status and trial calls give it. A trial is always
 * described, even when none was started (started: false, nothing active), so
 * a client never falls back to assuming a default trial.
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
    message: check.message ?? USAGE_API_MESSAGES.accessGranted,
    needsSubscription: check.denial?.needsSubscription ?? false,
    currentUsage: check.currentUsage,
    limit: check.limit,
    remaining: check.remaining,
  };
}

function usageCountsJson(counts: { used: number; limit: number; remaining: number }) {
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
  /** The meter failed for a subscriber, who keeps access. */
  | { kind: "untracked"; accessType: Extract<AccessType, "subscription"> };

/**
 * Check and record one use (recordUse). When the meter cannot be reached, a
 * subscriber is still let through ('Subscription access granted (tracking
 * failed)', subscriberKeepsAccessIfMeterFails); anyone else's failure is the
 * call's error.
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
    message: USAGE_API_MESSAGES.usageRecorded,
    accessType: use.accessType,
    currentUsage: use.used,
    limit: use.limit,
    remaining: use.remaining,
    usage: usageCountsJson(use),
  });
}

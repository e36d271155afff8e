/**
 * Who may use what, and how much (docs/decisions/016-access-rules.md).
 *
 * D1 says which plan or trial a user holds; the per-user Durable Object
 * (workers/user-meter.ts) decides every count. Each call here reads the
 * entitlement from D1 and passes it to the object, so the object never holds
 * a stale plan. KV keeps a read copy of the counts for pages that only show
 * them (the navigation bar's trial box); it is written after the object
 * decides and never decides a grant itself.
 */
import type { Database } from "~/db/client.server";
import type { FeatureUsage, Meter, UsageLogEntry } from "~/integrations/meter.server";
import type { SubscriptionSummary, TrialSummary } from "~/lib/access-summary";
import { FEATURE_KEYS, TRIAL, type FeatureKey } from "~/lib/features";
import { getPlan, UNLIMITED } from "~/lib/plans";
import {
  BUY_SUBSCRIPTION_MESSAGE,
  limitExceededMessage,
  NO_ACCESS_MESSAGE,
  trialExhaustedMessage,
  WEEK_FULL_MESSAGE,
} from "~/lib/usage-messages";
import { type Entitlement, weekWindow } from "~/lib/usage-window";
import type { AppContext } from "~/load-context";
import { keepPageUntil, type PageCopy, unkeepPage } from "./page-copy.server";
import { READ_KEYS, type RequestReads, sharedRead } from "./request-reads.server";
import {
  type AccessRecord,
  daysRemaining,
  loadAccessRecord,
  sharedAccessRecord,
  type SubscriptionRecord,
  type TrialRecord,
} from "./subscription.server";

export type UsageDeps = {
  db: Database;
  kv: KVNamespace;
  meter: Meter;
  now: () => number;
  waitUntil: (promise: Promise<unknown>) => void;
  /** The page request's shared reads: the access record and summary are read once per request. */
  reads?: RequestReads | null;
  /** A page that may be kept as the learner's copy: reading counts forbids it. */
  pageCopy?: PageCopy | null;
};

/**
 * The meter for a page that may be kept: any call means the page shows counts
 * that live in the meter, which no page version follows, so it is not kept.
 */
function unkeepingMeter(meter: Meter, pageCopy: PageCopy): Meter {
  return new Proxy(meter, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        unkeepPage(pageCopy);
        return (value as (...args: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

export function usageDeps(context: AppContext, now: () => number = Date.now): UsageDeps {
  return {
    db: context.db,
    kv: context.bindings.KV,
    meter: context.pageCopy ? unkeepingMeter(context.meter, context.pageCopy) : context.meter,
    pageCopy: context.pageCopy,
    now,
    waitUntil: context.waitUntil,
    reads: context.reads,
  };
}

export type AccessType = "subscription" | "trial" | "none";

export type AccessSummary = {
  accessType: AccessType;
  subscription: SubscriptionSummary | null;
  trial: TrialSummary | null;
  /** Per feature, in FEATURE_KEYS order, for the access type in force (empty for none). */
  usage: FeatureUsage[];
  /** Where the counts came from: the object itself, or the KV read copy. */
  source: "meter" | "kv" | "none";
};

// ---------------------------------------------------------------------------
// Entitlements: what the object counts against, read from D1's rows.

type Holder =
  | { kind: "subscription"; subscription: SubscriptionRecord }
  | { kind: "trial"; trial: TrialRecord };

/**
 * The subscription if one covers now, else a trial still in force (not
 * expired, no plan bought since it started); null when neither.
 */
function holderOf(record: AccessRecord, now: number): Holder | null {
  if (record.subscription) return { kind: "subscription", subscription: record.subscription };
  if (record.trial && record.trial.closesAt.getTime() > now)
    return { kind: "trial", trial: record.trial };
  return null;
}

/**
 * When the access in force ends — a plan's end, or when a trial in force
 * closes — or null when the learner holds neither (holderOf's rule).
 */
export function accessInForceEndsAt(record: AccessRecord, now: number): number | null {
  const holder = holderOf(record, now);
  if (!holder) return null;
  return holder.kind === "subscription"
    ? holder.subscription.endsAt.getTime()
    : holder.trial.closesAt.getTime();
}

/** The trial counts only uses made while it was in force: from its start until it closed. */
function trialEntitlement(trial: TrialRecord, feature: FeatureKey): Entitlement {
  return {
    feature,
    limit: TRIAL.usesPerFeature,
    totalLimit: TRIAL.totalUses,
    window: { kind: "span", startsAt: trial.startedAt.getTime(), endsAt: trial.closesAt.getTime() },
  };
}

function entitlementFor(holder: Holder, feature: FeatureKey, now: number): Entitlement {
  if (holder.kind === "trial") return trialEntitlement(holder.trial, feature);
  const week = weekWindow(now);
  // Uses made before the plan started (on the trial) do not count against it.
  const startsAt = Math.max(week.startsAt, holder.subscription.chainStartsAt.getTime());
  return {
    feature,
    limit:
      feature === "clinicalSimulations"
        ? getPlan(holder.subscription.planId).simulationsPerWeek
        : UNLIMITED,
    window: { kind: "week", startsAt, endsAt: week.endsAt },
  };
}

function entitlementsFor(holder: Holder, now: number): Entitlement[] {
  return FEATURE_KEYS.map((feature) => entitlementFor(holder, feature, now));
}

/**
 * Changes whenever the counts would mean something else: another plan, trial
 * or week, or a trial that closed.
 */
function countsSignature(record: AccessRecord, holder: Holder | null, now: number): string {
  const held =
    holder === null
      ? "none"
      : holder.kind === "trial"
        ? "trial"
        : `subscription:${holder.subscription.id}:${weekWindow(now).startsAt}`;
  const trial = record.trial
    ? `trial:${record.trial.startedAt.getTime()}:${record.trial.closesAt.getTime()}`
    : "no-trial";
  return `${held}|${trial}`;
}

// ---------------------------------------------------------------------------
// The KV read copy.

const USAGE_COPY_TTL_SECONDS = 86_400;

/**
 * The counts a summary shows: the holder's (a plan's week or the trial in
 * force), and the trial's own once it has closed (its figures as they were).
 */
type Counts = { usage: FeatureUsage[]; trial: FeatureUsage[] | null };

type UsageCopy = { signature: string; counts: Counts; at: number };

function usageCopyKey(userId: string): string {
  return `usage:v2:${userId}`;
}

/**
 * The KV copy when it matches the plan or trial in force. A page showing it
 * may be kept: every change of the counts is followed, once the copy is
 * written, by a raise of the learner's page version (afterUse in measure).
 */
async function readUsageCopy(deps: UsageDeps, userId: string, signature: string) {
  const copy = await deps.kv.get<UsageCopy>(usageCopyKey(userId), "json").catch(() => null);
  return copy && copy.signature === signature && copy.counts ? copy.counts : null;
}

function writeUsageCopy(
  deps: UsageDeps,
  userId: string,
  signature: string,
  counts: Counts,
): Promise<boolean> {
  const copy: UsageCopy = { signature, counts, at: deps.now() };
  return deps.kv
    .put(usageCopyKey(userId), JSON.stringify(copy), { expirationTtl: USAGE_COPY_TTL_SECONDS })
    .then(
      () => true,
      () => false,
    );
}

/**
 * Raises the learner's page version: their kept pages (decision 053) stand
 * only at the version they were made at, so none showing the counts from
 * before a use is served again.
 */
const RAISE_PAGE_VERSION_SQL = "UPDATE users SET page_version = page_version + 1 WHERE id = ?1";

/**
 * Asks the object for fresh counts (one call) and refreshes the read copy.
 * After a use (`afterUse`: a use taken or given back, a reset) the copy is
 * written first and the learner's page version raised after it, so a page
 * kept with the counts from before the use is not served again, and one
 * made after the raise read the new copy.
 */
async function measure(
  deps: UsageDeps,
  userId: string,
  record: AccessRecord,
  holder: Holder | null,
  options: { afterUse?: boolean } = {},
): Promise<Counts> {
  const now = deps.now();
  const held = holder ? entitlementsFor(holder, now) : [];
  const closedTrial =
    record.trial && holder?.kind !== "trial"
      ? FEATURE_KEYS.map((feature) => trialEntitlement(record.trial!, feature))
      : [];
  const rows =
    held.length + closedTrial.length > 0
      ? await deps.meter.usage(userId, [...held, ...closedTrial], now)
      : [];
  const usage = rows.slice(0, held.length);
  const counts: Counts = {
    usage,
    trial: holder?.kind === "trial" ? usage : record.trial ? rows.slice(held.length) : null,
  };
  const written = writeUsageCopy(deps, userId, countsSignature(record, holder, now), counts);
  if (options.afterUse) {
    await written;
    await deps.db.$client.prepare(RAISE_PAGE_VERSION_SQL).bind(userId).run();
  } else {
    deps.waitUntil(written);
  }
  return counts;
}

// ---------------------------------------------------------------------------
// Reading access.

function summarizeSubscription(subscription: SubscriptionRecord, now: number): SubscriptionSummary {
  return {
    id: subscription.id,
    planId: subscription.planId,
    planName: subscription.planName,
    status: subscription.status,
    startDate: subscription.startsAt.toISOString(),
    endDate: subscription.endsAt.toISOString(),
    daysRemaining: daysRemaining(subscription.endsAt, now),
  };
}

function summarizeTrial(
  trial: TrialRecord,
  usage: FeatureUsage[] | null,
  now: number,
): TrialSummary {
  const features = Object.fromEntries(
    FEATURE_KEYS.map((feature) => {
      const row = usage?.find((entry) => entry.feature === feature);
      const used = row?.used ?? 0;
      const remaining = row ? row.remaining : TRIAL.usesPerFeature;
      return [feature, { used, limit: TRIAL.usesPerFeature, remaining }];
    }),
  ) as TrialSummary["features"];
  const totalUsed = Object.values(features).reduce((sum, entry) => sum + entry.used, 0);
  const isExpired = trial.endsAt.getTime() <= now;
  // Closed by a plan before it ended: no longer in force, whatever it had left.
  const isSuperseded = !isExpired && trial.closesAt.getTime() <= now;
  const isExhausted =
    totalUsed >= TRIAL.totalUses || Object.values(features).every((entry) => entry.remaining <= 0);
  return {
    isActive: !isExpired && !isExhausted && !isSuperseded,
    isExpired,
    isExhausted,
    startedAt: trial.startedAt.toISOString(),
    endsAt: trial.endsAt.toISOString(),
    closesAt: trial.closesAt.toISOString(),
    daysRemaining: daysRemaining(trial.endsAt, now),
    totalUsed,
    totalLimit: TRIAL.totalUses,
    percentageUsed: Math.min(100, Math.round((totalUsed / TRIAL.totalUses) * 100)),
    features,
  };
}

/**
 * Access as pages show it. `fresh` asks the object for the counts; otherwise
 * the KV read copy serves when it matches the plan or trial in force, and
 * within one page request the record and the summary are read once
 * (models/request-reads.server.ts).
 */
export async function getAccessSummary(
  deps: UsageDeps,
  userId: string,
  options: { fresh?: boolean } = {},
): Promise<AccessSummary> {
  const now = deps.now();
  // Fresh means fresh throughout: the record too is read again.
  if (options.fresh) {
    return accessSummaryOf(
      deps,
      userId,
      await loadAccessRecord(deps.db, userId, now),
      now,
      options,
    );
  }
  return sharedRead(deps.reads, READ_KEYS.accessSummary(userId), async () =>
    accessSummaryOf(
      deps,
      userId,
      await sharedAccessRecord(deps.reads, deps.db, userId, now),
      now,
      options,
    ),
  );
}

/**
 * A subscriber's plan and its weekly limits, without counts (no KV read, no
 * meter call): what a screen needs when it shows no count (a feature the
 * plan leaves unlimited, the account's plan card). Null for anyone not
 * holding a subscription now.
 */
export async function subscriptionWithoutCounts(
  deps: UsageDeps,
  userId: string,
): Promise<{ subscription: SubscriptionSummary; limit: (feature: FeatureKey) => number } | null> {
  const now = deps.now();
  const record = await sharedAccessRecord(deps.reads, deps.db, userId, now);
  const holder = holderOf(record, now);
  if (holder?.kind !== "subscription") return null;
  return {
    subscription: summarizeSubscription(holder.subscription, now),
    limit: (feature) => entitlementFor(holder, feature, now).limit,
  };
}

/** getAccessSummary for an access record already read. */
async function accessSummaryOf(
  deps: UsageDeps,
  userId: string,
  record: AccessRecord,
  now: number,
  options: { fresh?: boolean } = {},
): Promise<AccessSummary> {
  const holder = holderOf(record, now);
  if (!holder && !record.trial) {
    return { accessType: "none", subscription: null, trial: null, usage: [], source: "none" };
  }
  let counts: Counts | null = null;
  let source: AccessSummary["source"] = "meter";
  if (!options.fresh) {
    counts = await readUsageCopy(deps, userId, countsSignature(record, holder, now));
    if (counts) source = "kv";
  }
  counts ??= await measure(deps, userId, record, holder);
  // A plan's counts are the week's: a page showing them is not kept into the next week.
  if (holder?.kind === "subscription") keepPageUntil(deps.pageCopy, weekWindow(now).endsAt);
  // The trial's own figures, as they were when it closed (a plan bought, or its end).
  const trialSummary = record.trial ? summarizeTrial(record.trial, counts.trial, now) : null;

  if (!holder) {
    return { accessType: "none", subscription: null, trial: trialSummary, usage: [], source };
  }
  if (holder.kind === "subscription") {
    return {
      accessType: "subscription",
      subscription: summarizeSubscription(holder.subscription, now),
      // A plan supersedes the trial: it no longer applies, whatever it had left.
      trial: trialSummary ? { ...trialSummary, isActive: false } : null,
      usage: counts.usage,
      source,
    };
  }
  const usage = counts.usage;
  const trial = summarizeTrial(holder.trial, usage, now);
  return {
    accessType: trial.isActive ? "trial" : "none",
    subscription: null,
    trial,
    usage: trial.isActive ? usage : [],
    source,
  };
}

/**
 * Whether a plan or a trial still in force (not expired, not spent) gives the
 * learner access now: what storing anything for a feature needs. Counts are
 * asked of the object itself.
 */
export async function hasActiveAccess(deps: UsageDeps, userId: string): Promise<boolean> {
  const summary = await getAccessSummary(deps, userId, { fresh: true });
  return summary.accessType !== "none";
}

// ---------------------------------------------------------------------------
// Deciding a use.

export type DenialReason = "none" | "trial-exhausted" | "week-full";

export type UseDenied = {
  ok: false;
  accessType: AccessType;
  reason: DenialReason;
  /** The access answer: no access, trial exhausted, or the week message. */
  message: string;
  /** The screens' wording: 'Buy Subscription…' when there is no access at all. */
  screenMessage: string;
  /** The tracking answer: 'Chat limit exceeded. Current usage: n/limit'. */
  limitMessage: string;
  needsSubscription: boolean;
  used: number;
  limit: number;
  remaining: number;
};

export type UseGranted = {
  ok: true;
  accessType: Exclude<AccessType, "none">;
  reservationId: string;
  used: number;
  limit: number;
  remaining: number;
};

export type FeatureCheck = {
  hasAccess: boolean;
  accessType: AccessType;
  currentUsage: number;
  limit: number;
  remaining: number;
  message: string | null;
  denial: UseDenied | null;
};

function denial(
  holder: Holder | null,
  feature: FeatureKey,
  counts: { used: number; limit: number; remaining: number },
  /** The whole trial is spent (not only this feature): it gives no access any more. */
  trialExhausted = false,
): UseDenied {
  if (holder?.kind === "trial" && trialExhausted) {
    // The spec's wording for creating without access; the limit banner turns it into Buy Now.
    return {
      ok: false,
      accessType: "none",
      reason: "trial-exhausted",
      message: BUY_SUBSCRIPTION_MESSAGE,
      screenMessage: BUY_SUBSCRIPTION_MESSAGE,
      limitMessage: BUY_SUBSCRIPTION_MESSAGE,
      needsSubscription: true,
      ...counts,
    };
  }
  if (!holder) {
    return {
      ok: false,
      accessType: "none",
      reason: "none",
      message: NO_ACCESS_MESSAGE,
      screenMessage: BUY_SUBSCRIPTION_MESSAGE,
      limitMessage: NO_ACCESS_MESSAGE,
      needsSubscription: true,
      ...counts,
    };
  }
  const limitMessage = limitExceededMessage(feature, counts.used, counts.limit);
  if (holder.kind === "trial") {
    const message = trialExhaustedMessage(feature);
    return {
      ok: false,
      accessType: "trial",
      reason: "trial-exhausted",
      message,
      screenMessage: message,
      limitMessage,
      needsSubscription: true,
      ...counts,
    };
  }
  return {
    ok: false,
    accessType: "subscription",
    reason: "week-full",
    message: WEEK_FULL_MESSAGE,
    screenMessage: WEEK_FULL_MESSAGE,
    limitMessage,
    needsSubscription: false,
    ...counts,
  };
}

const NO_COUNTS = { used: 0, limit: 0, remaining: 0 };

/**
 * The refusal for a use the meter turned down. On the trial, one more call
 * tells a feature's five spent (the trial goes on for the others) from the
 * whole trial spent (no access any more).
 */
async function refusal(
  deps: UsageDeps,
  userId: string,
  holder: Holder,
  feature: FeatureKey,
  counts: { used: number; limit: number; remaining: number },
  now: number,
): Promise<UseDenied> {
  if (holder.kind !== "trial") return denial(holder, feature, counts);
  const trial = holder.trial;
  const usage = await deps.meter.usage(
    userId,
    FEATURE_KEYS.map((key) => trialEntitlement(trial, key)),
    now,
  );
  return denial(holder, feature, counts, summarizeTrial(trial, usage, now).isExhausted);
}

/** Would one more use be granted now? Asks the object; reserves nothing. */
export async function checkFeature(
  deps: UsageDeps,
  userId: string,
  feature: FeatureKey,
  amount = 1,
): Promise<FeatureCheck> {
  const now = deps.now();
  const holder = holderOf(await loadAccessRecord(deps.db, userId, now), now);
  if (!holder) {
    const denied = denial(null, feature, NO_COUNTS);
    return {
      hasAccess: false,
      accessType: "none",
      currentUsage: 0,
      limit: 0,
      remaining: 0,
      message: denied.message,
      denial: denied,
    };
  }
  const check = await deps.meter.check(userId, entitlementFor(holder, feature, now), amount, now);
  const counts = { used: check.used, limit: check.limit, remaining: check.remaining };
  const denied = check.allowed ? null : await refusal(deps, userId, holder, feature, counts, now);
  return {
    hasAccess: check.allowed,
    accessType: denied?.accessType ?? holder.kind,
    currentUsage: check.used,
    limit: check.limit,
    remaining: check.remaining,
    message: denied?.message ?? null,
    denial: denied,
  };
}

/**
 * Whether the access in force can never refuse `feature` (a plan's chat,
 * quizzes and flashcards): the work may start while its use is reserved.
 */
export function cannotRefuse(record: AccessRecord, feature: FeatureKey, now: number): boolean {
  const holder = holderOf(record, now);
  return holder !== null && entitlementFor(holder, feature, now).limit === UNLIMITED;
}

/**
 * Reserves `amount` uses of a feature before the work that uses it (an AI
 * generation, a new flashcard). Commit when the learner got the result,
 * release when not. The same idempotency key again returns the first answer.
 */
export async function reserveUse(
  deps: UsageDeps,
  userId: string,
  feature: FeatureKey,
  idempotencyKey: string,
  amount = 1,
  /** The access record when the caller read it already (in a batch with its own reads). */
  record?: AccessRecord,
): Promise<UseGranted | UseDenied> {
  return takeUse(deps, userId, feature, idempotencyKey, amount, record, "reserve");
}

async function takeUse(
  deps: UsageDeps,
  userId: string,
  feature: FeatureKey,
  idempotencyKey: string,
  amount: number,
  record: AccessRecord | undefined,
  how: "reserve" | "record",
): Promise<UseGranted | UseDenied> {
  const now = deps.now();
  const access = record ?? (await loadAccessRecord(deps.db, userId, now));
  const holder = holderOf(access, now);
  if (!holder) return denial(null, feature, NO_COUNTS);
  // The key is scoped to the plan or trial in force: the meter keeps refusals
  // too, and a request refused on the trial must be able to succeed after buying a plan.
  const holderKey = holder.kind === "trial" ? "trial" : `subscription:${holder.subscription.id}`;
  const take = how === "reserve" ? deps.meter.consume : deps.meter.record;
  const result = await take.call(
    deps.meter,
    userId,
    `${feature}:${holderKey}:${idempotencyKey}`,
    entitlementFor(holder, feature, now),
    amount,
    now,
  );
  const counts = { used: result.used, limit: result.limit, remaining: result.remaining };
  if (!result.granted || !result.reservationId) {
    return refusal(deps, userId, holder, feature, counts, now);
  }
  deps.waitUntil(measure(deps, userId, access, holder, { afterUse: true }).catch(() => undefined));
  return { ok: true, accessType: holder.kind, reservationId: result.reservationId, ...counts };
}

/** After uses were given back: the copy written anew, then the page version raised. */
async function refreshCopy(deps: UsageDeps, userId: string) {
  const now = deps.now();
  const record = await loadAccessRecord(deps.db, userId, now);
  await measure(deps, userId, record, holderOf(record, now), { afterUse: true });
}

/** The learner got what the reservation was for: the use stays counted. */
/**
 * The one rule for a meter that cannot be reached (the Durable Object failing
 * or timing out): a subscriber keeps access, untracked ('Subscription access
 * granted (tracking failed)'), and the failure is logged; anyone else's
 * failure stands, as no use could be counted. `metered` is the meter's call;
 * `untracked` what the caller answers instead.
 */
export async function subscriberKeepsAccessIfMeterFails<T, U>(
  deps: Pick<UsageDeps, "db" | "now">,
  userId: string,
  metered: () => Promise<T>,
  untracked: () => U,
): Promise<T | U> {
  try {
    return await metered();
  } catch (error) {
    const record = await loadAccessRecord(deps.db, userId, deps.now()).catch(() => null);
    if (!record?.subscription) throw error;
    console.error("[usage] tracking failed for a subscriber; access granted", error);
    return untracked();
  }
}

export async function commitUse(deps: UsageDeps, userId: string, reservationId: string) {
  const result = await deps.meter.commit(userId, reservationId, deps.now());
  return result;
}

/** The work failed: the use is given back. */
export async function releaseUse(deps: UsageDeps, userId: string, reservationId: string) {
  const result = await deps.meter.release(userId, reservationId, deps.now());
  deps.waitUntil(refreshCopy(deps, userId).catch(() => undefined));
  return result;
}

/**
 * Check and record in one step, final at once (the combined call the screens
 * use; a plan's chat once the reply has arrived): one call to the meter.
 */
export async function recordUse(
  deps: UsageDeps,
  userId: string,
  feature: FeatureKey,
  idempotencyKey: string,
  amount = 1,
  /** The access record when the caller read it already. */
  record?: AccessRecord,
): Promise<UseGranted | UseDenied> {
  return takeUse(deps, userId, feature, idempotencyKey, amount, record, "record");
}

// ---------------------------------------------------------------------------
// Analytics.

export type UsageAnalytics = {
  days: number;
  since: string;
  totals: Record<FeatureKey, number>;
  daily: { date: string; counts: Record<FeatureKey, number> }[];
};

const IST_OFFSET_MS = 330 * 60_000;

function zeroCounts(): Record<FeatureKey, number> {
  return Object.fromEntries(FEATURE_KEYS.map((feature) => [feature, 0])) as Record<
    FeatureKey,
    number
  >;
}

/**
 * Uses per feature and per India-time day over the last `days` days, from the
 * object's own log: a reservation counts unless it was released or expired.
 */
export async function usageAnalytics(
  deps: UsageDeps,
  userId: string,
  days: number,
  /** Only uses made before this instant (the trial's, up to when it closed). */
  until?: number,
): Promise<UsageAnalytics> {
  const now = deps.now();
  const since = now - days * 86_400_000;
  const log: UsageLogEntry[] = (await deps.meter.log(userId, since, now)).filter(
    (entry) => until === undefined || entry.at < until,
  );
  const given = new Set(
    log
      .filter((entry) => entry.event === "release" || entry.event === "expire")
      .map((entry) => entry.reservationId),
  );
  const totals = zeroCounts();
  const byDay = new Map<string, Record<FeatureKey, number>>();
  for (const entry of log) {
    if (entry.event !== "reserve" || given.has(entry.reservationId)) continue;
    totals[entry.feature] += entry.amount;
    const date = new Date(entry.at + IST_OFFSET_MS).toISOString().slice(0, 10);
    const counts = byDay.get(date) ?? zeroCounts();
    counts[entry.feature] += entry.amount;
    byDay.set(date, counts);
  }
  return {
    days,
    since: new Date(since).toISOString(),
    totals,
    daily: [...byDay.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([date, counts]) => ({ date, counts })),
  };
}

/** Gives back every use counted so far (POST /api/usage/reset/{userId}, admins only). */
export async function resetUsage(deps: UsageDeps, userId: string): Promise<number> {
  const released = await deps.meter.reset(userId, deps.now());
  await refreshCopy(deps, userId);
  return released;
}

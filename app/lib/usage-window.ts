/**
 * Usage windows and entitlements: what the per-user meter counts against.
 * Pure helpers, shared by the app (which reads the plan from D1) and the
 * Durable Object (which decides). Times are milliseconds since the epoch.
 */
import { type FeatureKey } from "./features";

/**
 * A count over all time, over the trial's own span (from its start until it
 * closed: its end, or the first plan), or over one India-time week (plans).
 */
export type UsageWindow =
  | { kind: "total" }
  | {
      kind: "span";
      /** Inclusive. */
      startsAt: number;
      /** Exclusive. */
      endsAt: number;
    }
  | {
      kind: "week";
      /** Monday 00:00 Asia/Kolkata, inclusive. */
      startsAt: number;
      /** The next Monday 00:00 Asia/Kolkata, exclusive. */
      endsAt: number;
    };

/**
 * What the caller read from D1 for one feature, passed on every meter call so
 * the object never holds a stale plan.
 */
export type Entitlement = {
  feature: FeatureKey;
  /** Uses allowed in the window; UNLIMITED (-1) for no limit. */
  limit: number;
  window: UsageWindow;
  /** Uses allowed across every feature in the same window (the trial's 20 in all). */
  totalLimit?: number;
};

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const WEEK_MS = 7 * DAY_MS;
/** India has one time zone and no daylight saving: UTC+05:30 all year. */
export const IST_OFFSET_MS = 330 * MINUTE_MS;

/**
 * The India-time week holding `now`: Monday 00:00 IST (Sunday 18:30 UTC) to
 * the next Monday 00:00 IST.
 */
export function weekWindow(now: number): Extract<UsageWindow, { kind: "week" }> {
  const istDay = Math.floor((now + IST_OFFSET_MS) / DAY_MS);
  // 1 January 1970 was a Thursday: three days after a Monday.
  const daysSinceMonday = (((istDay + 3) % 7) + 7) % 7;
  const startsAt = (istDay - daysSinceMonday) * DAY_MS - IST_OFFSET_MS;
  return { kind: "week", startsAt, endsAt: startsAt + WEEK_MS };
}

/** The window as a half-open range [from, to) for counting. */
export function windowRange(window: UsageWindow): { from: number; to: number } {
  return window.kind === "week" || window.kind === "span"
    ? { from: window.startsAt, to: window.endsAt }
    : { from: Number.MIN_SAFE_INTEGER, to: Number.MAX_SAFE_INTEGER };
}

/** Reservations neither committed nor released are given back after this long. */
export const RESERVATION_TTL_MS = 10 * 60_000;

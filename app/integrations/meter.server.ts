/**
 * Client for the per-user Durable Object (workers/user-meter.ts). Every call for
 * one user goes to the same object, which serialises them and is the one
 * authority for that user's usage counts.
 *
 * Pass the entitlement read from D1 on every call. `now` is optional and
 * defaults to the object's clock; tests pass it to drive the windows.
 */
import { type Entitlement } from "~/lib/usage-window";
import type {
  ConsumeResult,
  FeatureUsage,
  MeterCheck,
  MeterHealth,
  SettleResult,
  UsageLogEntry,
  UserMeter,
} from "../../workers/user-meter";

export type {
  ConsumeResult,
  FeatureUsage,
  MeterCheck,
  MeterHealth,
  SettleResult,
  UsageLogEntry,
} from "../../workers/user-meter";

export interface Meter {
  health(userKey: string): Promise<MeterHealth>;
  /** Whether `amount` more uses would be granted, without reserving them. */
  check(
    userKey: string,
    entitlement: Entitlement,
    amount?: number,
    now?: number,
  ): Promise<MeterCheck>;
  /**
   * Reserves uses; they count at once. The same idempotency key again returns
   * the first answer. Commit on success, release on failure; an unsettled
   * reservation is released after 10 minutes.
   */
  consume(
    userKey: string,
    idempotencyKey: string,
    entitlement: Entitlement,
    amount?: number,
    now?: number,
  ): Promise<ConsumeResult>;
  /**
   * Counts uses that already happened, final at once (consume and commit in
   * one call). The same idempotency key again returns the first answer.
   */
  record(
    userKey: string,
    idempotencyKey: string,
    entitlement: Entitlement,
    amount?: number,
    now?: number,
  ): Promise<ConsumeResult>;
  commit(userKey: string, reservationId: string, now?: number): Promise<SettleResult>;
  release(userKey: string, reservationId: string, now?: number): Promise<SettleResult>;
  usage(
    userKey: string,
    entitlements: readonly Entitlement[],
    now?: number,
  ): Promise<FeatureUsage[]>;
  log(userKey: string, sinceMs: number, now?: number): Promise<UsageLogEntry[]>;
  /** Gives back every counted use; returns how many reservations were reset. */
  reset(userKey: string, now?: number): Promise<number>;
}

export function createMeter(namespace: DurableObjectNamespace): Meter {
  // The binding points at another script, so `wrangler types` cannot see the class.
  const typed = namespace as unknown as DurableObjectNamespace<UserMeter>;
  const stubFor = (userKey: string) => typed.get(typed.idFromName(userKey));
  return {
    async health(userKey) {
      return stubFor(userKey).health(userKey);
    },
    async check(userKey, entitlement, amount, now) {
      return stubFor(userKey).check(entitlement, amount, now);
    },
    async consume(userKey, idempotencyKey, entitlement, amount, now) {
      return stubFor(userKey).consume(idempotencyKey, entitlement, amount, now);
    },
    async record(userKey, idempotencyKey, entitlement, amount, now) {
      return stubFor(userKey).record(idempotencyKey, entitlement, amount, now);
    },
    async commit(userKey, reservationId, now) {
      return stubFor(userKey).commit(reservationId, now);
    },
    async release(userKey, reservationId, now) {
      return stubFor(userKey).release(reservationId, now);
    },
    async usage(userKey, entitlements, now) {
      return stubFor(userKey).usage([...entitlements], now);
    },
    async log(userKey, sinceMs, now) {
      return stubFor(userKey).log(sinceMs, now);
    },
    async reset(userKey, now) {
      return stubFor(userKey).reset(now);
    },
  };
}

/**
 * Rate limits for the accounts flows, counted by the Throttle Durable Object
 * (workers/throttle.ts): one object per bucket, so limits hold across isolates.
 * Keys (e-mail addresses, IPs) are hashed before they name an object.
 *
 * Per-IP limits are generous on purpose: many learners in India reach us from
 * behind carrier-grade NAT, sharing one address (docs/decisions/012-throttling.md).
 */
import type { Throttle, ThrottleDecision, ThrottleWindow } from "../../workers/throttle";
import { sha256Hex } from "./auth-crypto.server";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const THROTTLE_RULES = {
  /** Wrong passwords for one account. */
  loginFailuresPerAccount: { limit: 10, windowMs: 15 * MINUTE },
  /** Wrong passwords (and rejected Google tokens) from one IP. */
  loginFailuresPerIp: { limit: 100, windowMs: 15 * MINUTE },
  /** Wrong one-time codes from one IP (each code also dies after 5 wrong tries). */
  codeFailuresPerIp: { limit: 30, windowMs: 15 * MINUTE },
  /** A new code at most every 60 s per address and purpose. */
  codeResendCooldown: { limit: 1, windowMs: MINUTE },
  /** Codes mailed to one address per purpose. */
  codeSendsPerAddress: { limit: 6, windowMs: HOUR },
  /** Codes mailed because of one IP. */
  codeSendsPerIp: { limit: 30, windowMs: HOUR },
  /** New accounts from one IP. */
  registrationsPerIp: { limit: 20, windowMs: HOUR },
  /** Promo codes that do not exist, tried by one account: stops guessing codes. */
  promoGuessesPerUser: { limit: 10, windowMs: 15 * MINUTE },
} as const satisfies Record<string, ThrottleWindow>;

export type ThrottleRule = keyof typeof THROTTLE_RULES;

export interface Throttler {
  /** Records a hit if the bucket has room; denied hits are not recorded. */
  consume(rule: ThrottleRule, key: string): Promise<ThrottleDecision>;
  /** Whether a hit would be allowed, without recording one. */
  peek(rule: ThrottleRule, key: string): Promise<ThrottleDecision>;
  clear(rule: ThrottleRule, key: string): Promise<void>;
}

export function createThrottler(namespace: DurableObjectNamespace, now: () => number): Throttler {
  // The binding points at another script, so `wrangler types` cannot see the class.
  const typed = namespace as unknown as DurableObjectNamespace<Throttle>;
  const stub = async (rule: ThrottleRule, key: string) =>
    typed.get(typed.idFromName(`${rule}:${await sha256Hex(key.toLowerCase())}`));
  return {
    async consume(rule, key) {
      return (await stub(rule, key)).consume(THROTTLE_RULES[rule], now());
    },
    async peek(rule, key) {
      return (await stub(rule, key)).peek(THROTTLE_RULES[rule], now());
    },
    async clear(rule, key) {
      await (await stub(rule, key)).clear();
    },
  };
}

/** The caller's IP as Cloudflare reports it; "unknown" when absent (never trusted from X-Forwarded-For). */
export function clientIp(request: Request): string {
  return request.headers.get("CF-Connecting-IP")?.trim() || "unknown";
}

export function retryAfterSeconds(decision: ThrottleDecision): number {
  return Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
}

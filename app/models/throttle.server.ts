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
  /**
   * Password tries for one account from one IP. Reserved before the password is
   * checked, kept when it is wrong; a right password clears the bucket.
   */
  loginAttemptsPerAccountIp: { limit: 10, windowMs: 15 * MINUTE },
  /**
   * Password tries for one account from every IP together: the slower ceiling
   * that holds against guesses spread over many addresses. A password reset
   * lifts it.
   */
  loginAttemptsPerAccount: { limit: 50, windowMs: HOUR },
  /** Password tries (and rejected Google tokens) from one IP, across accounts. */
  loginFailuresPerIp: { limit: 100, windowMs: 15 * MINUTE },
  /**
   * Wrong reset codes for one address, whether or not it has an account: the
   * fifth answers "too many incorrect attempts" (the code itself also dies
   * after five in D1). A new code or a reset starts the count again.
   */
  resetCodeGuessesPerAddress: { limit: 5, windowMs: 15 * MINUTE },
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

/**
 * The buckets one password try is counted in: the account from this IP, the
 * account from everywhere (the slower ceiling), and this IP across accounts.
 */
export function passwordTryBuckets(email: string, ip: string) {
  return [
    ["loginAttemptsPerAccountIp", `${email}|${ip}`],
    ["loginAttemptsPerAccount", email],
    ["loginFailuresPerIp", ip],
  ] as const satisfies ReadonlyArray<readonly [ThrottleRule, string]>;
}

/** One hit taken from several buckets at once, or a refusal with the bucket that refused. */
export type Reservation =
  | { allowed: true; /** Gives every hit back. */ release(): Promise<void> }
  | { allowed: false; rule: ThrottleRule; decision: ThrottleDecision };

export interface Throttler {
  /** Records a hit if the bucket has room; denied hits are not recorded. */
  consume(rule: ThrottleRule, key: string): Promise<ThrottleDecision>;
  /**
   * Takes one hit from every bucket, or none: when any bucket is full the hits
   * the others granted are given back. Each bucket decides atomically, so
   * parallel requests can never be granted more than a bucket's limit.
   */
  reserve(buckets: ReadonlyArray<readonly [ThrottleRule, string]>): Promise<Reservation>;
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
    async reserve(buckets) {
      const at = now();
      const stubs = await Promise.all(buckets.map(([rule, key]) => stub(rule, key)));
      const decisions = await Promise.all(
        stubs.map((object, index) => object.consume(THROTTLE_RULES[buckets[index]![0]], at)),
      );
      const giveBack = (which: (allowed: boolean) => boolean) =>
        Promise.all(
          stubs.map((object, index) =>
            which(decisions[index]!.allowed)
              ? object.release(THROTTLE_RULES[buckets[index]![0]], at)
              : undefined,
          ),
        ).then(() => undefined);
      // The refusal that lasts longest is the one the caller must wait out.
      let refused = -1;
      decisions.forEach((decision, index) => {
        if (
          !decision.allowed &&
          (refused === -1 || decision.retryAfterMs > decisions[refused]!.retryAfterMs)
        )
          refused = index;
      });
      if (refused === -1) return { allowed: true, release: () => giveBack(() => true) };
      await giveBack((allowed) => allowed);
      return { allowed: false, rule: buckets[refused]![0], decision: decisions[refused]! };
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

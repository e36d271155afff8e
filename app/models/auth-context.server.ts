/**
 * What the accounts models need from the outside world, passed in explicitly
 * (database, KV, the throttle namespace, the mailer, settings and the clock), and
 * the shape of their answers. Page actions and /api/auth routes build the same
 * dependencies from the request context and call the same functions.
 */
import type { Database } from "~/db/client.server";
import type { AppEnv } from "~/env.server";
import type { Mailer } from "~/integrations/mail.server";
import { tooManyAttemptsMessage } from "~/lib/auth-messages";
import type { AppContext } from "~/load-context";
import { createThrottler, retryAfterSeconds, type Throttler } from "./throttle.server";
import type { SessionHandle } from "./session.server";
import type { UserRow } from "./user.server";
import type { ThrottleDecision } from "../../workers/throttle";

export type AuthEnv = Pick<
  AppEnv,
  | "SESSION_SECRET"
  | "isLocal"
  | "PASSWORD_PEPPER"
  | "GOOGLE_CLIENT_ID"
  | "GOOGLE_CLIENT_SECRET"
  | "GOOGLE_AUTHORIZATION_URL"
  | "GOOGLE_TOKEN_URL"
  | "GOOGLE_JWKS_URL"
  | "GOOGLE_ISSUER"
>;

export type AuthDeps = {
  db: Database;
  kv: KVNamespace;
  throttle: Throttler;
  mail: Mailer;
  env: AuthEnv;
  now: () => number;
  waitUntil: (promise: Promise<unknown>) => void;
};

export function authDeps(context: AppContext, now: () => number = Date.now): AuthDeps {
  return {
    db: context.db,
    kv: context.bindings.KV,
    throttle: createThrottler(context.bindings.THROTTLE, now),
    mail: context.mail,
    env: context.env,
    now,
    waitUntil: context.waitUntil,
  };
}

/** Who made the request, for the per-IP limits. */
export type RequestMeta = { ip: string };

export type AuthFailure = {
  ok: false;
  status: 400 | 401 | 403 | 409 | 429 | 500;
  message: string;
  /** Set on 429s: seconds until a retry can succeed (sent as Retry-After). */
  retryAfterSeconds?: number;
  /** Set when the password was right but the e-mail still needs its code. */
  verificationRequired?: { email: string };
  /** Set when a one-time code is wrong, expired or dead: the code boxes are cleared. */
  codeRejected?: true;
};

export type SignedIn = { ok: true; user: UserRow; session: SessionHandle };

export function fail(
  status: AuthFailure["status"],
  message: string,
  extra: Omit<AuthFailure, "ok" | "status" | "message"> = {},
): AuthFailure {
  return { ok: false, status, message, ...extra };
}

export function throttled(
  decision: ThrottleDecision,
  message?: (seconds: number) => string,
): AuthFailure {
  const seconds = retryAfterSeconds(decision);
  return fail(429, (message ?? tooManyAttemptsMessage)(seconds), { retryAfterSeconds: seconds });
}

/**
 * Who is signed in, the guards, and signing in and out with a password.
 *
 * Guards are loader helpers that throw redirects:
 * - requireUser: anonymous visitors go to /login?redirectTo=<this page>.
 * - requireAnonymous: signed-in users are sent from /login and /register to /.
 */
import { redirect } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { users } from "~/db/schema";
import { AUTH_MESSAGES, loginLockedMessage } from "~/lib/auth-messages";
import { loginPathFor, returnPath } from "~/lib/auth-redirect";
import type { AppContext } from "~/load-context";
import {
  type AuthDeps,
  type AuthFailure,
  authDeps,
  fail,
  type RequestMeta,
  type SignedIn,
  throttled,
} from "./auth-context.server";
import { sendCode, takeCodeSendAllowance } from "./auth-codes.server";
import { hashPassword, spendPasswordCheckTime, verifyPassword } from "./password.server";
import {
  clearSessionCookie,
  createSession,
  hasSessionCookie,
  readSession,
  readSessionToken,
  revokeSession,
  type SessionHandle,
  type SignInMethod,
  touchSession,
} from "./session.server";
import { READ_KEYS, sharedRead } from "./request-reads.server";
import { passwordTryBuckets } from "./throttle.server";
import { findSessionUser, findUserByEmail, normalizeEmail, type UserRow } from "./user.server";

export type Authenticated = { user: UserRow; session: SessionHandle };

/** The signed-in user for a session token, or null. Checks revocation and the epoch in D1. */
export async function authenticateToken(
  deps: AuthDeps,
  token: string | null,
): Promise<Authenticated | null> {
  const session = await readSession(deps, token);
  if (!session) return null;
  return authenticateSession(deps, session);
}

/**
 * The second half of authenticateToken, for a session already read from KV:
 * its user in D1 (not revoked, same epoch, verified).
 */
export async function authenticateSession(
  deps: AuthDeps,
  session: SessionHandle,
): Promise<Authenticated | null> {
  return acceptSessionUser(
    deps,
    session,
    await findSessionUser(deps.db, session.record.userId, session.id),
  );
}

/**
 * Whether a session read from KV stands, given its user as sessionUserQuery
 * read it (null: gone, or the session was revoked): same epoch, verified.
 * Callers that know the user id from the session batch that query with their
 * own reads.
 */
export function acceptSessionUser(
  deps: AuthDeps,
  session: SessionHandle,
  user: UserRow | null,
): Authenticated | null {
  if (!user || user.sessionEpoch !== session.record.epoch || !user.emailVerifiedAt) return null;
  deps.waitUntil(
    touchSession(deps, session).catch((error) => console.error("[session] touch failed", error)),
  );
  return { user, session };
}

/**
 * The signed-in user behind the request (Bearer token or session cookie), or
 * null. Read once per page request: the root loader's viewer offers it
 * (models/viewer.server.ts), and every loader of the request takes that read.
 */
export async function getAuth(
  request: Request,
  context: AppContext,
): Promise<Authenticated | null> {
  return sharedRead(context.reads, READ_KEYS.auth, async () =>
    authenticateToken(authDeps(context), await readSessionToken(request, context.env)),
  );
}

/** Anonymous visitors go to /login, which brings them back here (or to `redirectTo`) afterwards. */
export async function requireUser(
  request: Request,
  context: AppContext,
  options: { redirectTo?: string } = {},
): Promise<Authenticated> {
  const auth = await getAuth(request, context);
  if (auth) return auth;
  const headers = new Headers();
  // A cookie whose session is gone is cleared on the way out.
  if (hasSessionCookie(request, context.env))
    headers.append("Set-Cookie", await clearSessionCookie(context.env));
  throw redirect(loginPathFor(options.redirectTo ?? returnPath(request)), { headers });
}

/** For /login and /register: a signed-in user has nothing to do there and goes to /. */
export async function requireAnonymous(request: Request, context: AppContext): Promise<void> {
  if (await getAuth(request, context)) throw redirect("/");
}

/** Starts a brand-new session for the user (a new token on every sign-in). */
export async function startSession(
  deps: AuthDeps,
  user: UserRow,
  options: { remember: boolean; method: SignInMethod },
): Promise<SessionHandle> {
  return createSession(deps, {
    userId: user.id,
    epoch: user.sessionEpoch,
    remember: options.remember,
    method: options.method,
  });
}

/**
 * The password check both logins share (this one and the admin login).
 *
 * The try is reserved in every bucket before the password is hashed, so
 * parallel requests cannot slip past a limit while their hashes run; when a
 * bucket is full the password is not even checked (429). A wrong password
 * keeps the reservation. A right one gives it back, clears the account's count
 * from this IP, and upgrades an old hash.
 *
 * The account's lockout from one IP leaves its owner free on others until the
 * ceiling across all IPs is reached; the password reset (never blocked by
 * these limits) lifts both (resetPassword).
 */
export async function checkPassword(
  deps: AuthDeps,
  input: { email: string; password: string },
  meta: RequestMeta,
): Promise<{ ok: true; user: UserRow } | AuthFailure> {
  const email = normalizeEmail(input.email);
  const buckets = passwordTryBuckets(email, meta.ip);
  const reservation = await deps.throttle.reserve(buckets);
  if (!reservation.allowed) {
    return reservation.rule === "loginFailuresPerIp"
      ? throttled(reservation.decision)
      : throttled(reservation.decision, loginLockedMessage);
  }

  const pepper = deps.env.PASSWORD_PEPPER;
  const user = await findUserByEmail(deps.db, email);
  let check = { valid: false, needsRehash: false };
  if (user?.passwordHash)
    check = await verifyPassword(input.password, user.passwordHash, { pepper });
  else await spendPasswordCheckTime(input.password, { pepper });

  if (!user || !check.valid) return fail(401, AUTH_MESSAGES.invalidCredentials);
  await Promise.all([reservation.release(), deps.throttle.clear(...buckets[0])]);

  if (check.needsRehash) {
    const passwordHash = await hashPassword(input.password, { pepper });
    await deps.db
      .update(users)
      .set({ passwordHash, updatedAt: new Date(deps.now()) })
      .where(eq(users.id, user.id));
  }
  return { ok: true, user };
}

/**
 * E-mail and password (checkPassword). A right password on an unverified
 * account starts no session: a code is sent (if the resend cooldown allows)
 * and the caller is told to verify (403).
 */
export async function loginWithPassword(
  deps: AuthDeps,
  input: { email: string; password: string; rememberMe: boolean },
  meta: RequestMeta,
): Promise<SignedIn | AuthFailure> {
  const checked = await checkPassword(deps, input, meta);
  if (!checked.ok) return checked;
  const { user } = checked;

  if (!user.emailVerifiedAt) {
    // Send a fresh code unless one went out under a minute ago (the screen offers resend).
    const throttledSend = await takeCodeSendAllowance(deps, "verify_email", user.email, meta.ip);
    if (!throttledSend) {
      await sendCode(deps, user, "verify_email").catch((error) =>
        console.error("[auth] could not mail a verification code at login", error),
      );
    }
    return fail(403, AUTH_MESSAGES.emailNotVerified, {
      verificationRequired: { email: user.email },
    });
  }

  const session = await startSession(deps, user, {
    remember: input.rememberMe,
    method: "password",
  });
  return { ok: true, user, session };
}

/** Ends the session on the server. Never throws: the caller clears the cookie regardless. */
export async function logout(deps: AuthDeps, token: string | null): Promise<void> {
  try {
    const session = await readSession(deps, token);
    if (session) await revokeSession(deps, session);
  } catch (error) {
    console.error("[auth] could not revoke the session at logout", error);
  }
}

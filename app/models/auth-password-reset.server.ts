/**
 * Forgotten passwords: a six-digit reset code (900 s, five tries) mailed to the
 * address, then a new password. Every answer is the same whether or not the
 * address has an account. A reset proves the mailbox, so it also verifies the
 * address, and it ends every session the account had.
 */
import { eq, sql } from "drizzle-orm";
import { users } from "~/db/schema";
import { AUTH_MESSAGES } from "~/lib/auth-messages";
import {
  type AuthDeps,
  type AuthFailure,
  fail,
  type RequestMeta,
  throttled,
} from "./auth-context.server";
import { sendCode, takeCodeSendAllowance } from "./auth-codes.server";
import { CODE_TTL_MS, redeemCode } from "./one-time-code.server";
import { hashPassword } from "./password.server";
import { passwordTryBuckets } from "./throttle.server";
import { findUserByEmail, normalizeEmail } from "./user.server";

export type ResetRequested = { ok: true; email: string; message: string; codeExpiresAt: Date };

/**
 * Forgot password and "resend reset code": one function, one answer for every
 * address, and the same work before it: the send allowances, clearing the
 * address's reset-code guesses, and one account lookup. The code is issued and
 * mailed after the answer has gone (waitUntil), so neither the answer's timing
 * nor a mail failure tells whether the address has an account.
 */
export async function requestPasswordReset(
  deps: AuthDeps,
  input: { email: string },
  meta: RequestMeta,
): Promise<ResetRequested | AuthFailure> {
  const email = normalizeEmail(input.email);
  const limited = await takeCodeSendAllowance(deps, "reset_password", email, meta.ip);
  if (limited) return limited;
  const now = deps.now();
  const [user] = await Promise.all([
    findUserByEmail(deps.db, email),
    // A new code starts a new count of wrong guesses for the address.
    deps.throttle.clear("resetCodeGuessesPerAddress", email),
  ]);
  if (user) {
    // The code and its mail start only once the answer is on its way (a timer
    // runs after the handler has returned), so none of their work can delay
    // this answer against one for an address without an account.
    deps.waitUntil(
      new Promise((resolve) => setTimeout(resolve, 25))
        .then(() => sendCode(deps, user, "reset_password", now))
        .catch((error) => console.error("[auth] could not mail a password reset code", error)),
    );
  }
  return {
    ok: true,
    email,
    message: AUTH_MESSAGES.resetCodeSentIfAccount,
    codeExpiresAt: new Date(now + CODE_TTL_MS.reset_password),
  };
}

export async function resetPassword(
  deps: AuthDeps,
  input: { email: string; code: string; newPassword: string },
  meta: RequestMeta,
): Promise<{ ok: true; email: string } | AuthFailure> {
  const perIp = await deps.throttle.peek("codeFailuresPerIp", meta.ip);
  if (!perIp.allowed) return throttled(perIp);

  const email = normalizeEmail(input.email);
  // Wrong guesses are counted per address, for addresses with and without an account alike, so
  // "too many incorrect attempts" comes at the same try for both (each code also dies in D1).
  const guesses = await deps.throttle.peek("resetCodeGuessesPerAddress", email);
  const rejected = async (message: string) => {
    await deps.throttle.consume("codeFailuresPerIp", meta.ip);
    return fail(400, message, { codeRejected: true });
  };
  const wrongGuess = async () => {
    const counted = await deps.throttle.consume("resetCodeGuessesPerAddress", email);
    return rejected(
      counted.remaining === 0 ? AUTH_MESSAGES.codeLocked : AUTH_MESSAGES.resetCodeInvalid,
    );
  };
  if (!guesses.allowed) return rejected(AUTH_MESSAGES.codeLocked);

  const user = await findUserByEmail(deps.db, email);
  if (!user) return wrongGuess();

  const check = await redeemCode(
    { db: deps.db, secret: deps.env.SESSION_SECRET, now: deps.now() },
    user.id,
    "reset_password",
    input.code,
  );
  if (!check.ok) return wrongGuess();

  const now = new Date(deps.now());
  await deps.db
    .update(users)
    .set({
      passwordHash: await hashPassword(input.newPassword, { pepper: deps.env.PASSWORD_PEPPER }),
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.getTime()})`,
      // Every existing session (on any device) ends now.
      sessionEpoch: sql`${users.sessionEpoch} + 1`,
      updatedAt: now,
    })
    .where(eq(users.id, user.id));
  // They proved the mailbox: the account's sign-in lockout is lifted (its ceiling across every
  // IP, and its count from this IP); other IPs' counts stand, so a guesser stays locked out.
  const [fromHere, everywhere] = passwordTryBuckets(email, meta.ip);
  await Promise.all([
    deps.throttle.clear(...fromHere),
    deps.throttle.clear(...everywhere),
    deps.throttle.clear("resetCodeGuessesPerAddress", email),
  ]);
  return { ok: true, email };
}

/**
 * Registration and e-mail verification. A new account starts unverified with no
 * session; the six-digit code mailed to it (600 s, five tries) verifies the
 * address and starts the first session.
 */
import { and, eq, isNull } from "drizzle-orm";
import { users } from "~/db/schema";
import { AUTH_MESSAGES } from "~/lib/auth-messages";
import type { RegistrationInput } from "~/lib/auth-schemas";
import {
  type AuthDeps,
  type AuthFailure,
  fail,
  type RequestMeta,
  type SignedIn,
  throttled,
} from "./auth-context.server";
import { sendCode, takeCodeSendAllowance } from "./auth-codes.server";
import { startSession } from "./auth.server";
import { CODE_TTL_MS, redeemCode } from "./one-time-code.server";
import { hashPassword } from "./password.server";
import { startTrialStatement } from "./subscription.server";
import { createUser, findUserByEmail, normalizeEmail } from "./user.server";

export type RegistrationStarted = { ok: true; email: string; codeExpiresAt: Date };

export async function registerAccount(
  deps: AuthDeps,
  input: RegistrationInput,
  meta: RequestMeta,
): Promise<RegistrationStarted | AuthFailure> {
  const perIp = await deps.throttle.consume("registrationsPerIp", meta.ip);
  if (!perIp.allowed) return throttled(perIp);

  const email = normalizeEmail(input.email);
  if (await findUserByEmail(deps.db, email)) return fail(409, AUTH_MESSAGES.emailAlreadyRegistered);

  const user = await createUser(
    deps.db,
    {
      firstName: input.firstName,
      lastName: input.lastName,
      email,
      medicalSchool: input.medicalSchool,
      year: input.year,
      passwordHash: await hashPassword(input.password, { pepper: deps.env.PASSWORD_PEPPER }),
    },
    deps.now(),
  );
  if (!user) return fail(409, AUTH_MESSAGES.emailAlreadyRegistered);

  // The first code always goes out; it also starts the 60 s resend cooldown.
  await takeCodeSendAllowance(deps, "verify_email", email, meta.ip);
  try {
    const { expiresAt } = await sendCode(deps, user, "verify_email");
    return { ok: true, email, codeExpiresAt: expiresAt };
  } catch (error) {
    // Without its code the account could never be verified, and the address would look taken: undo it.
    await deps.db.delete(users).where(eq(users.id, user.id));
    throw error;
  }
}

/** Checks the code; on success marks the address verified and starts the first session. */
export async function verifyEmail(
  deps: AuthDeps,
  input: { email: string; code: string; rememberMe?: boolean },
  meta: RequestMeta,
): Promise<SignedIn | AuthFailure> {
  const perIp = await deps.throttle.peek("codeFailuresPerIp", meta.ip);
  if (!perIp.allowed) return throttled(perIp);

  const user = await findUserByEmail(deps.db, input.email);
  const rejected = async (message: string) => {
    await deps.throttle.consume("codeFailuresPerIp", meta.ip);
    return fail(400, message, { codeRejected: true });
  };
  if (!user) return rejected(AUTH_MESSAGES.verificationFailed);
  if (user.emailVerifiedAt) return fail(409, AUTH_MESSAGES.emailAlreadyVerified);

  const check = await redeemCode(
    { db: deps.db, secret: deps.env.SESSION_SECRET, now: deps.now() },
    user.id,
    "verify_email",
    input.code,
  );
  if (!check.ok) {
    return rejected(
      check.reason === "invalid"
        ? AUTH_MESSAGES.verificationFailed
        : check.reason === "locked"
          ? AUTH_MESSAGES.codeLocked
          : AUTH_MESSAGES.codeExpired,
    );
  }

  const now = new Date(deps.now());
  // Verifying the address starts the free trial, in the same transaction.
  const [verifiedRows] = await deps.db.batch([
    deps.db
      .update(users)
      .set({ emailVerifiedAt: now, updatedAt: now })
      .where(and(eq(users.id, user.id), isNull(users.emailVerifiedAt)))
      .returning(),
    startTrialStatement(deps.db, user.id, now.getTime()),
  ]);
  const [verified] = verifiedRows;
  const signedInUser = verified ?? user;
  const session = await startSession(deps, signedInUser, {
    remember: input.rememberMe ?? false,
    method: "email-code",
  });
  return { ok: true, user: signedInUser, session };
}

export type CodeResent = { ok: true; email: string; codeExpiresAt: Date };

/**
 * A new verification code. The answer is the same for an address with no
 * account or an already verified one (no code is sent then), so this call
 * cannot be used to find out which addresses are registered.
 */
export async function resendVerificationCode(
  deps: AuthDeps,
  input: { email: string },
  meta: RequestMeta,
): Promise<CodeResent | AuthFailure> {
  const email = normalizeEmail(input.email);
  const limited = await takeCodeSendAllowance(deps, "verify_email", email, meta.ip);
  if (limited) return limited;
  const user = await findUserByEmail(deps.db, email);
  if (!user || user.emailVerifiedAt) {
    return { ok: true, email, codeExpiresAt: new Date(deps.now() + CODE_TTL_MS.verify_email) };
  }
  const { expiresAt } = await sendCode(deps, user, "verify_email");
  return { ok: true, email, codeExpiresAt: expiresAt };
}

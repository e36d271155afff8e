/**
 * Sending one-time codes: the resend limits (60 s cooldown per address and
 * purpose, hourly caps per address and per IP) and the mail itself. The limits
 * are keyed by address, not by account, so an address with no account meets
 * exactly the same answers as one with an account.
 */
import { resendCooldownMessage } from "~/lib/auth-messages";
import { type AuthDeps, type AuthFailure, throttled } from "./auth-context.server";
import { codeMail } from "./auth-mail.server";
import { CODE_TTL_MS, type CodePurpose, issueCode } from "./one-time-code.server";
import { retryAfterSeconds } from "./throttle.server";
import type { UserRow } from "./user.server";

const bucket = (purpose: CodePurpose, email: string) => `${purpose}:${email}`;

/** Takes one send from the address's and the IP's allowances; a failure if any is used up. */
export async function takeCodeSendAllowance(
  deps: AuthDeps,
  purpose: CodePurpose,
  email: string,
  ip: string,
): Promise<AuthFailure | null> {
  const cooldown = await deps.throttle.consume("codeResendCooldown", bucket(purpose, email));
  if (!cooldown.allowed) return throttled(cooldown, resendCooldownMessage);
  const perAddress = await deps.throttle.consume("codeSendsPerAddress", bucket(purpose, email));
  if (!perAddress.allowed) return throttled(perAddress);
  const perIp = await deps.throttle.consume("codeSendsPerIp", ip);
  if (!perIp.allowed) return throttled(perIp);
  return null;
}

/** Seconds until the address may ask for another code of this purpose (0: now). */
export async function secondsUntilResend(
  deps: AuthDeps,
  purpose: CodePurpose,
  email: string,
): Promise<number> {
  const decision = await deps.throttle.peek("codeResendCooldown", bucket(purpose, email));
  return decision.allowed ? 0 : retryAfterSeconds(decision);
}

/** Issues a fresh code for the user (valid from `now`) and mails it. Mail failures propagate to the caller. */
export async function sendCode(
  deps: AuthDeps,
  user: UserRow,
  purpose: CodePurpose,
  now: number = deps.now(),
): Promise<{ expiresAt: Date }> {
  const { code, expiresAt } = await issueCode(
    { db: deps.db, secret: deps.env.SESSION_SECRET, now },
    user.id,
    purpose,
  );
  await deps.mail.send(
    codeMail({
      to: user.email,
      firstName: user.firstName,
      code,
      purpose,
      validMinutes: CODE_TTL_MS[purpose] / 60_000,
    }),
  );
  return { expiresAt };
}

/**
 * The signed-in user's own account: profile details and password.
 *
 * The profile update writes exactly four columns (names, school, year) for the
 * session's own user: role, e-mail, verification and other users are out of
 * reach whatever the request body holds.
 */
import { eq, sql } from "drizzle-orm";
import { users } from "~/db/schema";
import { AUTH_MESSAGES } from "~/lib/auth-messages";
import type { ProfileInput } from "~/lib/auth-schemas";
import {
  type AuthDeps,
  type AuthFailure,
  fail,
  type SignedIn,
  throttled,
} from "./auth-context.server";
import type { Authenticated } from "./auth.server";
import { hashPassword, verifyPassword } from "./password.server";
import { createSession, revokeSession } from "./session.server";
import type { UserRow } from "./user.server";

export async function updateProfile(
  deps: AuthDeps,
  userId: string,
  input: ProfileInput,
): Promise<{ ok: true; user: UserRow } | AuthFailure> {
  const [user] = await deps.db
    .update(users)
    .set({
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      medicalSchool: input.medicalSchool.trim(),
      year: input.year,
      updatedAt: new Date(deps.now()),
    })
    .where(eq(users.id, userId))
    .returning();
  return user ? { ok: true, user } : fail(401, AUTH_MESSAGES.sessionEnded);
}

/**
 * Changes (or, for a Google-only account, sets) the password. Every other
 * session of the user ends; this one continues under a new token.
 */
export async function changePassword(
  deps: AuthDeps,
  auth: Authenticated,
  input: { currentPassword?: string; newPassword: string },
): Promise<SignedIn | AuthFailure> {
  const { user } = auth;
  const pepper = deps.env.PASSWORD_PEPPER;
  if (user.passwordHash) {
    if (!input.currentPassword) return fail(400, AUTH_MESSAGES.currentPasswordRequired);
    // Reserved before the hash, so parallel guesses cannot slip past the account's ceiling.
    const reservation = await deps.throttle.reserve([["loginAttemptsPerAccount", user.email]]);
    if (!reservation.allowed) return throttled(reservation.decision);
    const check = await verifyPassword(input.currentPassword, user.passwordHash, { pepper });
    // A stolen session must not become a way to guess the password: wrong tries keep their count.
    if (!check.valid) return fail(400, AUTH_MESSAGES.currentPasswordWrong);
    await reservation.release();
    if (input.currentPassword === input.newPassword)
      return fail(400, AUTH_MESSAGES.newPasswordSameAsCurrent);
  }

  const [updated] = await deps.db
    .update(users)
    .set({
      passwordHash: await hashPassword(input.newPassword, { pepper }),
      sessionEpoch: sql`${users.sessionEpoch} + 1`,
      updatedAt: new Date(deps.now()),
    })
    .where(eq(users.id, user.id))
    .returning();
  if (!updated) return fail(401, AUTH_MESSAGES.sessionEnded);

  await revokeSession(deps, auth.session);
  const session = await createSession(deps, {
    userId: updated.id,
    epoch: updated.sessionEpoch,
    remember: auth.session.record.remember,
    method: "password-change",
  });
  return { ok: true, user: updated, session };
}

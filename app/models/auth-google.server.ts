/**
 * Signing in with a verified Google identity: find the account linked to the
 * Google subject, else link the account with the same e-mail, else create a
 * verified one. Google must vouch for the address (email_verified).
 *
 * Linking an account whose address was never verified here takes it over for
 * the mailbox's owner: the unproven password is dropped and any session ends,
 * so whoever registered the address first cannot keep a way in.
 */
import { eq, sql } from "drizzle-orm";
import { users } from "~/db/schema";
import type { GoogleIdentity } from "~/integrations/google.server";
import { AUTH_MESSAGES } from "~/lib/auth-messages";
import { type AuthDeps, type AuthFailure, fail, type SignedIn } from "./auth-context.server";
import { startSession } from "./auth.server";
import {
  createUser,
  findUserByEmail,
  findUserByGoogleSubject,
  normalizeEmail,
  type UserRow,
} from "./user.server";
import { startTrial } from "./subscription.server";

export type GoogleSignedIn = SignedIn & { created: boolean };

export async function signInWithGoogle(
  deps: AuthDeps,
  identity: GoogleIdentity,
  options: { remember: boolean },
): Promise<GoogleSignedIn | AuthFailure> {
  if (!identity.emailVerified) return fail(401, AUTH_MESSAGES.googleEmailUnverified);
  const email = normalizeEmail(identity.email);
  const now = new Date(deps.now());

  let user: UserRow | null = await findUserByGoogleSubject(deps.db, identity.subject);
  let created = false;

  if (!user) {
    const existing = await findUserByEmail(deps.db, email);
    if (existing?.googleSubject && existing.googleSubject !== identity.subject) {
      return fail(409, AUTH_MESSAGES.googleAccountConflict);
    }
    if (existing) {
      const claimUnverified = existing.emailVerifiedAt === null;
      const [linked] = await deps.db
        .update(users)
        .set({
          googleSubject: identity.subject,
          updatedAt: now,
          ...(claimUnverified
            ? {
                emailVerifiedAt: now,
                passwordHash: null,
                sessionEpoch: sql`${users.sessionEpoch} + 1`,
              }
            : {}),
        })
        .where(eq(users.id, existing.id))
        .returning();
      user = linked ?? null;
    } else {
      user = await createUser(
        deps.db,
        {
          firstName: (identity.givenName ?? identity.name ?? email.split("@")[0]!).slice(0, 60),
          lastName: (identity.familyName ?? "").slice(0, 60),
          email,
          emailVerifiedAt: now,
          googleSubject: identity.subject,
        },
        deps.now(),
      );
      created = true;
      // Two first sign-ins racing each other: the other one created the account.
      user ??= await findUserByGoogleSubject(deps.db, identity.subject);
    }
  }
  if (!user) return fail(409, AUTH_MESSAGES.googleAccountConflict);
  // Google has verified the address: that starts the free trial (once; later sign-ins change nothing).
  await startTrial(deps.db, user.id, now.getTime());

  const session = await startSession(deps, user, { remember: options.remember, method: "google" });
  return { ok: true, user, session, created };
}

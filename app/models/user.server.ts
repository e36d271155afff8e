/**
 * The users table: look-ups, creation, and the two shapes a user leaves the
 * server in (the API's user object and the navigation bar's viewer).
 */
import { and, eq, notExists, type Placeholder, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { placeholder, prebuilt } from "~/db/prebuilt.server";
import { revokedSessions, users } from "~/db/schema";
import type { ViewerUser } from "~/lib/viewer";

export type UserRow = typeof users.$inferSelect;

/** The user object of /api/auth. Never carries the password hash or the Google subject. */
export type PublicUser = {
  id: string;
  role: "learner" | "admin";
  firstName: string;
  lastName: string;
  email: string;
  medicalSchool: string | null;
  year: string | null;
  emailVerified: boolean;
  hasPassword: boolean;
  googleLinked: boolean;
  createdAt: string;
};

/** Addresses are compared and stored trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${normalizeEmail(email)}`)
    .limit(1);
  return row ?? null;
}

export async function findUserById(db: Database, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/**
 * The session's user, in one query that also proves the session was not
 * revoked (findSessionUser), for callers that batch it with their own reads.
 */
export function sessionUserQuery(
  db: Database,
  userId: string | Placeholder,
  sessionId: string | Placeholder,
) {
  return db
    .select()
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        notExists(
          db
            .select({ id: revokedSessions.id })
            .from(revokedSessions)
            .where(eq(revokedSessions.id, sessionId)),
        ),
      ),
    )
    .limit(1);
}

/** sessionUserQuery built once; bind `userId` and `sessionId` (every signed-in page reads it). */
export const SESSION_USER = prebuilt((db) =>
  sessionUserQuery(db, placeholder("userId"), placeholder("sessionId")),
);

/** The session's user, in one query that also proves the session was not revoked. */
export async function findSessionUser(
  db: Database,
  userId: string,
  sessionId: string,
): Promise<UserRow | null> {
  const [row] = await sessionUserQuery(db, userId, sessionId);
  return row ?? null;
}

export async function findUserByGoogleSubject(
  db: Database,
  subject: string,
): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.googleSubject, subject)).limit(1);
  return row ?? null;
}

export type NewUser = {
  firstName: string;
  lastName: string;
  email: string;
  medicalSchool?: string | null;
  year?: string | null;
  passwordHash?: string | null;
  emailVerifiedAt?: Date | null;
  googleSubject?: string | null;
  role?: "learner" | "admin";
};

/** Inserts the user; null if the e-mail (or Google account) is taken, whatever its case. */
export async function createUser(
  db: Database,
  input: NewUser,
  now: number,
): Promise<UserRow | null> {
  try {
    const [row] = await db
      .insert(users)
      .values({
        id: crypto.randomUUID(),
        role: input.role ?? "learner",
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        email: normalizeEmail(input.email),
        medicalSchool: input.medicalSchool?.trim() || null,
        year: input.year ?? null,
        passwordHash: input.passwordHash ?? null,
        emailVerifiedAt: input.emailVerifiedAt ?? null,
        googleSubject: input.googleSubject ?? null,
        createdAt: new Date(now),
        updatedAt: new Date(now),
      })
      .returning();
    return row ?? null;
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

export function isUniqueViolation(error: unknown): boolean {
  const text = `${String(error)} ${String((error as { cause?: unknown })?.cause ?? "")}`;
  return /UNIQUE constraint failed/i.test(text);
}

export function toPublicUser(user: UserRow): PublicUser {
  return {
    id: user.id,
    role: user.role,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    medicalSchool: user.medicalSchool,
    year: user.year,
    emailVerified: user.emailVerifiedAt !== null,
    hasPassword: user.passwordHash !== null,
    googleLinked: user.googleSubject !== null,
    createdAt: user.createdAt.toISOString(),
  };
}

export function toViewerUser(user: UserRow): ViewerUser {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    role: user.role,
  };
}

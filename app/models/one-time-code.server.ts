/**
 * Six-digit one-time codes for e-mail verification (600 s) and password reset
 * (900 s). A code is drawn from the CSPRNG, only its HMAC (keyed with a
 * server secret) is stored, it works once, and five wrong guesses kill it.
 * Issuing a new code retires the previous one. The 60 s resend cooldown is a
 * throttle bucket (app/models/throttle.server.ts), so it holds for addresses
 * with no account too.
 */
import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { oneTimeCodes } from "~/db/schema";
import { constantTimeEqual, hmacSha256Hex } from "./auth-crypto.server";

export type CodePurpose = "verify_email" | "reset_password";

export const CODE_TTL_MS: Record<CodePurpose, number> = {
  verify_email: 600_000,
  reset_password: 900_000,
};
export const MAX_CODE_ATTEMPTS = 5;

/** Six uniformly random digits (rejection sampling, so no digit string is likelier than another). */
export function generateCode(): string {
  const limit = Math.floor(0x1_0000_0000 / 1_000_000) * 1_000_000;
  const buffer = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buffer);
    const value = buffer[0]!;
    if (value < limit) return String(value % 1_000_000).padStart(6, "0");
  }
}

type CodeDeps = { db: Database; secret: string; now: number };

function codeHash(secret: string, purpose: CodePurpose, userId: string, code: string) {
  return hmacSha256Hex(secret, `one-time-code\u0000${purpose}\u0000${userId}\u0000${code}`);
}

/** Creates a fresh code for the user (retiring any earlier one) and returns it in clear, once. */
export async function issueCode(
  { db, secret, now }: CodeDeps,
  userId: string,
  purpose: CodePurpose,
): Promise<{ code: string; expiresAt: Date }> {
  const code = generateCode();
  const expiresAt = new Date(now + CODE_TTL_MS[purpose]);
  await db.batch([
    db
      .update(oneTimeCodes)
      .set({ usedAt: new Date(now) })
      .where(
        and(
          eq(oneTimeCodes.userId, userId),
          eq(oneTimeCodes.purpose, purpose),
          isNull(oneTimeCodes.usedAt),
        ),
      ),
    db.insert(oneTimeCodes).values({
      id: crypto.randomUUID(),
      userId,
      purpose,
      codeHash: await codeHash(secret, purpose, userId, code),
      expiresAt,
      createdAt: new Date(now),
    }),
  ]);
  return { code, expiresAt };
}

/** The live (unused) code's expiry, for the screens' countdown; null if there is none. */
export async function activeCodeExpiry(
  { db, now }: Omit<CodeDeps, "secret">,
  userId: string,
  purpose: CodePurpose,
): Promise<Date | null> {
  const [row] = await db
    .select({ expiresAt: oneTimeCodes.expiresAt })
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.userId, userId),
        eq(oneTimeCodes.purpose, purpose),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, new Date(now)),
        lt(oneTimeCodes.attempts, MAX_CODE_ATTEMPTS),
      ),
    )
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  return row?.expiresAt ?? null;
}

export type CodeCheck =
  | { ok: true }
  | { ok: false; reason: "invalid"; attemptsLeft: number }
  | { ok: false; reason: "expired" | "locked" };

/** Checks `code` against the user's latest code for `purpose` and, if it matches, uses it up. */
export async function redeemCode(
  { db, secret, now }: CodeDeps,
  userId: string,
  purpose: CodePurpose,
  code: string,
): Promise<CodeCheck> {
  const [latest] = await db
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.userId, userId),
        eq(oneTimeCodes.purpose, purpose),
        isNull(oneTimeCodes.usedAt),
      ),
    )
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  if (!latest || latest.expiresAt.getTime() <= now) return { ok: false, reason: "expired" };
  if (latest.attempts >= MAX_CODE_ATTEMPTS) return { ok: false, reason: "locked" };

  const matches = constantTimeEqual(await codeHash(secret, purpose, userId, code), latest.codeHash);
  if (!matches) {
    // Counted in one statement, so parallel guesses cannot slip past the limit.
    const [counted] = await db
      .update(oneTimeCodes)
      .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
      .where(and(eq(oneTimeCodes.id, latest.id), lt(oneTimeCodes.attempts, MAX_CODE_ATTEMPTS)))
      .returning({ attempts: oneTimeCodes.attempts });
    const attempts = counted?.attempts ?? MAX_CODE_ATTEMPTS;
    return attempts >= MAX_CODE_ATTEMPTS
      ? { ok: false, reason: "locked" }
      : { ok: false, reason: "invalid", attemptsLeft: MAX_CODE_ATTEMPTS - attempts };
  }

  // Single use: only one request can flip used_at from NULL.
  const [used] = await db
    .update(oneTimeCodes)
    .set({ usedAt: new Date(now) })
    .where(
      and(
        eq(oneTimeCodes.id, latest.id),
        isNull(oneTimeCodes.usedAt),
        lt(oneTimeCodes.attempts, MAX_CODE_ATTEMPTS),
        gt(oneTimeCodes.expiresAt, new Date(now)),
      ),
    )
    .returning({ id: oneTimeCodes.id });
  return used ? { ok: true } : { ok: false, reason: "expired" };
}

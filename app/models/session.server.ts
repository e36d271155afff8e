/**
 * Sessions (docs/decisions/011-sessions-in-kv.md).
 *
 * - A session is a 256-bit random token. The browser holds it in an HttpOnly,
 *   SameSite=Lax cookie (Secure and `__Host-` prefixed in production); API
 *   clients send it as `Authorization: Bearer <token>`. Same sessions, two carriers.
 * - KV holds the record under `session:<SHA-256 of the token>`, so a copy of KV
 *   holds no usable tokens. KV's own expiry removes it after the idle or the
 *   absolute timeout, whichever comes first.
 * - Revocation does not rely on KV, which other locations may see up to 60 s late:
 *   logout also writes the id to D1's revoked_sessions, and a password change or
 *   reset raises the user's session epoch. Both are checked, strongly consistent,
 *   in the same D1 query that loads the user on every request.
 * - So an isolate may keep a record it read for a few seconds (SESSION_MEMORY_MS)
 *   and skip the KV read: what ends a session is D1's to say, and the record's
 *   own timeouts are checked on every use (a record that looks past them is read
 *   again from KV, never deleted on the copy's word).
 */
import { createCookie } from "@remix-run/cloudflare";
import { lt } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { revokedSessions } from "~/db/schema";
import { randomToken, sha256Hex } from "./auth-crypto.server";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const SESSION_POLICIES = {
  /** "Remember me": a 30-day cookie. */
  remembered: { idleMs: 14 * DAY, absoluteMs: 30 * DAY },
  /** Otherwise a browser-session cookie, and the server forgets it within a day at most. */
  browser: { idleMs: 12 * HOUR, absoluteMs: 24 * HOUR },
} as const;

/** How stale `lastSeenAt` may get before a request writes it back (one KV write per 5 minutes at most). */
export const SESSION_TOUCH_INTERVAL_MS = 5 * MINUTE;
/** KV refuses expirations sooner than 60 s. */
const KV_MIN_TTL_SECONDS = 60;

export type SignInMethod = "password" | "email-code" | "google" | "password-change";

const sessionRecordSchema = z.object({
  v: z.literal(1),
  userId: z.string(),
  epoch: z.number().int(),
  createdAt: z.number(),
  lastSeenAt: z.number(),
  /** The absolute timeout. */
  expiresAt: z.number(),
  idleMs: z.number(),
  remember: z.boolean(),
  method: z.enum(["password", "email-code", "google", "password-change"]),
});
export type SessionRecord = z.infer<typeof sessionRecordSchema>;

export type SessionDeps = {
  kv: KVNamespace;
  db: Database;
  now: () => number;
  waitUntil?: (promise: Promise<unknown>) => void;
};

export type SessionHandle = { id: string; token: string; record: SessionRecord };

const kvKey = (id: string) => `session:${id}`;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function sessionIdFor(token: string): Promise<string> {
  return sha256Hex(token);
}

/** A brand-new session: new random token every time (never reused across logins). */
export async function createSession(
  deps: SessionDeps,
  input: { userId: string; epoch: number; remember: boolean; method: SignInMethod },
): Promise<SessionHandle> {
  const now = deps.now();
  const policy = input.remember ? SESSION_POLICIES.remembered : SESSION_POLICIES.browser;
  const token = randomToken(32);
  const id = await sessionIdFor(token);
  const record: SessionRecord = {
    v: 1,
    userId: input.userId,
    epoch: input.epoch,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: now + policy.absoluteMs,
    idleMs: policy.idleMs,
    remember: input.remember,
    method: input.method,
  };
  await putRecord(deps, id, record, now);
  return { id, token, record };
}

/** How long an isolate keeps a session record it read from KV. */
export const SESSION_MEMORY_MS = 30_000;
/** How many records it keeps at most (the oldest go first). */
const SESSION_MEMORY_MAX = 5_000;

/** Records read in this isolate, by token, with when they were read. */
const remembered = new Map<string, { id: string; record: SessionRecord; readAt: number }>();

function remember(token: string, id: string, record: SessionRecord, readAt: number) {
  remembered.delete(token);
  if (remembered.size >= SESSION_MEMORY_MAX) {
    remembered.delete(remembered.keys().next().value!);
  }
  remembered.set(token, { id, record, readAt });
}

const live = (record: SessionRecord, now: number) =>
  now < record.expiresAt && now - record.lastSeenAt < record.idleMs;

/** The live session for `token`, or null if unknown, malformed, idle too long or past its absolute end. */
export async function readSession(
  deps: SessionDeps,
  token: string | null | undefined,
): Promise<SessionHandle | null> {
  if (!token || !TOKEN_PATTERN.test(token)) return null;
  const now = deps.now();
  const kept = remembered.get(token);
  if (
    kept &&
    now - kept.readAt < SESSION_MEMORY_MS &&
    now >= kept.readAt &&
    live(kept.record, now)
  ) {
    return { id: kept.id, token, record: kept.record };
  }
  remembered.delete(token);
  const id = await sessionIdFor(token);
  const parsed = sessionRecordSchema.safeParse(await deps.kv.get(kvKey(id), "json"));
  if (!parsed.success) return null;
  const record = parsed.data;
  if (!live(record, now)) {
    deps.waitUntil?.(deps.kv.delete(kvKey(id)));
    return null;
  }
  remember(token, id, record, now);
  return { id, token, record };
}

/** Slides the idle timeout forward, writing to KV at most once per SESSION_TOUCH_INTERVAL_MS. */
export async function touchSession(deps: SessionDeps, session: SessionHandle): Promise<void> {
  const now = deps.now();
  if (now - session.record.lastSeenAt < SESSION_TOUCH_INTERVAL_MS) return;
  const record = { ...session.record, lastSeenAt: now };
  session.record = record;
  await putRecord(deps, session.id, record, now);
  // The isolate's copy moves on too, or each request would write it again.
  const kept = remembered.get(session.token);
  if (kept) kept.record = record;
}

/**
 * Ends one session: its id goes to D1 (checked on every request, so the end is
 * immediate everywhere) and its KV record is deleted. Old D1 rows are pruned.
 */
export async function revokeSession(
  deps: SessionDeps,
  session: { id: string; record: Pick<SessionRecord, "userId" | "expiresAt"> },
): Promise<void> {
  const now = deps.now();
  await deps.db.batch([
    deps.db
      .insert(revokedSessions)
      .values({
        id: session.id,
        userId: session.record.userId,
        expiresAt: new Date(session.record.expiresAt),
        revokedAt: new Date(now),
      })
      .onConflictDoNothing(),
    deps.db.delete(revokedSessions).where(lt(revokedSessions.expiresAt, new Date(now))),
  ]);
  await deps.kv.delete(kvKey(session.id));
}

/**
 * Ends the session behind `token` everywhere: revoked in D1, its record gone
 * from KV. False when the server could not (KV or D1 failing); the caller
 * still clears the browser's cookie and says the session may live on elsewhere.
 */
export async function endSession(deps: SessionDeps, token: string | null): Promise<boolean> {
  try {
    const session = await readSession(deps, token);
    if (token) remembered.delete(token);
    if (session) await revokeSession(deps, session);
    return true;
  } catch (error) {
    console.error("[auth] could not revoke the session at logout", error);
    return false;
  }
}

async function putRecord(deps: SessionDeps, id: string, record: SessionRecord, now: number) {
  const remainingMs = Math.min(record.expiresAt - now, record.idleMs);
  const expirationTtl = Math.max(KV_MIN_TTL_SECONDS, Math.ceil(remainingMs / 1000));
  await deps.kv.put(kvKey(id), JSON.stringify(record), { expirationTtl });
}

// ---------------------------------------------------------------------------
// The cookie and the Bearer header

type CookieEnv = { SESSION_SECRET: string; isLocal: boolean };

function sessionCookie(env: CookieEnv) {
  // `__Host-` makes the browser insist on Secure, Path=/ and no Domain: no subdomain can plant one.
  return createCookie(sessionCookieName(env), {
    httpOnly: true,
    sameSite: "lax",
    secure: !env.isLocal,
    path: "/",
    secrets: [env.SESSION_SECRET],
  });
}

/** The Set-Cookie value for a new session: 30 days with "remember me", else a browser-session cookie. */
export async function commitSessionCookie(env: CookieEnv, session: SessionHandle): Promise<string> {
  return sessionCookie(env).serialize(session.token, {
    ...(session.record.remember
      ? { maxAge: Math.floor(SESSION_POLICIES.remembered.absoluteMs / 1000) }
      : {}),
  });
}

export function clearSessionCookie(env: CookieEnv): Promise<string> {
  return sessionCookie(env).serialize("", { maxAge: 0, expires: new Date(0) });
}

/** The token of an `Authorization: Bearer …` header, if any. */
export function readBearerToken(request: Request): string | null {
  return request.headers.get("Authorization")?.match(/^Bearer\s+(\S+)\s*$/i)?.[1] ?? null;
}

/** The token a request carries: `Authorization: Bearer …` first, then the session cookie. */
export async function readSessionToken(request: Request, env: CookieEnv): Promise<string | null> {
  const bearer = readBearerToken(request);
  if (bearer) return bearer;
  const value: unknown = await sessionCookie(env).parse(request.headers.get("Cookie"));
  return typeof value === "string" && value ? value : null;
}

/** The session cookie's name: `__Host-` prefixed outside local mode. */
export function sessionCookieName(env: Pick<CookieEnv, "isLocal">): string {
  return env.isLocal ? "mm_session" : "__Host-mm_session";
}

/** Whether the request carries a session cookie at all (valid or not). */
export function hasSessionCookie(request: Request, env: CookieEnv): boolean {
  const name = sessionCookieName(env);
  return (request.headers.get("Cookie") ?? "")
    .split(";")
    .some((part) => part.trim().startsWith(`${name}=`));
}

/**
 * Admin sessions (docs/decisions/026-admin-dashboard.md), apart from learner
 * sessions: made only by the admin login, with a fixed expiry returned to API
 * clients as expiresIn. A token is 256 random bits; D1 keeps its SHA-256, so
 * Logout and expiry hold everywhere at once (no KV lag).
 *
 * Two carriers, like learner sessions: the dashboard page keeps the token in
 * an HttpOnly, SameSite=Strict cookie of its own (the page works without
 * JavaScript, so nothing lives in local storage); API clients send it as
 * `Authorization: Bearer <token>`. The API reads only the Bearer header.
 */
import { createCookie } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { adminSessions, users } from "~/db/schema";
import { auditStatement } from "./admin-audit.server";
import { randomToken, sha256Hex } from "./auth-crypto.server";
import type { UserRow } from "./user.server";

export type AdminSession = {
  id: string;
  userId: string;
  email: string;
  firstName: string;
  expiresAt: number;
};

/** Whether a token is a live admin session, one that ran out, or nothing admin at all. */
export type AdminSessionState =
  { status: "active"; session: AdminSession } | { status: "expired" } | { status: "none" };

/** How the admin reached us, for the audit log. */
export type AdminChannel = "page" | "api";

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** Sessions over for a day are swept at the next login (until then an old token reads as expired). */
const SWEEP_AFTER_MS = 86_400_000;

/**
 * A new session for an admin who just proved their password: the session
 * row, the audit entry, and a sweep of sessions long over, in one batch.
 */
export async function startAdminSession(
  db: Database,
  user: UserRow,
  options: { ttlMs: number; now: number; via: AdminChannel },
): Promise<{ token: string; session: AdminSession }> {
  const { ttlMs, now, via } = options;
  const token = randomToken(32);
  const id = await sha256Hex(token);
  const expiresAt = now + ttlMs;
  const d1 = db.$client;
  await d1.batch([
    d1
      .prepare("DELETE FROM admin_sessions WHERE expires_at <= ?1 OR ended_at <= ?1")
      .bind(now - SWEEP_AFTER_MS),
    d1
      .prepare(
        "INSERT INTO admin_sessions (id, user_id, epoch, created_at, expires_at) VALUES (?1, ?2, ?3, ?4, ?5)",
      )
      .bind(id, user.id, user.sessionEpoch, now, expiresAt),
    auditStatement(db, {
      actor: { id: user.id, email: user.email },
      action: "login",
      details: { via, expiresAt: new Date(expiresAt).toISOString() },
      at: now,
    }),
  ]);
  return {
    token,
    session: { id, userId: user.id, email: user.email, firstName: user.firstName, expiresAt },
  };
}

/**
 * What `token` is: a live admin session (not ended, not past its expiry, its
 * account still a verified admin under the same session epoch), one that has
 * expired, or none.
 */
export async function readAdminSession(
  db: Database,
  token: string | null | undefined,
  now: number,
): Promise<AdminSessionState> {
  if (!token || !TOKEN_PATTERN.test(token)) return { status: "none" };
  const [row] = await db
    .select({
      id: adminSessions.id,
      userId: adminSessions.userId,
      epoch: adminSessions.epoch,
      expiresAt: adminSessions.expiresAt,
      endedAt: adminSessions.endedAt,
      email: users.email,
      firstName: users.firstName,
      role: users.role,
      sessionEpoch: users.sessionEpoch,
      emailVerifiedAt: users.emailVerifiedAt,
    })
    .from(adminSessions)
    .innerJoin(users, eq(users.id, adminSessions.userId))
    .where(eq(adminSessions.id, await sha256Hex(token)))
    .limit(1);
  if (
    !row ||
    row.endedAt !== null ||
    row.role !== "admin" ||
    row.epoch !== row.sessionEpoch ||
    !row.emailVerifiedAt
  ) {
    return { status: "none" };
  }
  const expiresAt = row.expiresAt.getTime();
  if (expiresAt <= now) return { status: "expired" };
  return {
    status: "active",
    session: {
      id: row.id,
      userId: row.userId,
      email: row.email,
      firstName: row.firstName,
      expiresAt,
    },
  };
}

/** Logout: the session ends at once, and the audit log says so, in one batch. */
export async function endAdminSession(
  db: Database,
  session: AdminSession,
  options: { now: number; via: AdminChannel },
): Promise<void> {
  const d1 = db.$client;
  await d1.batch([
    d1
      .prepare("UPDATE admin_sessions SET ended_at = ?1 WHERE id = ?2 AND ended_at IS NULL")
      .bind(options.now, session.id),
    auditStatement(db, {
      actor: { id: session.userId, email: session.email },
      action: "logout",
      details: { via: options.via },
      at: options.now,
    }),
  ]);
}

// ---------------------------------------------------------------------------
// The page's cookie

type CookieEnv = { SESSION_SECRET: string; isLocal: boolean };

/**
 * HttpOnly, SameSite=Strict (no other site can make the browser send it, so
 * the dashboard's forms need no CSRF token), Secure and `__Host-` prefixed in
 * production. Path=/ although only the dashboard reads it: with JavaScript the
 * page's data and form posts go to /admin_dashboard_2025.data, which a cookie
 * with Path=/admin_dashboard_2025 would not be sent to.
 */
function adminSessionCookie(env: CookieEnv) {
  return createCookie(env.isLocal ? "mm_admin" : "__Host-mm_admin", {
    httpOnly: true,
    sameSite: "strict",
    secure: !env.isLocal,
    path: "/",
    secrets: [env.SESSION_SECRET],
  });
}

export function commitAdminCookie(
  env: CookieEnv,
  token: string,
  session: AdminSession,
  now: number,
): Promise<string> {
  return adminSessionCookie(env).serialize(token, {
    maxAge: Math.max(1, Math.floor((session.expiresAt - now) / 1000)),
  });
}

export function clearAdminCookie(env: CookieEnv): Promise<string> {
  return adminSessionCookie(env).serialize("", { maxAge: 0, expires: new Date(0) });
}

export async function readAdminCookie(request: Request, env: CookieEnv): Promise<string | null> {
  const value: unknown = await adminSessionCookie(env).parse(request.headers.get("Cookie"));
  return typeof value === "string" && value ? value : null;
}

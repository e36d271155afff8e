/**
 * Who is calling the JSON API: the learner's session (Bearer token, or the
 * session cookie for the app's own screens), such a session of an account
 * with the role admin (requireApiAdmin), or the admin's session (Bearer token
 * from the admin login, requireAdminApi). Each guard throws the API's 401 /
 * 403 answer.
 */
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import { ADMIN_MESSAGES } from "~/lib/admin";
import { AUTH_MESSAGES } from "~/lib/auth-messages";
import type { AppContext } from "~/load-context";
import { type AdminSession, readAdminSession } from "~/models/admin-session.server";
import { authDeps } from "~/models/auth-context.server";
import {
  acceptSessionUser,
  type Authenticated,
  authenticateSession,
  getAuth,
} from "~/models/auth.server";
import { readBearerToken, readSession, readSessionToken } from "~/models/session.server";
import { sessionUserQuery } from "~/models/user.server";
import { ApiResponse, apiError } from "./api.server";

/** The Bearer token's (or cookie's) signed-in user; 401 means the session is gone. */
export async function requireApiAuth(
  request: Request,
  context: AppContext,
): Promise<Authenticated> {
  const token = await readSessionToken(request, context.env);
  const deps = authDeps(context);
  const session = await readSession(deps, token);
  const auth = session ? await authenticateSession(deps, session) : null;
  if (!auth) throw notAuthenticated(token);
  return auth;
}

/**
 * requireApiAuth, with the caller's own D1 reads for the session's user sent
 * in the same batch as the user check: one D1 round trip for both on a hot
 * path. `reads` gets the user id from the session (KV) and returns its
 * queries, or null for none; their rows are dropped when the session turns
 * out not to be valid.
 */
export async function requireApiAuthWithReads<T extends readonly BatchItem<"sqlite">[]>(
  request: Request,
  context: AppContext,
  reads: (userId: string) => Promise<T | null>,
): Promise<{ auth: Authenticated; rows: BatchResponse<T> | null }> {
  const token = await readSessionToken(request, context.env);
  const deps = authDeps(context);
  const session = await readSession(deps, token);
  if (!session) throw notAuthenticated(token);
  const { userId } = session.record;
  const queries = await reads(userId);
  const batch = [sessionUserQuery(deps.db, userId, session.id), ...(queries ?? [])] as const;
  const [userRows, ...rows] = await deps.db.batch(batch);
  const auth = acceptSessionUser(deps, session, userRows[0] ?? null);
  if (!auth) throw notAuthenticated(token);
  return { auth, rows: queries ? (rows as unknown as BatchResponse<T>) : null };
}

function notAuthenticated(token: string | null | undefined): ApiResponse {
  return new ApiResponse(
    apiError(
      401,
      token ? AUTH_MESSAGES.sessionEnded : AUTH_MESSAGES.authenticationFailed,
      {},
      { "WWW-Authenticate": 'Bearer realm="medmentor"' },
    ),
  );
}

/**
 * The guard for an administrator's action taken from the learner side: a
 * learner session (Bearer token or session cookie, as requireApiAuth reads
 * it) whose account has the role admin. It admits any signed-in account with
 * that role, and never an admin-login session (the Bearer token of POST
 * /api/admin/login, which requireAdminApi admits). No usable session answers
 * 401 like requireApiAuth; a signed-in account without the role answers 403
 * with `refusal`, the message naming what only administrators may do.
 */
export async function requireApiAdmin(
  request: Request,
  context: AppContext,
  refusal: string,
): Promise<Authenticated> {
  const auth = await requireApiAuth(request, context);
  if (auth.user.role !== "admin") throw new ApiResponse(apiError(403, refusal));
  return auth;
}

/**
 * The admin API's guard (/api/admin/*): the admin session named by the
 * Bearer token, as the admin login (POST /api/admin/login) issues it. It
 * admits only that session, never a learner session, even one whose account
 * has the role admin (requireApiAdmin admits those). An expired admin
 * session answers 401 with the expiry message; a learner's session (token or
 * cookie) 403; nothing usable 401 'Not authenticated'.
 */
export async function requireAdminApi(
  request: Request,
  context: AppContext,
): Promise<AdminSession> {
  const token = readBearerToken(request);
  const state = await readAdminSession(context.db, token, Date.now());
  if (state.status === "active") return state.session;
  const challenge = { "WWW-Authenticate": 'Bearer realm="medmentor-admin"' };
  if (state.status === "expired") {
    throw new ApiResponse(apiError(401, ADMIN_MESSAGES.sessionExpired, {}, challenge));
  }
  if (await getAuth(request, context)) {
    throw new ApiResponse(apiError(403, ADMIN_MESSAGES.adminOnly));
  }
  throw new ApiResponse(apiError(401, ADMIN_MESSAGES.notAuthenticated, {}, challenge));
}

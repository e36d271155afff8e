/**
 * Signing in to the admin dashboard, and the guards of the admin page and
 * API (docs/decisions/026-admin-dashboard.md).
 *
 * - The username is the admin account's e-mail. The password check is the
 *   learner login's (checkPassword): same hashing, same throttle buckets, so
 *   guesses against one account are counted once whichever door they use.
 * - Only verified accounts with role=admin get in. Anyone else's right
 *   password answers 'Invalid credentials' too: the admin door does not say
 *   which addresses have learner accounts.
 * - A learner's session (cookie or Bearer token) at an admin route answers
 *   403; no session at all answers 401 'Not authenticated'.
 */
import { redirect } from "@remix-run/cloudflare";
import { ADMIN_MESSAGES, ADMIN_PATH } from "~/lib/admin";
import type { AppContext } from "~/load-context";
import { recordAudit } from "./admin-audit.server";
import {
  type AdminChannel,
  type AdminSession,
  clearAdminCookie,
  readAdminCookie,
  readAdminSession,
  startAdminSession,
  endAdminSession,
} from "./admin-session.server";
import {
  type AuthDeps,
  type AuthFailure,
  authDeps,
  fail,
  type RequestMeta,
} from "./auth-context.server";
import { checkPassword, getAuth } from "./auth.server";

export type AdminDeps = AuthDeps & { sessionTtlMs: number };

export function adminDeps(context: AppContext, now: () => number = Date.now): AdminDeps {
  return { ...authDeps(context, now), sessionTtlMs: context.env.ADMIN_SESSION_TTL_MS };
}

export type AdminSignedIn = {
  ok: true;
  token: string;
  session: AdminSession;
  /** The session's length in milliseconds. */
  expiresIn: number;
};

/**
 * The admin login. Every attempt whose password was checked is
 * audited, success or failure; refusals while throttled (429) are not, as no
 * password was tried.
 */
export async function adminLogin(
  deps: AdminDeps,
  input: { username: string; password: string },
  meta: RequestMeta & { via: AdminChannel },
): Promise<AdminSignedIn | AuthFailure> {
  const username = input.username.trim();
  const checked = await checkPassword(deps, { email: username, password: input.password }, meta);
  if (!checked.ok) {
    if (checked.status === 429) return checked;
    await recordAudit(deps.db, {
      actor: { id: null, email: username },
      action: "login_failed",
      details: { via: meta.via, reason: "invalid" },
      at: deps.now(),
    });
    return fail(401, ADMIN_MESSAGES.invalidCredentials);
  }
  const { user } = checked;
  if (user.role !== "admin" || !user.emailVerifiedAt) {
    await Promise.all([
      deps.throttle.consume("loginFailuresPerIp", meta.ip),
      recordAudit(deps.db, {
        actor: { id: user.id, email: user.email },
        action: "login_failed",
        details: { via: meta.via, reason: "not_admin" },
        at: deps.now(),
      }),
    ]);
    return fail(401, ADMIN_MESSAGES.invalidCredentials);
  }
  const now = deps.now();
  const { token, session } = await startAdminSession(deps.db, user, {
    ttlMs: deps.sessionTtlMs,
    now,
    via: meta.via,
  });
  return { ok: true, token, session, expiresIn: session.expiresAt - now };
}

/** Ends the admin session behind `token`, if it is live. Never throws: the caller signs out regardless. */
export async function adminLogout(
  deps: Pick<AdminDeps, "db" | "now">,
  token: string | null,
  via: AdminChannel,
): Promise<void> {
  try {
    const state = await readAdminSession(deps.db, token, deps.now());
    if (state.status === "active")
      await endAdminSession(deps.db, state.session, { now: deps.now(), via });
  } catch (error) {
    console.error("[admin] could not end the session at logout", error);
  }
}

/** Whether the request comes from a signed-in learner (an account that is not an admin). */
async function isLearner(request: Request, context: AppContext): Promise<boolean> {
  const auth = await getAuth(request, context);
  return auth !== null && auth.user.role !== "admin";
}

/** Who is at the dashboard page: an admin, someone whose admin session ran out, a learner, or nobody. */
export type AdminPageAuth =
  | { status: "admin"; session: AdminSession; token: string }
  | { status: "expired" | "learner" | "anonymous"; hadCookie: boolean };

export async function adminPageAuth(request: Request, context: AppContext): Promise<AdminPageAuth> {
  const token = await readAdminCookie(request, context.env);
  const state = await readAdminSession(context.db, token, Date.now());
  if (state.status === "active") return { status: "admin", session: state.session, token: token! };
  const hadCookie = token !== null;
  if (state.status === "expired") return { status: "expired", hadCookie };
  return { status: (await isLearner(request, context)) ? "learner" : "anonymous", hadCookie };
}

/**
 * The guard of the dashboard's inner pages (question reports, the support
 * inbox): an admin gets in; a learner goes home, anyone else to the admin
 * login, a stale admin cookie cleared on the way.
 */
export async function requireAdminPage(
  request: Request,
  context: AppContext,
): Promise<Extract<AdminPageAuth, { status: "admin" }>> {
  const auth = await adminPageAuth(request, context);
  if (auth.status === "admin") return auth;
  const headers = new Headers();
  if (auth.hadCookie) headers.append("Set-Cookie", await clearAdminCookie(context.env));
  throw redirect(auth.status === "learner" ? "/" : ADMIN_PATH, { headers });
}

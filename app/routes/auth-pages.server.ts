/**
 * What the accounts pages share on the server: the short-lived cookies that
 * carry an address from one screen to the next, the signed-in redirect, alerts,
 * and the private-page headers.
 */
import { createCookie, data, redirect } from "@remix-run/cloudflare";
import { z } from "zod";
import { AUTH_TITLES, type AuthAlert } from "~/lib/auth-messages";
import type { ToastInput } from "~/lib/toast";
import type { AppContext } from "~/load-context";
import { createToastHeaders } from "~/http/toast.server";
import { type AuthFailure, authDeps, type SignedIn } from "~/models/auth-context.server";
import { logout } from "~/models/auth.server";
import { commitSessionCookie, readSessionToken } from "~/models/session.server";

type CookieEnv = { SESSION_SECRET: string; isLocal: boolean };

function flowCookie(name: string, env: CookieEnv, maxAge: number) {
  return createCookie(name, {
    httpOnly: true,
    sameSite: "lax",
    secure: !env.isLocal,
    path: "/",
    maxAge,
    secrets: [env.SESSION_SECRET],
  });
}

/** The address waiting for its verification code, carried from /register (or /login) to /verify-email. */
export const pendingVerification = {
  cookie: (env: CookieEnv) => flowCookie("mm_verify", env, 24 * 60 * 60),
  async read(request: Request, env: CookieEnv): Promise<string | null> {
    const parsed = z
      .object({ email: z.string().min(3) })
      .safeParse(await this.cookie(env).parse(request.headers.get("Cookie")));
    return parsed.success ? parsed.data.email : null;
  },
  async set(env: CookieEnv, email: string): Promise<string> {
    return this.cookie(env).serialize({ email });
  },
  async clear(env: CookieEnv): Promise<string> {
    return this.cookie(env).serialize("", { maxAge: 0, expires: new Date(0) });
  },
};

/** The address a reset code was asked for and when, carried from /forgot-password to /reset-password. */
export const pendingReset = {
  cookie: (env: CookieEnv) => flowCookie("mm_reset", env, 60 * 60),
  async read(
    request: Request,
    env: CookieEnv,
  ): Promise<{ email: string; codeExpiresAt: number } | null> {
    const parsed = z
      .object({ email: z.string().min(3), codeExpiresAt: z.number() })
      .safeParse(await this.cookie(env).parse(request.headers.get("Cookie")));
    return parsed.success ? parsed.data : null;
  },
  async set(env: CookieEnv, value: { email: string; codeExpiresAt: number }): Promise<string> {
    return this.cookie(env).serialize(value);
  },
  async clear(env: CookieEnv): Promise<string> {
    return this.cookie(env).serialize("", { maxAge: 0, expires: new Date(0) });
  },
};

export function pageAlert(type: AuthAlert["type"], title: string, message: string): AuthAlert {
  return { id: crypto.randomUUID(), type, title, message };
}

export function failureHeaders(failure: AuthFailure): HeadersInit {
  return failure.retryAfterSeconds ? { "Retry-After": String(failure.retryAfterSeconds) } : {};
}

/**
 * The answer of the verify and reset pages when a new code could not be sent:
 * the model's refusal (429 with Retry-After when throttled), or `fallback` with
 * 500 when sending failed outright (`failure` null).
 */
export function resendFailed(failure: AuthFailure | null, fallback: string) {
  return data(
    {
      intent: "resend" as const,
      result: null,
      alert: pageAlert(
        "error",
        failure?.status === 429 ? AUTH_TITLES.tooManyAttempts : AUTH_TITLES.requestFailed,
        failure?.message ?? fallback,
      ),
      clearCode: false,
      expiresInSeconds: null,
      resendInSeconds: failure?.retryAfterSeconds ?? null,
    },
    { status: failure?.status ?? 500, headers: failure ? failureHeaders(failure) : undefined },
  );
}

/**
 * After a successful sign-in from a page: the session cookie for the new
 * session (the one this browser held before, if any, is revoked), a welcome
 * toast, and the redirect to a safe same-site path.
 */
export async function signedInRedirect(
  request: Request,
  context: AppContext,
  signedIn: SignedIn,
  options: { to: string; toast: ToastInput; setCookies?: string[] },
) {
  const previous = await readSessionToken(request, context.env);
  if (previous && previous !== signedIn.session.token) await logout(authDeps(context), previous);
  const headers = await createToastHeaders(options.toast, context.env);
  headers.append("Set-Cookie", await commitSessionCookie(context.env, signedIn.session));
  for (const cookie of options.setCookies ?? []) headers.append("Set-Cookie", cookie);
  return redirect(options.to, { headers });
}

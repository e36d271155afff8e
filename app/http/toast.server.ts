/**
 * Toasts that survive a redirect: the action flashes one into a signed cookie,
 * the next page's root loader reads (and clears) it. Works with JavaScript off:
 * the page renders the message inline as well as through the toast library.
 */
import { createCookieSessionStorage, redirect } from "@remix-run/cloudflare";
import { toastSchema, type Toast, type ToastInput } from "~/lib/toast";

const TOAST_KEY = "toast";

function toastStorage(secret: string, secure: boolean) {
  return createCookieSessionStorage({
    cookie: {
      name: "mm_toast",
      httpOnly: true,
      path: "/",
      sameSite: "lax",
      secrets: [secret],
      secure,
    },
  });
}

type ToastEnv = { SESSION_SECRET: string; isLocal: boolean };

export async function createToastHeaders(toast: ToastInput, env: ToastEnv): Promise<Headers> {
  const storage = toastStorage(env.SESSION_SECRET, !env.isLocal);
  const session = await storage.getSession();
  session.flash(TOAST_KEY, toastSchema.parse(toast));
  return new Headers({ "Set-Cookie": await storage.commitSession(session) });
}

export async function redirectWithToast(
  url: string,
  toast: ToastInput,
  env: ToastEnv,
  init?: ResponseInit,
) {
  const headers = new Headers(init?.headers);
  for (const [key, value] of await createToastHeaders(toast, env)) headers.append(key, value);
  return redirect(url, { ...init, headers });
}

/** Reads the flashed toast, if any, and the header that clears it. */
export async function getToast(
  request: Request,
  env: ToastEnv,
): Promise<{ toast: Toast | null; headers: Headers | null }> {
  const storage = toastStorage(env.SESSION_SECRET, !env.isLocal);
  const session = await storage.getSession(request.headers.get("Cookie"));
  const parsed = toastSchema.safeParse(session.get(TOAST_KEY));
  if (!parsed.success) return { toast: null, headers: null };
  return {
    toast: parsed.data,
    headers: new Headers({ "Set-Cookie": await storage.destroySession(session) }),
  };
}

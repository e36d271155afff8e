/**
 * The Google redirect flow's page side: where to go back to afterwards, and
 * tidying up the OAuth state cookies once the callback has used them.
 */
import { createCookie } from "@remix-run/cloudflare";
import { z } from "zod";
import { GOOGLE_STATE_COOKIE } from "~/integrations/google.server";
import { safeRedirectPath } from "~/lib/auth-redirect";

type CookieEnv = { SESSION_SECRET: string; isLocal: boolean };

const returnSchema = z.object({
  intent: z.enum(["login", "register"]),
  redirectTo: z.string(),
});
export type GoogleReturn = z.infer<typeof returnSchema>;

function returnCookie(env: CookieEnv) {
  return createCookie("mm_google_return", {
    httpOnly: true,
    sameSite: "lax",
    secure: !env.isLocal,
    path: "/",
    maxAge: 600,
    secrets: [env.SESSION_SECRET],
  });
}

export const googleReturn = {
  set(env: CookieEnv, value: GoogleReturn): Promise<string> {
    return returnCookie(env).serialize({
      ...value,
      redirectTo: safeRedirectPath(value.redirectTo),
    });
  },
  async read(request: Request, env: CookieEnv): Promise<GoogleReturn> {
    const parsed = returnSchema.safeParse(
      await returnCookie(env).parse(request.headers.get("Cookie")),
    );
    return parsed.success
      ? { intent: parsed.data.intent, redirectTo: safeRedirectPath(parsed.data.redirectTo) }
      : { intent: "login", redirectTo: "/" };
  },
  clear(env: CookieEnv): Promise<string> {
    return returnCookie(env).serialize("", { maxAge: 0, expires: new Date(0) });
  },
};

/** Expired copies of every OAuth state cookie the request carries (one is made per sign-in attempt). */
export function clearGoogleStateCookies(request: Request, env: CookieEnv): string[] {
  return (request.headers.get("Cookie") ?? "")
    .split(";")
    .map((part) => part.trim().split("=")[0] ?? "")
    .filter((name) => name.startsWith(`${GOOGLE_STATE_COOKIE}:`))
    .map(
      (name) =>
        `${name}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/; HttpOnly; SameSite=Lax${env.isLocal ? "" : "; Secure"}`,
    );
}

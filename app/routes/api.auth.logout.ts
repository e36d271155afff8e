import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { AUTH_MESSAGES, AUTH_TITLES } from "~/lib/auth-messages";
import { apiSuccess, methodNotAllowed } from "~/http/api.server";
import { authDeps } from "~/models/auth-context.server";
import { clearSessionCookie, endSession, readSessionToken } from "~/models/session.server";
import { createToastHeaders } from "~/http/toast.server";

/**
 * POST /api/auth/logout — ends the session on the server (KV record deleted,
 * id recorded as revoked in D1) and always clears the cookie, even if the
 * server-side step fails (then the answer says the session may live on
 * elsewhere, still without an error status). API clients (Bearer or JSON) get JSON; the navigation
 * bar's form gets a redirect home, which also works without JavaScript.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const token = await readSessionToken(request, context.env).catch(() => null);
  const ended = await endSession(authDeps(context), token);
  const message = ended ? AUTH_MESSAGES.loggedOut : AUTH_MESSAGES.loggedOutHere;

  const headers = new Headers({ "Cache-Control": "no-store" });
  headers.append("Set-Cookie", await clearSessionCookie(context.env));
  // Nothing private stays in this browser's HTTP cache for Back to show.
  headers.set("Clear-Site-Data", '"cache"');

  const wantsJson =
    request.headers.has("Authorization") || /json/i.test(request.headers.get("Content-Type") ?? "");
  if (wantsJson) return apiSuccess({ message, headers });

  for (const cookie of (
    await createToastHeaders(
      { type: ended ? "success" : "info", title: AUTH_TITLES.signedOut, description: message },
      context.env,
    )
  ).getSetCookie()) {
    headers.append("Set-Cookie", cookie);
  }
  return redirect("/", { headers });
}

export const loader = () => methodNotAllowed("POST");

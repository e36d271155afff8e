import { redirect } from "@remix-run/cloudflare";
import type { Viewer } from "~/lib/viewer";

/** The path and query the request asked for, to come back to after signing in. */
export function returnPath(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/** The login URL that brings the user back to `request`'s page afterwards. */
export function loginRedirectUrl(request: Request): string {
  return `/login?${new URLSearchParams({ redirectTo: returnPath(request) })}`;
}

/**
 * The authentication guard: anonymous visitors go to /login, remembering where
 * they came from. Returns the signed-in viewer.
 */
export function requireSignedIn(
  request: Request,
  viewer: Viewer,
): Extract<Viewer, { status: "authenticated" }> {
  if (viewer.status === "anonymous") throw redirect(loginRedirectUrl(request));
  return viewer;
}

/**
 * Where to go after signing in. Only a same-site path is accepted: it must start
 * with one "/", carry no scheme, host, backslash or control character, and not
 * lead back into the sign-in screens. Anything else falls back to "/".
 */
const AUTH_SCREENS = [
  "/login",
  "/register",
  "/verify-email",
  "/forgot-password",
  "/reset-password",
];

export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string") return fallback;
  const path = value.trim();
  if (!path.startsWith("/") || path.startsWith("//") || path.length > 2048) return fallback;
  // Backslashes are read as slashes by browsers ("/\evil.com"); control characters hide tricks.
  if (/[\\\u0000-\u001f\u007f]/.test(path)) return fallback;
  let url: URL;
  try {
    url = new URL(path, "http://same-site.invalid");
  } catch {
    return fallback;
  }
  if (url.host !== "same-site.invalid") return fallback;
  if (
    AUTH_SCREENS.includes(url.pathname) ||
    url.pathname.startsWith("/api/") ||
    url.pathname.startsWith("/auth/")
  ) {
    return fallback;
  }
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login page URL that brings the visitor back to `path` afterwards. */
export function loginPathFor(path: string | null | undefined): string {
  const target = safeRedirectPath(path, "");
  return target && target !== "/"
    ? `/login?${new URLSearchParams({ redirectTo: target })}`
    : "/login";
}

/** The path and query the request asked for, to come back to after signing in. */
export function returnPath(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/** The login URL that brings the visitor back to `request`'s page afterwards. */
export function loginRedirectUrl(request: Request): string {
  return loginPathFor(returnPath(request));
}

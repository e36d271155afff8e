/**
 * Where to go after signing in (or back from the plans page). Only a path on
 * this site is accepted: the value is first read the way a browser would read
 * it (dot segments resolved, percent-escapes decoded, look-alike slashes folded),
 * and every one of those readings must still be a path that starts with exactly
 * one "/" not followed by "/" or "\". Anything else falls back.
 */
const AUTH_SCREENS = [
  "/login",
  "/register",
  "/verify-email",
  "/forgot-password",
  "/reset-password",
];

const BASE = "http://same-site.invalid";
const MAX_LENGTH = 2048;
/** Percent-escapes are decoded this many times over at most; a value still encoded after that is refused. */
const DECODE_ROUNDS = 3;

/** One "/" that is not the start of "//" or "/\" (a browser reads both as another host). */
const ONE_LEADING_SLASH = /^\/(?![/\\])/;
/** Control characters and whitespace other than the plain space (browsers drop tabs and newlines). */
const HIDDEN_CHARACTERS =
  /[\u0000-\u001f\u007f-\u009f\u00a0\u1680\u2000-\u200f\u2028-\u202f\u205f\u3000\ufeff]/;

/** Readings of `value`: as given, percent-decoded (repeatedly) and with look-alike characters folded. */
function readings(value: string): string[] | null {
  const found = [value];
  let current = value;
  for (let round = 0; round < DECODE_ROUNDS; round += 1) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      // A stray "%" is not an escape; browsers leave it as it is.
      decoded = current.replace(/%([0-9a-f]{2})/gi, (escape, hex: string) =>
        Number.parseInt(hex, 16) < 0x80 ? String.fromCharCode(Number.parseInt(hex, 16)) : escape,
      );
    }
    if (decoded === current) break;
    found.push(decoded);
    current = decoded;
  }
  if (/%[0-9a-f]{2}/i.test(current) && found.length > DECODE_ROUNDS) return null;
  for (const reading of [...found]) {
    const folded = reading.normalize("NFKC");
    if (folded !== reading) found.push(folded);
  }
  return found;
}

/** Whether one reading of the value stays a path on this site once a browser resolves it. */
function staysOnSite(reading: string): boolean {
  if (!ONE_LEADING_SLASH.test(reading)) return false;
  // Before the query a backslash is a slash to browsers, and tabs and newlines are dropped;
  // after it, a decoded reading's characters are only text.
  const beforeQuery = reading.split(/[?#]/, 1)[0]!;
  if (beforeQuery.includes("\\") || HIDDEN_CHARACTERS.test(beforeQuery)) return false;
  let url: URL;
  try {
    url = new URL(reading, BASE);
  } catch {
    return false;
  }
  return url.origin === BASE && ONE_LEADING_SLASH.test(url.pathname);
}

/**
 * `value` as a same-site path (its serialised path, query and hash), or null
 * when any reading of it could lead off the site.
 */
export function sameSitePath(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const path = value.trim();
  if (!path || path.length > MAX_LENGTH) return null;
  if (path.includes("\\") || HIDDEN_CHARACTERS.test(path)) return null;
  const all = readings(path);
  if (!all || !all.every(staysOnSite)) return null;
  const url = new URL(path, BASE);
  const serialised = `${url.pathname}${url.search}${url.hash}`;
  // The address we hand back is read once more, as the browser will read it.
  return staysOnSite(serialised) && (readings(serialised) ?? []).every(staysOnSite)
    ? serialised
    : null;
}

export function safeRedirectPath(value: unknown, fallback = "/"): string {
  const path = sameSitePath(value);
  if (path === null) return fallback;
  const pathname = new URL(path, BASE).pathname.toLowerCase();
  if (
    AUTH_SCREENS.includes(pathname) ||
    pathname.startsWith("/api/") ||
    pathname.startsWith("/auth/")
  ) {
    return fallback;
  }
  return path;
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

/**
 * Anonymous public pages from the edge cache (docs/decisions/046-edge-cost.md).
 *
 * A visitor's GET of a public page (no query string, no cookie of ours, no
 * Authorization header) is answered from `caches.default` when a copy is
 * there, and otherwise rendered and stored for EDGE_CACHE_SECONDS. Such a page
 * is rendered without the per-request nonce: its CSP allows exactly the inline
 * scripts it carries, by their SHA-256 hashes, so the copy can be shared
 * without sharing a nonce. A response that sets a cookie, or is not a 200
 * page, is never stored. Copies are keyed by the build's version, so a deploy
 * never serves HTML that points at the previous build's assets.
 */
const CACHEABLE_PAGES: ReadonlySet<string> = new Set([
  "/",
  "/features",
  "/about",
  "/support",
  "/privacy",
  "/terms",
  "/plans",
]);

/** How long a shared copy lives. Short: a wording change or a plan price shows within a minute. */
const EDGE_CACHE_SECONDS = 60;

/** Our cookies (session, toast, checkout), with or without the `__Host-` prefix. */
const OUR_COOKIE = /(?:^|;\s*)(?:__Host-)?mm_[a-z_]+=/;

/** Whether the request is a visitor's plain GET of a page every visitor sees alike. */
export function isCacheablePageRequest(request: Request): boolean {
  if (request.method !== "GET") return false;
  const url = new URL(request.url);
  if (url.search || !CACHEABLE_PAGES.has(url.pathname)) return false;
  if (request.headers.has("Authorization")) return false;
  return !OUR_COOKIE.test(request.headers.get("Cookie") ?? "");
}

/** Workers' shared cache for this zone (the DOM's CacheStorage type does not know `default`). */
export function edgeCache(): Cache {
  return (caches as unknown as { default: Cache }).default;
}

/** The cache key: the page under the build's version (never a visitor's headers). */
export function edgeCacheKey(request: Request, buildVersion: string): Request {
  const url = new URL(request.url);
  return new Request(`${url.origin}/__edge/${encodeURIComponent(buildVersion)}${url.pathname}`);
}

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/** The CSP source for each inline script of the page: `'sha256-…'`. */
export async function inlineScriptHashes(html: string): Promise<string[]> {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(match[1]));
    hashes.add(`'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`);
  }
  return [...hashes];
}

/** The script hashes a stored copy's CSP lists (computed when the copy was made). */
export function storedScriptHashes(copy: Response): string[] {
  return copy.headers.get("Content-Security-Policy")?.match(/'sha256-[^']+'/g) ?? [];
}

/** Whether a rendered answer to a cacheable request may be stored and shared. */
export function mayStore(response: Response): boolean {
  return (
    response.status === 200 &&
    !response.headers.has("Set-Cookie") &&
    (response.headers.get("Content-Type") ?? "").startsWith("text/html")
  );
}

/** The copy the edge cache keeps: its own lifetime, no Vary (only cookie-less requests reach it). */
export function copyForCache(page: Response): Response {
  const copy = page.clone();
  copy.headers.set("Cache-Control", `public, max-age=${EDGE_CACHE_SECONDS}`);
  copy.headers.delete("Vary");
  return copy;
}

/** The headers a shared copy carries: stored by the edge, revalidated by browsers. */
export function sharedCacheHeaders(headers: Headers): void {
  headers.set("Cache-Control", `public, max-age=0, s-maxage=${EDGE_CACHE_SECONDS}`);
  // The same address answers a signed-in learner differently.
  headers.set("Vary", "Cookie, Authorization");
}

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
 * never serves HTML that points at the previous build's assets. Each isolate
 * also keeps the copies it made or found, for the rest of their lifetime, so
 * a visitor's page is answered without a call to the cache service.
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
  // The cheap tests first: a signed-in learner's every request carries our cookie.
  if (OUR_COOKIE.test(request.headers.get("Cookie") ?? "")) return false;
  if (request.headers.has("Authorization")) return false;
  const url = new URL(request.url);
  return !url.search && CACHEABLE_PAGES.has(url.pathname);
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

/** The header a stored copy carries its making time in (removed before it is served). */
const STORED_AT = "X-Stored-At";

/** The copy the edge cache keeps: its own lifetime, no Vary (only cookie-less requests reach it). */
export function copyForCache(page: Response, now: number): Response {
  const copy = page.clone();
  copy.headers.set("Cache-Control", `public, max-age=${EDGE_CACHE_SECONDS}`);
  copy.headers.delete("Vary");
  copy.headers.set(STORED_AT, String(now));
  return copy;
}

/**
 * The isolate's own copies, in front of the edge cache (decision 050): a
 * page this isolate rendered, or found in the edge cache, is answered from
 * memory until the edge's copy would have expired — without a call to the
 * cache service. At most one copy per public page and build, so a few
 * hundred kilobytes at most; a copy past its time is dropped when next asked.
 */
type MemoryCopy = {
  /** The page as bytes, encoded once: each hit copies them rather than encoding the text again. */
  body: Uint8Array;
  status: number;
  headers: [string, string][];
  expiresAt: number;
};
const memoryCopies = new Map<string, MemoryCopy>();

/** The isolate's copy for this key, if it is still within the edge's lifetime. */
export function memoryCopy(key: Request, now: number): Response | null {
  const copy = memoryCopies.get(key.url);
  if (!copy) return null;
  if (copy.expiresAt <= now) {
    memoryCopies.delete(key.url);
    return null;
  }
  return new Response(copy.body.slice(), { status: copy.status, headers: copy.headers });
}

/**
 * Keeps a copy in the isolate for as long as the edge cache keeps it: from
 * its making time (`storedAt`) for EDGE_CACHE_SECONDS.
 */
export function keepInMemory(key: Request, html: string, copy: Response, storedAt: number): void {
  const headers = new Headers(copy.headers);
  headers.delete(STORED_AT);
  memoryCopies.set(key.url, {
    body: new TextEncoder().encode(html),
    status: copy.status,
    headers: [...headers],
    expiresAt: storedAt + EDGE_CACHE_SECONDS * 1000,
  });
}

/**
 * A copy found in the edge cache, for the isolate to keep: its page and the
 * time it was made (null when it carries none, and is then not kept).
 */
export async function fromEdgeCopy(
  copy: Response,
): Promise<{ html: string; storedAt: number | null; copy: Response }> {
  const html = await copy.text();
  const storedAt = Number(copy.headers.get(STORED_AT));
  const headers = new Headers(copy.headers);
  headers.delete(STORED_AT);
  return {
    html,
    storedAt: Number.isFinite(storedAt) && storedAt > 0 ? storedAt : null,
    copy: new Response(html, { status: copy.status, headers }),
  };
}

/** The headers a shared copy carries: stored by the edge, revalidated by browsers. */
export function sharedCacheHeaders(headers: Headers): void {
  headers.set("Cache-Control", `public, max-age=0, s-maxage=${EDGE_CACHE_SECONDS}`);
  // The same address answers a signed-in learner differently.
  headers.set("Vary", "Cookie, Authorization");
}

/**
 * A learner's own pages kept by the isolate (docs/decisions/053-learner-page-copies.md).
 *
 * A signed-in subscriber's full page load of a page listed in KEPT_PAGES,
 * and the page's data a navigation with JavaScript asks for (single fetch
 * `.data`), is kept, once rendered, in this isolate's memory under the
 * session cookie and the address. The same learner's next load of that address is answered from
 * the copy after one D1 statement that proves, in one row, everything the
 * full path would have checked and that nothing the page shows has changed:
 *
 * - the session was not revoked, its epoch stands and the account is
 *   verified (as readSignedIn's SESSION_USER does on every page);
 * - the learner's `page_version` (and, for a page showing shared content, the
 *   `content_version`) is the one the copy was made at: SQLite triggers raise
 *   them on every write to a table a learner's pages show (migration 0019),
 *   in the writing statement itself, so no write path can forget it;
 *
 * and, without any I/O, that the session is still live with no touch due
 * (a due touch goes the full way, which writes it), the India day is the
 * copy's, the copy is younger than KEPT_MS, its access has not ended and no
 * deadline it shows has passed. Each copy served carries a new CSP nonce and
 * new one-shot form keys (freshForEachLoad), never the ones it was made with.
 * A trial's bar shows counts from their KV copy, which every use follows
 * with a raise of the page version (decision 054). Anything else — a page
 * whose counts came from the meter itself (live, not followed by a version),
 * no plan or trial in force, a flash cookie, a Bearer token, a hard reload
 * (`Cache-Control: no-cache`), an answer that sets a cookie or is not a 200
 * page or page data (a redirect, an error) — is rendered as before and not kept.
 *
 * The copies live in the worker's own instance of this module
 * (workers/app.ts); the server build's instance only hands PageCopy objects
 * along the request's load context.
 */
import { paymentReturn } from "../lib/access-refresh";
import type { CopyTicket, PageCopy } from "../models/page-copy.server";

/**
 * The pages a learner's copy may be kept of: each one's loaders read only D1
 * rows the page-version triggers cover, or what the India date and KEPT_MS
 * bound (docs/edge-cost.md lists what each reads).
 */
export const KEPT_PAGES: ReadonlySet<string> = new Set([
  "/",
  "/about",
  "/features",
  "/privacy",
  "/terms",
  "/contact",
  "/account",
  "/chatbot",
  "/chat-history",
  "/clinical-quizzes",
  "/clinical-simulations",
  "/flashcards",
  "/progress",
  "/planner",
  "/practice",
  "/mock-exams",
  "/case-studies",
  "/feedback",
  "/support",
]);

/**
 * The kept pages that show shared content (the question pool's counts, mock
 * papers, case studies): their copies also stand only at the content version
 * they were made at. The others ignore it, so a question added to the pool
 * does not drop every learner's copy of their chat.
 */
const CONTENT_PAGES: ReadonlySet<string> = new Set([
  "/progress",
  "/planner",
  "/practice",
  "/mock-exams",
  "/case-studies",
  "/feedback",
]);

/** How long a copy is served at most: due cards and time left move without a write. */
export const KEPT_MS = 60_000;
/** What the isolate keeps at most, in bytes of page; the oldest copies go first. */
const KEPT_SIZE_MAX = 12 * 1024 * 1024;

/**
 * The session cookie's value when it is the only cookie of ours the request
 * carries (none of the toast's or another's), else null. Any other `mm_` in
 * the header, even inside another cookie's value, counts as one of ours: such
 * a request is rendered, never wrongly served.
 */
function onlySessionCookie(cookie: string | null, name: string): string | null {
  if (!cookie) return null;
  const named = cookie.indexOf(`${name}=`);
  if (named < 0 || (named > 0 && !/[;\s]/.test(cookie[named - 1]!))) return null;
  const ours = cookie.indexOf("mm_");
  if (cookie.indexOf("mm_", ours + 1) >= 0) return null;
  const start = named + name.length + 1;
  const end = cookie.indexOf(";", start);
  const value = cookie.slice(start, end < 0 ? undefined : end).trim();
  return value || null;
}

/** A request whose page, or page data, may come from or go to a learner's copy. */
export type LearnerPageRequest = {
  key: string;
  /** Whether the page shows shared content (CONTENT_PAGES). */
  showsContent: boolean;
  /** Whether this is the page's data (single fetch `.data`, a navigation with JavaScript). */
  data: boolean;
};

/**
 * The page a single-fetch data request is for (`/_root.data` is the home
 * page's, `/progress.data` the progress page's), or the path itself.
 */
function pageOf(pathname: string): { page: string; data: boolean } {
  if (pathname === "/_root.data") return { page: "/", data: true };
  if (pathname.endsWith(".data")) return { page: pathname.slice(0, -".data".length), data: true };
  return { page: pathname, data: false };
}

/**
 * The copy's key for a signed-in learner's plain load of a kept page or of
 * its data (a navigation with JavaScript): GET, a session cookie and no other
 * cookie of ours, no Bearer token, no hard reload. Null otherwise.
 *
 * The key holds the cookie's signed value itself: a copy exists only for a
 * value whose signature the full path verified when it made the copy, so an
 * equal value needs no second check. It holds the address as asked for, so a
 * page and its data, or data for some routes only (`?_routes=`), are kept
 * apart.
 */
export function learnerPageRequest(
  request: Request,
  url: URL,
  sessionCookieName: string,
): LearnerPageRequest | null {
  if (request.method !== "GET") return null;
  const { page, data } = pageOf(url.pathname);
  if (!KEPT_PAGES.has(page)) return null;
  const session = onlySessionCookie(request.headers.get("Cookie"), sessionCookieName);
  if (!session || request.headers.has("Authorization")) return null;
  if (/\bno-cache\b/i.test(request.headers.get("Cache-Control") ?? "")) return null;
  // The home page right after a payment reads the plan afresh and may announce it.
  if (page === "/" && paymentReturn(url, request.headers.get("Referer"))) return null;
  return {
    key: `${session} ${url.pathname}${url.search}`,
    showsContent: CONTENT_PAGES.has(page),
    data,
  };
}

/**
 * Whether an answer to a learner's page request may be kept: a 200 page (or
 * page data, for a data request) that sets no cookie. A redirect, an error,
 * a page that signs someone in or out is rendered every time.
 */
export function mayKeep(request: LearnerPageRequest, response: Response): boolean {
  const type = response.headers.get("Content-Type") ?? "";
  return (
    response.status === 200 &&
    !response.headers.has("Set-Cookie") &&
    type.startsWith(request.data ? "text/x-script" : "text/html")
  );
}

/**
 * A kept page as the pieces between the values each load must have anew —
 * the CSP nonce and the page's one-shot form keys (freshForEachLoad) — so a
 * copy served carries a nonce and keys of its own, never the ones it was
 * made with.
 */
type KeptCopy = {
  ticket: CopyTicket;
  /** The page's bytes as rendered, with the values it was made with. */
  page: Uint8Array;
  /** Where each of those values starts in `page` (bytes), in order. */
  offsets: number[];
  /** Which value each offset holds: 0 the nonce, i > 0 makers[i - 1]. */
  slots: number[];
  /** Each value's length as rendered (ASCII: characters are bytes). */
  lengths: number[];
  makers: (() => string)[];
  status: number;
  /** The headers as sent, but the CSP: `cspAround` is its policy split at the nonce. */
  headers: Headers;
  cspAround: string[];
  expiresAt: number;
};

const kept = new Map<string, KeptCopy>();
let keptSize = 0;

function drop(key: string): void {
  const copy = kept.get(key);
  if (!copy) return;
  kept.delete(key);
  keptSize -= copy.page.byteLength;
}

const encoder = new TextEncoder();
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Keeps a rendered page (its final headers, security headers included) for
 * its learner, if the viewer gave it a ticket and no loader forbade it.
 */
export function keepLearnerCopy(
  request: LearnerPageRequest,
  pageCopy: PageCopy,
  page: { html: string; nonce: string; status: number; headers: Headers },
  now: number,
): void {
  const { ticket } = pageCopy;
  if (!ticket || pageCopy.unkept || !page.nonce) return;
  const expiresAt = Math.min(
    now + KEPT_MS,
    ticket.accessEndsAt,
    ticket.touchDueAt,
    ticket.dayEndsAt,
    pageCopy.until,
  );
  if (expiresAt <= now) return;
  const csp = page.headers.get("Content-Security-Policy");
  if (!csp?.includes(page.nonce)) return;
  const values = [page.nonce, ...pageCopy.fresh.map((entry) => entry.value)];
  // Served byte for byte (serve): a value that is not ASCII is not kept.
  if (values.some((value) => !/^[\x20-\x7e]+$/.test(value))) return;
  const slotOf = new Map(values.map((value, index) => [value, index]));
  // Encoded once; each copy served is these bytes with new values written over the old.
  const offsets: number[] = [];
  const slots: number[] = [];
  let at = 0;
  let bytes = 0;
  for (const match of page.html.matchAll(new RegExp(values.map(escapeRegExp).join("|"), "g"))) {
    bytes += encoder.encode(page.html.slice(at, match.index)).byteLength;
    offsets.push(bytes);
    slots.push(slotOf.get(match[0])!);
    bytes += match[0].length;
    at = match.index + match[0].length;
  }
  const encoded = encoder.encode(page.html);
  const size = encoded.byteLength;
  if (size > KEPT_SIZE_MAX / 8) return;
  const headers = new Headers(page.headers);
  headers.delete("Content-Security-Policy");
  headers.set("X-Cache", "HIT");
  drop(request.key);
  while (keptSize + size > KEPT_SIZE_MAX && kept.size > 0) {
    drop(kept.keys().next().value!);
  }
  kept.set(request.key, {
    ticket,
    page: encoded,
    offsets,
    slots,
    lengths: values.map((value) => value.length),
    makers: pageCopy.fresh.map((entry) => entry.make),
    status: page.status,
    headers,
    cspAround: csp.split(page.nonce),
    expiresAt,
  });
  keptSize += size;
}

/**
 * The copy's page with a new nonce and new one-shot values, and its headers;
 * null if a new value is not as long as the one it replaces (the page is then
 * rendered).
 */
function serve(copy: KeptCopy, nonce: string): Response | null {
  const fresh = [nonce, ...copy.makers.map((make) => make())];
  for (let slot = 0; slot < fresh.length; slot += 1) {
    if (fresh[slot]!.length !== copy.lengths[slot]) return null;
  }
  // One copy of the bytes, then each value's bytes written over its old ones (same length: ASCII).
  const bytes = fresh.map((value) => encoder.encode(value));
  const body = copy.page.slice();
  for (let index = 0; index < copy.offsets.length; index += 1) {
    body.set(bytes[copy.slots[index]!]!, copy.offsets[index]!);
  }
  // Headers copied from a Headers object cost far less than from entries (each one a call).
  const response = new Response(body, { status: copy.status, headers: copy.headers });
  response.headers.set("Content-Security-Policy", copy.cspAround.join(nonce));
  return response;
}

/**
 * The session's user, whether it stands, and the two versions: one row, or
 * none when the session was revoked or the account is gone.
 */
const VERSIONS_SQL = `SELECT u.session_epoch AS epoch, u.email_verified_at IS NOT NULL AS verified,
  u.page_version AS page, c.version AS content
FROM users u JOIN content_version c ON c.id = 1
WHERE u.id = ?1 AND NOT EXISTS (SELECT 1 FROM revoked_sessions r WHERE r.id = ?2)`;

/** The statement's columns, in order: epoch, verified, page, content. */
type VersionsRow = [epoch: number, verified: number, page: number, content: number];

const statements = new WeakMap<D1Database, D1PreparedStatement>();

function versionsStatement(db: D1Database): D1PreparedStatement {
  let statement = statements.get(db);
  if (!statement) {
    statement = db.prepare(VERSIONS_SQL);
    statements.set(db, statement);
  }
  return statement;
}

/**
 * The learner's kept copy of this page if it still stands (module comment),
 * else null — and a copy that no longer stands is dropped.
 */
export async function learnerCopy(
  request: LearnerPageRequest,
  db: D1Database,
  now: number,
  nonce: () => string,
): Promise<Response | null> {
  const copy = kept.get(request.key);
  if (!copy) return null;
  const { ticket } = copy;
  const { session } = ticket;
  if (
    now >= copy.expiresAt ||
    now >= session.expiresAt ||
    now - session.lastSeenAt >= session.idleMs
  ) {
    drop(request.key);
    return null;
  }
  const [row] = await versionsStatement(db)
    .bind(ticket.userId, ticket.sessionId)
    .raw<VersionsRow>();
  if (
    !row ||
    row[0] !== ticket.epoch ||
    !row[1] ||
    row[2] !== ticket.pageVersion ||
    (ticket.contentVersion !== null && row[3] !== ticket.contentVersion)
  ) {
    drop(request.key);
    return null;
  }
  return serve(copy, nonce());
}

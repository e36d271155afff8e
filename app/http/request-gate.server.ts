/**
 * The gate every request passes before Remix (workers/app.ts): what a page's
 * form or an API call may send, checked once for every route.
 *
 * - A form post to a page comes from this site: an `Origin` of another site
 *   (or `Sec-Fetch-Site` saying so when there is no `Origin`) answers 403.
 *   One page takes posts from elsewhere: /payment-success, where Razorpay's
 *   hosted checkout returns, trusted by the payment's signature instead.
 * - A write to the JSON API authenticated by the session cookie comes from
 *   this site's own pages: same-origin `Origin`, or `Sec-Fetch-Site:
 *   same-origin` when there is no `Origin`; otherwise 403. Bearer requests
 *   carry their own proof and are not asked.
 * - Bodies are at most 64 KB unless the route needs more (BODY_LIMITS):
 *   checked from `Content-Length` and again while reading, 413 when over.
 * - A page's body is a web form: URL-encoded or multipart (415 otherwise),
 *   readable (400), with no NUL or broken characters in its text (400).
 *
 * API refusals are the API's JSON envelope; a page's refusal is the page's
 * own error screen with the refusal's status (refusingBuild).
 */
import type { ServerBuild } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { CSV_LIMITS } from "~/lib/flashcard-csv";
import { hasSessionCookie, readBearerToken } from "~/models/session.server";
import { apiError, hasForbiddenCharacters, REQUEST_MESSAGES } from "./api.server";

export type RequestRefusal = { status: 400 | 403 | 413 | 415; message: string };

export const DEFAULT_BODY_LIMIT = 64 * 1024;

/** Routes that take more than DEFAULT_BODY_LIMIT, by path. */
export const BODY_LIMITS: Readonly<Record<string, number>> = {
  // The flashcard screen's CSV import: the file plus the form around it.
  "/flashcards": CSV_LIMITS.maxBytes + DEFAULT_BODY_LIMIT,
  // A saved mentor reply: up to 32,000 characters, up to 6 bytes each in JSON.
  "/api/chats/message": 256 * 1024,
};

/** Pages that take form posts from other sites. */
const CROSS_SITE_PAGES = new Set(["/payment-success"]);

/** Non-API paths that answer JSON bodies (the local test checkout's script). */
const JSON_PATHS = new Set(["/dev/checkout.json"]);

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The route's path: a page's data request (`/login.data`, `/_root.data`) names its page. */
function routePath(pathname: string): string {
  const page = pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
  return page === "/_root" ? "/" : page;
}

export function bodyLimitFor(pathname: string): number {
  return BODY_LIMITS[routePath(pathname)] ?? DEFAULT_BODY_LIMIT;
}

export type GateResult =
  | { kind: "pass"; request: Request }
  /** An API refusal, answered as it is. */
  | { kind: "answer"; response: Response }
  /** A page refusal: Remix renders the page's error screen for `request` (no body). */
  | { kind: "refuse"; refusal: RequestRefusal; request: Request };

function isSameOrigin(origin: string, url: URL): boolean {
  return origin === url.origin;
}

/** Whether the browser says this request comes from another site. */
function fromAnotherSite(request: Request, url: URL): boolean {
  const origin = request.headers.get("Origin");
  if (origin !== null) return !isSameOrigin(origin, url);
  const site = request.headers.get("Sec-Fetch-Site");
  return site !== null && site !== "same-origin" && site !== "none";
}

/** A cookie-authenticated API write must show it comes from this site's own pages. */
type CookieEnv = Parameters<typeof hasSessionCookie>[1];

function apiCrossSite(request: Request, url: URL, env: CookieEnv): boolean {
  if (readBearerToken(request)) return false;
  if (!hasSessionCookie(request, env)) return false;
  const origin = request.headers.get("Origin");
  if (origin !== null) return !isSameOrigin(origin, url);
  return request.headers.get("Sec-Fetch-Site") !== "same-origin";
}

/**
 * The body, or null when it is longer than `limit` bytes: never buffers more
 * than the limit, whatever Content-Length claims (the gate and the payment
 * webhook read with it).
 */
export async function readLimited(
  body: ReadableStream<Uint8Array>,
  limit: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

/** What is wrong with a page's form body, or null. */
async function formProblem(
  url: URL,
  headers: Headers,
  bytes: Uint8Array<ArrayBuffer>,
): Promise<RequestRefusal | null> {
  const type = headers.get("Content-Type") ?? "";
  if (!type && bytes.byteLength === 0) return null;
  if (!FORM_TYPES.test(type)) return { status: 415, message: REQUEST_MESSAGES.formRequired };
  let form: FormData;
  try {
    form = await new Request(url, { method: "POST", headers, body: bytes }).formData();
  } catch {
    return { status: 400, message: REQUEST_MESSAGES.malformedForm };
  }
  for (const [name, value] of form) {
    if (
      hasForbiddenCharacters(name) ||
      (typeof value === "string" && hasForbiddenCharacters(value))
    )
      return { status: 400, message: REQUEST_MESSAGES.forbiddenCharacters };
  }
  return null;
}

/**
 * Checks a request before Remix sees it. Safe methods pass as they are;
 * anything else passes with its body read (within its limit) and, for a
 * page, without `Origin`, which has been checked here.
 */
export async function gateRequest(request: Request, env: CookieEnv): Promise<GateResult> {
  if (SAFE_METHODS.has(request.method)) return { kind: "pass", request };
  const url = new URL(request.url);
  const path = routePath(url.pathname);
  const api = path === "/api" || path.startsWith("/api/");

  const refuse = (status: RequestRefusal["status"], message: string): GateResult => {
    if (api) return { kind: "answer", response: apiError(status, message) };
    const headers = new Headers(request.headers);
    for (const name of ["Origin", "Content-Type", "Content-Length"]) headers.delete(name);
    return {
      kind: "refuse",
      refusal: { status, message },
      request: new Request(url, { method: request.method, headers, signal: request.signal }),
    };
  };

  const crossSite = api
    ? apiCrossSite(request, url, env)
    : !CROSS_SITE_PAGES.has(path) && fromAnotherSite(request, url);
  if (crossSite) return refuse(403, REQUEST_MESSAGES.crossSite);

  const limit = bodyLimitFor(url.pathname);
  const tooLarge = REQUEST_MESSAGES.tooLarge(limit);
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > limit) return refuse(413, tooLarge);
  const bytes = request.body ? await readLimited(request.body, limit) : new Uint8Array();
  if (bytes === null) return refuse(413, tooLarge);

  const headers = new Headers(request.headers);
  if (!api && !JSON_PATHS.has(path)) {
    const problem = await formProblem(url, headers, bytes);
    if (problem) return refuse(problem.status, problem.message);
    headers.delete("Origin");
  }
  return {
    kind: "pass",
    request: new Request(url, {
      method: request.method,
      headers,
      body: bytes.byteLength > 0 ? bytes : null,
      signal: request.signal,
    }),
  };
}

/**
 * The server build with every route's action answering a page refusal
 * (`context.refusal`) first: pages show it on their error screen with its
 * status, other routes as plain text.
 */
export function refusingBuild(build: ServerBuild): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route) continue;
    const action = route.module.action;
    if (!action) {
      routes[id] = route;
      continue;
    }
    const page = Boolean(route.module.default);
    routes[id] = {
      ...route,
      module: {
        ...route.module,
        action: (args) => {
          const refusal = args.context.refusal;
          if (!refusal) return action(args);
          if (page) throw data(refusal.message, { status: refusal.status });
          throw new Response(refusal.message, {
            status: refusal.status,
            headers: { "Content-Type": "text/plain; charset=utf-8" },
          });
        },
      },
    };
  }
  return { ...build, routes };
}

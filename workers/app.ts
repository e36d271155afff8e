/**
 * The app worker: every request to the site arrives here.
 *
 *   POST /webhooks/razorpay       ─► the payment webhook (workers/razorpay-webhook.ts)
 *   static file in build/client?  ─► ASSETS
 *   a visitor's public page       ─► the isolate's copy or the edge cache's, if
 *                                    there is one (app/http/edge-cache.server.ts)
 *   a learner's page load, or     ─► the learner's copy kept by this isolate, if
 *   its data (navigation)            it still stands (app/http/learner-copies.server.ts)
 *   anything else                 ─► the request gate (app/http/request-gate.server.ts:
 *                                    cross-site posts, body size and type), then
 *                                    Remix (pages, /api/*, /dev/* in local mode)
 *
 * Every response leaves with the security headers. The cron trigger
 * (wrangler.toml) runs the `scheduled` handler: the payments reconciler and
 * promo tidying (workers/scheduled.ts).
 */
import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// The Remix server build; `npm run build` writes it before wrangler bundles this file.
import * as build from "../build/server";
import { createAppContext, createNonce } from "../app/load-context";
import { EnvError, parseEnv } from "../app/env.server";
import {
  copyForCache,
  edgeCache,
  edgeCacheKey,
  fromEdgeCopy,
  inlineScriptHashes,
  isCacheablePageRequest,
  keepInMemory,
  mayStore,
  memoryCopy,
  sharedCacheHeaders,
  storedScriptHashes,
} from "../app/http/edge-cache.server";
import {
  keepLearnerCopy,
  learnerCopy,
  type LearnerPageRequest,
  learnerPageRequest,
  mayKeep,
} from "../app/http/learner-copies.server";
import type { PageCopy } from "../app/models/page-copy.server";
import { gateRequest, refusingBuild } from "../app/http/request-gate.server";
import { sessionCookieName } from "../app/models/session.server";
import { withSecurityHeaders } from "../app/security-headers.server";
import { handleRazorpayWebhook, RAZORPAY_WEBHOOK_PATH } from "./razorpay-webhook";
import { runScheduledJobs } from "./scheduled";

const handleRemixRequest = createRequestHandler(refusingBuild(build as unknown as ServerBuild));
const BUILD_VERSION = (build as unknown as ServerBuild).assets.version;

/** Only a path that names a file (`/assets/…`, `/favicon.svg`) can be a static asset. */
const mayBeAsset = (pathname: string) => /\.[A-Za-z0-9]+$/.test(pathname);

export default {
  async fetch(request, env, ctx): Promise<Response> {
    const production = env.APP_ENV !== "local";
    const url = new URL(request.url);
    const { pathname } = url;
    const webhook = pathname === RAZORPAY_WEBHOOK_PATH;
    // A learner's page load carries our session cookie, so it is never a visitor's shared page.
    const learnerPage = learnerPageRequest(
      request,
      url,
      sessionCookieName({ isLocal: !production }),
    );
    const cacheable = !learnerPage && isCacheablePageRequest(request);
    if (cacheable) {
      const copy = await storedCopy(edgeCacheKey(request, BUILD_VERSION));
      // A misconfigured worker answers nothing, not even a stored page.
      if (copy && configured(env)) {
        // The stored CSP's hashes are the copy's own; the other headers are this worker's.
        const hit = withSecurityHeaders(copy, {
          nonce: "",
          production,
          scriptHashes: storedScriptHashes(copy),
        });
        sharedCacheHeaders(hit.headers);
        hit.headers.set("X-Cache", "HIT");
        return hit;
      }
    }
    if (learnerPage && configured(env)) {
      const copy = await learnerCopy(learnerPage, env.DB, Date.now(), createNonce).catch(
        (error: unknown) => {
          console.error("[copies] could not check a learner's copy", error);
          return null;
        },
      );
      if (copy) return copy;
    }
    // A page that may be shared carries no nonce: its CSP lists its inline scripts' hashes.
    const nonce = cacheable ? "" : createNonce();

    if (
      !webhook &&
      (request.method === "GET" || request.method === "HEAD") &&
      mayBeAsset(pathname)
    ) {
      const asset = await env.ASSETS.fetch(request.url, {
        method: request.method,
        headers: request.headers,
      });
      if (asset.status !== 404) {
        const response = new Response(asset.body, asset);
        if (pathname.startsWith("/assets/")) {
          // Vite fingerprints everything under /assets, so it never changes.
          response.headers.set("Cache-Control", "public, max-age=31536000, immutable");
        }
        return withSecurityHeaders(response, { nonce, production });
      }
    }

    let context;
    try {
      context = createAppContext(env, {
        cspNonce: nonce,
        waitUntil: (promise) => ctx.waitUntil(promise),
        method: request.method,
        learnerPage,
      });
    } catch (error) {
      if (!(error instanceof EnvError)) throw error;
      console.error(error.message);
      return withSecurityHeaders(
        new Response("The service is misconfigured and cannot answer right now.", { status: 500 }),
        { nonce, production },
      );
    }
    let response: Response;
    if (webhook) {
      response = await handleRazorpayWebhook(request, context);
    } else {
      const gate = await gateRequest(request, context.env);
      if (gate.kind === "answer") response = gate.response;
      else {
        if (gate.kind === "refuse") context.refusal = gate.refusal;
        response = await handleRemixRequest(gate.request, context);
      }
    }
    const html = (response.headers.get("Content-Type") ?? "").startsWith("text/html");
    if (cacheable && html) {
      return shareablePage(response, { request, production, ctx });
    }
    const secured = withSecurityHeaders(response, { nonce, production });
    // Pages, page data and API answers carry the viewer's name, e-mail and flashed messages:
    // nothing dynamic is stored by shared caches or the back-forward cache unless a route
    // chose its own policy.
    if (!secured.headers.has("Cache-Control")) {
      secured.headers.set("Cache-Control", "private, no-store");
    }
    // The loaders are done, so their say on keeping the page is in; any other page streams.
    const pageCopy = context.pageCopy;
    if (learnerPage && pageCopy?.ticket && !pageCopy.unkept && mayKeep(learnerPage, secured)) {
      return keptPage(secured, { learnerPage, pageCopy, nonce });
    }
    return secured;
  },

  async scheduled(_controller, env, ctx): Promise<void> {
    const context = createAppContext(env, {
      cspNonce: "",
      waitUntil: (promise) => ctx.waitUntil(promise),
    });
    await runScheduledJobs(context);
  },
} satisfies ExportedHandler<Env>;

/**
 * A visitor's public page, rendered without a nonce: its CSP allows the
 * inline scripts it carries by their hashes. A 200 page that sets no cookie
 * is stored in the edge cache for the next visitor.
 */
async function shareablePage(
  response: Response,
  options: { request: Request; production: boolean; ctx: ExecutionContext },
): Promise<Response> {
  const html = await response.text();
  const page = withSecurityHeaders(new Response(html, response), {
    nonce: "",
    production: options.production,
    scriptHashes: await inlineScriptHashes(html),
  });
  if (!mayStore(page)) {
    page.headers.set("Cache-Control", "private, no-store");
    return page;
  }
  const key = edgeCacheKey(options.request, BUILD_VERSION);
  const storedAt = Date.now();
  const copy = copyForCache(page, storedAt);
  keepInMemory(key, html, copy, storedAt);
  options.ctx.waitUntil(
    edgeCache()
      .put(key, copy)
      .catch(() => undefined),
  );
  sharedCacheHeaders(page.headers);
  page.headers.set("X-Cache", "MISS");
  return page;
}

/**
 * A learner's page (or page data), whole, kept for the learner's next load
 * (app/http/learner-copies.server.ts): a 200 answer that sets no cookie, for
 * a learner the viewer gave a ticket and no loader forbade it.
 */
async function keptPage(
  page: Response,
  options: { learnerPage: LearnerPageRequest; pageCopy: PageCopy; nonce: string },
): Promise<Response> {
  const html = await page.text();
  const whole = new Response(html, page);
  keepLearnerCopy(
    options.learnerPage,
    options.pageCopy,
    { html, nonce: options.nonce, status: whole.status, headers: whole.headers },
    Date.now(),
  );
  whole.headers.set("X-Cache", "MISS");
  return whole;
}

/**
 * A visitor's page as stored: the isolate's own copy, else the edge cache's
 * (kept in the isolate for the rest of its lifetime), else null.
 */
async function storedCopy(key: Request): Promise<Response | null> {
  const kept = memoryCopy(key, Date.now());
  if (kept) return kept;
  const stored = await edgeCache().match(key);
  if (!stored) return null;
  const found = await fromEdgeCopy(stored);
  if (found.storedAt !== null) keepInMemory(key, found.html, found.copy, found.storedAt);
  return found.copy;
}

/** Whether the worker's configuration is valid (createAppContext throws EnvError otherwise). */
function configured(env: Env): boolean {
  try {
    parseEnv(env as unknown as Record<string, unknown>);
    return true;
  } catch (error) {
    if (error instanceof EnvError) return false;
    throw error;
  }
}

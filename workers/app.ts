/**
 * The app worker: every request to the site arrives here.
 *
 *   POST /webhooks/razorpay       ─► the payment webhook (workers/razorpay-webhook.ts)
 *   static file in build/client?  ─► ASSETS
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
import { EnvError } from "../app/env.server";
import { gateRequest, refusingBuild } from "../app/http/request-gate.server";
import { withSecurityHeaders } from "../app/security-headers.server";
import { handleRazorpayWebhook, RAZORPAY_WEBHOOK_PATH } from "./razorpay-webhook";
import { runScheduledJobs } from "./scheduled";

const handleRemixRequest = createRequestHandler(refusingBuild(build as unknown as ServerBuild));

export default {
  async fetch(request, env, ctx): Promise<Response> {
    const nonce = createNonce();
    const production = env.APP_ENV !== "local";
    const webhook = new URL(request.url).pathname === RAZORPAY_WEBHOOK_PATH;

    if (!webhook && (request.method === "GET" || request.method === "HEAD")) {
      const asset = await env.ASSETS.fetch(request.url, {
        method: request.method,
        headers: request.headers,
      });
      if (asset.status !== 404) {
        const response = new Response(asset.body, asset);
        if (new URL(request.url).pathname.startsWith("/assets/")) {
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
    const secured = withSecurityHeaders(response, { nonce, production });
    // Pages, page data and API answers carry the viewer's name, e-mail and flashed messages:
    // nothing dynamic is stored by shared caches or the back-forward cache unless a route
    // chose its own policy.
    if (!secured.headers.has("Cache-Control")) {
      secured.headers.set("Cache-Control", "private, no-store");
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

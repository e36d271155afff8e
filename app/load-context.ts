/**
 * The per-request context handed to every loader and action, built the same way
 * by the production worker (workers/app.ts) and the Vite dev server.
 * Nothing here is kept between requests but the drizzle handle, which holds
 * no request's state (createDb).
 */
import { createDb, type Database } from "./db/client.server";
import { parseEnv, type AppEnv } from "./env.server";
import type { LearnerPageRequest } from "./http/learner-copies.server";
import { newPageCopy, type PageCopy } from "./models/page-copy.server";
import type { RequestRefusal } from "./http/request-gate.server";
import { createAiGenerator, type AiGenerator } from "./integrations/ai/index.server";
import { createMailer, type Mailer } from "./integrations/mail.server";
import { createMeter, type Meter } from "./integrations/meter.server";
import { createPaymentGateway, type PaymentGateway } from "./integrations/payments/index.server";
import { createBankMentor } from "./models/bank-mentor.server";
import { createRequestReads, type RequestReads } from "./models/request-reads.server";

export type AppContext = {
  env: AppEnv;
  bindings: Env;
  db: Database;
  /**
   * The AI mentor: Gemini when a key is configured (the question bank answering
   * the chat when it fails), otherwise the offline mentor, which answers from the bank.
   */
  ai: AiGenerator;
  mail: Mailer;
  meter: Meter;
  /** Razorpay, the offline test checkout (local mode), or null when payments are not configured. */
  payments: PaymentGateway | null;
  /** Per-response nonce that Remix's inline scripts carry to satisfy the CSP. */
  cspNonce: string;
  waitUntil: (promise: Promise<unknown>) => void;
  /** Set when the request gate refused a page request: every action answers it instead. */
  refusal: RequestRefusal | null;
  /** What the loaders of one GET request share (the session, the access record); null otherwise. */
  reads: RequestReads | null;
  /**
   * Set for a learner's full load of a page that may be kept
   * (http/learner-copies.server.ts); the viewer leaves its ticket here when
   * the page may be kept. Null otherwise.
   */
  pageCopy: PageCopy | null;
};

declare module "@remix-run/cloudflare" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends AppContext {}
}

/** Random bytes for nonces, drawn 64 nonces at a time (one call to the generator, not one each). */
const NONCE_BYTES = 16;
let noncePool = new Uint8Array(0);
let noncePoolAt = 0;

/** A CSP nonce: 128 random bits, base64. Each pool byte is used once. */
export function createNonce(): string {
  if (noncePoolAt + NONCE_BYTES > noncePool.length) {
    noncePool = crypto.getRandomValues(new Uint8Array(NONCE_BYTES * 64));
    noncePoolAt = 0;
  }
  const bytes = noncePool.subarray(noncePoolAt, noncePoolAt + NONCE_BYTES);
  noncePoolAt += NONCE_BYTES;
  return btoa(String.fromCharCode(...bytes));
}

export function createAppContext(
  bindings: Env,
  options: {
    cspNonce: string;
    waitUntil: (promise: Promise<unknown>) => void;
    refusal?: RequestRefusal | null;
    /** The request's method: GET and HEAD requests share their loaders' reads. */
    method?: string;
    /** A learner's page load whose page may be kept as the learner's copy. */
    learnerPage?: LearnerPageRequest | null;
  },
): AppContext {
  const env = parseEnv(bindings as unknown as Record<string, unknown>);
  const db = createDb(bindings.DB);
  return {
    env,
    bindings,
    db,
    ai: createAiGenerator(env, { mentor: createBankMentor(db) }),
    mail: createMailer(env, db),
    meter: createMeter(bindings.USER_METER),
    payments: createPaymentGateway(env, bindings.KV),
    cspNonce: options.cspNonce,
    waitUntil: options.waitUntil,
    refusal: options.refusal ?? null,
    reads: createRequestReads(options.method ?? "POST"),
    pageCopy: options.learnerPage ? newPageCopy(options.learnerPage) : null,
  };
}

/** Used by `remix vite:dev` through cloudflareDevProxyVitePlugin. */
export function getLoadContext({
  request,
  context,
}: {
  request: Request;
  context: { cloudflare: { env: Env; ctx: { waitUntil: (promise: Promise<unknown>) => void } } };
}): AppContext {
  const { env, ctx } = context.cloudflare;
  return createAppContext(env, {
    cspNonce: createNonce(),
    waitUntil: (promise) => ctx.waitUntil(promise),
    method: request.method,
  });
}

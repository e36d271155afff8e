/**
 * POST /webhooks/razorpay: Razorpay's event deliveries (payment.captured,
 * payment.authorized, order.paid, payment.failed), answered ahead of Remix by
 * the app worker (docs/decisions/018-payments.md).
 *
 * The raw body is read as sent (its HMAC is the signature), capped in size,
 * and handed with X-Razorpay-Signature and x-razorpay-event-id to
 * handleWebhook, the same granting path as the browser's verify call.
 *
 * Answers are JSON. A bad signature or body is a 4xx, never a 5xx, so nothing
 * forged is retried; handled, ignored and repeated events get a 2xx at once so
 * Razorpay stops sending them. Only a failure on our side (the database did
 * not answer) is a 5xx, which Razorpay retries.
 */
import { readLimited } from "../app/http/request-gate.server";
import type { AppContext } from "../app/load-context";
import { handleWebhook, paymentDeps, type PaymentDeps } from "../app/models/payments.server";

export const RAZORPAY_WEBHOOK_PATH = "/webhooks/razorpay";

/** Razorpay's event bodies are a few kilobytes; anything near this is not one of them. */
export const MAX_WEBHOOK_BODY_BYTES = 1024 * 1024;

/** What the payment models need, from the request context. */
function answer(status: number, body: { ok: boolean; message: string }, headers?: HeadersInit) {
  const response = Response.json(body, { status, headers });
  response.headers.set("Cache-Control", "no-store");
  return response;
}

class BodyTooLarge extends Error {}

/** The body as text, refusing to buffer more than `limit` bytes whatever Content-Length claims. */
async function readCapped(request: Request, limit: number): Promise<string> {
  const declared = Number(request.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > limit) throw new BodyTooLarge();
  if (!request.body) return "";
  const bytes = await readLimited(request.body, limit);
  if (!bytes) throw new BodyTooLarge();
  return new TextDecoder().decode(bytes);
}

export async function handleRazorpayWebhook(
  request: Request,
  context: AppContext,
  deps: PaymentDeps = paymentDeps(context),
): Promise<Response> {
  if (request.method !== "POST") {
    return answer(405, { ok: false, message: "Method not allowed" }, { Allow: "POST" });
  }
  let rawBody: string;
  try {
    rawBody = await readCapped(request, MAX_WEBHOOK_BODY_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLarge) {
      return answer(413, { ok: false, message: "Body too large" });
    }
    return answer(400, { ok: false, message: "Unreadable body" });
  }
  try {
    const outcome = await handleWebhook(deps, {
      rawBody,
      signature: request.headers.get("X-Razorpay-Signature"),
      eventId: request.headers.get("X-Razorpay-Event-Id"),
    });
    return answer(outcome.status, outcome.body);
  } catch (error) {
    // The event id is recorded only once it was handled, so Razorpay's retry is handled
    // afresh; granting is idempotent, so a retry never grants twice.
    console.error("webhook: handling failed", error);
    return answer(500, { ok: false, message: "Could not handle the event; please retry" });
  }
}

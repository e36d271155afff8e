/**
 * The request side of the checkout pages (/plans, /payment-success and the
 * local test checkout at /dev/checkout; docs/decisions/019-checkout-pages.md):
 * whether payments can be offered, where Continue leads, the hosted-checkout
 * form, reading the payment page's address and the provider's callback, and
 * the offline checkout's Pay and Fail buttons. The payment rules themselves
 * (pricing, verifying, granting) live in app/models/payments.server.ts.
 */
import { isOfflineGateway, type PaymentGateway } from "~/integrations/payments/index.server";
import { OFFLINE_KEY_ID, type OfflineGateway } from "~/integrations/payments/offline.server";
import { safeRedirectPath, sameSitePath } from "~/lib/auth-redirect";
import { paymentSuccessPath } from "~/lib/payment-paths";
import { PAYMENT_MESSAGES } from "~/lib/payment-messages";
import { isPlanId, type PlanId } from "~/lib/plans";
import { normalizePromoCode, PROMO_CODE_PATTERN } from "~/lib/pricing";
import type { AppContext } from "~/load-context";
import type { PaymentButton } from "~/lib/payment-button";
import { handleWebhook, type PaymentDeps } from "~/models/payments.server";

// ---------------------------------------------------------------------------
// The configuration check the plans page makes before offering Subscribe.

export type CheckoutConfig =
  | { ready: true; provider: PaymentGateway["provider"]; testMode: boolean; scriptUrl: string }
  | { ready: false; provider: PaymentGateway["provider"] | null; testMode: boolean };

/**
 * Payments are offered only with a gateway whose public key has the shape its
 * provider expects: `rzp_` for Razorpay, the local test key for the offline
 * checkout (checked when the plans page loads).
 */
export function checkoutConfig(gateway: PaymentGateway | null): CheckoutConfig {
  if (!gateway) return { ready: false, provider: null, testMode: false };
  const keyOk =
    gateway.provider === "razorpay"
      ? gateway.keyId.startsWith("rzp_")
      : gateway.keyId === OFFLINE_KEY_ID;
  if (!keyOk || !gateway.checkout.scriptUrl || !gateway.checkout.hostedUrl) {
    return { ready: false, provider: gateway.provider, testMode: gateway.testMode };
  }
  return {
    ready: true,
    provider: gateway.provider,
    testMode: gateway.testMode,
    scriptUrl: gateway.checkout.scriptUrl,
  };
}

// ---------------------------------------------------------------------------
// Addresses.

const NOT_A_RETURN_PLACE = ["/plans", "/payment-success", "/payment-cancelled", "/dev/"];

/**
 * Where the plans page's Continue button leads: `from` (or `redirectTo`) in the
 * address, else the same-site page the visitor came from, else /. Only a
 * same-site path is accepted, and never the payment pages themselves.
 */
export function plansReturnPath(request: Request): string {
  const url = new URL(request.url);
  const candidates = [url.searchParams.get("from"), url.searchParams.get("redirectTo")];
  const referer = request.headers.get("Referer");
  if (referer) {
    try {
      const from = new URL(referer);
      if (from.origin === url.origin) candidates.push(`${from.pathname}${from.search}`);
    } catch {
      // An unreadable Referer is ignored.
    }
  }
  for (const candidate of candidates) {
    if (!candidate) continue;
    const path = safeRedirectPath(candidate, "");
    if (!path) continue;
    const pathname = path.split(/[?#]/)[0]!;
    if (NOT_A_RETURN_PLACE.some((place) => pathname === place || pathname.startsWith(place)))
      continue;
    return path;
  }
  return "/";
}

// ---------------------------------------------------------------------------
// The hosted checkout (the no-JavaScript path).

export type HostedCheckout = {
  /** Razorpay's https://api.razorpay.com/v1/checkout/embedded, or /dev/checkout offline. */
  url: string;
  fields: Array<[name: string, value: string]>;
};

/**
 * The fields a plain form posts to the provider's hosted checkout. Razorpay
 * takes the amount from the order; the form repeats it because the hosted
 * page asks for it.
 */
export function hostedCheckoutFor(
  gateway: PaymentGateway,
  button: PaymentButton,
  origin: string,
  params: { planId: PlanId; promoCode: string | null },
): HostedCheckout {
  const fields: Array<[string, string]> = [
    ["key_id", button.key],
    ["order_id", button.id],
    ["amount", String(button.amount)],
    ["currency", button.currency],
    ["name", button.name],
    ["description", button.description],
    ["prefill[name]", button.prefill.name],
    ["prefill[email]", button.prefill.email],
  ];
  if (button.prefill.contact) fields.push(["prefill[contact]", button.prefill.contact]);
  for (const [key, value] of Object.entries(button.notes)) fields.push([`notes[${key}]`, value]);
  fields.push(
    ["callback_url", `${origin}${paymentSuccessPath(params)}`],
    ["cancel_url", `${origin}/payment-cancelled?order_id=${encodeURIComponent(button.id)}`],
  );
  return { url: gateway.checkout.hostedUrl, fields };
}

// ---------------------------------------------------------------------------
// The result of a checkout, as the payment-success page receives it.

const PROVIDER_ID = /^[A-Za-z0-9_]{1,64}$/;
const PAYMENT_ID = /^pay_[A-Za-z0-9]{6,40}$/;

function field(source: FormData | URLSearchParams, name: string): string | null {
  const value = source.get(name);
  return typeof value === "string" ? value.trim() : null;
}

/** payment_id (or Razorpay's razorpay_payment_id), plan_id (starter when absent or unknown), promo_code, status. */
export function readPaymentParams(search: URLSearchParams) {
  const paymentId = field(search, "payment_id") || field(search, "razorpay_payment_id");
  const plan = field(search, "plan_id");
  const promo = normalizePromoCode(field(search, "promo_code") ?? "");
  const status = field(search, "status");
  return {
    paymentId: paymentId && PAYMENT_ID.test(paymentId) ? paymentId : null,
    planId: (isPlanId(plan) ? plan : "starter") as PlanId,
    promoCode: PROMO_CODE_PATTERN.test(promo) ? promo : null,
    status: status === "success" || status === "processing" || status === "failed" ? status : null,
  };
}

/**
 * The order a checkout was closed for, from the payment-cancelled page's
 * address: its provider order id, or null when absent or malformed.
 */
export function readCancelledOrder(search: URLSearchParams): string | null {
  const orderId = field(search, "order_id");
  return orderId && /^order_[A-Za-z0-9]{6,40}$/.test(orderId) ? orderId : null;
}

export type CheckoutCallback =
  | { kind: "result"; orderId: string; paymentId: string; signature: string }
  | { kind: "error"; orderId: string | null; description: string | null }
  | { kind: "malformed" };

/**
 * Checkout's POST back: razorpay_payment_id, razorpay_order_id and
 * razorpay_signature on success; error[code], error[description] and
 * error[metadata] (JSON with order_id and payment_id) on failure.
 */
export function readCheckoutCallback(form: FormData): CheckoutCallback {
  const orderId = field(form, "razorpay_order_id");
  const paymentId = field(form, "razorpay_payment_id");
  const signature = field(form, "razorpay_signature");
  if (orderId && paymentId && signature) {
    if (!PROVIDER_ID.test(orderId) || !PAYMENT_ID.test(paymentId) || signature.length > 128) {
      return { kind: "malformed" };
    }
    return { kind: "result", orderId, paymentId, signature };
  }
  if (field(form, "error[code]") || field(form, "error[description]")) {
    let errorOrder: string | null = null;
    try {
      const metadata = JSON.parse(field(form, "error[metadata]") ?? "{}") as { order_id?: unknown };
      if (typeof metadata.order_id === "string" && PROVIDER_ID.test(metadata.order_id)) {
        errorOrder = metadata.order_id;
      }
    } catch {
      // Metadata is informational only.
    }
    return {
      kind: "error",
      orderId: errorOrder,
      description: field(form, "error[description]")?.slice(0, 300) || null,
    };
  }
  return { kind: "malformed" };
}

// ---------------------------------------------------------------------------
// The local test checkout (offline gateway only).

export function offlineGatewayOf(context: AppContext): OfflineGateway | null {
  return isOfflineGateway(context.payments) ? context.payments : null;
}

export type SimulatedCheckout =
  | {
      ok: true;
      outcome: "pay";
      result: {
        razorpay_order_id: string;
        razorpay_payment_id: string;
        razorpay_signature: string;
      };
    }
  | {
      ok: true;
      outcome: "fail";
      error: {
        code: string;
        description: string;
        source: string;
        step: string;
        reason: string;
        metadata: { order_id: string; payment_id: string };
      };
    }
  | { ok: false; status: 404 | 409; message: string };

/**
 * The test checkout's Pay and Fail buttons: the offline provider records the
 * payment and signs Checkout's result; its webhooks are delivered to the same
 * handler the webhook worker uses, after the response (as Razorpay's arrive).
 */
export async function simulateCheckout(
  deps: PaymentDeps,
  gateway: OfflineGateway,
  input: {
    orderId: string;
    outcome: "pay" | "fail";
    email?: string | null;
    contact?: string | null;
  },
): Promise<SimulatedCheckout> {
  const order = await gateway.fetchOrder(input.orderId);
  if (!order) return { ok: false, status: 404, message: "There is no test order with that id." };
  if (order.status === "paid") {
    return { ok: false, status: 409, message: "This order has already been paid." };
  }
  const simulated = await gateway.simulate(input.orderId, input.outcome, {
    email: input.email ?? null,
    contact: input.contact ?? null,
  });
  if (!simulated) return { ok: false, status: 409, message: "This order has already been paid." };
  deps.waitUntil(
    (async () => {
      for (const delivery of simulated.webhooks) {
        const outcome = await handleWebhook(deps, {
          rawBody: delivery.body,
          signature: delivery.signature,
          eventId: delivery.eventId,
        });
        if (outcome.status !== 200) console.error("test checkout: webhook refused", outcome.body);
      }
    })().catch((error) => console.error("test checkout: webhook delivery failed", error)),
  );
  if (input.outcome === "pay" && simulated.result) {
    return { ok: true, outcome: "pay", result: simulated.result };
  }
  return {
    ok: true,
    outcome: "fail",
    error: {
      code: simulated.payment.error_code ?? "BAD_REQUEST_ERROR",
      description: simulated.payment.error_description ?? PAYMENT_MESSAGES.notProcessed,
      source: "customer",
      step: "payment_authorization",
      reason: "payment_failed",
      metadata: { order_id: simulated.order.id, payment_id: simulated.payment.id },
    },
  };
}

/** A callback or cancel address for the test checkout: same site only (it is a local tool). */
export function sameSiteUrl(value: string | null, origin: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, origin);
    if (url.origin !== origin) return null;
    return sameSitePath(`${url.pathname}${url.search}`);
  } catch {
    return null;
  }
}

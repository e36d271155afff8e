/**
 * The offline adapter (local mode, no Razorpay keys): a stand-in for Razorpay
 * that keeps its orders and payments in KV and signs with a local test secret.
 * The local test checkout (/dev/checkout, /dev/checkout.js) drives it; its
 * results and webhooks go through the same verification code as Razorpay's.
 * No money moves.
 */
import { sign, checkPaymentSignature, checkWebhookSignature } from "./signatures.server";
import type { PaymentGateway, ProviderOrder, ProviderPayment, ProviderRefund } from "./types";
import { webhookBody, type WebhookBody } from "./webhook-events";

export const OFFLINE_KEY_ID = "offline_test_key";
const OFFLINE_CHECKOUT = {
  scriptUrl: "/dev/checkout.js",
  hostedUrl: "/dev/checkout",
} as const;

const TTL_SECONDS = 7 * 86_400;
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

function providerId(prefix: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(14));
  return `${prefix}_${Array.from(bytes, (byte) => ALPHABET[byte % ALPHABET.length]).join("")}`;
}

/** The local test secrets, derived from the session secret so they are not constants in the bundle. */
/** The last secrets derived: the session secret stays the same for an isolate's life. */
let derived: { from: string; secrets: { keySecret: string; webhookSecret: string } } | null = null;

export function offlineSecrets(sessionSecret: string) {
  if (derived?.from !== sessionSecret) {
    derived = {
      from: sessionSecret,
      secrets: {
        keySecret: sign(sessionSecret, "razorpay-offline:key-secret"),
        webhookSecret: sign(sessionSecret, "razorpay-offline:webhook-secret"),
      },
    };
  }
  return derived.secrets;
}

export type SimulatedDelivery = { eventId: string; body: string; signature: string };

export type OfflineGateway = PaymentGateway & {
  provider: "offline";
  fetchOrder(orderId: string): Promise<ProviderOrder | null>;
  /**
   * What the test checkout's Pay and Fail buttons do: the provider records a
   * captured or failed payment, signs Checkout's result, and prepares the
   * webhooks Razorpay would send.
   */
  simulate(
    orderId: string,
    outcome: "pay" | "fail",
    prefill?: { email?: string | null; contact?: string | null },
  ): Promise<{
    order: ProviderOrder;
    payment: ProviderPayment;
    /** Checkout's success handler arguments (pay only). */
    result: {
      razorpay_order_id: string;
      razorpay_payment_id: string;
      razorpay_signature: string;
    } | null;
    webhooks: SimulatedDelivery[];
  } | null>;
};

export function createOfflineGateway(config: {
  kv: KVNamespace;
  sessionSecret: string;
  now?: () => number;
}): OfflineGateway {
  const { kv } = config;
  const now = config.now ?? Date.now;
  const secrets = offlineSecrets(config.sessionSecret);
  const orderKey = (id: string) => `rzp-offline:order:${id}`;
  const paymentKey = (id: string) => `rzp-offline:payment:${id}`;
  const orderPaymentsKey = (id: string) => `rzp-offline:order-payments:${id}`;
  const put = (key: string, value: unknown) =>
    kv.put(key, JSON.stringify(value), { expirationTtl: TTL_SECONDS });

  async function fetchOrder(orderId: string) {
    return kv.get<ProviderOrder>(orderKey(orderId), "json");
  }
  async function fetchPayment(paymentId: string) {
    return kv.get<ProviderPayment>(paymentKey(paymentId), "json");
  }
  async function fetchOrderPayments(orderId: string) {
    const ids = (await kv.get<string[]>(orderPaymentsKey(orderId), "json")) ?? [];
    const payments = await Promise.all(ids.map(fetchPayment));
    return payments.filter((payment): payment is ProviderPayment => payment !== null);
  }

  return {
    provider: "offline",
    keyId: OFFLINE_KEY_ID,
    testMode: true,
    checkout: OFFLINE_CHECKOUT,
    async createOrder(input) {
      const order: ProviderOrder = {
        id: providerId("order"),
        entity: "order",
        amount: input.amount,
        amount_paid: 0,
        currency: input.currency,
        receipt: input.receipt,
        status: "created",
        notes: input.notes,
        created_at: Math.floor(now() / 1000),
      };
      await put(orderKey(order.id), order);
      return order;
    },
    fetchOrder,
    fetchPayment,
    fetchOrderPayments,
    async capturePayment(paymentId) {
      const payment = await fetchPayment(paymentId);
      if (!payment) throw new Error(`No offline payment ${paymentId}`);
      return payment;
    },
    async refundPayment(paymentId, amount, notes) {
      const payment = await fetchPayment(paymentId);
      if (!payment) throw new Error(`No offline payment ${paymentId}`);
      if (payment.status !== "captured" || amount !== payment.amount) {
        throw new Error(`Offline payment ${paymentId} cannot be refunded`);
      }
      const refund: ProviderRefund = {
        id: providerId("rfnd"),
        entity: "refund",
        amount,
        currency: payment.currency,
        payment_id: payment.id,
        status: "processed",
        notes,
        created_at: Math.floor(now() / 1000),
      };
      await put(paymentKey(payment.id), { ...payment, status: "refunded" });
      return refund;
    },
    verifyPaymentSignature(input) {
      return checkPaymentSignature(secrets.keySecret, input);
    },
    verifyWebhookSignature(rawBody, signature) {
      return checkWebhookSignature(secrets.webhookSecret, rawBody, signature);
    },
    async simulate(orderId, outcome, prefill) {
      const order = await fetchOrder(orderId);
      if (!order) return null;
      if (order.status === "paid") return null;
      const at = now();
      const payment: ProviderPayment = {
        id: providerId("pay"),
        entity: "payment",
        amount: order.amount,
        currency: order.currency,
        status: outcome === "pay" ? "captured" : "failed",
        order_id: order.id,
        captured: outcome === "pay",
        method: "card",
        email: prefill?.email ?? null,
        contact: prefill?.contact ?? null,
        error_code: outcome === "pay" ? null : "BAD_REQUEST_ERROR",
        error_description:
          outcome === "pay" ? null : "Payment failed in the test checkout (no money moved).",
        created_at: Math.floor(at / 1000),
      };
      const ids = (await kv.get<string[]>(orderPaymentsKey(order.id), "json")) ?? [];
      const updated: ProviderOrder =
        outcome === "pay"
          ? { ...order, status: "paid", amount_paid: order.amount }
          : { ...order, status: "attempted" };
      await Promise.all([
        put(paymentKey(payment.id), payment),
        put(orderPaymentsKey(order.id), [...ids, payment.id]),
        put(orderKey(order.id), updated),
      ]);
      const deliver = (body: WebhookBody): SimulatedDelivery => {
        const raw = JSON.stringify(body);
        return {
          eventId: providerId("evt"),
          body: raw,
          signature: sign(secrets.webhookSecret, raw),
        };
      };
      const webhooks =
        outcome === "pay"
          ? [
              deliver(webhookBody("payment.captured", payment, null, "acc_offline", at)),
              deliver(webhookBody("order.paid", payment, updated, "acc_offline", at)),
            ]
          : [deliver(webhookBody("payment.failed", payment, null, "acc_offline", at))];
      return {
        order: updated,
        payment,
        result:
          outcome === "pay"
            ? {
                razorpay_order_id: order.id,
                razorpay_payment_id: payment.id,
                razorpay_signature: sign(secrets.keySecret, `${order.id}|${payment.id}`),
              }
            : null,
        webhooks,
      };
    },
  };
}

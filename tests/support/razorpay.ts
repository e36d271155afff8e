/**
 * The real Razorpay adapter pointed at the fake Razorpay (tests/fakes/razorpay.ts,
 * reached through miniflare's outboundService at https://api.razorpay.com), and
 * the buyer's side of a payment: what Checkout would do at Razorpay and hand back.
 */
import { createRazorpayGateway } from "~/integrations/payments/razorpay.server";
import { sign } from "~/integrations/payments/signatures.server";
import type { PaymentGateway, ProviderPayment } from "~/integrations/payments/types";
import { FAKE_RAZORPAY, type FakePaymentInput } from "../fakes/razorpay";

export { FAKE_RAZORPAY };

export function razorpayGateway(): PaymentGateway {
  return createRazorpayGateway({
    keyId: FAKE_RAZORPAY.keyId,
    keySecret: FAKE_RAZORPAY.keySecret,
    webhookSecret: FAKE_RAZORPAY.webhookSecret,
  });
}

/** A payment made against a Razorpay order (as a buyer in Checkout would). */
export async function payAtRazorpay(
  providerOrderId: string,
  input: FakePaymentInput,
): Promise<ProviderPayment> {
  const response = await fetch(
    `https://${FAKE_RAZORPAY.host}/_fake/orders/${providerOrderId}/payments`,
    {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(input),
    },
  );
  if (!response.ok) throw new Error(`fake Razorpay: ${response.status} ${await response.text()}`);
  return (await response.json()) as ProviderPayment;
}

/** A payment as the fake provider holds it, with the refunds made against it. */
export async function paymentAtRazorpay(
  paymentId: string,
): Promise<
  ProviderPayment & { amount_refunded: number; refunds: { id: string; amount: number }[] }
> {
  const response = await fetch(`https://${FAKE_RAZORPAY.host}/_fake/payments/${paymentId}`);
  if (!response.ok) throw new Error(`fake Razorpay: ${response.status} ${await response.text()}`);
  return (await response.json()) as ProviderPayment & {
    amount_refunded: number;
    refunds: { id: string; amount: number }[];
  };
}

/** The API calls the fake has answered so far, in order. */
export async function razorpayRequests(): Promise<{ method: string; path: string }[]> {
  const response = await fetch(`https://${FAKE_RAZORPAY.host}/_fake/requests`);
  return (await response.json()) as { method: string; path: string }[];
}

/** Checkout's razorpay_signature for an order and payment, with a given key secret. */
export function checkoutSignature(
  orderId: string,
  paymentId: string,
  keySecret: string = FAKE_RAZORPAY.keySecret,
): string {
  return sign(keySecret, `${orderId}|${paymentId}`);
}

/**
 * Razorpay's two signatures, checked with the razorpay package's own helpers
 * so both adapters go through exactly the same verification code.
 */
import { createHmac } from "node:crypto";
import {
  validatePaymentVerification,
  validateWebhookSignature,
} from "razorpay/dist/utils/razorpay-utils";

export function checkPaymentSignature(
  secret: string,
  input: { orderId: string; paymentId: string; signature: string },
): boolean {
  if (!input.orderId || !input.paymentId || !/^[0-9a-f]{64}$/i.test(input.signature)) return false;
  try {
    return validatePaymentVerification(
      { order_id: input.orderId, payment_id: input.paymentId },
      input.signature,
      secret,
    );
  } catch {
    return false;
  }
}

export function checkWebhookSignature(secret: string, rawBody: string, signature: string): boolean {
  if (!/^[0-9a-f]{64}$/i.test(signature)) return false;
  try {
    return validateWebhookSignature(rawBody, signature, secret);
  } catch {
    return false;
  }
}

/** HMAC-SHA256 hex, as Razorpay signs (used by the offline checkout and by tests' fakes). */
export function sign(secret: string, payload: string): string {
  return createHmac("sha256", secret).update(payload).digest("hex");
}

/**
 * The payment provider as the app sees it (docs/decisions/018-payments.md):
 * Razorpay's Orders and Payments APIs and its signatures. Two adapters: the
 * real one (razorpay.server.ts, live or rzp_test_ keys) and the offline one
 * (offline.server.ts, the local test checkout), chosen in index.server.ts.
 * Shapes follow Razorpay's wire format (amounts in paise).
 */
export type ProviderOrder = {
  id: string;
  entity: "order";
  amount: number;
  amount_paid: number;
  currency: string;
  receipt: string | null;
  status: "created" | "attempted" | "paid";
  notes: Record<string, string>;
  created_at: number;
};

export type ProviderPayment = {
  id: string;
  entity: "payment";
  amount: number;
  currency: string;
  status: "created" | "authorized" | "captured" | "refunded" | "failed";
  order_id: string | null;
  captured: boolean;
  method: string | null;
  email: string | null;
  contact: string | null;
  error_code: string | null;
  error_description: string | null;
  created_at: number;
};

export type ProviderRefund = {
  id: string;
  entity: "refund";
  amount: number;
  currency: string;
  payment_id: string;
  status: "pending" | "processed" | "failed";
  notes: Record<string, string> | [];
  created_at: number;
};

export type CheckoutUrls = {
  /** Checkout.js (or the offline stand-in), loaded by the plans page with JavaScript on. */
  scriptUrl: string;
  /** The hosted checkout a plain form posts to (JavaScript off). */
  hostedUrl: string;
};

export interface PaymentGateway {
  provider: "razorpay" | "offline";
  /** The public key id Checkout is opened with. */
  keyId: string;
  /** True for rzp_test_ keys and the offline checkout: no real money moves. */
  testMode: boolean;
  checkout: CheckoutUrls;
  createOrder(input: {
    amount: number;
    currency: "INR";
    receipt: string;
    notes: Record<string, string>;
  }): Promise<ProviderOrder>;
  /** Null when the provider does not know the id. */
  fetchPayment(paymentId: string): Promise<ProviderPayment | null>;
  fetchOrderPayments(orderId: string): Promise<ProviderPayment[]>;
  /** Captures an authorized payment (accounts without automatic capture). */
  capturePayment(paymentId: string, amount: number, currency: string): Promise<ProviderPayment>;
  /**
   * Refunds a captured payment in full (POST /v1/payments/:id/refund). The
   * note says why; the provider returns the refund, pending or processed.
   */
  refundPayment(
    paymentId: string,
    amount: number,
    notes: Record<string, string>,
  ): Promise<ProviderRefund>;
  /** Checkout's signature: HMAC-SHA256 of "order_id|payment_id" with the key secret. */
  verifyPaymentSignature(input: { orderId: string; paymentId: string; signature: string }): boolean;
  /** X-Razorpay-Signature: HMAC-SHA256 of the raw body with the webhook secret. */
  verifyWebhookSignature(rawBody: string, signature: string): boolean;
}

export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = "PaymentProviderError";
  }
}

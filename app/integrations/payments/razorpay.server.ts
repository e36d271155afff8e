/**
 * The real adapter: Razorpay's REST API through the razorpay package (it runs
 * in workerd with nodejs_compat). Works with live keys and rzp_test_ keys.
 */
import Razorpay from "razorpay";
import { checkPaymentSignature, checkWebhookSignature } from "./signatures.server";
import {
  type PaymentGateway,
  PaymentProviderError,
  type ProviderOrder,
  type ProviderPayment,
  type ProviderRefund,
} from "./types";

const RAZORPAY_CHECKOUT = {
  scriptUrl: "https://checkout.razorpay.com/v1/checkout.js",
  hostedUrl: "https://api.razorpay.com/v1/checkout/embedded",
} as const;

type SdkError = { statusCode?: number; error?: { description?: string } };

function providerError(error: unknown, action: string): PaymentProviderError {
  const sdk = (error ?? {}) as SdkError;
  return new PaymentProviderError(
    `Razorpay ${action} failed: ${sdk.error?.description ?? (error instanceof Error ? error.message : "unknown error")}`,
    typeof sdk.statusCode === "number" ? sdk.statusCode : null,
  );
}

export function createRazorpayGateway(config: {
  keyId: string;
  keySecret: string;
  webhookSecret: string | undefined;
}): PaymentGateway {
  const client = new Razorpay({ key_id: config.keyId, key_secret: config.keySecret });
  return {
    provider: "razorpay",
    keyId: config.keyId,
    testMode: config.keyId.startsWith("rzp_test_"),
    checkout: RAZORPAY_CHECKOUT,
    async createOrder(input) {
      try {
        return (await client.orders.create({
          amount: input.amount,
          currency: input.currency,
          receipt: input.receipt,
          notes: input.notes,
        })) as unknown as ProviderOrder;
      } catch (error) {
        throw providerError(error, "order creation");
      }
    },
    async fetchPayment(paymentId) {
      try {
        return (await client.payments.fetch(paymentId)) as unknown as ProviderPayment;
      } catch (error) {
        const failure = providerError(error, "payment fetch");
        if (failure.status === 400 || failure.status === 404) return null;
        throw failure;
      }
    },
    async fetchOrderPayments(orderId) {
      try {
        const list = await client.orders.fetchPayments(orderId);
        return (list.items ?? []) as unknown as ProviderPayment[];
      } catch (error) {
        throw providerError(error, "order payments fetch");
      }
    },
    async capturePayment(paymentId, amount, currency) {
      try {
        return (await client.payments.capture(
          paymentId,
          amount,
          currency,
        )) as unknown as ProviderPayment;
      } catch (error) {
        throw providerError(error, "capture");
      }
    },
    async refundPayment(paymentId, amount, notes) {
      try {
        return (await client.payments.refund(paymentId, {
          amount,
          speed: "normal",
          notes,
        })) as unknown as ProviderRefund;
      } catch (error) {
        throw providerError(error, "refund");
      }
    },
    verifyPaymentSignature(input) {
      return checkPaymentSignature(config.keySecret, input);
    },
    verifyWebhookSignature(rawBody, signature) {
      return config.webhookSecret
        ? checkWebhookSignature(config.webhookSecret, rawBody, signature)
        : false;
    },
  };
}

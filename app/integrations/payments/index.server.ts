/**
 * Chooses the payment adapter from the configuration: Razorpay when a key id
 * and secret are set; in local mode without keys, the offline test checkout;
 * in production without keys, none (the plans page says payments are not
 * configured rather than pretending).
 */
import type { AppEnv } from "~/env.server";
import { createOfflineGateway, type OfflineGateway } from "./offline.server";
import { createRazorpayGateway } from "./razorpay.server";
import type { PaymentGateway } from "./types";

export type { PaymentGateway, ProviderPayment } from "./types";

export function createPaymentGateway(env: AppEnv, kv: KVNamespace): PaymentGateway | null {
  if (env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET) {
    return createRazorpayGateway({
      keyId: env.RAZORPAY_KEY_ID,
      keySecret: env.RAZORPAY_KEY_SECRET,
      webhookSecret: env.RAZORPAY_WEBHOOK_SECRET,
    });
  }
  if (env.isLocal) return createOfflineGateway({ kv, sessionSecret: env.SESSION_SECRET });
  return null;
}

export function isOfflineGateway(gateway: PaymentGateway | null): gateway is OfflineGateway {
  return gateway?.provider === "offline";
}

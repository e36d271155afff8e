/**
 * Chooses the payment adapter from the configuration: Razorpay when a key id
 * and secret are set; in local mode without keys, the offline test checkout;
 * in production without keys, none (the plans page says payments are not
 * configured rather than pretending). The offline checkout signs with secrets
 * derived from SESSION_SECRET, so it is off while that is the published example
 * value (`npm start` gives each install its own).
 */
// Relative: vite.config.ts loads this file through app/load-context.ts, before path aliases exist.
import { isPublishedSessionSecret, type AppEnv } from "../../env.server";
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
  if (!env.isLocal) return null;
  if (isPublishedSessionSecret(env.SESSION_SECRET)) {
    console.warn(
      "[payments] the local test checkout is off: SESSION_SECRET is the published example value. Run `npm run setup:local` (or set your own in .dev.vars) to turn it on.",
    );
    return null;
  }
  return createOfflineGateway({ kv, sessionSecret: env.SESSION_SECRET });
}

export function isOfflineGateway(gateway: PaymentGateway | null): gateway is OfflineGateway {
  return gateway?.provider === "offline";
}

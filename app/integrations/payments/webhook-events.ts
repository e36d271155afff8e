/**
 * Razorpay webhook bodies, as Razorpay sends them: an "event" entity whose
 * payload carries the payment (and, for order.paid, the order).
 */
import type { ProviderOrder, ProviderPayment } from "./types";

export type WebhookEventName =
  "payment.captured" | "payment.authorized" | "order.paid" | "payment.failed";

export type WebhookBody = {
  entity: "event";
  account_id: string;
  event: string;
  contains: string[];
  payload: {
    payment?: { entity: ProviderPayment };
    order?: { entity: ProviderOrder };
  };
  created_at: number;
};

export function webhookBody(
  event: WebhookEventName,
  payment: ProviderPayment,
  order: ProviderOrder | null,
  accountId: string,
  createdAt: number,
): WebhookBody {
  return {
    entity: "event",
    account_id: accountId,
    event,
    contains: order ? ["payment", "order"] : ["payment"],
    payload: order
      ? { payment: { entity: payment }, order: { entity: order } }
      : { payment: { entity: payment } },
    created_at: Math.floor(createdAt / 1000),
  };
}

import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiOk, handleApi, methodNotAllowed, parseJsonBody } from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";
import { PAYMENT_MESSAGES } from "~/lib/payment-messages";
import { cancelOrder } from "~/models/payments.server";
import {
  apiPaymentFailure,
  orderCancelSchema,
  PAYMENTS_API_FALLBACKS,
} from "~/routes/api.payments.server";

/**
 * POST /api/payments/order/cancel { orderId } (the provider's order id, as
 * order/create answered it) → { success, message, cancelled: true }. What the
 * checkout's close and Cancel call: the order takes no payment from now on and
 * its promo use is free for others at once. 404 for an order that is not this
 * learner's; 409 once it has been paid (or a payment for it is being taken).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleApi(PAYMENTS_API_FALLBACKS.cancelOrder, async () => {
    const { user } = await requireApiAuth(request, context);
    const input = await parseJsonBody(request, orderCancelSchema, { emptyIsObject: true });
    const result = await cancelOrder(context.db, user.id, input.orderId, Date.now());
    if (!result.ok) return apiPaymentFailure(result);
    return apiOk({ message: PAYMENT_MESSAGES.orderCancelled, cancelled: true });
  });
}

export const loader = () => methodNotAllowed("POST");

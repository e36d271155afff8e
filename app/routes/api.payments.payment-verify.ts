import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiOk, handleApi, methodNotAllowed, parseJsonBody } from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";
import {
  apiPaymentFailure,
  PAYMENTS_API_FALLBACKS,
  planActivatedMessage,
  subscriptionRowJson,
  verifySchema,
} from "~/routes/api.payments.server";
import { verifyCheckout, paymentDeps } from "~/models/payments.server";

/**
 * POST /api/payments/payment/verify { razorpay_order_id, razorpay_payment_id,
 * razorpay_signature, planId? } (orderId / paymentId / signature and
 * razorpayOrderId… are accepted too) → { success, message, subscription }.
 * The signature is checked against the order this user made, and the payment
 * is fetched from the provider before anything is granted; the order decides
 * the plan. A repeated call for the same payment answers the same subscription.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleApi(PAYMENTS_API_FALLBACKS.verifyPayment, async () => {
    const { user } = await requireApiAuth(request, context);
    const input = await parseJsonBody(request, verifySchema, { emptyIsObject: true });
    const deps = paymentDeps(context);
    const granted = await verifyCheckout(deps, user.id, {
      orderId: input.orderId,
      paymentId: input.paymentId,
      signature: input.signature,
    });
    if (!granted.ok) return apiPaymentFailure(granted);
    return apiOk({
      message: `Payment verified. ${planActivatedMessage(granted.order.planId)}`,
      alreadyGranted: granted.alreadyGranted,
      payment: { orderId: granted.order.providerOrderId, paymentId: granted.order.paymentId },
      subscription: subscriptionRowJson(granted.subscription, deps.now()),
    });
  });
}

export const loader = () => methodNotAllowed("POST");

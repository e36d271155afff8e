import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed } from "~/http/api.server";
import {
  createOrderAnswer,
  PAYMENTS_API_FALLBACKS,
  PAYMENTS_API_MESSAGES,
} from "~/routes/api.payments.server";

/**
 * POST /api/payments/order/create { planId, promoCode? } → { success, order:
 * { id, amount (paise), currency }, plan: { id, name }, key, pricing,
 * promoCode, config }. The server prices the order; a 100 % code grants the
 * plan at once and answers { success, free: true, subscription }.
 */
export function action({ request, context }: ActionFunctionArgs) {
  return createOrderAnswer(
    request,
    context,
    PAYMENTS_API_FALLBACKS.createOrder,
    ({ order, button }) => ({
      message: PAYMENTS_API_MESSAGES.orderCreated,
      order: {
        id: order.providerOrderId,
        amount: order.amountPaise,
        currency: order.currency,
        receipt: order.id,
        status: order.status,
      },
      key: button.key,
      testMode: button.testMode,
      config: button,
    }),
  );
}

export const loader = () => methodNotAllowed("POST");

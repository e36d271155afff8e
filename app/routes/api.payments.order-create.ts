import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { handleApi, methodNotAllowed, requireApiAuth } from "~/models/auth-api.server";
import {
  apiOk,
  apiPaymentFailure,
  freeGrantJson,
  orderCommonJson,
  orderSchema,
  parseBody,
  PAYMENTS_API_FALLBACKS,
  PAYMENTS_API_MESSAGES,
} from "~/models/payments-api.server";
import { createOrder, paymentDeps } from "~/models/payments.server";

/**
 * POST /api/payments/order/create { planId, promoCode? } → { success, order:
 * { id, amount (paise), currency }, plan: { id, name }, key, pricing,
 * promoCode, config }. The server prices the order; a 100 % code grants the
 * plan at once and answers { success, free: true, subscription }.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleApi(PAYMENTS_API_FALLBACKS.createOrder, async () => {
    const { user } = await requireApiAuth(request, context);
    const input = await parseBody(request, orderSchema);
    const deps = paymentDeps(context);
    const result = await createOrder(deps, user, input);
    if (!result.ok) return apiPaymentFailure(result);
    if (result.kind === "free") return apiOk(freeGrantJson(result, deps.now()), 201);
    const { order, button } = result;
    return apiOk(
      {
        free: false,
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
        ...orderCommonJson(result),
      },
      201,
    );
  });
}

export const loader = () => methodNotAllowed("POST");

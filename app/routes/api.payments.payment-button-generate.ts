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
 * POST /api/payments/payment-button/generate { planId, promoCode? } →
 * { success, message, config } where config is the payment button descriptor
 * (000 §3: id, amount in paise, description, name, referenceId, prefill, notes,
 * plus the key and checkout addresses). A 100 % code grants the plan at once:
 * { success, free: true, config: null, subscription }.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleApi(PAYMENTS_API_FALLBACKS.paymentButton, async () => {
    const { user } = await requireApiAuth(request, context);
    const input = await parseBody(request, orderSchema);
    const deps = paymentDeps(context);
    const result = await createOrder(deps, user, input);
    if (!result.ok) return apiPaymentFailure(result);
    if (result.kind === "free") {
      return apiOk({ ...freeGrantJson(result, deps.now()), config: null }, 201);
    }
    return apiOk(
      {
        free: false,
        message: PAYMENTS_API_MESSAGES.configGenerated,
        config: result.button,
        ...orderCommonJson(result),
      },
      201,
    );
  });
}

export const loader = () => methodNotAllowed("POST");

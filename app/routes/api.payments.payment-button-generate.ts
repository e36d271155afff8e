import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed } from "~/http/api.server";
import {
  createOrderAnswer,
  freeGrantJson,
  PAYMENTS_API_FALLBACKS,
  PAYMENTS_API_MESSAGES,
} from "~/routes/api.payments.server";

/**
 * POST /api/payments/payment-button/generate { planId, promoCode? } →
 * { success, message, config } where config is the payment button descriptor
 * (id, amount in paise, description, name, referenceId, prefill, notes,
 * plus the key and checkout addresses). A 100 % code grants the plan at once:
 * { success, free: true, config: null, subscription }.
 */
export function action({ request, context }: ActionFunctionArgs) {
  return createOrderAnswer(
    request,
    context,
    PAYMENTS_API_FALLBACKS.paymentButton,
    ({ button }) => ({ message: PAYMENTS_API_MESSAGES.configGenerated, config: button }),
    (granted, now) => ({ ...freeGrantJson(granted, now), config: null }),
  );
}

export const loader = () => methodNotAllowed("POST");

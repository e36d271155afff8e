import { methodNotAllowed } from "~/http/api.server";
import { confirmPaymentRoute } from "~/routes/api.payments.server";

/**
 * POST /api/payments/payment/check-and-create-subscription { planId, paymentId, promoCode? } → { success, message, subscription }.
 * The server confirms the payment with the provider first (see confirmPaymentRoute).
 */
export const action = confirmPaymentRoute;

export const loader = () => methodNotAllowed("POST");

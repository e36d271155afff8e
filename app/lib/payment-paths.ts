import type { PlanId } from "./plans";

/**
 * The payment-success address: the provider returns here with
 * plan_id, and promo_code when one was applied; the page itself links here
 * with payment_id and status once a payment is verified.
 */
export function paymentSuccessPath(params: {
  planId: PlanId;
  promoCode?: string | null;
  paymentId?: string | null;
  status?: "success" | "processing" | "failed" | null;
}): string {
  const search = new URLSearchParams();
  if (params.paymentId) search.set("payment_id", params.paymentId);
  search.set("plan_id", params.planId);
  if (params.promoCode) search.set("promo_code", params.promoCode);
  if (params.status) search.set("status", params.status);
  return `/payment-success?${search}`;
}

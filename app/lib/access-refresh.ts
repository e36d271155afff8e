/**
 * Refreshing subscription and trial state in the browser: a
 * forced refresh runs at most once per 2 seconds; after a payment, a quick
 * refresh tries again every 2 seconds, up to 10 times (20 seconds), until the
 * subscription shows.
 */
export const FORCED_REFRESH_THROTTLE_MS = 2000;
export const QUICK_REFRESH_DELAY_MS = 2000;
export const QUICK_REFRESH_ATTEMPTS = 10;

/** Pages a learner comes back from after paying. */
const PAYMENT_PAGES = ["/payment-success", "/plans"];

/** What the home page learns when it reads the subscription afresh after a payment. */
export type SubscriptionAfterPayment = {
  /** The subscription in force now; null while none is. */
  subscription: { planName: string; endDate: string; daysRemaining: number } | null;
  /** It came from this payment, or was granted in the last half hour: worth confirming. */
  justActivated: boolean;
};

export type PaymentReturn = {
  planId: string | null;
  paymentId: string | null;
  /**
   * The payment-success page already confirmed the plan (its card and toast):
   * the home page reads the status afresh but does not announce it again.
   */
  confirmedAlready: boolean;
};

/**
 * Whether the home page is loading right after a payment: it carries the
 * payment id and plan id, or the browser came from the payment-success or
 * plans page of this site. Null otherwise.
 */
export function paymentReturn(url: URL, referer: string | null): PaymentReturn | null {
  const paymentId = url.searchParams.get("payment_id");
  const planId = url.searchParams.get("plan_id");
  if (paymentId && planId) return { planId, paymentId, confirmedAlready: false };
  if (!referer) return null;
  let from: URL;
  try {
    from = new URL(referer);
  } catch {
    return null;
  }
  if (from.origin !== url.origin || !PAYMENT_PAGES.includes(from.pathname)) return null;
  return {
    planId: from.searchParams.get("plan_id"),
    paymentId: from.searchParams.get("payment_id") ?? from.searchParams.get("razorpay_payment_id"),
    confirmedAlready: from.pathname === "/payment-success",
  };
}

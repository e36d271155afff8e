/** The spec's payment texts and the server's own, in one place. */
export const PAYMENT_MESSAGES = {
  // The checkout screens'
  adBlocked: "Payment gateway blocked by ad blocker. Please disable ad blocker and try again.",
  gatewayLoadFailed: "Failed to load payment gateway. Please try again.",
  initFailed: "Unable to initialize payment. Please try again.",
  cancelledByUser: "Payment was cancelled by user.",
  notProcessed: "Payment could not be processed. Please try again.",
  configError: "Payment system configuration error. Please contact support.",
  selectPlan: "Please select a plan to continue.",
  // The subscription service's
  authRequired: "User must be authenticated to subscribe",
  configFailed: "Failed to generate payment configuration",
  cancelFailed: "Failed to cancel subscription",
  sdkMissing: "Razorpay SDK not loaded",
  providerCancelled: "Payment cancelled by user",
  // The server's answers when a payment is refused.
  orderNotFound: "We could not find that payment order for your account.",
  verificationFailed: "Payment verification failed. No subscription was created.",
  amountMismatch: "The payment amount does not match the order. No subscription was created.",
  paymentReused: "This payment has already been used for another order.",
  orderAlreadyPaid: "This order has already been paid, so it cannot be cancelled.",
  orderCancelled: "Order cancelled. Nothing was charged, and any promo code on it is free again.",
  notCaptured:
    "The payment has not been completed yet. If money left your account, it will be confirmed shortly.",
  invalidPlan: "Please choose one of the Starter, Plus or Pro plans.",
} as const;

export const PAYMENT_TITLES = {
  failed: "Payment Failed",
  setupFailed: "Payment Setup Failed",
  gatewayIssue: "Payment Gateway Issue",
  sessionEnded: "Payment Session Ended",
  cancelled: "Payment Cancelled",
  configError: "Configuration Error",
  successful: "Payment Successful",
  activated: "Subscription Activated",
  initFailedDefault: "Failed to initialize payment",
} as const;

/**
 * The payment button descriptor: what the server hands the browser to open
 * the provider's Checkout for one order it created and priced (amount in
 * paise, the public key, prefill and notes, and the checkout addresses). The
 * plans page and POST /api/payments/payment-button/generate both give it.
 */
export type PaymentButton = {
  id: string;
  amount: number;
  currency: "INR";
  description: string;
  name: string;
  referenceId: string;
  prefill: { name: string; email: string; contact: string };
  notes: Record<string, string>;
  key: string;
  testMode: boolean;
  checkout: { scriptUrl: string; hostedUrl: string };
};

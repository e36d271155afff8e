/**
 * Razorpay Checkout in the browser: the script (Razorpay's checkout.js, or
 * the local test checkout's /dev/checkout.js, which defines the same
 * `window.Razorpay`) is loaded when the learner subscribes, not on every page.
 *
 * The script element is inserted without a nonce: the CSP's script-src lists
 * 'self' and https://checkout.razorpay.com, and host sources apply to inserted
 * scripts as long as the policy has no 'strict-dynamic'
 * (app/security-headers.server.ts).
 */

export type CheckoutSuccess = {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
};

export type CheckoutFailure = {
  error?: {
    code?: string;
    description?: string;
    source?: string;
    step?: string;
    reason?: string;
    metadata?: { order_id?: string; payment_id?: string };
  };
};

export type CheckoutOptions = {
  key: string;
  amount: number;
  currency: string;
  name: string;
  description: string;
  order_id: string;
  prefill: { name?: string; email?: string; contact?: string };
  notes: Record<string, string>;
  theme?: { color?: string };
  handler: (response: CheckoutSuccess) => void;
  modal?: { ondismiss?: () => void; escape?: boolean; confirm_close?: boolean };
};

export interface CheckoutInstance {
  open(): void;
  close?(): void;
  on(event: "payment.failed", callback: (response: CheckoutFailure) => void): void;
}

export type CheckoutConstructor = new (options: CheckoutOptions) => CheckoutInstance;

declare global {
  interface Window {
    Razorpay?: CheckoutConstructor;
  }
}

export type ScriptProblem = "blocked" | "timeout" | "missing";

export class CheckoutScriptError extends Error {
  constructor(readonly problem: ScriptProblem) {
    super(`Checkout script ${problem}`);
    this.name = "CheckoutScriptError";
  }
}

const LOAD_TIMEOUT_MS = 20_000;
let loading: Promise<CheckoutConstructor> | null = null;

/** Loads the checkout script once; a failed load is forgotten so Retry starts afresh. */
export function loadCheckoutScript(src: string): Promise<CheckoutConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  if (loading) return loading;
  loading = new Promise<CheckoutConstructor>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    const timer = window.setTimeout(() => fail("timeout"), LOAD_TIMEOUT_MS);
    function fail(problem: ScriptProblem) {
      window.clearTimeout(timer);
      script.remove();
      loading = null;
      reject(new CheckoutScriptError(problem));
    }
    script.addEventListener("load", () => {
      window.clearTimeout(timer);
      if (window.Razorpay) resolve(window.Razorpay);
      else fail("missing");
    });
    // A blocked request (ad blockers, privacy extensions, a failed network) ends here.
    script.addEventListener("error", () => fail("blocked"));
    document.head.appendChild(script);
  });
  return loading;
}

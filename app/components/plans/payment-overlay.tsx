import type { CheckoutPhase } from "./use-checkout";

/**
 * The 'Processing Payment...' overlay while the order is created and
 * the checkout loads, and again while the payment is confirmed. The live
 * region stays mounted so screen readers hear each change.
 */
export function PaymentOverlay({ phase }: { phase: CheckoutPhase }) {
  const busy = phase === "ordering" || phase === "loading" || phase === "confirming";
  return (
    <div
      role="status"
      aria-live="polite"
      className={
        busy ? "fixed inset-0 z-50 grid place-items-center bg-slate-950/60 p-4" : "sr-only"
      }
    >
      {busy ? (
        <div className="w-full max-w-sm rounded-2xl bg-white p-8 text-center shadow-xl">
          <span
            aria-hidden="true"
            className="mx-auto block size-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700 motion-reduce:animate-none"
          />
          <p className="mt-4 text-lg font-semibold text-slate-900">Processing Payment...</p>
          <p className="mt-1 text-sm text-slate-600">
            {phase === "confirming"
              ? "Confirming your payment. Please keep this page open."
              : "Preparing secure checkout."}
          </p>
        </div>
      ) : null}
    </div>
  );
}

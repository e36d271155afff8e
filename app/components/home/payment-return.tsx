import { Link, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useForcedRefresh, useQuickRefresh } from "~/components/access/use-access-refresh";
import { useHydrated } from "~/components/ui/use-hydrated";
import { showToastMessage } from "~/components/ui/toaster";
import type { SubscriptionAfterPayment } from "~/lib/access-refresh";
import { daysLeftText } from "~/lib/feature-screen";
import type { Viewer } from "~/lib/viewer";

export type PaymentReturnStatus = SubscriptionAfterPayment & {
  /** The address carried a payment id: a payment was made and should show up. */
  expectingPayment: boolean;
};

const endDateFormat = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Asia/Kolkata",
});

/**
 * The home page's word after a payment. The server read the
 * subscription afresh for this load; while a known payment's subscription does
 * not show yet, the page checks again every 2 seconds a few times (the root
 * loader's viewer carries the subscription each time), then offers to check
 * again. A subscription that the
 * payment just started is confirmed with 'Subscription Activated'.
 */
export function PaymentReturnNotice({
  status,
  viewer,
}: {
  status: PaymentReturnStatus;
  viewer: Viewer;
}) {
  const hydrated = useHydrated();
  const location = useLocation();
  const live =
    viewer.status === "authenticated" && viewer.access.type === "subscription"
      ? viewer.access.subscription
      : null;
  // Seen by this load's fresh read, or appearing since (then it is the payment's).
  const subscription = status.subscription ?? live;
  const activated = status.subscription ? status.justActivated : live !== null;

  // Only a known payment is worth waiting for; otherwise this load's fresh read is the answer.
  const quick = useQuickRefresh(hydrated && subscription === null && status.expectingPayment);
  const forced = useForcedRefresh();

  const toasted = useRef(false);
  const activatedPlan = activated ? (subscription?.planName ?? null) : null;
  useEffect(() => {
    if (activatedPlan === null || toasted.current) return;
    toasted.current = true;
    showToastMessage({
      id: "subscription-activated",
      type: "success",
      title: "Subscription Activated",
      description: `Your ${activatedPlan} plan is active.`,
    });
  }, [activatedPlan]);

  // Keep the region mounted so screen readers hear each change.
  const [announce] = useState(() => subscription === null && status.expectingPayment);
  if (!announce && !(subscription && activated)) return null;

  return (
    <div className="mx-auto w-full max-w-7xl px-4 pt-6 sm:px-6">
      <div role="status" aria-live="polite" data-testid="payment-return">
        {subscription ? (
          activated ? (
            <div className="rounded-xl border border-brand-300 bg-brand-50 p-4 text-brand-950">
              <p className="font-semibold">Subscription Activated</p>
              <p className="mt-1 text-sm">
                Your {subscription.planName} plan is active until{" "}
                {endDateFormat.format(new Date(subscription.endDate))} (
                {daysLeftText(subscription.daysRemaining)}). Every feature is open to you.
              </p>
            </div>
          ) : null
        ) : hydrated && quick.checking ? (
          <div className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 text-slate-800 shadow-sm">
            <span
              aria-hidden="true"
              className="size-5 shrink-0 animate-spin rounded-full border-2 border-brand-200 border-t-brand-700"
            />
            <p>
              <span className="font-semibold">Confirming your payment…</span>{" "}
              <span className="text-sm text-slate-600">
                Your subscription appears here as soon as the payment provider confirms it.
              </span>
            </p>
          </div>
        ) : (
          <div className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
            <p className="font-semibold">We are still waiting for the payment confirmation</p>
            <p className="mt-1 text-sm">
              It can take a minute for a subscription to show. Nothing needs paying again. If it has
              not appeared after a few minutes,{" "}
              <Link to="/contact" className="font-semibold underline underline-offset-2">
                contact us
              </Link>{" "}
              with your payment id.
            </p>
            <Link
              to={`${location.pathname}${location.search}`}
              reloadDocument={!hydrated}
              onClick={(event) => {
                if (!hydrated) return;
                event.preventDefault();
                if (forced.refresh()) quick.restart();
              }}
              aria-busy={forced.refreshing}
              className="mt-3 inline-flex rounded-lg border border-amber-400 bg-white px-4 py-2 text-sm font-semibold text-amber-950 hover:bg-amber-100"
            >
              {forced.refreshing ? "Checking…" : "Check again"}
            </Link>
          </div>
        )}
      </div>
    </div>
  );
}

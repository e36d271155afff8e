import type { RefObject } from "react";
import { Button } from "~/components/ui/button";
import { formatRupees, type Plan } from "~/lib/plans";
import { priceFor, withCredit } from "~/lib/pricing";
import type { ViewerSubscription } from "~/lib/viewer";
import { formatDate } from "./format";
import { formatPercent, type AppliedPromo, type Notice, type UpgradeOffers } from "./plans-form";

type UpgradeOffer = NonNullable<UpgradeOffers[keyof UpgradeOffers]>;

function dayCount(days: number): string {
  return days === 1 ? "1 day" : `${days} days`;
}
import { TestModeBanner } from "./test-mode-banner";

/**
 * The chosen plan and what it costs, with the promo code's discount as the
 * server priced it, and the Subscribe button.
 */
export function OrderSummary({
  plan,
  applied,
  notice,
  announce,
  ready,
  busy,
  testMode,
  renewal,
  upgrade,
  subscribeRef,
}: {
  plan: Plan | null;
  applied: AppliedPromo | null;
  notice: Notice | null;
  announce: boolean;
  ready: boolean;
  busy: boolean;
  testMode: boolean;
  renewal: ViewerSubscription | null;
  upgrade: UpgradeOffer | null;
  subscribeRef: RefObject<HTMLButtonElement>;
}) {
  const promo = plan && applied && applied.planId === plan.id ? applied : null;
  const discounted = plan ? (promo?.pricing ?? priceFor(plan.id)) : null;
  // The server prices the order again when the learner subscribes; this shows its quote.
  const pricing = discounted && upgrade ? withCredit(discounted, upgrade.creditPaise) : discounted;
  const free = pricing?.amountPaise === 0;
  return (
    <section
      aria-labelledby="summary-title"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <h2 id="summary-title" className="text-lg font-semibold text-slate-900">
        Order summary
      </h2>
      {plan ? (
        <dl className="mt-4 divide-y divide-slate-100 text-sm" data-testid="order-summary">
          <div className="flex justify-between gap-4 py-2">
            <dt className="text-slate-600">Plan</dt>
            <dd className="font-medium text-slate-900">
              {plan.name} · {plan.duration}
            </dd>
          </div>
          {promo || upgrade ? (
            <div className="flex justify-between gap-4 py-2">
              <dt className="text-slate-600">{upgrade ? "Plan price" : "Original price"}</dt>
              <dd className="text-slate-900">
                {upgrade ? formatRupees(plan.pricePaise) : <s>{formatRupees(plan.pricePaise)}</s>}
              </dd>
            </div>
          ) : null}
          {promo ? (
            <div className="flex justify-between gap-4 py-2">
              <dt className="text-slate-600">
                Promo code {promo.code} ({formatPercent(promo.discountPercentage)} off)
              </dt>
              <dd className="font-medium text-emerald-800">
                You save {formatRupees(promo.pricing.savingsPaise)}
              </dd>
            </div>
          ) : null}
          {upgrade && pricing ? (
            <div className="flex justify-between gap-4 py-2" data-testid="upgrade-credit">
              <dt className="text-slate-600">
                {`Credit for your unused ${upgrade.fromPlanName} plan (${dayCount(upgrade.unusedDays)} left)`}
              </dt>
              <dd className="font-medium text-emerald-800">−{formatRupees(pricing.creditPaise)}</dd>
            </div>
          ) : null}
          <div className="flex justify-between gap-4 py-2 text-base">
            <dt className="font-semibold text-slate-900">
              {promo && !upgrade ? "Discounted price" : "Total"}
            </dt>
            <dd className="font-bold text-slate-900">
              {free ? "Free" : formatRupees(pricing?.amountPaise ?? plan.pricePaise)}
            </dd>
          </div>
        </dl>
      ) : (
        <p className="mt-4 text-sm text-slate-600">Choose a plan above to see your total.</p>
      )}
      {renewal && plan && upgrade ? (
        <p className="mt-4 text-sm text-slate-700">
          {`${plan.name} starts as soon as you pay and replaces your ${upgrade.fromPlanName} plan; the unused part of ${upgrade.fromPlanName} is taken off the price above.`}
        </p>
      ) : renewal ? (
        <p className="mt-4 text-sm text-slate-700">
          This adds {plan ? plan.duration : "the plan’s months"} after your current plan ends on{" "}
          {formatDate(renewal.endDate)}.
        </p>
      ) : null}
      {testMode && ready ? (
        <TestModeBanner className="mt-4">
          Test mode: checkout here moves no real money.
        </TestModeBanner>
      ) : null}
      <div
        id="checkout-message"
        role={announce && notice ? (notice.tone === "error" ? "alert" : "status") : undefined}
        className="mt-4 text-sm empty:hidden"
      >
        {notice ? (
          <p
            className={
              notice.tone === "error"
                ? "rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-900"
                : "rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-slate-800"
            }
          >
            <span className="font-semibold">{notice.title}</span> – {notice.message}
          </p>
        ) : null}
      </div>
      <Button
        ref={subscribeRef}
        type="submit"
        name="intent"
        value="subscribe"
        size="lg"
        className="mt-6 w-full"
        disabled={!ready}
        aria-disabled={busy || undefined}
        aria-describedby="checkout-message"
      >
        {busy ? "Processing Payment..." : "Subscribe"}
      </Button>
      <p className="mt-3 text-center text-xs text-slate-600">
        You pay once; nothing renews automatically.
      </p>
    </section>
  );
}

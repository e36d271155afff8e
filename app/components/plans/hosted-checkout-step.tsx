import { Link } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { formatRupees, getPlan } from "~/lib/plans";
import { formatPercent, type HostedCheckoutStep } from "./plans-form";
import { TestModeBanner } from "./test-mode-banner";

/**
 * The no-JavaScript way to pay: the order exists, and this form takes the
 * learner to the provider's hosted checkout, which posts the result back to
 * /payment-success (or sends them to /payment-cancelled).
 */
export function HostedCheckoutStepView({
  step,
  testMode,
}: {
  step: HostedCheckoutStep;
  testMode: boolean;
}) {
  const plan = getPlan(step.planId);
  return (
    <section aria-labelledby="hosted-step-title" className="px-4 py-12 sm:px-6 sm:py-16">
      <div className="mx-auto max-w-xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h2 id="hosted-step-title" className="text-2xl font-bold text-slate-900">
          Continue to secure payment
        </h2>
        <p className="mt-2 text-slate-600">
          Your order is ready. You pay on the secure checkout page, which brings you back here when
          you are done.
        </p>
        <dl className="mt-6 divide-y divide-slate-100 text-sm" data-testid="hosted-order">
          <div className="flex justify-between gap-4 py-2">
            <dt className="text-slate-600">Plan</dt>
            <dd className="font-medium text-slate-900">
              {plan.name} · {plan.duration}
            </dd>
          </div>
          {step.promo ? (
            <div className="flex justify-between gap-4 py-2">
              <dt className="text-slate-600">
                Promo code {step.promo.code} ({formatPercent(step.promo.discountPercentage)} off)
              </dt>
              <dd className="font-medium text-emerald-800">
                −{formatRupees(step.pricing.savingsPaise)}
              </dd>
            </div>
          ) : null}
          {step.pricing.creditPaise > 0 ? (
            <div className="flex justify-between gap-4 py-2">
              <dt className="text-slate-600">Credit for the unused part of your current plan</dt>
              <dd className="font-medium text-emerald-800">
                −{formatRupees(step.pricing.creditPaise)}
              </dd>
            </div>
          ) : null}
          <div className="flex justify-between gap-4 py-2 text-base">
            <dt className="font-semibold text-slate-900">Total</dt>
            <dd className="font-bold text-slate-900">{formatRupees(step.button.amount)}</dd>
          </div>
        </dl>
        {testMode ? (
          <TestModeBanner className="mt-6">
            Test mode: this checkout moves no real money.
          </TestModeBanner>
        ) : null}
        <form method="post" action={step.hosted.url} className="mt-6">
          {step.hosted.fields.map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <Button type="submit" size="lg" className="w-full">
            Continue to payment
          </Button>
        </form>
        <p className="mt-4 text-center text-sm">
          <Link to="/plans" className="font-medium text-brand-800 underline underline-offset-2">
            Change plan or promo code
          </Link>
        </p>
      </div>
    </section>
  );
}

import { ButtonLink } from "~/components/ui/button";
import type { ViewerSubscription } from "~/lib/viewer";
import { daysRemainingText, formatDate } from "./format";

/**
 * For subscribers: the plan in force, how long it runs, and a way back to
 * where they were. Buying again is allowed and extends from the end date.
 */
export function CurrentPlan({
  subscription,
  returnTo,
}: {
  subscription: ViewerSubscription;
  returnTo: string;
}) {
  const until = formatDate(subscription.endDate);
  return (
    <section aria-labelledby="current-plan-title" className="px-4 pt-10 sm:px-6">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 rounded-2xl border border-brand-200 bg-brand-50 p-6 sm:flex-row sm:items-center sm:justify-between sm:p-8">
        <div>
          <h2
            id="current-plan-title"
            className="text-sm font-semibold uppercase tracking-wide text-brand-800"
          >
            Your current plan
          </h2>
          <p className="mt-1 text-2xl font-bold text-slate-900" data-testid="current-plan-name">
            {subscription.planName}
          </p>
          <p className="mt-1 text-slate-700">
            <span className="font-semibold">{daysRemainingText(subscription.daysRemaining)}</span>
            {" · "}
            {subscription.status === "cancelled" ? "Cancelled, access until " : "Valid until "}
            <time dateTime={subscription.endDate}>{until}</time>
          </p>
          <p className="mt-3 max-w-2xl text-sm text-slate-700">
            Want more time? Any plan you buy below starts when this one ends on {until}, so you keep
            every day you have already paid for.
          </p>
        </div>
        <ButtonLink to={returnTo} size="lg" className="shrink-0">
          Continue
        </ButtonLink>
      </div>
    </section>
  );
}

import { ButtonLink } from "~/components/ui/button";
import { FEATURE_KEYS, FEATURE_LABELS } from "~/lib/features";
import type { SubscriptionSummary, TrialSummary } from "~/lib/access-summary";

const dateFormat = new Intl.DateTimeFormat("en-IN", {
  dateStyle: "long",
  timeZone: "Asia/Kolkata",
});

type Props = {
  accessType: "subscription" | "trial" | "none";
  subscription: SubscriptionSummary | null;
  trial: TrialSummary | null;
};

/** The account page's summary of what the learner holds: plan, trial or nothing yet. */
export function PlanCard({ accessType, subscription, trial }: Props) {
  return (
    <div
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
      aria-labelledby="plan-heading"
      role="region"
    >
      <h2 id="plan-heading" className="text-lg font-semibold text-slate-900">
        Your plan
      </h2>
      {accessType === "subscription" && subscription ? (
        <>
          <p className="mt-2 text-slate-700">
            <strong className="font-semibold text-slate-900">{subscription.planName}</strong>, valid
            until {dateFormat.format(new Date(subscription.endDate))} (
            {subscription.daysRemaining > 0
              ? `${subscription.daysRemaining} day${subscription.daysRemaining === 1 ? "" : "s"} left`
              : "expires soon"}
            ).
          </p>
          <p className="mt-2 text-sm text-slate-600">
            Plans are paid once and never renew on their own, so there is nothing to cancel: access
            ends on that date. Buying another plan before then adds its months after this one.
          </p>
          <ButtonLink to="/plans" variant="secondary" className="mt-5">
            Extend or change plan
          </ButtonLink>
        </>
      ) : accessType === "trial" && trial ? (
        <>
          <p className="mt-2 text-slate-700">
            Free trial:{" "}
            <strong className="font-semibold text-slate-900">
              {trial.totalUsed} of {trial.totalLimit}
            </strong>{" "}
            uses, {trial.daysRemaining} day{trial.daysRemaining === 1 ? "" : "s"} left.
          </p>
          <ul className="mt-3 grid gap-1 text-sm text-slate-600 sm:grid-cols-2">
            {FEATURE_KEYS.map((feature) => (
              <li key={feature}>
                {FEATURE_LABELS[feature]}: {trial.features[feature].remaining} of{" "}
                {trial.features[feature].limit} left
              </li>
            ))}
          </ul>
          <ButtonLink to="/plans" className="mt-5">
            Upgrade to Pro
          </ButtonLink>
        </>
      ) : (
        <>
          <p className="mt-2 text-slate-700">
            {trial?.isExpired
              ? "Your free trial has ended."
              : trial?.isExhausted
                ? "You have used all 20 uses of your free trial."
                : "You have no plan yet."}{" "}
            Choose a plan to keep learning with the mentor, quizzes, simulations and flashcards.
          </p>
          <ButtonLink to="/plans" className="mt-5">
            Choose Plan
          </ButtonLink>
        </>
      )}
    </div>
  );
}

import { loginHref } from "~/components/home/links";
import { ButtonLink } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { PLANS } from "~/lib/plans";
import { PlanCardBody } from "./plan-card-body";

/**
 * The plans as a visitor sees them: choosing to pay means signing in first,
 * which brings them back here to choose and pay.
 */
export function VisitorPlans() {
  return (
    <section aria-label="Plans" className="py-14 sm:py-16">
      <ul className="mx-auto grid max-w-6xl gap-6 px-4 sm:px-6 md:grid-cols-3 md:gap-8">
        {PLANS.map((plan) => (
          <li
            key={plan.id}
            className={cn(
              "relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm sm:p-8",
              plan.mostPopular ? "border-brand-700 ring-2 ring-brand-700" : "border-slate-200",
            )}
            data-testid={`plan-${plan.id}`}
          >
            <PlanCardBody plan={plan} />
            <ButtonLink
              to={loginHref("/plans")}
              variant={plan.mostPopular ? "primary" : "secondary"}
              size="lg"
              className="mt-8"
            >
              Subscribe<span className="sr-only"> to {plan.name}</span>
            </ButtonLink>
          </li>
        ))}
      </ul>
      <p className="mx-auto mt-8 max-w-2xl px-4 text-center text-sm text-slate-600">
        Have a promo code? Log in, choose your plan and apply it before you pay.
      </p>
    </section>
  );
}

import { ButtonLink } from "~/components/ui/button";
import { TRIAL } from "~/lib/features";
import { PLANS } from "~/lib/plans";
import { cn } from "~/lib/cn";
import { loginHref } from "./links";
import { MostPopularBadge, PlanPrice } from "./plan-price";
import { SectionHeading } from "./section-heading";

/** The three plans at a glance; the full comparison and checkout live on /plans. */
export function PlanTeaser({ signedIn }: { signedIn: boolean }) {
  const planHref = signedIn ? "/plans" : loginHref("/plans");
  return (
    <section aria-labelledby="plans-title" className="py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading id="plans-title" eyebrow="Plans" title="Simple prices in rupees">
          <p>
            Pay once for the period you need. Start with a free trial: {TRIAL.days} days,{" "}
            {TRIAL.usesPerFeature} uses of each feature.
          </p>
        </SectionHeading>
        <ul className="mx-auto mt-10 grid max-w-5xl gap-6 md:grid-cols-3">
          {PLANS.map((plan) => (
            <li
              key={plan.id}
              className={cn(
                "relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm",
                plan.mostPopular ? "border-brand-700 ring-2 ring-brand-700" : "border-slate-200",
              )}
            >
              <MostPopularBadge plan={plan} className="absolute -top-3 left-6" />
              <h3 className="text-lg font-semibold text-slate-900">{plan.name}</h3>
              <p className="mt-1 text-sm text-slate-600 md:min-h-10">{plan.tagline}</p>
              <div className="mt-4 flex-1">
                <PlanPrice plan={plan} />
              </div>
              <ButtonLink
                to={planHref}
                variant={plan.mostPopular ? "primary" : "secondary"}
                className="mt-6"
              >
                Choose {plan.name}
              </ButtonLink>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

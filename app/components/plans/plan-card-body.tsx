import { Icon } from "~/components/home/icons";
import { MostPopularBadge, PlanPrice } from "~/components/home/plan-price";
import { formatRupees, monthlyPricePaise, type Plan } from "~/lib/plans";

/** What every plan card shows: ribbon, name, price, the monthly equivalent and what is included. */
export function PlanCardBody({ plan }: { plan: Plan }) {
  return (
    <>
      <MostPopularBadge plan={plan} className="absolute -top-3 left-6" />
      <h2 className="text-xl font-semibold text-slate-900">{plan.name}</h2>
      <p className="mt-1 text-sm text-slate-600 md:min-h-10">{plan.tagline}</p>
      <div className="mt-6">
        <PlanPrice plan={plan} />
        <p className="mt-1 text-sm text-slate-600">
          {plan.durationMonths > 1
            ? `Works out to ${formatRupees(monthlyPricePaise(plan))} a month`
            : "One month of full access"}
        </p>
      </div>
      <ul className="mt-6 flex-1 space-y-3 text-sm text-slate-700">
        {plan.highlights.map((highlight) => (
          <li key={highlight} className="flex gap-2">
            <Icon name="check" className="size-5 shrink-0 text-brand-700" />
            {highlight}
          </li>
        ))}
      </ul>
    </>
  );
}

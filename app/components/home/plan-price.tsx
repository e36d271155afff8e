import { formatRupees, type Plan } from "~/lib/plans";
import { cn } from "~/lib/cn";

/** The "Most Popular" ribbon, shown on the plan the catalogue marks. */
export function MostPopularBadge({ plan, className }: { plan: Plan; className?: string }) {
  if (!plan.mostPopular) return null;
  return (
    <span
      className={cn(
        "inline-block rounded-full bg-amber-300 px-3 py-1 text-xs font-bold uppercase tracking-wide text-amber-950",
        className,
      )}
    >
      Most Popular
    </span>
  );
}

/** "₹2,499 for 6 months", large price first. */
export function PlanPrice({ plan }: { plan: Plan }) {
  return (
    <p className="flex items-baseline gap-2">
      <span className="text-4xl font-bold tracking-tight text-slate-900">
        {formatRupees(plan.pricePaise)}
      </span>
      <span className="text-sm font-medium text-slate-600">for {plan.duration}</span>
    </p>
  );
}

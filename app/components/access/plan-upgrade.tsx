import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { buttonClasses } from "~/components/ui/button";
import { PLAN_FEATURES, type PlanFeatureKey, upgradePath } from "~/lib/plan-features";

/**
 * What a plan feature does, for a learner whose plan does not include it:
 * the points it delivers, an optional preview built from their own data, and
 * Buy Now to /plans with the feature's plan chosen.
 */
export function PlanUpgrade({
  feature,
  points,
  preview,
}: {
  feature: PlanFeatureKey;
  /** What the feature gives, one line each. */
  points: readonly string[];
  /** A sample of the feature, ideally from the learner's own data. */
  preview?: ReactNode;
}) {
  const { name, plan, summary } = PLAN_FEATURES[feature];
  const planName = plan === "plus" ? "Plus" : "Pro";
  return (
    <section
      className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6"
      aria-labelledby="plan-upgrade-heading"
      data-testid="plan-upgrade"
    >
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
          {plan === "plus" ? "Plus and Pro plans" : "Pro plan"}
        </p>
        <h2 id="plan-upgrade-heading" className="mt-1 text-2xl font-bold text-slate-900">
          {name}: unlock it with {planName}
        </h2>
        <p className="mt-3 text-slate-700">{summary}</p>
        <ul className="mt-5 space-y-2 text-slate-700">
          {points.map((point) => (
            <li key={point} className="flex gap-2">
              <span aria-hidden="true" className="mt-1 text-brand-700">
                ✓
              </span>
              <span>{point}</span>
            </li>
          ))}
        </ul>
        {preview ? <div className="mt-6">{preview}</div> : null}
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Link to={upgradePath(feature)} className={buttonClasses("primary", "lg")}>
            Buy Now
          </Link>
          <Link to="/plans" className={buttonClasses("secondary", "lg")}>
            Compare plans
          </Link>
        </div>
      </div>
    </section>
  );
}

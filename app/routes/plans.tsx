import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useRouteLoaderData } from "@remix-run/react";
import { Icon } from "~/components/home/icons";
import { loginHref } from "~/components/home/links";
import { MostPopularBadge, PlanPrice } from "~/components/home/plan-price";
import { PageHeader } from "~/components/home/section-heading";
import { Button, ButtonLink } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { TRIAL } from "~/lib/features";
import { formatRupees, monthlyPricePaise, PLANS, type Plan } from "~/lib/plans";
import { SITE } from "~/lib/site";
import type { loader as rootLoader } from "~/root";

export const meta: MetaFunction = () => [
  { title: `Plans · ${SITE.name}` },
  {
    name: "description",
    content: `${SITE.name} plans in rupees: ${PLANS.map((plan) => `${plan.name} ${formatRupees(plan.pricePaise)} for ${plan.duration}`).join(", ")}. Paid once, no automatic renewal.`,
  },
];

export default function Plans() {
  const signedIn = useRouteLoaderData<typeof rootLoader>("root")?.viewer.status === "authenticated";
  return (
    <>
      <PageHeader eyebrow="Plans" title="Choose your plan">
        <p>
          Every plan includes unlimited AI mentor chat, clinical quizzes and flashcards. Pick the
          period that fits your exams; you pay once and nothing renews automatically.
        </p>
      </PageHeader>
      <section aria-label="Plans" className="py-14 sm:py-16">
        <ul className="mx-auto grid max-w-6xl gap-6 px-4 sm:px-6 md:grid-cols-3 md:gap-8">
          {PLANS.map((plan) => (
            <PlanCard key={plan.id} plan={plan} signedIn={signedIn} />
          ))}
        </ul>
      </section>
      <PlanNotes />
    </>
  );
}

/** One plan: price, what it includes, and its subscribe action. */
function PlanCard({ plan, signedIn }: { plan: Plan; signedIn: boolean }) {
  return (
    <li
      className={cn(
        "relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm sm:p-8",
        plan.mostPopular ? "border-brand-700 ring-2 ring-brand-700" : "border-slate-200",
      )}
      data-testid={`plan-${plan.id}`}
    >
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
            <Icon name="check" className="size-5 text-brand-700" />
            {highlight}
          </li>
        ))}
      </ul>
      <SubscribeAction plan={plan} signedIn={signedIn} />
    </li>
  );
}

/**
 * What the card's Subscribe button does. Visitors sign in first (001 §5) and
 * come back here; for signed-in learners this is where checkout attaches.
 */
function SubscribeAction({ plan, signedIn }: { plan: Plan; signedIn: boolean }) {
  const variant = plan.mostPopular ? "primary" : "secondary";
  const label = (
    <>
      Subscribe<span className="sr-only"> to {plan.name}</span>
    </>
  );
  if (!signedIn) {
    return (
      <ButtonLink to={loginHref("/plans")} variant={variant} size="lg" className="mt-8">
        {label}
      </ButtonLink>
    );
  }
  const noteId = `checkout-note-${plan.id}`;
  return (
    <div className="mt-8">
      <Button variant={variant} size="lg" className="w-full" disabled aria-describedby={noteId}>
        {label}
      </Button>
      <p id={noteId} className="mt-2 text-center text-xs text-slate-600">
        Online checkout is not available yet.{" "}
        <Link to="/contact" className="font-medium text-brand-800 underline underline-offset-2">
          Contact us
        </Link>{" "}
        to subscribe.
      </p>
    </div>
  );
}

function PlanNotes() {
  const notes = [
    `Free trial: ${TRIAL.days} days with ${TRIAL.usesPerFeature} uses of each feature, ${TRIAL.totalUses} in all.`,
    "Payments are processed securely by Razorpay; your card details never reach our servers.",
    "No automatic renewal. Cancel any time and keep access until your plan’s end date.",
  ];
  return (
    <section aria-labelledby="plan-notes-title" className="bg-slate-50 py-12">
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <h2 id="plan-notes-title" className="text-lg font-semibold text-slate-900">
          Good to know
        </h2>
        <ul className="mt-4 space-y-2 text-sm text-slate-700">
          {notes.map((note) => (
            <li key={note} className="flex gap-2">
              <Icon name="check" className="size-5 text-brand-700" />
              {note}
            </li>
          ))}
        </ul>
        <p className="mt-6 text-sm text-slate-700">
          More questions about plans and billing?{" "}
          <Link to="/support" className="font-medium text-brand-800 underline underline-offset-2">
            Read the support FAQ
          </Link>
          .
        </p>
      </div>
    </section>
  );
}

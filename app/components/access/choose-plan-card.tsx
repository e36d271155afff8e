import { Link } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button";
import { type TrialEnded, trialEndedText } from "~/lib/feature-screen";

/**
 * The access guard's card for signed-in users with neither a subscription nor
 * an active trial. When a trial has ended it says so, and why.
 */
export function ChoosePlanCard({
  feature,
  trialEnded = null,
}: {
  feature: string;
  trialEnded?: TrialEnded | null;
}) {
  return (
    <section
      className="mx-auto w-full max-w-lg px-4 py-16 sm:py-24"
      aria-labelledby="choose-plan-heading"
    >
      <div className="rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <div
          aria-hidden="true"
          className="mx-auto grid size-14 place-items-center rounded-full bg-brand-50"
        >
          <svg
            viewBox="0 0 24 24"
            className="size-7 text-brand-700"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <rect x="4" y="10" width="16" height="10" rx="2" />
            <path d="M8 10V7a4 4 0 118 0v3" strokeLinecap="round" />
          </svg>
        </div>
        <h1 id="choose-plan-heading" className="mt-5 text-2xl font-bold text-slate-900">
          Choose Your Plan
        </h1>
        {trialEnded ? (
          <div
            className="mt-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-left text-sm text-amber-950"
            data-testid="trial-ended"
          >
            <p className="font-semibold">Your free trial has ended</p>
            <p className="mt-1">{trialEndedText(trialEnded)}</p>
          </div>
        ) : null}
        <p className="mt-3 text-slate-600">
          {feature} is part of every MedMentor plan. Pick a plan to unlock it, along with the AI
          mentor, quizzes, flashcards and patient simulations.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/plans" className={buttonClasses("primary", "lg")}>
            Choose Plan
          </Link>
          <Link to="/" className={buttonClasses("secondary", "lg")}>
            Back to Home
          </Link>
        </div>
      </div>
    </section>
  );
}

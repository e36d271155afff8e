import { Link } from "@remix-run/react";
import { Icon } from "~/components/home/icons";
import { TRIAL } from "~/lib/features";

export function PlanNotes() {
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
              <Icon name="check" className="size-5 shrink-0 text-brand-700" />
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

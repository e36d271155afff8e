import { Link } from "@remix-run/react";
import { PlanUpgrade } from "~/components/access/plan-upgrade";
import { percent, type ProgressPreview } from "~/lib/progress";
import { count } from "./format";

const POINTS = [
  "Accuracy and volume by subject and topic, week by week, as charts and tables",
  "Your time per question against your exam's pace",
  "Your error log: why you miss questions, and practice on the ones you got wrong",
  "Flashcard retention and the reviews due this week",
  "What to do next: your weakest topics by the marks at stake, each a one-click practice test",
  "A readiness estimate for NEET-PG, INI-CET, FMGE or your university exam, with its uncertainty shown",
] as const;

const LOCKED = [
  "Accuracy by subject and topic",
  "Weakest topics by marks at stake",
  "Readiness for your exam",
] as const;

/**
 * The upgrade view for trial and Starter learners: what progress analytics
 * does, and a preview from their own answers (how many, how accurate), the
 * rest shown locked.
 */
export function ProgressUpgrade({ preview }: { preview: ProgressPreview }) {
  return (
    <PlanUpgrade
      feature="progressAnalytics"
      points={POINTS}
      preview={
        <div
          className="rounded-xl border border-slate-200 bg-slate-50 p-4"
          data-testid="progress-preview"
        >
          <h3 className="font-semibold text-slate-900">Your progress so far</h3>
          {preview.answered === 0 ? (
            <p className="mt-2 text-slate-700">
              You have not answered any questions yet.{" "}
              <Link
                to="/clinical-quizzes"
                className="font-semibold text-brand-800 underline underline-offset-2"
              >
                Take a clinical quiz
              </Link>{" "}
              and your first figures start here.
            </p>
          ) : (
            <dl className="mt-3 grid grid-cols-2 gap-3">
              <div className="rounded-lg bg-white p-3 ring-1 ring-slate-200">
                <dt className="text-sm text-slate-600">Questions answered</dt>
                <dd className="text-2xl font-bold text-slate-900">{count(preview.answered)}</dd>
              </div>
              <div className="rounded-lg bg-white p-3 ring-1 ring-slate-200">
                <dt className="text-sm text-slate-600">Accuracy</dt>
                <dd className="text-2xl font-bold text-slate-900">{percent(preview.accuracy)}</dd>
              </div>
            </dl>
          )}
          <ul className="mt-3 grid gap-3 sm:grid-cols-3">
            {LOCKED.map((name) => (
              <li
                key={name}
                className="relative overflow-hidden rounded-lg bg-white p-3 ring-1 ring-slate-200"
              >
                <svg viewBox="0 0 120 40" className="h-10 w-full blur-[3px]" aria-hidden="true">
                  {[14, 26, 18, 32, 22, 36].map((height, index) => (
                    <rect
                      key={index}
                      x={4 + index * 19}
                      y={40 - height}
                      width={12}
                      height={height}
                      className="fill-brand-200"
                    />
                  ))}
                </svg>
                <p className="mt-2 text-sm font-medium text-slate-800">{name}</p>
                <p className="inline-flex items-center gap-1 text-xs font-semibold uppercase tracking-wide text-slate-600">
                  <svg viewBox="0 0 16 16" className="h-3.5 w-3.5" aria-hidden="true">
                    <rect x="3" y="7" width="10" height="7" rx="1.5" className="fill-slate-500" />
                    <path
                      d="M5 7V5a3 3 0 0 1 6 0v2"
                      fill="none"
                      strokeWidth="1.5"
                      className="stroke-slate-500"
                    />
                  </svg>
                  With Plus
                </p>
              </li>
            ))}
          </ul>
        </div>
      }
    />
  );
}

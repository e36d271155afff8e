import { Link } from "@remix-run/react";
import { cn } from "~/lib/cn";
import type { AssessmentKind } from "~/lib/assessments";
import type { PastAttempt } from "~/lib/assessment-screen";
import { KIND_TEXT } from "./texts";

const STATUS: Record<PastAttempt["status"], { label: string; className: string }> = {
  completed: { label: "Completed", className: "bg-emerald-100 text-emerald-900" },
  ready: { label: "In progress", className: "bg-amber-100 text-amber-900" },
  generating: { label: "In progress", className: "bg-amber-100 text-amber-900" },
  failed: { label: "Failed", className: "bg-red-100 text-red-900" },
};

/** The learner's past attempts, newest first: open one to see its results or carry on. */
export function PastAttempts({
  kind,
  attempts,
  total,
}: {
  kind: AssessmentKind;
  attempts: PastAttempt[];
  total: number;
}) {
  const text = KIND_TEXT[kind];
  return (
    <section aria-labelledby={`${kind}-past-heading`}>
      <div className="flex items-baseline justify-between gap-3">
        <h2 id={`${kind}-past-heading`} className="text-lg font-semibold text-slate-900">
          {text.pastHeading}
        </h2>
        {total > attempts.length ? (
          <p className="text-sm text-slate-600">{`Latest ${attempts.length} of ${total}`}</p>
        ) : null}
      </div>
      {attempts.length === 0 ? (
        <p className="mt-3 rounded-xl border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-slate-600">
          {text.pastEmpty}
        </p>
      ) : (
        <ul
          className="mt-3 divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white"
          data-testid="past-attempts"
        >
          {attempts.map((attempt) => {
            const status = STATUS[attempt.status];
            const finished = attempt.status === "completed";
            return (
              <li key={attempt.id}>
                <Link
                  to={attempt.href}
                  className="flex flex-col gap-2 px-4 py-3 hover:bg-slate-50 focus-visible:bg-slate-50 sm:flex-row sm:items-center sm:justify-between"
                >
                  <span className="min-w-0">
                    <span className="block truncate font-medium text-slate-900">
                      {attempt.topic}
                    </span>
                    <span className="block text-sm text-slate-600">
                      {attempt.date}
                      {attempt.origin === "retake"
                        ? " · Retake"
                        : attempt.origin === "retest"
                          ? " · Retest"
                          : ""}
                    </span>
                  </span>
                  <span className="flex shrink-0 items-center gap-3 text-sm">
                    <span className="text-slate-700">
                      {finished
                        ? `${attempt.score} / ${attempt.itemCount} (${attempt.percentage}%)`
                        : `${attempt.answeredCount} of ${attempt.itemCount} answered`}
                    </span>
                    <span
                      className={cn(
                        "rounded-full px-2.5 py-0.5 text-xs font-semibold",
                        status.className,
                      )}
                    >
                      {status.label}
                    </span>
                    <span className="font-semibold text-brand-800">
                      {finished ? "View results" : "Continue"}
                      <span className="sr-only">{` ${attempt.topic}, ${attempt.date}`}</span>
                    </span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

import { Link } from "@remix-run/react";
import { cn } from "~/lib/cn";
import { PRACTICE_LABELS, practiceTestHref, type PracticeTestSummary } from "~/lib/practice";

const DATE_FORMAT = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "Asia/Kolkata",
});

const TIME_FORMAT = new Intl.DateTimeFormat("en-IN", {
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Asia/Kolkata",
});

/**
 * A list of the learner's tests, newest first: resume an open one, review a
 * submitted one. The page shows the open ones at the top and all of them
 * at the end.
 */
export function PastTests({
  tests,
  total,
  heading,
  id,
}: {
  tests: PracticeTestSummary[];
  total: number;
  heading: string;
  id: string;
}) {
  return (
    <section aria-labelledby={id}>
      <div className="flex items-baseline justify-between gap-3">
        <h2 id={id} className="text-xl font-semibold text-slate-900">
          {heading}
        </h2>
        {total > tests.length ? (
          <p className="text-sm text-slate-600">{`Latest ${tests.length} of ${total}`}</p>
        ) : null}
      </div>
      {tests.length === 0 ? (
        <p className="mt-3 rounded-xl border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-slate-600">
          No practice tests yet. Build one above or start a ready-made set.
        </p>
      ) : (
        <ul
          className="mt-3 divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white"
          data-testid={id}
        >
          {tests.map((test) => {
            const open = test.status === "active";
            const date = DATE_FORMAT.format(new Date(test.createdAt));
            return (
              <li key={test.id}>
                <Link
                  to={practiceTestHref(test.id)}
                  className="flex flex-col gap-2 px-4 py-3 hover:bg-slate-50 focus-visible:bg-slate-50 sm:flex-row sm:items-center sm:justify-between"
                >
                  <span className="min-w-0">
                    <span className="block truncate font-medium text-slate-900">{test.title}</span>
                    <span className="block text-sm text-slate-600">
                      {`${date} · ${PRACTICE_LABELS.mode[test.mode]} · ${test.examName} · ${test.questionCount} questions`}
                    </span>
                  </span>
                  <span className="flex shrink-0 flex-wrap items-center gap-3 text-sm">
                    <span className="text-slate-700">
                      {open
                        ? `${test.answeredCount} of ${test.questionCount} answered${test.deadlineAt ? `, ends ${TIME_FORMAT.format(new Date(test.deadlineAt))}` : ""}`
                        : `Score ${test.score} / ${test.maxScore}`}
                    </span>
                    <span
                      className={cn(
                        "rounded-full px-2.5 py-0.5 text-xs font-semibold",
                        open ? "bg-amber-100 text-amber-900" : "bg-emerald-100 text-emerald-900",
                      )}
                    >
                      {open ? "In progress" : "Submitted"}
                    </span>
                    <span className="font-semibold text-brand-800">
                      {open ? "Resume" : "Review results"}
                      <span className="sr-only">{` ${test.title}, ${date}`}</span>
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

import { Link } from "@remix-run/react";
import { cn } from "~/lib/cn";
import { type NavigatorEntry, navigatorLabel } from "~/lib/practice";

/** How a square looks for its state; the legend repeats it in words. */
function squareClass(entry: NavigatorEntry, current: boolean) {
  return cn(
    "relative grid h-10 w-full place-items-center rounded-lg border text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
    entry.correct === true
      ? "border-emerald-700 bg-emerald-600 text-white"
      : entry.correct === false
        ? "border-red-700 bg-red-600 text-white"
        : entry.answered
          ? "border-brand-800 bg-brand-700 text-white"
          : "border-slate-300 bg-white text-slate-800 hover:border-brand-500",
    entry.marked && "ring-2 ring-amber-500 ring-offset-1",
    current && "outline-3 outline-offset-2 outline-slate-900",
  );
}

function Square({ entry }: { entry: NavigatorEntry }) {
  return (
    <>
      <span aria-hidden="true">{entry.index + 1}</span>
      {entry.marked ? (
        <span
          aria-hidden="true"
          className="absolute -right-1.5 -top-1.5 grid size-4 place-items-center rounded-full bg-amber-500 text-[10px] leading-none text-white"
        >
          ⚑
        </span>
      ) : null}
    </>
  );
}

/**
 * The question navigator: one square per question, answered (filled),
 * unanswered (outlined) and marked for review (ringed, with a flag) — in
 * tutor mode right or wrong once checked — and the current one outlined.
 * Each square's name says its state to screen readers. In the question form
 * the squares are its submit buttons (`form`), so moving saves the question
 * shown; elsewhere they are links.
 */
export function QuestionNavigator({
  entries,
  current,
  form,
  hrefFor,
  disabled = false,
}: {
  entries: NavigatorEntry[];
  current: number | null;
  /** The question form's id: the squares save it and move. */
  form?: string;
  hrefFor?: (index: number) => string;
  disabled?: boolean;
}) {
  const answered = entries.filter((entry) => entry.answered).length;
  const marked = entries.filter((entry) => entry.marked).length;
  const tutor = entries.some((entry) => entry.correct !== null);
  return (
    <nav
      aria-labelledby="navigator-heading"
      className="rounded-2xl border border-slate-200 bg-white p-4"
    >
      <h2 id="navigator-heading" className="text-base font-semibold text-slate-900">
        Questions
      </h2>
      <p className="mt-1 text-sm text-slate-700" data-testid="navigator-summary">
        {`${answered} answered · ${entries.length - answered} unanswered · ${marked} marked`}
      </p>
      <ol
        className="mt-3 grid grid-cols-5 gap-2 sm:grid-cols-8 lg:grid-cols-5"
        data-testid="navigator"
      >
        {entries.map((entry) => {
          const isCurrent = entry.index === current;
          const label = navigatorLabel(entry, isCurrent);
          return (
            <li key={entry.index}>
              {form ? (
                <button
                  type="submit"
                  form={form}
                  name="go"
                  value={entry.index}
                  aria-label={label}
                  aria-current={isCurrent ? "step" : undefined}
                  disabled={disabled}
                  className={squareClass(entry, isCurrent)}
                >
                  <Square entry={entry} />
                </button>
              ) : (
                <Link
                  to={hrefFor?.(entry.index) ?? "#"}
                  aria-label={label}
                  aria-current={isCurrent ? "step" : undefined}
                  className={squareClass(entry, isCurrent)}
                >
                  <Square entry={entry} />
                </Link>
              )}
            </li>
          );
        })}
      </ol>
      <ul className="mt-4 grid gap-1.5 text-xs text-slate-700" aria-label="What the squares show">
        <li className="flex items-center gap-2">
          <span
            aria-hidden="true"
            className="size-4 rounded border border-brand-800 bg-brand-700"
          />
          Answered
        </li>
        <li className="flex items-center gap-2">
          <span aria-hidden="true" className="size-4 rounded border border-slate-300 bg-white" />
          Unanswered
        </li>
        <li className="flex items-center gap-2">
          <span
            aria-hidden="true"
            className="size-4 rounded border border-slate-300 bg-white ring-2 ring-amber-500"
          />
          Marked for review
        </li>
        {tutor ? (
          <>
            <li className="flex items-center gap-2">
              <span aria-hidden="true" className="size-4 rounded bg-emerald-600" />
              Right
            </li>
            <li className="flex items-center gap-2">
              <span aria-hidden="true" className="size-4 rounded bg-red-600" />
              Wrong
            </li>
          </>
        ) : null}
      </ul>
    </nav>
  );
}

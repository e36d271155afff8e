import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { MISTAKE_LABELS, percent, type ProgressView, type SubjectProgress } from "~/lib/progress";
import { count, plural, seconds } from "./format";
import { type Column, SortableTable } from "./sortable-table";

const linkClass = "font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900";

/** A section of the page: a card with its heading. */
export function Panel({
  id,
  title,
  children,
  testId,
}: {
  id: string;
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section aria-labelledby={id} className="space-y-3" data-testid={testId}>
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A figure with its label, for the rows of tiles. */
export function Stat({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900">{value}</dd>
      {note ? <dd className="mt-1 text-sm text-slate-600">{note}</dd> : null}
    </div>
  );
}

function paceNote(average: number, pace: number): string {
  const gap = Math.round(average - pace);
  if (gap === 0) return "on pace";
  return gap < 0 ? `${-gap} s quicker than the pace` : `${gap} s slower than the pace`;
}

/** Time per timed question, overall and by subject, against the exam's pace. */
export function SpeedSection({ view }: { view: ProgressView }) {
  const pace = view.exam.secondsPerQuestion;
  const timed = view.subjects.filter((row) => row.timed > 0);
  const columns: Column<SubjectProgress>[] = [
    {
      key: "subject",
      label: "Subject",
      sortValue: (row) => row.subject,
      cell: (row) => row.subject,
    },
    {
      key: "timed",
      label: "Timed answers",
      numeric: true,
      sortValue: (row) => row.timed,
      cell: (row) => count(row.timed),
    },
    {
      key: "average",
      label: "Average time",
      numeric: true,
      sortValue: (row) => row.averageSeconds,
      cell: (row) => seconds(row.averageSeconds),
    },
    {
      key: "pace",
      label: `Against ${pace} s`,
      numeric: true,
      sortValue: (row) => (row.averageSeconds === null ? null : row.averageSeconds - pace),
      cell: (row) => (row.averageSeconds === null ? "–" : paceNote(row.averageSeconds, pace)),
    },
  ];
  return (
    <Panel id="speed-heading" title="Speed per question" testId="speed">
      <p className="text-slate-700">
        {view.totals.averageSeconds === null
          ? `No timed answers yet. Practice tests and mock exams time every question; ${view.exam.name} allows ${pace} s a question.`
          : `You take ${seconds(view.totals.averageSeconds)} a question on average over ${plural(view.totals.timed, "timed answer")} (${paceNote(view.totals.averageSeconds, pace)}: ${view.exam.name} allows ${pace} s a question). Quizzes and simulations are not timed.`}
      </p>
      {timed.length > 0 ? (
        <SortableTable
          caption="Subjects in order of their weight in the exam."
          columns={columns}
          rows={timed}
          rowKey={(row) => row.subject}
          testId="speed-table"
        />
      ) : null}
    </Panel>
  );
}

/** Why the learner misses questions: wrong answers by the reason they tagged, and those untagged. */
export function ErrorLogSection({ errorLog }: { errorLog: ProgressView["errorLog"] }) {
  const most = Math.max(1, ...errorLog.byMistake.map((row) => row.count));
  return (
    <Panel id="errors-heading" title="Error log" testId="error-log">
      {errorLog.wrong === 0 ? (
        <p className="text-slate-700">No wrong answers yet.</p>
      ) : (
        <>
          <p className="text-slate-700">
            {`${plural(errorLog.wrong, "wrong answer")}: ${count(errorLog.tagged)} tagged with why you missed it, `}
            <strong className="font-semibold text-slate-900">{`${count(errorLog.untagged)} not tagged yet`}</strong>
            . Tag them on a practice test&apos;s results: the reasons say whether to read more or
            slow down.
          </p>
          <ul className="space-y-2 rounded-xl border border-slate-200 bg-white p-4">
            {errorLog.byMistake.map((row) => (
              <li
                key={row.mistake}
                className="grid grid-cols-[10rem_1fr_3rem] items-center gap-3 text-sm"
              >
                <span className="text-slate-800">{MISTAKE_LABELS[row.mistake]}</span>
                <span className="h-2.5 rounded-full bg-slate-100" aria-hidden="true">
                  <span
                    className="block h-2.5 rounded-full bg-brand-600"
                    style={{ width: `${(row.count / most) * 100}%` }}
                  />
                </span>
                <span className="text-right font-semibold tabular-nums text-slate-900">
                  {count(row.count)}
                </span>
              </li>
            ))}
          </ul>
          <p>
            <Link to="/practice?status=incorrect" className={linkClass}>
              Review your wrong answers in a practice test
            </Link>
          </p>
        </>
      )}
    </Panel>
  );
}

/** Flashcard reviews in the last 30 days, retention, and what falls due this week. */
export function FlashcardsSection({ flashcards }: { flashcards: ProgressView["flashcards"] }) {
  return (
    <Panel id="flashcards-heading" title="Flashcards" testId="flashcard-figures">
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Stat label="Reviews, last 30 days" value={count(flashcards.reviews)} />
        <Stat
          label="Retention"
          value={percent(flashcards.retention)}
          note={
            flashcards.retention === null
              ? "No reviews of cards past learning yet."
              : `Of ${plural(flashcards.matureReviews, "review")} of cards past learning, not rated Again.`
          }
        />
        <Stat label="Due today" value={count(flashcards.dueToday)} />
        <Stat label="Due in the next 7 days" value={count(flashcards.dueNextWeek)} />
      </dl>
      <p>
        <Link to="/flashcards" className={linkClass}>
          {flashcards.dueToday > 0 ? "Review your due flashcards" : "Go to your flashcards"}
        </Link>
      </p>
    </Panel>
  );
}

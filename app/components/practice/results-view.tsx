import { Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import {
  type AccuracyRow,
  builderHref,
  formatDuration,
  type PracticeResults,
  practiceTestHref,
  RESULT_FILTERS,
  type ResultFilter,
  type ResultQuestion,
} from "~/lib/practice";
import { AnswerReview } from "./answer-review";
import { TestHeading } from "./test-heading";

const FILTER_LABELS: Record<ResultFilter, string> = {
  all: "All",
  wrong: "Wrong",
  unattempted: "Not attempted",
  marked: "Marked",
};

function AccuracyTable({
  caption,
  rows,
  byTopic,
}: {
  caption: string;
  rows: AccuracyRow[];
  byTopic: boolean;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[32rem] text-left text-sm">
        <caption className="mb-2 text-left text-base font-semibold text-slate-900">
          {caption}
        </caption>
        <thead className="border-b border-slate-300 text-slate-700">
          <tr>
            <th scope="col" className="py-2 pr-3 font-semibold">
              {byTopic ? "Topic" : "Subject"}
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              Questions
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              Correct
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              Wrong
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              Not attempted
            </th>
            <th scope="col" className="py-2 pl-3 text-right font-semibold">
              Accuracy
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {rows.map((row) => (
            <tr key={`${row.subject}::${row.topic ?? ""}`}>
              <th scope="row" className="py-2 pr-3 font-medium text-slate-900">
                {byTopic ? (
                  <>
                    {row.topic}
                    <span className="block text-xs font-normal text-slate-600">{row.subject}</span>
                  </>
                ) : (
                  row.subject
                )}
              </th>
              <td className="px-3 py-2 text-right tabular-nums">{row.questions}</td>
              <td className="px-3 py-2 text-right tabular-nums">{row.correct}</td>
              <td className="px-3 py-2 text-right tabular-nums">{row.wrong}</td>
              <td className="px-3 py-2 text-right tabular-nums">{row.unattempted}</td>
              <td className="py-2 pl-3 text-right font-semibold tabular-nums">
                {row.accuracy === null ? "—" : `${row.accuracy}%`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ResultCard({ question }: { question: ResultQuestion }) {
  const number = question.index + 1;
  const badge =
    question.choice === null
      ? { text: "Not attempted", className: "bg-slate-100 text-slate-900" }
      : question.reveal.correct
        ? { text: "Correct", className: "bg-emerald-100 text-emerald-900" }
        : { text: "Wrong", className: "bg-red-100 text-red-900" };
  return (
    <li
      id={`q-${number}`}
      className="scroll-mt-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      data-testid="result-item"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-base font-semibold text-slate-900">{`Question ${number}`}</h3>
        <span className={cn("rounded-full px-2.5 py-0.5 text-xs font-semibold", badge.className)}>
          {badge.text}
        </span>
        {question.marked ? (
          <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
            Marked for review
          </span>
        ) : null}
        <span className="ml-auto text-sm text-slate-600">{`Time: ${formatDuration(question.seconds)}`}</span>
      </div>
      <p className="mt-1 text-sm text-slate-600">{`${question.subject} · ${question.topic}`}</p>
      <p className="mt-3 font-medium leading-relaxed text-slate-900">{question.question}</p>
      <div className="mt-4">
        <AnswerReview
          question={question}
          reveal={question.reveal}
          inFlashcards={question.inFlashcards}
          mistake={question.mistake}
          headingLevel={4}
        />
      </div>
    </li>
  );
}

/**
 * A submitted test: the score under the exam's marking (correct, wrong, not
 * attempted, the most it could be), time, accuracy by subject and topic, and
 * every question with its explanations — filtered to the wrong, unattempted
 * or marked ones on request — with "Add to flashcards" and the error log
 * under each one missed.
 */
export function ResultsView({
  results,
  show,
  counts,
  ranOut,
}: {
  results: PracticeResults;
  show: ResultFilter;
  counts: Record<ResultFilter, number>;
  ranOut: boolean;
}) {
  const { test, marking } = results;
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), [test.id]);
  const questionCount = test.questionCount;
  const subjects = results.bySubject.map((row) => row.subject);
  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-6 sm:px-6">
      <TestHeading test={test} marking={marking} now={test.submittedAt ?? 0} />

      <section
        aria-labelledby="results-heading"
        className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
      >
        <h2
          id="results-heading"
          ref={headingRef}
          tabIndex={-1}
          className="text-xl font-semibold text-slate-900 outline-none"
        >
          Results
        </h2>
        {ranOut ? (
          <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">
            Time ran out: the test was submitted at its deadline with the answers saved by then.
          </p>
        ) : null}
        <p className="mt-3 text-lg text-slate-900" data-testid="practice-score">
          Score{" "}
          <strong className="text-2xl font-bold">{`${results.score} / ${results.maxScore}`}</strong>{" "}
          <span className="text-slate-600">{`(${marking.label})`}</span>
        </p>
        <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-5" data-testid="practice-counts">
          {[
            ["Correct", String(results.correct)],
            ["Wrong", String(results.wrong)],
            ["Not attempted", String(results.unattempted)],
            ["Accuracy", results.accuracy === null ? "—" : `${results.accuracy}%`],
            [
              "Time",
              `${formatDuration(results.totalSeconds)} (${formatDuration(results.totalSeconds / Math.max(1, questionCount))} a question)`,
            ],
          ].map(([label, value]) => (
            <div key={label} className="rounded-xl bg-slate-50 px-3 py-2">
              <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">
                {label}
              </dt>
              <dd className="mt-0.5 font-semibold text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-3 text-xs text-slate-600">
          Accuracy counts the questions you attempted. Marks follow the exam&apos;s scheme.
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Link to="/practice" className={buttonClasses("primary")}>
            Build another test
          </Link>
          {results.wrong > 0 ? (
            <Link
              to={builderHref({ subject: subjects, status: "incorrect" })}
              className={buttonClasses("secondary")}
            >
              Practise your mistakes in these subjects
            </Link>
          ) : null}
        </div>
      </section>

      <section
        aria-label="Accuracy by subject and topic"
        className="space-y-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
      >
        <AccuracyTable caption="Accuracy by subject" rows={results.bySubject} byTopic={false} />
        <AccuracyTable caption="Accuracy by topic" rows={results.byTopic} byTopic />
      </section>

      <section aria-labelledby="review-questions-heading" className="space-y-4">
        <h2 id="review-questions-heading" className="text-xl font-semibold text-slate-900">
          Review the questions
        </h2>
        <nav aria-label="Which questions" className="flex flex-wrap gap-2">
          {RESULT_FILTERS.map((filter) => (
            <Link
              key={filter}
              to={practiceTestHref(test.id, filter === "all" ? {} : { show: filter })}
              aria-current={filter === show ? "page" : undefined}
              preventScrollReset
              className={cn(
                "rounded-full border px-3 py-1.5 text-sm font-medium",
                filter === show
                  ? "border-brand-700 bg-brand-700 text-white"
                  : "border-slate-300 bg-white text-slate-800 hover:border-brand-500",
              )}
            >
              {`${FILTER_LABELS[filter]} (${counts[filter]})`}
            </Link>
          ))}
        </nav>
        {results.questions.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-slate-600">
            No questions here.
          </p>
        ) : (
          <ol className="space-y-4">
            {results.questions.map((question) => (
              <ResultCard key={question.index} question={question} />
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

import { Form, Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { Button, buttonClasses } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { type AssessmentKind, OPTION_LETTERS } from "~/lib/assessments";
import type { ResultItem } from "~/lib/assessment-attempts";
import { AnswerNotes } from "./answer-notes";
import { PatientCase } from "./patient-case";
import { ReportQuestion } from "./report-question";
import { KIND_TEXT } from "./texts";

export type ResultsControls =
  | { type: "client"; onRetake: () => void; onRetest: () => void; onBack: () => void }
  | { type: "server"; backHref: string };

function Mark({ correct }: { correct: boolean }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold",
        correct ? "bg-emerald-100 text-emerald-900" : "bg-red-100 text-red-900",
      )}
    >
      {correct ? "Correct" : "Incorrect"}
    </span>
  );
}

function ResultCard({ kind, item }: { kind: AssessmentKind; item: ResultItem }) {
  const text = KIND_TEXT[kind];
  const letter = (index: number | null) => (index === null ? null : OPTION_LETTERS[index]);
  const chosen = letter(item.choice);
  const right = letter(item.correctIndex)!;
  return (
    <li
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      data-testid="result-item"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-base font-semibold text-slate-900">{`${text.item} ${item.index + 1}`}</h3>
        <Mark correct={item.correct} />
      </div>
      {item.case ? (
        <div className="mt-3">
          <PatientCase patientCase={item.case} headingLevel={4} />
        </div>
      ) : null}
      <p className="mt-3 font-medium leading-relaxed text-slate-900">{item.question}</p>
      <dl className="mt-3 grid gap-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="inline font-semibold text-slate-700">Your answer: </dt>
          <dd className="inline text-slate-800">
            {chosen ? `${chosen}. ${item.options[item.choice!]}` : "Not answered"}
          </dd>
        </div>
        <div>
          <dt className="inline font-semibold text-slate-700">Correct answer: </dt>
          <dd className="inline text-slate-800">{`${right}. ${item.options[item.correctIndex]}`}</dd>
        </div>
      </dl>
      <AnswerNotes
        options={item.options}
        explanations={item.explanations}
        correctIndex={item.correctIndex}
        choice={item.choice}
        takeaway={item.takeaway}
        reference={item.reference}
      />
      {item.bankId ? <ReportQuestion bankId={item.bankId} noun={text.item.toLowerCase()} /> : null}
    </li>
  );
}

/**
 * The results: the score, then each question with the learner's
 * choice, the correct answer, why every option is right or wrong, the
 * takeaway and the reference. Retake, Retest incorrect (only when something
 * was missed) and Back.
 */
export function ResultsView({
  kind,
  attemptId,
  topic,
  score,
  total,
  percentage,
  shortfall,
  items,
  controls,
}: {
  kind: AssessmentKind;
  attemptId: string;
  topic: string;
  score: number;
  total: number;
  percentage: number;
  shortfall: string | null;
  items: ResultItem[];
  controls: ResultsControls;
}) {
  const text = KIND_TEXT[kind];
  const missed = items.some((item) => !item.correct);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), [attemptId]);

  const actions =
    controls.type === "client" ? (
      <>
        <Button onClick={controls.onRetake}>Retake</Button>
        {missed ? (
          <Button variant="secondary" onClick={controls.onRetest}>
            Retest incorrect
          </Button>
        ) : null}
        <Button variant="ghost" onClick={controls.onBack}>
          Back
        </Button>
      </>
    ) : (
      <>
        <Form method="post">
          <input type="hidden" name="attemptId" value={attemptId} />
          <button
            type="submit"
            name="intent"
            value="retake"
            className={buttonClasses("primary", "md", "w-full")}
          >
            Retake
          </button>
        </Form>
        {missed ? (
          <Form method="post">
            <input type="hidden" name="attemptId" value={attemptId} />
            <button
              type="submit"
              name="intent"
              value="retest"
              className={buttonClasses("secondary", "md", "w-full")}
            >
              Retest incorrect
            </button>
          </Form>
        ) : null}
        <Link to={controls.backHref} className={buttonClasses("ghost", "md")}>
          Back
        </Link>
      </>
    );

  // Missed questions become flashcards the learner approves first.
  const makeCards = missed ? (
    <Link
      to={`/flashcards?${new URLSearchParams({ fromAttempt: attemptId })}`}
      className={buttonClasses("secondary", "md")}
    >
      Make flashcards
    </Link>
  ) : null;

  return (
    <section aria-labelledby="results-heading" className="space-y-6">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <p className="text-sm font-medium text-brand-800">{topic}</p>
        <h2
          id="results-heading"
          ref={headingRef}
          tabIndex={-1}
          className="mt-1 text-2xl font-bold text-slate-900 outline-none"
        >
          Results
        </h2>
        <p className="mt-3 text-lg text-slate-800" data-testid="score">
          You scored <strong className="font-bold">{`${score} / ${total}`}</strong>{" "}
          <span className="text-slate-600">({percentage}%)</span>
        </p>
        {!missed ? <p className="mt-1 text-sm text-emerald-800">{text.retestNone}</p> : null}
        {shortfall ? <p className="mt-2 text-sm text-slate-600">{shortfall}</p> : null}
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          {actions}
          {makeCards}
        </div>
      </div>
      <h2 className="sr-only">Breakdown</h2>
      <ol className="space-y-4">
        {items.map((item) => (
          <ResultCard key={item.index} kind={kind} item={item} />
        ))}
      </ol>
    </section>
  );
}

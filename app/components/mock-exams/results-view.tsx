import { Form, Link, useActionData, useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { AnswerNotes } from "~/components/assessment/answer-notes";
import { ReportQuestion } from "~/components/assessment/report-question";
import { buttonClasses } from "~/components/ui/button";
import { OPTION_LETTERS } from "~/lib/assessments";
import { cn } from "~/lib/cn";
import { clockText, mockExamPath } from "~/lib/mock-exams";
import {
  type MockResults,
  REVIEW_FILTER_LABELS,
  REVIEW_FILTERS,
  REVIEW_PAGE_SIZE,
  type ReviewFilter,
  type ReviewItem,
  guessingVerdict,
  percentileText,
} from "~/lib/mock-results";
import { minutesLabel } from "~/lib/mock-patterns";
import { MockTable, Panel } from "./mock-table";

const pct = (value: number | null) => (value === null ? "—" : `${Math.round(value * 100)} %`);
const marks = (value: number) => {
  const rounded = Math.round(value * 100) / 100;
  return rounded > 0 ? `+${rounded}` : `${rounded}`;
};
const DATE = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Asia/Kolkata",
});

function Stat({ label, value, tone }: { label: string; value: string; tone?: string }) {
  return (
    <div className="rounded-xl bg-slate-50 px-4 py-3 ring-1 ring-slate-200">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className={cn("mt-1 text-2xl font-bold text-slate-900", tone)}>{value}</dd>
    </div>
  );
}

/** "Add to flashcards", in place with JavaScript; without it the page comes back with the answer. */
function AddToFlashcards({ item }: { item: ReviewItem }) {
  const fetcher = useFetcher<{
    intent: "flashcard";
    position: number;
    ok: boolean;
    message: string;
  }>({
    key: `card-${item.position}`,
  });
  const actionData = useActionData<{
    intent?: string;
    position?: number;
    ok?: boolean;
    message?: string;
  }>();
  const reply =
    fetcher.data ??
    (actionData?.intent === "flashcard" && actionData.position === item.position
      ? (actionData as { ok: boolean; message: string })
      : null);
  const location = useLocation();
  if (item.inFlashcards || reply?.ok) {
    return (
      <p role="status" className="text-sm font-medium text-emerald-800">
        {reply?.message ?? "In your flashcards"}
      </p>
    );
  }
  return (
    <fetcher.Form
      method="post"
      action={`${location.pathname}${location.search}`}
      className="flex flex-wrap items-center gap-2"
    >
      <input type="hidden" name="intent" value="flashcard" />
      <input type="hidden" name="position" value={item.position} />
      <button
        type="submit"
        className={buttonClasses("secondary", "sm")}
        disabled={fetcher.state !== "idle"}
      >
        {fetcher.state !== "idle" ? "Adding…" : "Add to flashcards"}
      </button>
      {reply && !reply.ok ? (
        <span role="alert" className="text-sm text-red-800">
          {reply.message}
        </span>
      ) : null}
    </fetcher.Form>
  );
}

const OUTCOME_TEXT = { correct: "Correct", wrong: "Wrong", unattempted: "Not answered" } as const;
const OUTCOME_CLASS = {
  correct: "bg-emerald-100 text-emerald-900",
  wrong: "bg-red-100 text-red-900",
  unattempted: "bg-slate-200 text-slate-800",
} as const;

function ReviewCard({ item, sectionTitle }: { item: ReviewItem; sectionTitle: string }) {
  const letter = (index: number | null) => (index === null ? null : OPTION_LETTERS[index]);
  return (
    <li
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="review-item"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-base font-semibold text-slate-900">{`Question ${item.position + 1}`}</h3>
        <p className="flex flex-wrap items-center gap-2 text-xs font-semibold">
          <span className={cn("rounded-full px-2.5 py-0.5", OUTCOME_CLASS[item.outcome])}>
            {`${OUTCOME_TEXT[item.outcome]} · ${marks(item.marks)}`}
          </span>
          {item.marked ? (
            <span className="rounded-full bg-violet-100 px-2.5 py-0.5 text-violet-900">
              Marked for review
            </span>
          ) : null}
        </p>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        {`${sectionTitle} · ${item.subject} · ${item.topic} · ${clockText(item.seconds * 1000)} spent`}
      </p>
      <p className="mt-3 font-medium leading-relaxed text-slate-900">{item.question}</p>
      <dl className="mt-3 grid gap-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="inline font-semibold text-slate-700">Your answer: </dt>
          <dd className="inline text-slate-800">
            {item.choice === null
              ? "Not answered"
              : `${letter(item.choice)}. ${item.options[item.choice]}`}
          </dd>
        </div>
        <div>
          <dt className="inline font-semibold text-slate-700">Correct answer: </dt>
          <dd className="inline text-slate-800">
            {`${letter(item.correctIndex)}. ${item.options[item.correctIndex]}`}
          </dd>
        </div>
      </dl>
      <details className="mt-3">
        <summary className="cursor-pointer text-sm font-semibold text-brand-800 underline underline-offset-2">
          Why each option
        </summary>
        <AnswerNotes
          options={item.options}
          explanations={item.explanations}
          correctIndex={item.correctIndex}
          choice={item.choice}
          takeaway={item.takeaway}
          reference={item.reference}
          headingLevel={null}
        />
      </details>
      <div className="mt-3 flex flex-wrap items-start justify-between gap-3">
        <AddToFlashcards item={item} />
      </div>
      <ReportQuestion bankId={item.bankId} noun="question" />
    </li>
  );
}

/**
 * A submitted mock's analysis: the score under the exam's marking (and
 * FMGE's pass mark), each section's counts and time, the guessing
 * analysis, subjects against the learner's own history, the weakest areas
 * with a practice test on each, the percentile, and every question to
 * review by section and filter, with add-to-flashcards and report.
 */
export function MockResultsView({
  results,
  view,
  timedOut,
}: {
  results: MockResults;
  view: { section: number | "all"; filter: ReviewFilter; page: number };
  timedOut: boolean;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), [results.id]);
  const sectionTitle = (index: number) => results.sections[index]?.title ?? "";
  const reviewHref = (section: number | "all", filter: ReviewFilter, page = 1) =>
    `${mockExamPath(results.id, { section, filter, page })}#review`;
  const { review } = results;
  const firstShown = (review.page - 1) * REVIEW_PAGE_SIZE + 1;

  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-8 sm:px-6">
      <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <p className="text-sm font-medium text-brand-800">{`Submitted ${DATE.format(new Date(results.submittedAt))}`}</p>
        <h1
          ref={headingRef}
          tabIndex={-1}
          className="mt-1 text-2xl font-bold text-slate-900 outline-none"
        >
          {`${results.title}: results`}
        </h1>
        {timedOut ? (
          <p role="status" className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">
            Time ran out: the mock was submitted with the answers saved by then.
          </p>
        ) : null}
        <p className="mt-3 text-lg text-slate-800" data-testid="mock-score">
          You scored{" "}
          <strong className="font-bold">{`${results.score} / ${results.maxScore}`}</strong>{" "}
          <span className="text-slate-600">{`(${results.percent} %, marking ${results.markingLabel})`}</span>
        </p>
        {results.passMarks !== null ? (
          <p
            className={cn(
              "mt-2 font-semibold",
              results.passed ? "text-emerald-800" : "text-red-800",
            )}
          >
            {results.passed
              ? `Pass: the pass mark for this paper is ${results.passMarks}.`
              : `Below the pass mark: ${results.passMarks} needed, ${results.passMarks - results.score} more.`}
          </p>
        ) : null}
        <dl className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Stat label="Correct" value={String(results.correct)} tone="text-emerald-800" />
          <Stat label="Wrong" value={String(results.wrong)} tone="text-red-800" />
          <Stat label="Not answered" value={String(results.unattempted)} />
          <Stat label="Questions" value={String(results.questionCount)} />
        </dl>
        <p className="mt-4 text-sm text-slate-700" data-testid="percentile">
          {percentileText(results.percentile)}
        </p>
        {results.shortfalls.length > 0 ? (
          <p className="mt-2 text-sm text-slate-600">
            {`The pool had fewer questions than this paper's weights ask for in ${results.shortfalls
              .map((s) => `${s.subject} (${s.actual} of ${s.intended})`)
              .join(", ")}; the rest came from neighbouring subjects.`}
          </p>
        ) : null}
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to="/mock-exams" className={buttonClasses("primary")}>
            Back to mock exams
          </Link>
          <a href="#review" className={buttonClasses("secondary")}>
            Review questions
          </a>
        </div>
      </section>

      <Panel title="Sections and time" id="sections-heading">
        <MockTable
          label="Sections and time"
          headers={[
            "Section",
            "Correct",
            "Wrong",
            "Not answered",
            "Score",
            "Time on questions / allowed",
          ]}
          rows={results.sections.map((section) => ({
            key: section.index,
            head: section.title,
            cells: [
              section.correct,
              section.wrong,
              section.unattempted,
              `${section.score} / ${section.maxScore}`,
              `${clockText(section.secondsUsed * 1000)} / ${minutesLabel(section.minutes)}`,
            ],
          }))}
        />
      </Panel>

      <Panel title="Did guessing pay?" id="guessing-heading">
        <p className="text-slate-800" data-testid="guessing">
          {guessingVerdict(results.guessing, results.markingLabel)}
        </p>
        {results.guessing.breakEven !== null && results.guessing.markedAnswered > 0 ? (
          <dl className="mt-4 grid grid-cols-3 gap-3">
            <Stat label="Gained" value={marks(results.guessing.gained)} tone="text-emerald-800" />
            <Stat label="Lost" value={marks(-results.guessing.lost)} tone="text-red-800" />
            <Stat label="Net" value={marks(results.guessing.net)} />
          </dl>
        ) : null}
      </Panel>

      <Panel title="Subjects against your own history" id="subjects-heading">
        <MockTable
          label="Subjects against your own history"
          headers={["Subject", "Questions", "Answered", "Accuracy here", "Your accuracy elsewhere"]}
          rows={results.subjects.map((subject) => ({
            key: subject.subject,
            head: subject.subject,
            cells: [
              subject.questions,
              subject.attempted,
              pct(subject.accuracy),
              subject.history.answered === 0
                ? "No answers yet"
                : `${pct(subject.history.accuracy)} of ${subject.history.answered}`,
            ],
          }))}
        />
      </Panel>

      <Panel title="Weakest areas by marks at stake" id="weak-heading">
        {results.weakAreas.length === 0 ? (
          <p className="text-slate-700">
            No marks lost anywhere: nothing to practise from this paper.
          </p>
        ) : (
          <ol className="space-y-3">
            {results.weakAreas.map((area) => (
              <li
                key={area.subject}
                className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200"
              >
                <div>
                  <p className="font-semibold text-slate-900">{area.subject}</p>
                  <p className="text-sm text-slate-700">
                    {`${area.marksAtStake} marks at stake · ${area.correct} of ${area.questions} right`}
                    {area.topics.length ? ` · ${area.topics.join(", ")}` : ""}
                  </p>
                </div>
                <Form method="post" action="/practice">
                  <input type="hidden" name="intent" value="start" />
                  <input type="hidden" name="subject" value={area.subject} />
                  {area.topics.map((topic) => (
                    <input key={topic} type="hidden" name="topic" value={topic} />
                  ))}
                  <input type="hidden" name="count" value="20" />
                  <input type="hidden" name="mode" value="tutor" />
                  <button type="submit" className={buttonClasses("secondary", "sm")}>
                    {`Practise ${area.subject}: 20 questions`}
                  </button>
                </Form>
              </li>
            ))}
          </ol>
        )}
      </Panel>

      <section aria-labelledby="review-heading" id="review" className="space-y-4">
        <h2 id="review-heading" className="text-xl font-semibold text-slate-900">
          Review the questions
        </h2>
        <nav aria-label="Review by section" className="flex flex-wrap gap-2">
          {[...results.sections.map((s) => s.index), "all" as const].map((section) => (
            <Link
              key={section}
              to={reviewHref(section, view.filter)}
              aria-current={view.section === section ? "page" : undefined}
              className={buttonClasses(view.section === section ? "primary" : "secondary", "sm")}
            >
              {section === "all" ? "All sections" : sectionTitle(section)}
            </Link>
          ))}
        </nav>
        <nav aria-label="Review filter" className="flex flex-wrap gap-2">
          {REVIEW_FILTERS.map((filter) => (
            <Link
              key={filter}
              to={reviewHref(view.section, filter)}
              aria-current={view.filter === filter ? "page" : undefined}
              className={buttonClasses(view.filter === filter ? "primary" : "ghost", "sm")}
            >
              {REVIEW_FILTER_LABELS[filter]}
            </Link>
          ))}
        </nav>
        {results.items.length === 0 ? (
          <p className="rounded-xl bg-slate-50 p-4 text-slate-700">
            No question here matches this filter.
          </p>
        ) : (
          <p className="text-sm text-slate-700" aria-live="polite">
            {`Questions ${firstShown}–${firstShown + results.items.length - 1} of the ${review.total} that match`}
          </p>
        )}
        {results.items.length === 0 ? null : (
          <ol className="space-y-4">
            {results.items.map((item) => (
              <ReviewCard
                key={item.position}
                item={item}
                sectionTitle={sectionTitle(item.section)}
              />
            ))}
          </ol>
        )}
        {review.pages > 1 ? (
          <nav aria-label="Review pages" className="flex flex-wrap gap-2">
            {Array.from({ length: review.pages }, (_, index) => index + 1).map((page) => (
              <Link
                key={page}
                to={reviewHref(view.section, view.filter, page)}
                aria-current={page === review.page ? "page" : undefined}
                aria-label={`Page ${page} of ${review.pages}`}
                className={buttonClasses(page === review.page ? "primary" : "secondary", "sm")}
              >
                {page}
              </Link>
            ))}
          </nav>
        ) : null}
      </section>
    </div>
  );
}

import { Form, Link, useNavigation } from "@remix-run/react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { type FlashcardView, flashcardsHref } from "~/lib/flashcard-view";
import { GRADE_LABELS, GRADE_RATING, GRADES, type ReviewCounts } from "~/lib/flashcards";
import type { ReviewScreen } from "~/lib/flashcard-screen";
import { isTypingTarget, spaceBelongsToTarget } from "./keys";
import { dueLabel } from "./when";

const GRADE_STYLE = {
  again: "border-red-300 bg-red-50 text-red-900 hover:bg-red-100",
  hard: "border-amber-300 bg-amber-50 text-amber-950 hover:bg-amber-100",
  good: "border-emerald-300 bg-emerald-50 text-emerald-900 hover:bg-emerald-100",
  easy: "border-sky-300 bg-sky-50 text-sky-900 hover:bg-sky-100",
} as const;

/**
 * The review session (spaced repetition with FSRS): the first card of the
 * queue (due cards first, then new ones), its answer shown on request (Space),
 * then graded Again / Hard / Good / Easy (keys 1-4), each button saying when
 * the card would come back. Each grade is a form post carrying the review's
 * key, so a grade sent twice counts once.
 */
export function ReviewPanel({
  view,
  review,
  counts,
  now,
}: {
  view: FlashcardView;
  review: ReviewScreen;
  counts: ReviewCounts;
  now: number;
}) {
  const card = review.card;
  const navigation = useNavigation();
  const [revealed, setRevealed] = useState(view.side === "answer");
  const formRef = useRef<HTMLFormElement>(null);
  const grading = navigation.state !== "idle" && navigation.formData?.get("intent") === "grade";
  const here = flashcardsHref(view, { side: "question" });

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (isTypingTarget(event.target) || !card) return;
      if (event.key === " " && !revealed && !spaceBelongsToTarget(event.target)) {
        event.preventDefault();
        setRevealed(true);
        return;
      }
      const grade = GRADES[Number(event.key) - 1];
      if (revealed && grade && !grading) {
        event.preventDefault();
        const button = formRef.current?.querySelector<HTMLButtonElement>(
          `button[value="${grade}"]`,
        );
        if (button) formRef.current?.requestSubmit(button);
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  });

  if (!card) {
    return (
      <section
        aria-labelledby="review-heading"
        className="rounded-2xl border border-emerald-200 bg-emerald-50 p-6 text-center sm:p-8"
      >
        <h2 id="review-heading" className="text-xl font-semibold text-emerald-950">
          All caught up
        </h2>
        <p className="mt-2 text-emerald-950">
          {counts.nextDueAt
            ? `Nothing is due now. Your next review is due ${dueLabel(counts.nextDueAt, now)}.`
            : "Nothing is due now, and there are no new cards to learn. Add cards to keep going."}
        </p>
        <Link
          to={flashcardsHref(view, { mode: "browse", side: "question" })}
          className={buttonClasses("secondary", "md", "mt-5")}
        >
          Browse cards
        </Link>
      </section>
    );
  }

  const preview = new Map(review.previews.map((entry) => [entry.grade, entry]));
  return (
    <section aria-labelledby="review-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="review-heading" className="text-lg font-semibold text-slate-900">
          {card.study.isNew ? "New card" : "Review"}
        </h2>
        <span className="rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-900 ring-1 ring-brand-200">
          {card.category}
        </span>
      </div>
      <div
        className={cn(
          "rounded-2xl border-2 p-6 shadow-sm sm:p-8",
          revealed ? "border-emerald-300 bg-white" : "border-slate-200 bg-white",
        )}
        data-testid="review-card"
      >
        <p className="text-xs font-semibold uppercase tracking-wide text-brand-800">Question</p>
        <p className="mt-3 whitespace-pre-wrap break-words text-lg leading-relaxed text-slate-900">
          {card.question}
        </p>
        <div aria-live="polite">
          {revealed ? (
            <div className="mt-6 border-t border-slate-200 pt-5">
              <p className="text-xs font-semibold uppercase tracking-wide text-emerald-800">
                Answer
              </p>
              <p className="mt-3 whitespace-pre-wrap break-words text-lg leading-relaxed text-slate-900 motion-safe:animate-flashcard-flip">
                {card.answer}
              </p>
            </div>
          ) : null}
        </div>
      </div>

      {revealed ? (
        <Form ref={formRef} method="post" action={here} preventScrollReset>
          <input type="hidden" name="intent" value="grade" />
          <input type="hidden" name="id" value={card.id} />
          <input type="hidden" name="reviewId" value={review.reviewKey} />
          <fieldset disabled={grading}>
            <legend className="mb-2 text-sm font-medium text-slate-800">
              How well did you remember it?
            </legend>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-4 sm:gap-3">
              {GRADES.map((grade) => (
                <button
                  key={grade}
                  type="submit"
                  name="grade"
                  value={grade}
                  aria-keyshortcuts={String(GRADE_RATING[grade])}
                  className={cn(
                    "flex flex-col items-center rounded-xl border-2 px-3 py-3 font-semibold transition-colors disabled:opacity-60",
                    GRADE_STYLE[grade],
                  )}
                >
                  <span>{GRADE_LABELS[grade]}</span>
                  <span className="text-xs font-normal">
                    {preview.get(grade)?.interval ?? ""}
                    <span className="sr-only">{` until it comes back; key ${GRADE_RATING[grade]}`}</span>
                  </span>
                </button>
              ))}
            </div>
          </fieldset>
          <p className="mt-2 text-center text-xs text-slate-600">Keys 1-4 grade the card.</p>
        </Form>
      ) : (
        <div className="text-center">
          <Link
            to={flashcardsHref(view, { side: "answer" })}
            preventScrollReset
            replace
            onClick={(event) => {
              event.preventDefault();
              setRevealed(true);
            }}
            className={buttonClasses("primary", "lg", "w-full sm:w-auto")}
          >
            Show answer
          </Link>
          <p className="mt-2 text-xs text-slate-600">Space shows the answer.</p>
        </div>
      )}
    </section>
  );
}

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white px-4 py-3">
      <dt className="text-slate-600">{label}</dt>
      <dd className="mt-0.5 font-semibold text-slate-900">{children}</dd>
    </div>
  );
}

const count = (value: number) => <span className="text-xl">{value.toLocaleString("en-IN")}</span>;

/** The queue's numbers: due today, new, reviewed today, and when the next review falls due. */
export function ReviewSummary({ counts, now }: { counts: ReviewCounts; now: number }) {
  return (
    <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4" data-testid="review-summary">
      <Stat label="Due today">{count(counts.dueToday)}</Stat>
      <Stat label="New cards">{count(counts.newCount)}</Stat>
      <Stat label="Reviewed today">{count(counts.reviewedToday)}</Stat>
      <Stat label="Next review">
        {counts.dueNow > 0
          ? "Due now"
          : counts.nextDueAt
            ? dueLabel(counts.nextDueAt, now)
            : "None scheduled"}
      </Stat>
    </dl>
  );
}

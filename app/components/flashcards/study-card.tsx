import { Link, useNavigate } from "@remix-run/react";
import { type MouseEvent, useEffect, useRef, useState } from "react";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import {
  deckWindowStart,
  type FlashcardView,
  flashcardsHref,
  randomIndex,
  wrapIndex,
} from "~/lib/flashcard-view";
import type { Flashcard } from "~/lib/flashcards";
import { CardActions } from "./card-actions";
import { isTypingTarget, spaceBelongsToTarget } from "./keys";

/**
 * The study card: the question, flipped to the answer by a tap,
 * a click or Space; previous and next (or ← and →) wrap around the deck; a
 * random pick. Without JavaScript each of these is a link.
 */
export function StudyCard({
  view,
  card,
  total,
  categories,
}: {
  view: FlashcardView;
  card: Flashcard;
  total: number;
  categories: string[];
}) {
  const navigate = useNavigate();
  const [flipped, setFlipped] = useState(view.side === "answer");
  const side = flipped ? "answer" : "question";
  const move = (card: number) => flashcardsHref(view, { card, side: "question" });
  const previous = move(wrapIndex(view.card - 1, total));
  const next = move(wrapIndex(view.card + 1, total));
  // Moving out of the loaded window asks the server for the next one; get it early.
  const prefetch = (index: number) =>
    deckWindowStart(index) === deckWindowStart(view.card) ? "none" : "intent";

  const flip = (event?: MouseEvent) => {
    event?.preventDefault();
    setFlipped((shown) => !shown);
  };
  const go = (to: string) => navigate(to, { preventScrollReset: true });

  // The card a key press moves from: where the last press went, even before the address follows.
  const position = useRef(view.card);
  useEffect(() => {
    position.current = view.card;
  }, [view.card]);

  // Space flips, ← and → move, wherever the learner is on the page (not while typing or in a dialog).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (isTypingTarget(event.target)) return;
      if (event.key === " ") {
        if (spaceBelongsToTarget(event.target)) return;
        event.preventDefault();
        setFlipped((shown) => !shown);
      } else if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
        event.preventDefault();
        const step = event.key === "ArrowLeft" ? -1 : 1;
        position.current = wrapIndex(position.current + step, total);
        go(move(position.current));
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  });

  return (
    <section aria-labelledby="study-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="study-heading" className="text-lg font-semibold text-slate-900">
          {`Card ${(view.card + 1).toLocaleString("en-IN")} of ${total.toLocaleString("en-IN")}`}
        </h2>
        <span className="rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-900 ring-1 ring-brand-200">
          {card.category}
        </span>
      </div>

      <Link
        to={flashcardsHref(view, { side: flipped ? "question" : "answer" })}
        preventScrollReset
        replace
        onClick={flip}
        aria-describedby="flip-hint"
        data-testid="study-card"
        data-side={side}
        className={cn(
          "flex min-h-64 flex-col rounded-2xl border-2 p-6 text-left shadow-sm transition-colors focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:min-h-72 sm:p-8",
          flipped
            ? "border-emerald-300 bg-emerald-50 hover:bg-emerald-100/70"
            : "border-slate-200 bg-white hover:border-brand-300",
        )}
      >
        <span
          className={cn(
            "text-xs font-semibold uppercase tracking-wide",
            flipped ? "text-emerald-800" : "text-brand-800",
          )}
        >
          {flipped ? "Answer" : "Question"}
        </span>
        <span
          key={side}
          className="mt-4 flex flex-1 items-center justify-center whitespace-pre-wrap break-words text-center text-lg leading-relaxed text-slate-900 motion-safe:animate-flashcard-flip sm:text-xl"
        >
          {flipped ? card.answer : card.question}
        </span>
        <span className="mt-4 text-center text-sm text-slate-600">
          {flipped ? "Tap to see the question" : "Tap to reveal the answer"}
        </span>
      </Link>
      <p id="flip-hint" className="text-center text-xs text-slate-600">
        Space flips the card; ← and → move between cards.
      </p>
      <p className="sr-only" aria-live="polite">
        {`Card ${view.card + 1} of ${total}, ${side} side.`}
      </p>

      <nav aria-label="Cards" className="grid grid-cols-3 gap-2 sm:gap-3">
        <Link
          to={previous}
          preventScrollReset
          prefetch={prefetch(wrapIndex(view.card - 1, total))}
          className={buttonClasses("secondary", "md")}
        >
          <span aria-hidden="true">←</span> Previous
        </Link>
        <Link
          to={flashcardsHref(view, {}, { random: "1" })}
          preventScrollReset
          className={buttonClasses("secondary", "md")}
          onClick={(event) => {
            event.preventDefault();
            go(move(randomIndex(view.card, total)));
          }}
        >
          Random
        </Link>
        <Link
          to={next}
          preventScrollReset
          prefetch={prefetch(wrapIndex(view.card + 1, total))}
          className={buttonClasses("secondary", "md")}
        >
          Next <span aria-hidden="true">→</span>
        </Link>
      </nav>

      <CardActions card={card} categories={categories} view={view} className="justify-center" />
    </section>
  );
}

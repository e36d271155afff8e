import { Form, Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { controlClass } from "~/components/ui/fields";
import { Button, buttonClasses } from "~/components/ui/button";
import { useSearchAsYouType } from "~/components/ui/use-search-as-you-type";
import { cn } from "~/lib/cn";
import {
  FLASHCARDS_PATH,
  type FlashcardView,
  filterChange,
  flashcardsHref,
} from "~/lib/flashcard-view";
import {
  cardCountLabel,
  type Flashcard,
  FLASHCARD_PAGE_SIZE,
  MAX_FLASHCARD_SEARCH_LENGTH,
} from "~/lib/flashcards";
import { CardActions } from "./card-actions";
import { scheduleLabel } from "./when";

/** The search box: a GET form, so the search lives in the address and works with JavaScript off. */
function SearchForm({ view }: { view: FlashcardView }) {
  const search = useSearchAsYouType();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (input.current && document.activeElement !== input.current) input.current.value = view.q;
  }, [view.q]);

  return (
    <Form
      method="get"
      action={FLASHCARDS_PATH}
      role="search"
      aria-label="Card search"
      preventScrollReset
      onSubmit={search.onSubmit}
      onChange={(event) => search.schedule(event.currentTarget)}
      className="flex gap-2"
    >
      {view.category ? <input type="hidden" name="category" value={view.category} /> : null}
      {view.tab === "archived" ? <input type="hidden" name="tab" value="archived" /> : null}
      {view.mode === "review" ? <input type="hidden" name="mode" value="review" /> : null}
      <label htmlFor="card-search" className="sr-only">
        Search cards
      </label>
      <input
        ref={input}
        id="card-search"
        type="search"
        name="q"
        defaultValue={view.q}
        maxLength={MAX_FLASHCARD_SEARCH_LENGTH}
        placeholder="Search questions, answers and categories"
        autoComplete="off"
        enterKeyHint="search"
        className={controlClass}
      />
      <Button type="submit" variant="secondary" className="shrink-0">
        Search
      </Button>
    </Form>
  );
}

/**
 * The cards of the deck (or the archive) page by page, for finding and
 * managing cards in a large collection: search, open a card in the study
 * card, edit, archive or restore, delete.
 */
export function CardList({
  view,
  cards,
  total,
  pageCount,
  tabCounts,
  categories,
  now,
}: {
  view: FlashcardView;
  cards: Flashcard[];
  total: number;
  pageCount: number;
  tabCounts: { deck: number; archived: number };
  categories: string[];
  now: number;
}) {
  const archived = view.tab === "archived";
  const firstIndex = (view.page - 1) * FLASHCARD_PAGE_SIZE;
  const tab = (name: FlashcardView["tab"], label: string, count: number) => (
    <Link
      to={flashcardsHref(view, { tab: name, page: 1 }, {}, "#cards")}
      preventScrollReset
      aria-current={view.tab === name ? "page" : undefined}
      className={cn(
        "rounded-lg px-3 py-1.5 text-sm font-semibold",
        view.tab === name ? "bg-brand-700 text-white" : "text-slate-700 hover:bg-slate-100",
      )}
    >
      {`${label} (${count.toLocaleString("en-IN")})`}
    </Link>
  );

  return (
    <section id="cards" aria-labelledby="cards-heading" className="scroll-mt-4 space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="cards-heading" className="text-lg font-semibold text-slate-900">
          Your cards
        </h2>
        <nav aria-label="Card lists" className="flex gap-1">
          {tab("deck", "Deck", tabCounts.deck)}
          {tab("archived", "Archived", tabCounts.archived)}
        </nav>
      </div>
      <SearchForm view={view} />
      {view.q ? (
        <p className="text-sm text-slate-600">
          {`${cardCountLabel(total)} match “${view.q}”. `}
          <Link
            to={filterChange(view, { category: view.category, q: "" })}
            preventScrollReset
            className="font-semibold text-brand-800 underline"
          >
            Clear search
          </Link>
        </p>
      ) : null}

      {cards.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-slate-600">
          {view.q
            ? "No cards match your search."
            : archived
              ? "No archived cards. Archive a card to take it out of your deck and reviews without deleting it."
              : "No cards here yet."}
        </p>
      ) : (
        <ol
          start={firstIndex + 1}
          className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white"
          data-testid="card-list"
        >
          {cards.map((card, offset) => (
            <li key={card.id} className="space-y-2 px-4 py-3" data-testid="card-row">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <p className="min-w-0 flex-1 whitespace-pre-wrap break-words font-medium text-slate-900">
                  {card.question}
                </p>
                <span className="shrink-0 rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">
                  {card.category}
                </span>
              </div>
              <p className="line-clamp-2 whitespace-pre-wrap break-words text-sm text-slate-700">
                {card.answer}
              </p>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="text-xs text-slate-600">{scheduleLabel(card.study, now)}</span>
                <div className="flex flex-wrap items-center gap-2">
                  {!archived ? (
                    <Link
                      to={flashcardsHref(view, {
                        card: firstIndex + offset,
                        side: "question",
                        mode: "browse",
                      })}
                      preventScrollReset={false}
                      className={buttonClasses("ghost", "sm")}
                      aria-label={`Study card ${firstIndex + offset + 1}`}
                    >
                      Study
                    </Link>
                  ) : null}
                  <CardActions card={card} categories={categories} view={view} />
                </div>
              </div>
            </li>
          ))}
        </ol>
      )}

      {pageCount > 1 ? (
        <nav aria-label="Card pages" className="flex items-center justify-between gap-3">
          {view.page > 1 ? (
            <Link
              to={flashcardsHref(view, { page: view.page - 1 }, {}, "#cards")}
              preventScrollReset
              className={buttonClasses("secondary", "sm")}
            >
              Previous page
            </Link>
          ) : (
            <span />
          )}
          <span className="text-sm text-slate-600">{`Page ${view.page} of ${pageCount}`}</span>
          {view.page < pageCount ? (
            <Link
              to={flashcardsHref(view, { page: view.page + 1 }, {}, "#cards")}
              preventScrollReset
              className={buttonClasses("secondary", "sm")}
            >
              Next page
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </section>
  );
}

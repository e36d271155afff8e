/**
 * The flashcards screen's state, kept in its address so every part of it
 * works with JavaScript off and survives a reload:
 *
 *   /flashcards?category=…&q=…&card=…&side=answer&mode=review&tab=archived&page=…
 *              [&new=1 | &edit=<id> | &confirm=delete&target=<id> | &fromAttempt=<id>][&newCategory=1]
 *
 * `card` is the study card's place in the deck (the category's cards that
 * match the search, in the order they were made); `page` is the card list's
 * page; `tab` switches the list between the deck and the archive; `mode`
 * switches the study card between browsing and the review queue. The steps
 * (`new`, `edit`, `confirm`, `fromAttempt`) are the dialogs' stand-ins
 * without JavaScript.
 */
import { isAttemptId } from "./assessment-attempts";
import {
  ALL_CATEGORIES,
  cleanCategory,
  FLASHCARD_LIMITS,
  isFlashcardId,
  MAX_FLASHCARD_SEARCH_LENGTH,
} from "./flashcards";

export const FLASHCARDS_PATH = "/flashcards";

/** The study card reads the deck in windows of this many cards; moving inside one needs no request. */
export const DECK_WINDOW = 50;

/** The highest card index or list page an address may ask for. */
const MAX_INDEX = 1_000_000;

export type FlashcardView = {
  /** null: 'All'. */
  category: string | null;
  q: string;
  tab: "deck" | "archived";
  /** The card list's page, from 1. */
  page: number;
  /** The study card's index in the deck, from 0. */
  card: number;
  side: "question" | "answer";
  mode: "browse" | "review";
};

export type FlashcardStep =
  | { kind: "new"; newCategory: boolean }
  | { kind: "edit"; id: string; newCategory: boolean }
  | { kind: "delete"; id: string }
  | { kind: "drafts"; attemptId: string }
  | null;

function wholeNumber(raw: string | null, min: number, fallback: number): number {
  const value = Number.parseInt(raw ?? "", 10);
  return Number.isFinite(value) ? Math.min(Math.max(value, min), MAX_INDEX) : fallback;
}

export function parseFlashcardView(params: URLSearchParams): FlashcardView {
  const category = cleanCategory(params.get("category") ?? "").slice(
    0,
    FLASHCARD_LIMITS.maxCategory,
  );
  return {
    category: category && category !== ALL_CATEGORIES ? category : null,
    q: (params.get("q") ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_FLASHCARD_SEARCH_LENGTH),
    tab: params.get("tab") === "archived" ? "archived" : "deck",
    page: wholeNumber(params.get("page"), 1, 1),
    card: wholeNumber(params.get("card"), 0, 0),
    side: params.get("side") === "answer" ? "answer" : "question",
    mode: params.get("mode") === "review" ? "review" : "browse",
  };
}

export function parseFlashcardStep(params: URLSearchParams): FlashcardStep {
  const newCategory = params.get("newCategory") === "1";
  if (params.get("new") === "1") return { kind: "new", newCategory };
  const edit = params.get("edit");
  if (isFlashcardId(edit)) return { kind: "edit", id: edit, newCategory };
  const target = params.get("target");
  if (params.get("confirm") === "delete" && isFlashcardId(target)) {
    return { kind: "delete", id: target };
  }
  const attemptId = params.get("fromAttempt");
  if (isAttemptId(attemptId)) return { kind: "drafts", attemptId };
  return null;
}

/** The screen's address for a view, with optional extra parameters (a step). */
export function flashcardsHref(
  view: FlashcardView,
  changes: Partial<FlashcardView> = {},
  extra: Record<string, string> = {},
  hash = "",
): string {
  const next = { ...view, ...changes };
  const params = new URLSearchParams();
  if (next.category) params.set("category", next.category);
  if (next.q) params.set("q", next.q);
  if (next.mode === "review") params.set("mode", "review");
  if (next.card > 0) params.set("card", String(next.card));
  if (next.side === "answer") params.set("side", "answer");
  if (next.tab === "archived") params.set("tab", "archived");
  if (next.page > 1) params.set("page", String(next.page));
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const search = params.toString();
  return `${FLASHCARDS_PATH}${search ? `?${search}` : ""}${hash}`;
}

/**
 * Changing the category (or the search) starts the deck again at its
 * first card, question side, and the list at its first page.
 */
export function filterChange(view: FlashcardView, changes: Pick<FlashcardView, "category" | "q">) {
  return flashcardsHref({ ...view, ...changes, card: 0, side: "question", page: 1 });
}

/** Previous and next wrap around the deck. */
export function wrapIndex(index: number, total: number): number {
  return total > 0 ? ((index % total) + total) % total : 0;
}

/** A random card other than the current one (the same one only when the deck has one card). */
export function randomIndex(current: number, total: number, random: () => number = Math.random) {
  if (total <= 1) return 0;
  const pick = Math.floor(random() * (total - 1));
  return pick >= current ? pick + 1 : pick;
}

export function deckWindowStart(card: number): number {
  return Math.floor(card / DECK_WINDOW) * DECK_WINDOW;
}

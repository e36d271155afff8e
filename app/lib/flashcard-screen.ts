/**
 * What the /flashcards page gets from its server code: the screen its
 * loader reads for an address (app/lib/flashcard-view.ts), and what a form
 * post answers in place instead of redirecting (the form again with its
 * validation errors, the import preview). Shared by the page's server code
 * (app/routes/flashcards.server.ts) and its components.
 */
import type { SubmissionResult } from "@conform-to/react";
import type { ImportPreview } from "./flashcard-csv";
import type { FlashcardStep, FlashcardView } from "./flashcard-view";
import type {
  CategorySummary,
  Flashcard,
  GradePreview,
  QuizDrafts,
  ReviewCounts,
} from "./flashcards";

export type ReviewScreen = {
  card: Flashcard | null;
  /** The grade buttons' intervals for the card. */
  previews: GradePreview[];
  /** Names the next grade, so a grade posted twice counts once. */
  reviewKey: string;
};

export type FlashcardScreen = {
  view: FlashcardView;
  step: FlashcardStep;
  now: number;
  categories: CategorySummary[];
  /** The study card's window of the deck: cards start…start+cards.length of `total`. */
  deck: { total: number; start: number; cards: Flashcard[] };
  /** The card list: the deck's or the archive's page. */
  list: { total: number; cards: Flashcard[]; pageCount: number };
  tabCounts: { deck: number; archived: number };
  counts: ReviewCounts;
  review: ReviewScreen | null;
  desiredRetention: number;
  /** Names the next new card, so a form posted twice makes one. */
  createKey: string;
  /** The card a step (edit, delete) is about, when it is the learner's. */
  target: Flashcard | null;
  drafts: QuizDrafts | null;
  /** The read failed: the screen says so and offers to try again. */
  failed: boolean;
};

export type ImportPreviewData = ImportPreview & {
  /** The file's text, sent back with the confirmation (checked again there). */
  csv: string;
  importKey: string;
  fileName: string;
};

/** What a form post answered in place (validation errors, the import preview). */
export type ScreenActionData =
  | { intent: "create"; result: SubmissionResult<string[]> }
  | { intent: "update"; id: string; result: SubmissionResult<string[]> }
  | { intent: "settings"; result: SubmissionResult<string[]> }
  | { intent: "import"; error: string }
  | { intent: "import-preview"; preview: ImportPreviewData }
  | {
      intent: "save-drafts";
      errors: Record<number, string[]>;
      values: Array<{ index: number; question: string; answer: string; category: string }>;
    };

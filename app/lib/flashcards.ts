/**
 * Flashcards: the limits, the spec's messages and
 * the one schema a card is checked with, whether it comes from the create
 * or edit form (JavaScript on or off), the JSON API, a CSV row or a quiz
 * item; and the shapes the server hands out (a card with its study state,
 * categories, review counts, quiz drafts). Shared by the screens and the
 * server.
 */
import { z } from "zod";

/** Minimum lengths after trimming, the default category and the filter's "all". */
export const FLASHCARD_LIMITS = {
  minText: 5,
  maxQuestion: 2_000,
  maxAnswer: 4_000,
  minCategory: 2,
  maxCategory: 50,
  /** Cards one account may keep (archived ones included). */
  maxCardsPerAccount: 10_000,
} as const;

export const DEFAULT_CATEGORY = "General";
export const ALL_CATEGORIES = "All";
/** The category picker's option that switches to a free-text new category. */
export const CREATE_NEW_CATEGORY = "create-new";

/** The spec's flashcard wording, verbatim, and the few texts it leaves to us. */
export const FLASHCARD_MESSAGES = {
  bothRequired: "Please fill in both question and answer fields.",
  questionTooShort: "Question must be at least 5 characters long.",
  answerTooShort: "Answer must be at least 5 characters long.",
  categoryInvalid: "Please select or enter a valid category (at least 2 characters).",
  invalidId: "Invalid flashcard ID. Please try again.",
  loadFailed: "Failed to load flashcards. Please try again.",
  createFailed: "Failed to create flashcard. Please try again.",
  updateFailed: "Failed to update flashcard. Please try again.",
  deleteFailed: "Failed to delete flashcard. Please try again.",
  successTitle: "Success!",
  errorTitle: "Error",
  limitTitle: "Limit Reached",
  limitFallback: "You have reached your flashcard limit for this period.",
  accessDeniedTitle: "Access Denied",
  created: "Flashcard created successfully.",
  updated: "Flashcard updated successfully.",
  deleted: "Flashcard deleted successfully.",
  archived: "Flashcard archived. It is out of your deck and reviews until you restore it.",
  unarchived: "Flashcard restored to your deck.",
  notFound: "Flashcard not found",
  storageFull: `You have ${FLASHCARD_LIMITS.maxCardsPerAccount.toLocaleString("en-IN")} flashcards, the most one account can keep. Delete some to add more.`,
  questionTooLong: `Questions can be up to ${FLASHCARD_LIMITS.maxQuestion.toLocaleString("en-IN")} characters.`,
  answerTooLong: `Answers can be up to ${FLASHCARD_LIMITS.maxAnswer.toLocaleString("en-IN")} characters.`,
  categoryTooLong: `Categories can be up to ${FLASHCARD_LIMITS.maxCategory} characters.`,
  categoryReserved: `“${ALL_CATEGORIES}” shows every category; please choose another name.`,
} as const;

/** The flashcard service's failure messages (the JSON API's 500 answers). */
export const FLASHCARD_SERVICE_MESSAGES = {
  fetchList: "Failed to fetch flashcards",
  fetchOne: "Failed to fetch flashcard",
  create: "Failed to create flashcard",
  update: "Failed to update flashcard",
  delete: "Failed to delete flashcard",
  categories: "Failed to fetch categories",
  study: "Failed to record study session",
  archive: "Failed to update flashcard",
} as const;

/** Card ids are UUIDs (any version, so fixed demo ids work too). */
const FLASHCARD_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isFlashcardId(value: unknown): value is string {
  return typeof value === "string" && FLASHCARD_ID_PATTERN.test(value);
}

/** Line endings as \n and no trailing space: what a card's text is stored as. */
function cleanText(value: string): string {
  return value.replace(/\r\n?/g, "\n").trim();
}

/** Categories are one line with single spaces: "  Renal   physiology " → "Renal physiology". */
export function cleanCategory(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}

/** Why a category name is refused, or null when it is fine. */
function categoryProblem(category: string): string | null {
  if (category.length < FLASHCARD_LIMITS.minCategory) return FLASHCARD_MESSAGES.categoryInvalid;
  if (category.length > FLASHCARD_LIMITS.maxCategory) return FLASHCARD_MESSAGES.categoryTooLong;
  const lower = category.toLowerCase();
  if (lower === ALL_CATEGORIES.toLowerCase() || lower === CREATE_NEW_CATEGORY) {
    return FLASHCARD_MESSAGES.categoryReserved;
  }
  return null;
}

export type FlashcardInput = { question: string; answer: string; category: string };
/** An edit: a missing category leaves the card's as it is. */
export type FlashcardEdit = Omit<FlashcardInput, "category"> & { category?: string };

const cardFields = z.object({
  question: z.string().optional(),
  answer: z.string().optional(),
  category: z.string().optional(),
  newCategory: z.string().optional(),
});

type CardFields = z.output<typeof cardFields>;

function checkCard(
  value: CardFields,
  context: z.core.$RefinementCtx<CardFields>,
  missingCategory: string | undefined,
) {
  const question = cleanText(value.question ?? "");
  const answer = cleanText(value.answer ?? "");
  const issue = (path: string, message: string) =>
    context.addIssue({ code: "custom", path: [path], message });
  if (!question) issue("question", FLASHCARD_MESSAGES.bothRequired);
  else if (question.length < FLASHCARD_LIMITS.minText) {
    issue("question", FLASHCARD_MESSAGES.questionTooShort);
  } else if (question.length > FLASHCARD_LIMITS.maxQuestion) {
    issue("question", FLASHCARD_MESSAGES.questionTooLong);
  }
  if (!answer) issue("answer", FLASHCARD_MESSAGES.bothRequired);
  else if (answer.length < FLASHCARD_LIMITS.minText) {
    issue("answer", FLASHCARD_MESSAGES.answerTooShort);
  } else if (answer.length > FLASHCARD_LIMITS.maxAnswer) {
    issue("answer", FLASHCARD_MESSAGES.answerTooLong);
  }
  const creating = value.category === CREATE_NEW_CATEGORY;
  const raw = creating ? (value.newCategory ?? "") : (value.category ?? missingCategory);
  if (raw === undefined) return { question, answer };
  const category = cleanCategory(raw);
  const problem = categoryProblem(category);
  if (problem) issue(creating ? "newCategory" : "category", problem);
  return { question, answer, category };
}

/**
 * A card's content, as every way in sends it. `category` is the picker's
 * value: an existing category, or 'create-new' with the name in
 * `newCategory`; missing means 'General'. Question and answer are
 * required together ('Please fill in both question and answer fields.'),
 * then at least 5 characters each after trimming.
 */
export const flashcardSchema = cardFields.transform(
  (value, context): FlashcardInput => checkCard(value, context, DEFAULT_CATEGORY) as FlashcardInput,
);

/**
 * An edit: the same rules as creating (a card never ends up shorter
 * than a new one may be); a missing category keeps the card's own.
 */
export const flashcardEditSchema = cardFields.transform((value, context): FlashcardEdit =>
  checkCard(value, context, undefined),
);

// ---------------------------------------------------------------------------
// Spaced repetition.

export const GRADES = ["again", "hard", "good", "easy"] as const;
export type GradeName = (typeof GRADES)[number];

export const GRADE_LABELS: Record<GradeName, string> = {
  again: "Again",
  hard: "Hard",
  good: "Good",
  easy: "Easy",
};

/** ts-fsrs's Rating: Again 1, Hard 2, Good 3, Easy 4 (also the keyboard keys). */
export const GRADE_RATING: Record<GradeName, 1 | 2 | 3 | 4> = {
  again: 1,
  hard: 2,
  good: 3,
  easy: 4,
};

/** "good", "Good" or 3 → "good"; anything else → null. */
export function parseGrade(value: unknown): GradeName | null {
  if (typeof value === "number" || (typeof value === "string" && /^[1-4]$/.test(value.trim()))) {
    return GRADES[Number(value) - 1] ?? null;
  }
  if (typeof value !== "string") return null;
  const name = value.trim().toLowerCase();
  return (GRADES as readonly string[]).includes(name) ? (name as GradeName) : null;
}

export const CARD_STATES = ["new", "learning", "review", "relearning"] as const;
export type CardState = (typeof CARD_STATES)[number];

/** Desired retention: what share of due cards FSRS aims for the learner to recall. */
export const RETENTION = { default: 0.9, min: 0.7, max: 0.99 } as const;

export const RETENTION_MESSAGES = {
  invalid: "Desired retention must be a whole percentage from 70 to 99.",
  saved: "Desired retention saved.",
} as const;

/** The settings form sends a percentage (70-99); the API may send a fraction (0.7-0.99) too. */
export const retentionSchema = z.object({
  desiredRetention: z
    .preprocess(
      (value) => (typeof value === "string" && value.trim() !== "" ? Number(value) : value),
      z.number({ error: RETENTION_MESSAGES.invalid }),
    )
    .transform((value) => (value > 1 ? value : value * 100))
    .refine(
      (percent) =>
        Number.isFinite(percent) &&
        Math.abs(percent - Math.round(percent)) < 1e-6 &&
        percent >= RETENTION.min * 100 &&
        percent <= RETENTION.max * 100,
      RETENTION_MESSAGES.invalid,
    )
    .transform((percent) => Math.round(percent) / 100),
});

/** A review request's id: what a retried grade is recognised by. */
export const REVIEW_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

// ---------------------------------------------------------------------------
// Lists.

/** Cards per page in the screen's list, and the JSON API's default and largest page. */
export const FLASHCARD_PAGE_SIZE = 20;
export const FLASHCARD_API_MAX_LIMIT = 100;
export const MAX_FLASHCARD_SEARCH_LENGTH = 200;

export function cardCountLabel(count: number): string {
  return count === 1 ? "1 card" : `${count.toLocaleString("en-IN")} cards`;
}

// ---------------------------------------------------------------------------
// Cards as the server hands them out (to the screens and the JSON API).

/** A card's spaced-repetition state (its "study stats"). Times are ms since the epoch. */
export type StudyStats = {
  state: CardState;
  /** True until the first review. */
  isNew: boolean;
  due: number;
  lastReview: number | null;
  reps: number;
  lapses: number;
  stability: number;
  difficulty: number;
  scheduledDays: number;
  learningSteps: number;
};

/** A learner's flashcard with its study state, as the screens and the JSON API get it. */
export type Flashcard = {
  id: string;
  question: string;
  answer: string;
  category: string;
  isArchived: boolean;
  source: "manual" | "import" | "quiz";
  createdAt: number;
  updatedAt: number;
  study: StudyStats;
};

/** A category the learner has used, with how many cards it holds. */
export type CategorySummary = {
  name: string;
  /** Cards in the deck (not archived). */
  count: number;
  archivedCount: number;
};

/** What a grade button shows: when the card would next be due after that grade. */
export type GradePreview = { grade: GradeName; due: number; interval: string };

/** Where the learner's review queue stands. Times are ms since the epoch. */
export type ReviewCounts = {
  /** Studied cards due now. */
  dueNow: number;
  /** Studied cards due by the end of today (India time), including those due now. */
  dueToday: number;
  /** Cards never studied (they follow the due ones in the queue). */
  newCount: number;
  /** When the next studied card falls due after now; null when none is scheduled. */
  nextDueAt: number | null;
  /** Grades given today. */
  reviewedToday: number;
};

/** A card proposed for a question the learner missed in a quiz or simulation. */
export type QuizDraft = {
  /** The item's place in the attempt. */
  index: number;
  question: string;
  answer: string;
  category: string;
  /** Already a card (saved from this attempt before). */
  saved: boolean;
};

export type QuizDrafts = {
  attemptId: string;
  kind: "quiz" | "simulation";
  topic: string;
  drafts: QuizDraft[];
};

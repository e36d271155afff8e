/**
 * The /flashcards page (001 §2, §4, §5, §8): what it shows for its address
 * (app/lib/flashcard-view.ts), and its form posts, each answered with a
 * redirect and a toast, so every action works with JavaScript off. With
 * JavaScript the same forms post in place (fetchers) and the study card
 * moves through the loaded window of the deck without a request.
 *
 * The page reads everything it shows in one D1 batch: the categories, the
 * study card's window of the deck, the card list's page, the tab counts,
 * the review counts and the learner's desired retention.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/cloudflare";
import { CSV_MESSAGES, CsvError, readCsvFile } from "~/lib/flashcard-csv";
import {
  DECK_WINDOW,
  deckWindowStart,
  type FlashcardStep,
  type FlashcardView,
  flashcardsHref,
  parseFlashcardStep,
  parseFlashcardView,
  randomIndex,
} from "~/lib/flashcard-view";
import {
  FLASHCARD_MESSAGES,
  FLASHCARD_PAGE_SIZE,
  flashcardSchema,
  isFlashcardId,
  parseGrade,
  RETENTION,
  RETENTION_MESSAGES,
  retentionSchema,
  REVIEW_ID_PATTERN,
} from "~/lib/flashcards";
import type { ToastInput } from "~/lib/toast";
import type { AppContext } from "~/load-context";
import { loadFeatureScreen } from "./access.server";
import { PRIVATE_PAGE_HEADERS } from "./auth-pages.server";
import { requireUser } from "./auth.server";
import {
  countQueries,
  countsFromRows,
  type GradePreview,
  previewGrades,
  queueQueries,
  type ReviewCounts,
  reviewFlashcard,
  setDesiredRetention,
  settingsQuery,
} from "./flashcard-review.server";
import {
  type ImportPreview,
  importFlashcards,
  importSummary,
  previewImport,
  type QuizDrafts,
  quizDrafts,
  saveQuizDrafts,
} from "./flashcard-import.server";
import {
  cardByIdQuery,
  cardsQuery,
  categoriesFromRows,
  categoriesQuery,
  type CategorySummary,
  countQuery,
  createFlashcard,
  deleteFlashcard,
  type Flashcard,
  flashcardDeps,
  type FlashcardFilter,
  positionOf,
  setFlashcardArchived,
  toFlashcard,
  updateFlashcard,
} from "./flashcards.server";
import { redirectWithToast } from "~/http/toast.server";

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
  /** The read failed: the screen says so (001 §8) and offers to try again. */
  failed: boolean;
};

function deckFilter(view: FlashcardView, archived = false): FlashcardFilter {
  return { category: view.category, search: view.q, archived };
}

const EMPTY_COUNTS: ReviewCounts = {
  dueNow: 0,
  dueToday: 0,
  newCount: 0,
  nextDueAt: null,
  reviewedToday: 0,
};

async function readScreen(
  context: AppContext,
  userId: string,
  view: FlashcardView,
  step: FlashcardStep,
  now: number,
): Promise<FlashcardScreen> {
  const db = context.db;
  const start = deckWindowStart(view.card);
  const listFilter = deckFilter(view, view.tab === "archived");
  const listOffset = (view.page - 1) * FLASHCARD_PAGE_SIZE;
  const targetId = step?.kind === "edit" || step?.kind === "delete" ? step.id : null;
  const [
    categoryRows,
    deckRows,
    [deckCount],
    listRows,
    [archivedCount],
    settings,
    targetRows,
    dueRows,
    newRows,
    ...countRows
  ] = await db.batch([
    categoriesQuery(db, userId),
    cardsQuery(db, userId, deckFilter(view), start, DECK_WINDOW),
    countQuery(db, userId, deckFilter(view)),
    cardsQuery(db, userId, listFilter, listOffset, FLASHCARD_PAGE_SIZE),
    countQuery(db, userId, deckFilter(view, true)),
    settingsQuery(db, userId),
    cardByIdQuery(db, userId, targetId ?? ""),
    ...queueQueries(db, userId, view.category, now, 1),
    ...countQueries(db, userId, view.category, now),
  ]);
  const total = deckCount?.total ?? 0;
  const archived = archivedCount?.total ?? 0;
  const listTotal = view.tab === "archived" ? archived : total;
  const desiredRetention = settings[0]?.desiredRetention ?? RETENTION.default;
  const reviewCard = [...dueRows, ...newRows][0];
  const review =
    view.mode === "review"
      ? {
          card: reviewCard ? toFlashcard(reviewCard) : null,
          previews: reviewCard ? previewGrades(toFlashcard(reviewCard), desiredRetention, now) : [],
          reviewKey: crypto.randomUUID(),
        }
      : null;
  return {
    view,
    step,
    now,
    categories: categoriesFromRows(categoryRows),
    deck: { total, start, cards: deckRows.map(toFlashcard) },
    list: {
      total: listTotal,
      cards: listRows.map(toFlashcard),
      pageCount: Math.max(1, Math.ceil(listTotal / FLASHCARD_PAGE_SIZE)),
    },
    tabCounts: { deck: total, archived },
    counts: countsFromRows(countRows as Parameters<typeof countsFromRows>[0]),
    review,
    desiredRetention,
    createKey: crypto.randomUUID(),
    target: targetRows[0] ? toFlashcard(targetRows[0]) : null,
    drafts:
      step?.kind === "drafts"
        ? await quizDrafts(flashcardDeps(context), userId, step.attemptId)
        : null,
    failed: false,
  };
}

function failedScreen(view: FlashcardView, step: FlashcardStep, now: number): FlashcardScreen {
  return {
    view,
    step,
    now,
    categories: [],
    deck: { total: 0, start: 0, cards: [] },
    list: { total: 0, cards: [], pageCount: 1 },
    tabCounts: { deck: 0, archived: 0 },
    counts: EMPTY_COUNTS,
    review: null,
    desiredRetention: RETENTION.default,
    createKey: crypto.randomUUID(),
    target: null,
    drafts: null,
    failed: true,
  };
}

/**
 * The page's data: the visitor view when signed out (null access), the
 * Choose Your Plan card without plan or trial, otherwise the screen. An
 * address past the deck's end shows its last card; `random=1` (the Random
 * button without JavaScript) picks a card and redirects to it.
 */
export async function loadFlashcardScreen(request: Request, context: AppContext) {
  const access = await loadFeatureScreen(request, context, "flashcards");
  if (!access || access.state === "no-access") {
    return data({ access, screen: null }, { headers: PRIVATE_PAGE_HEADERS });
  }
  const { user } = await requireUser(request, context);
  const params = new URL(request.url).searchParams;
  let view = parseFlashcardView(params);
  const step = parseFlashcardStep(params);
  const now = Date.now();
  let screen: FlashcardScreen;
  try {
    screen = await readScreen(context, user.id, view, step, now);
    const total = screen.deck.total;
    if (params.get("random") === "1") {
      throw redirect(
        flashcardsHref(view, { card: randomIndex(view.card, total), side: "question" }),
      );
    }
    if (total > 0 && view.card >= total) {
      view = { ...view, card: total - 1 };
      screen = await readScreen(context, user.id, view, step, now);
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error("[flashcards] load failed", error);
    screen = failedScreen(view, step, now);
  }
  return data({ access, screen }, { headers: PRIVATE_PAGE_HEADERS });
}

// ---------------------------------------------------------------------------
// Actions.

export type ImportPreviewData = ImportPreview & {
  /** The file's text, sent back with the confirmation (checked again there). */
  csv: string;
  importKey: string;
  fileName: string;
};

function field(formData: FormData, name: string): string {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
}

/** Where to go after a change: the same view, keeping its place. */
function viewFrom(request: Request): FlashcardView {
  return parseFlashcardView(new URL(request.url).searchParams);
}

/**
 * The page's form posts. Each intent answers with a redirect and a toast
 * ('Success!' or the spec's failure text), or, for a form that must be
 * shown again (validation errors, the import preview), with data.
 */
export async function flashcardScreenAction(request: Request, context: AppContext) {
  const { user } = await requireUser(request, context);
  const formData = await request.formData();
  const intent = field(formData, "intent");
  const view = viewFrom(request);
  const here = flashcardsHref(view);
  const deps = flashcardDeps(context);
  const back = (to: string, toast: ToastInput) => redirectWithToast(to, toast, context.env);
  const success = (to: string, description: string) =>
    back(to, { type: "success", title: FLASHCARD_MESSAGES.successTitle, description });
  const failure =
    (message: string, to = here) =>
    (error: unknown) => {
      console.error(`[flashcards] ${message}`, error);
      return back(to, {
        type: "error",
        title: FLASHCARD_MESSAGES.errorTitle,
        description: message,
      });
    };
  const notFound = () =>
    back(here, {
      type: "error",
      title: FLASHCARD_MESSAGES.errorTitle,
      description: FLASHCARD_MESSAGES.notFound,
    });

  if (intent === "create") {
    const submission = parseWithZod(formData, { schema: flashcardSchema });
    if (submission.status !== "success") {
      return data({ intent: "create" as const, result: submission.reply() }, { status: 400 });
    }
    const key = field(formData, "createKey");
    return createFlashcard(deps, user.id, submission.value, {
      key: key && key.length <= 100 ? `page:${key}` : null,
    }).then(async (result) => {
      if (!result.ok) {
        return back(here, { type: "error", title: result.title, description: result.message });
      }
      const card = result.flashcard;
      // Open the new card: in this category when it belongs to it, otherwise in All.
      const category = view.category === card.category ? view.category : null;
      const filter = { category, search: "" };
      const position = (await positionOf(context.db, user.id, filter, card.id)) ?? 0;
      const to = flashcardsHref(view, {
        category,
        q: "",
        mode: "browse",
        card: position,
        side: "question",
        tab: "deck",
        page: Math.floor(position / FLASHCARD_PAGE_SIZE) + 1,
      });
      return success(to, FLASHCARD_MESSAGES.created);
    }, failure(FLASHCARD_MESSAGES.createFailed));
  }

  if (intent === "settings") {
    const submission = parseWithZod(formData, { schema: retentionSchema });
    if (submission.status !== "success") {
      return data({ intent: "settings" as const, result: submission.reply() }, { status: 400 });
    }
    return setDesiredRetention(context.db, user.id, submission.value.desiredRetention).then(
      () => success(here, RETENTION_MESSAGES.saved),
      failure(FLASHCARD_MESSAGES.updateFailed),
    );
  }

  if (intent === "import-preview") return importPreviewAction(formData, deps, user.id);

  if (intent === "import-confirm") {
    const csv = field(formData, "csv");
    const importKey = field(formData, "importKey");
    if (!csv || !/^[A-Za-z0-9-]{8,64}$/.test(importKey)) {
      return data({ intent: "import" as const, error: CSV_MESSAGES.noFile }, { status: 400 });
    }
    let result: Awaited<ReturnType<typeof importFlashcards>>;
    try {
      result = await importFlashcards(deps, user.id, csv, importKey);
    } catch (error) {
      return failure(FLASHCARD_MESSAGES.createFailed)(error);
    }
    if (!result.ok) {
      return data({ intent: "import" as const, error: result.message }, { status: 400 });
    }
    const imported = result.imported + result.alreadyImported > 0;
    return back(flashcardsHref(view, { card: 0, side: "question", page: 1, tab: "deck" }), {
      type: imported ? "success" : "error",
      title: imported ? FLASHCARD_MESSAGES.successTitle : FLASHCARD_MESSAGES.errorTitle,
      description: importSummary(result),
    });
  }

  if (intent === "save-drafts") return saveDraftsAction(formData, deps, user.id, view, back);

  const id = field(formData, "id");
  if (!isFlashcardId(id)) {
    return back(here, {
      type: "error",
      title: FLASHCARD_MESSAGES.errorTitle,
      description: FLASHCARD_MESSAGES.invalidId,
    });
  }

  if (intent === "update") {
    const submission = parseWithZod(formData, { schema: flashcardSchema });
    if (submission.status !== "success") {
      return data({ intent: "update" as const, id, result: submission.reply() }, { status: 400 });
    }
    return updateFlashcard(context.db, user.id, id, submission.value).then(async (card) => {
      if (!card) return notFound();
      // The card stays open where it now sits (it may have left the category shown).
      const position = await positionOf(context.db, user.id, deckFilter(view), card.id);
      return success(
        flashcardsHref(view, position === null ? {} : { card: position }),
        FLASHCARD_MESSAGES.updated,
      );
    }, failure(FLASHCARD_MESSAGES.updateFailed));
  }

  if (intent === "archive" || intent === "unarchive") {
    const archiving = intent === "archive";
    return setFlashcardArchived(context.db, user.id, id, archiving).then(
      (card) =>
        card
          ? success(here, archiving ? FLASHCARD_MESSAGES.archived : FLASHCARD_MESSAGES.unarchived)
          : notFound(),
      failure(FLASHCARD_MESSAGES.updateFailed),
    );
  }

  if (intent === "delete") {
    return deleteFlashcard(context.db, user.id, id).then(
      (deleted) => (deleted ? success(here, FLASHCARD_MESSAGES.deleted) : notFound()),
      failure(FLASHCARD_MESSAGES.deleteFailed),
    );
  }

  if (intent === "grade") {
    const grade = parseGrade(field(formData, "grade"));
    const reviewId = field(formData, "reviewId");
    const reviewHref = flashcardsHref(view, { mode: "review", side: "question" });
    if (!grade || !REVIEW_ID_PATTERN.test(reviewId)) return redirect(reviewHref);
    return reviewFlashcard(context.db, user.id, id, { grade, reviewId }).then(
      (result) => (result.status === "reviewed" ? redirect(reviewHref) : notFound()),
      failure(FLASHCARD_MESSAGES.updateFailed, reviewHref),
    );
  }

  return redirect(here);
}

async function importPreviewAction(
  formData: FormData,
  deps: ReturnType<typeof flashcardDeps>,
  userId: string,
) {
  const file = formData.get("file");
  const problem = (message: string) =>
    data({ intent: "import" as const, error: message }, { status: 400 });
  if (!file || typeof file === "string" || file.size === 0) return problem(CSV_MESSAGES.noFile);
  let csv: string;
  try {
    csv = await readCsvFile(file);
  } catch (error) {
    if (error instanceof Error && error.name === CsvError.name) return problem(error.message);
    throw error;
  }
  const preview = await previewImport(deps, userId, csv);
  if (!preview.ok) return problem(preview.message);
  const { ok: _ok, ...rest } = preview;
  const result: ImportPreviewData = {
    ...rest,
    csv,
    importKey: crypto.randomUUID(),
    fileName: file.name.slice(0, 120),
  };
  return data({ intent: "import-preview" as const, preview: result });
}

async function saveDraftsAction(
  formData: FormData,
  deps: ReturnType<typeof flashcardDeps>,
  userId: string,
  view: FlashcardView,
  back: (to: string, toast: ToastInput) => Promise<Response>,
) {
  const attemptId = field(formData, "attemptId");
  const chosen = formData.getAll("draft").map((value) => Number(value));
  const approved = chosen
    .filter((index) => Number.isInteger(index) && index >= 0 && index < 100)
    .map((index) => ({
      index,
      question: field(formData, `question-${index}`),
      answer: field(formData, `answer-${index}`),
      category: field(formData, `category-${index}`),
    }));
  const draftsHref = flashcardsHref(view, {}, { fromAttempt: attemptId });
  if (approved.length === 0) {
    return back(draftsHref, {
      type: "error",
      title: FLASHCARD_MESSAGES.errorTitle,
      description: "Choose at least one question to make into a flashcard.",
    });
  }
  const result = await saveQuizDrafts(deps, userId, attemptId, approved);
  if (result.status === "not-found") {
    return back(flashcardsHref(view), {
      type: "error",
      title: FLASHCARD_MESSAGES.errorTitle,
      description: "Attempt not found",
    });
  }
  if (result.status === "invalid") {
    return data(
      { intent: "save-drafts" as const, errors: result.errors, values: approved },
      { status: 400 },
    );
  }
  const made = result.saved + result.alreadySaved;
  const parts = [
    made === 1 ? "1 flashcard saved from your quiz." : `${made} flashcards saved from your quiz.`,
  ];
  if (result.overLimit > 0 && result.refusal) parts.push(result.refusal.message);
  const toast: ToastInput =
    made > 0
      ? { type: "success", title: FLASHCARD_MESSAGES.successTitle, description: parts.join(" ") }
      : {
          type: "error",
          title: result.refusal?.title ?? FLASHCARD_MESSAGES.errorTitle,
          description: result.refusal?.message ?? FLASHCARD_MESSAGES.createFailed,
        };
  return back(flashcardsHref(view, { card: 0, side: "question" }), toast);
}

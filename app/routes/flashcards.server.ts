/**
 * The /flashcards page's server side: what the page shows for its address
 * (app/lib/flashcard-view.ts), and its form posts, each answered with a
 * redirect and a toast, so every action works with JavaScript off. With
 * JavaScript the same forms post in place (fetchers) and the study card
 * moves through the loaded window of the deck without a request.
 *
 * The page reads everything it shows in one D1 batch: the categories, the
 * study card's window of the deck, the card list's page, the tab counts,
 * the review counts and the learner's desired retention.
 *
 * A form post names its intent; each intent has its own handler below, and
 * the intents about one card (edit, archive, restore, delete, grade) first
 * check the card's id.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/cloudflare";
import { redirectWithToast } from "~/http/toast.server";
import { CSV_MESSAGES, isCsvError, readCsvFile } from "~/lib/flashcard-csv";
import type { FlashcardScreen, ImportPreviewData, ScreenActionData } from "~/lib/flashcard-screen";
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
  type ReviewCounts,
} from "~/lib/flashcards";
import type { ToastInput } from "~/lib/toast";
import type { AppContext } from "~/load-context";
import { loadFeatureScreen } from "~/models/access.server";
import { PRIVATE_PAGE_HEADERS } from "~/http/page-headers.server";
import { freshForEachLoad, keepPageUntil, unkeepPage } from "~/models/page-copy.server";
import { requireUser } from "~/models/auth.server";
import { askToRide, leaveRide, rideResults } from "~/models/request-reads.server";
import {
  previewGrades,
  queueAndCountsFromResults,
  queueAndCountsStatements,
  reviewFlashcard,
  setDesiredRetention,
  SETTINGS,
} from "~/models/flashcard-review.server";
import {
  importFlashcards,
  importSummary,
  previewImport,
  quizDrafts,
  saveQuizDrafts,
} from "~/models/flashcard-import.server";
import {
  CARD_BY_ID,
  cardsStatement,
  CATEGORIES,
  categoriesFromRows,
  countStatement,
  createFlashcard,
  deleteFlashcard,
  type FlashcardDeps,
  flashcardDeps,
  type FlashcardFilter,
  positionOf,
  setFlashcardArchived,
  toFlashcard,
  updateFlashcard,
} from "~/models/flashcards.server";

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

/** The page's statements for one address and user, and the screen made from their results. */
type ScreenReads = {
  statements: D1PreparedStatement[];
  screen: (results: readonly D1Result[]) => Promise<FlashcardScreen>;
};

function screenReads(
  context: AppContext,
  userId: string,
  view: FlashcardView,
  step: FlashcardStep,
  now: number,
): ScreenReads {
  const db = context.db;
  const start = deckWindowStart(view.card);
  const listFilter = deckFilter(view, view.tab === "archived");
  const listOffset = (view.page - 1) * FLASHCARD_PAGE_SIZE;
  const targetId = step?.kind === "edit" || step?.kind === "delete" ? step.id : null;
  // A review shows the queue's next card, study the deck's window: each mode reads the other's
  // cards with no rows (same batch, nothing to carry or map).
  const reviewing = view.mode === "review";
  // The list's page, when it lies inside the deck's window of the same cards, is cut from it.
  const listInDeck =
    !reviewing &&
    view.tab !== "archived" &&
    listOffset >= start &&
    listOffset + FLASHCARD_PAGE_SIZE <= start + DECK_WINDOW;
  // Every statement built once per isolate (per filter shape) and bound here: one round trip.
  const deck = cardsStatement(db, userId, deckFilter(view), start, reviewing ? 0 : DECK_WINDOW);
  const deckCount = countStatement(db, userId, deckFilter(view));
  const list = cardsStatement(
    db,
    userId,
    listFilter,
    listOffset,
    listInDeck ? 0 : FLASHCARD_PAGE_SIZE,
  );
  const archivedCount = countStatement(db, userId, deckFilter(view, true));
  const statements = [
    CATEGORIES.bind(db, { userId }),
    deck.statement,
    deckCount.statement,
    list.statement,
    archivedCount.statement,
    SETTINGS.bind(db, { userId }),
    CARD_BY_ID.bind(db, { userId, id: targetId ?? "" }),
    ...queueAndCountsStatements(db, userId, view.category, now, reviewing ? 1 : 0),
  ];
  const screen = async (results: readonly D1Result[]): Promise<FlashcardScreen> => {
    const [categoryResult, deckResult, deckCountResult, listResult, archivedResult, ...rest] =
      results;
    const [settingsResult, targetResult, ...queueResults] = rest;
    const categoryRows = CATEGORIES.rows(db, categoryResult!);
    const settings = SETTINGS.rows(db, settingsResult!);
    const targetRows = CARD_BY_ID.rows(db, targetResult!);
    const queue = queueAndCountsFromResults(db, view.category, queueResults);
    const dueRows = queue.due;
    const newRows = queue.fresh;
    const deckCards = deck.rows(deckResult!).map(toFlashcard);
    const listCards = listInDeck
      ? deckCards.slice(listOffset - start, listOffset - start + FLASHCARD_PAGE_SIZE)
      : list.rows(listResult!).map(toFlashcard);
    const total = deckCount.total(deckCountResult!);
    const archived = archivedCount.total(archivedResult!);
    const listTotal = view.tab === "archived" ? archived : total;
    const desiredRetention = settings[0]?.desiredRetention ?? RETENTION.default;
    const reviewCard = [...dueRows, ...newRows][0];
    const review =
      view.mode === "review"
        ? {
            card: reviewCard ? toFlashcard(reviewCard) : null,
            previews: reviewCard
              ? previewGrades(toFlashcard(reviewCard), desiredRetention, now)
              : [],
            reviewKey: freshForEachLoad(context.pageCopy),
          }
        : null;
    return {
      view,
      step,
      now,
      categories: categoriesFromRows(categoryRows),
      deck: { total, start, cards: deckCards },
      list: {
        total: listTotal,
        cards: listCards,
        pageCount: Math.max(1, Math.ceil(listTotal / FLASHCARD_PAGE_SIZE)),
      },
      tabCounts: { deck: total, archived },
      counts: queue.counts,
      review,
      desiredRetention,
      createKey: freshForEachLoad(context.pageCopy),
      target: targetRows[0] ? toFlashcard(targetRows[0]) : null,
      drafts:
        step?.kind === "drafts"
          ? await quizDrafts(flashcardDeps(context), userId, step.attemptId)
          : null,
      failed: false,
    };
  };
  return { statements, screen };
}

/** The screen for an address, its statements read in a round trip of their own. */
async function readScreen(
  context: AppContext,
  userId: string,
  view: FlashcardView,
  step: FlashcardStep,
  now: number,
): Promise<FlashcardScreen> {
  const reads = screenReads(context, userId, view, step, now);
  return reads.screen(await context.db.$client.batch(reads.statements));
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
  const params = new URL(request.url).searchParams;
  let view = parseFlashcardView(params);
  const step = parseFlashcardStep(params);
  const now = Date.now();
  // The screen's reads go with the chrome's batch when they can: one D1 round trip for the page.
  const asked = view;
  const built = new Map<string, ScreenReads>();
  const firstReads = (userId: string) => {
    const reads = built.get(userId) ?? screenReads(context, userId, asked, step, now);
    built.set(userId, reads);
    return reads;
  };
  const ride = askToRide(
    context.reads,
    context.db.$client,
    (userId) => firstReads(userId).statements,
  );
  const access = await loadFeatureScreen(request, context, "flashcards");
  if (!access || access.state === "no-access") {
    leaveRide(ride);
    return data({ access, screen: null }, { headers: PRIVATE_PAGE_HEADERS });
  }
  const { user } = await requireUser(request, context);
  let screen: FlashcardScreen;
  try {
    const reads = firstReads(user.id);
    screen = await reads.screen(await rideResults(ride, user.id));
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
    unkeepPage(context.pageCopy);
    screen = failedScreen(view, step, now);
  }
  // The next card falling due joins the queue then, with no write: no copy outlives that moment.
  if (screen.counts.nextDueAt !== null) keepPageUntil(context.pageCopy, screen.counts.nextDueAt);
  return data({ access, screen }, { headers: PRIVATE_PAGE_HEADERS });
}

// ---------------------------------------------------------------------------
// Actions.

/** What every intent's handler gets: who posted what, from which view, and how to answer. */
type IntentInput = {
  context: AppContext;
  userId: string;
  formData: FormData;
  /** The view the form was posted from; changes go back to it, keeping its place. */
  view: FlashcardView;
  here: string;
  deps: FlashcardDeps;
  answer: Answers;
};

/** The intents about one card get its id, already checked. */
type CardIntentInput = IntentInput & { id: string };

type ActionResult = Response | ReturnType<typeof data<ScreenActionData>>;
type IntentHandler = (input: IntentInput) => Promise<ActionResult>;

/** The redirects with a toast that the handlers answer with. */
type Answers = ReturnType<typeof answersFor>;

function answersFor(context: AppContext, here: string) {
  const back = (to: string, toast: ToastInput) => redirectWithToast(to, toast, context.env);
  return {
    back,
    /** 'Success!' and what was done. */
    success: (to: string, description: string) =>
      back(to, { type: "success", title: FLASHCARD_MESSAGES.successTitle, description }),
    /** A failed write: logged, and the learner is told `message`. */
    failure:
      (message: string, to = here) =>
      (error: unknown) => {
        console.error(`[flashcards] ${message}`, error);
        return back(to, {
          type: "error",
          title: FLASHCARD_MESSAGES.errorTitle,
          description: message,
        });
      },
    /** The card is gone, or is someone else's. */
    notFound: () =>
      back(here, {
        type: "error",
        title: FLASHCARD_MESSAGES.errorTitle,
        description: FLASHCARD_MESSAGES.notFound,
      }),
  };
}

/** A form shown again on the page itself (validation errors, the import preview). */
function inPlace(body: ScreenActionData, status?: number) {
  return status === undefined ? data(body) : data(body, { status });
}

function field(formData: FormData, name: string): string {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
}

/**
 * Create: a new card, opened where it now sits in the deck (in the category
 * shown when it belongs to it, otherwise in All). A create key posted twice
 * makes one card.
 */
async function createCard({ context, userId, formData, view, here, deps, answer }: IntentInput) {
  const submission = parseWithZod(formData, { schema: flashcardSchema });
  if (submission.status !== "success") {
    return inPlace({ intent: "create", result: submission.reply() }, 400);
  }
  const key = field(formData, "createKey");
  return createFlashcard(deps, userId, submission.value, {
    key: key && key.length <= 100 ? `page:${key}` : null,
  }).then(async (result) => {
    if (!result.ok) {
      return answer.back(here, { type: "error", title: result.title, description: result.message });
    }
    const card = result.flashcard;
    const category = view.category === card.category ? view.category : null;
    const filter = { category, search: "" };
    const position = (await positionOf(context.db, userId, filter, card.id)) ?? 0;
    const to = flashcardsHref(view, {
      category,
      q: "",
      mode: "browse",
      card: position,
      side: "question",
      tab: "deck",
      page: Math.floor(position / FLASHCARD_PAGE_SIZE) + 1,
    });
    return answer.success(to, FLASHCARD_MESSAGES.created);
  }, answer.failure(FLASHCARD_MESSAGES.createFailed));
}

/** Settings: the learner's desired retention. */
async function saveSettings({ context, userId, formData, here, answer }: IntentInput) {
  const submission = parseWithZod(formData, { schema: retentionSchema });
  if (submission.status !== "success") {
    return inPlace({ intent: "settings", result: submission.reply() }, 400);
  }
  return setDesiredRetention(context.db, userId, submission.value.desiredRetention).then(
    () => answer.success(here, RETENTION_MESSAGES.saved),
    answer.failure(FLASHCARD_MESSAGES.updateFailed),
  );
}

/**
 * Import, first step: the CSV file is read and checked, and every row shown
 * with why it would not be imported. Nothing is saved yet.
 */
async function previewImportFile({ userId, formData, deps }: IntentInput) {
  const file = formData.get("file");
  const problem = (message: string) => inPlace({ intent: "import", error: message }, 400);
  if (!file || typeof file === "string" || file.size === 0) return problem(CSV_MESSAGES.noFile);
  let csv: string;
  try {
    csv = await readCsvFile(file);
  } catch (error) {
    if (isCsvError(error)) return problem(error.message);
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
  return inPlace({ intent: "import-preview", preview: result });
}

/**
 * Import, confirmed: the previewed file (checked again) becomes cards; the
 * import key makes a confirmation posted twice import once. The deck opens
 * at its first card with what was imported and what was not.
 */
async function confirmImport({ userId, formData, view, deps, answer }: IntentInput) {
  const csv = field(formData, "csv");
  const importKey = field(formData, "importKey");
  if (!csv || !/^[A-Za-z0-9-]{8,64}$/.test(importKey)) {
    return inPlace({ intent: "import", error: CSV_MESSAGES.noFile }, 400);
  }
  let result: Awaited<ReturnType<typeof importFlashcards>>;
  try {
    result = await importFlashcards(deps, userId, csv, importKey);
  } catch (error) {
    return answer.failure(FLASHCARD_MESSAGES.createFailed)(error);
  }
  if (!result.ok) {
    return inPlace({ intent: "import", error: result.message }, 400);
  }
  const imported = result.imported + result.alreadyImported > 0;
  return answer.back(flashcardsHref(view, { card: 0, side: "question", page: 1, tab: "deck" }), {
    type: imported ? "success" : "error",
    title: imported ? FLASHCARD_MESSAGES.successTitle : FLASHCARD_MESSAGES.errorTitle,
    description: importSummary(result),
  });
}

/**
 * Quiz drafts: the chosen questions missed in a quiz or simulation, as the
 * learner edited them, become cards. A draft that breaks the card rules
 * shows the drafts again with its errors.
 */
async function saveDrafts({ userId, formData, view, deps, answer }: IntentInput) {
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
    return answer.back(draftsHref, {
      type: "error",
      title: FLASHCARD_MESSAGES.errorTitle,
      description: "Choose at least one question to make into a flashcard.",
    });
  }
  const result = await saveQuizDrafts(deps, userId, attemptId, approved);
  if (result.status === "not-found") {
    return answer.back(flashcardsHref(view), {
      type: "error",
      title: FLASHCARD_MESSAGES.errorTitle,
      description: "Attempt not found",
    });
  }
  if (result.status === "invalid") {
    return inPlace({ intent: "save-drafts", errors: result.errors, values: approved }, 400);
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
  return answer.back(flashcardsHref(view, { card: 0, side: "question" }), toast);
}

/** Edit: the card stays open where it now sits (it may have left the category shown). */
async function updateCard({ context, userId, formData, view, id, answer }: CardIntentInput) {
  const submission = parseWithZod(formData, { schema: flashcardSchema });
  if (submission.status !== "success") {
    return inPlace({ intent: "update", id, result: submission.reply() }, 400);
  }
  return updateFlashcard(context.db, userId, id, submission.value).then(async (card) => {
    if (!card) return answer.notFound();
    const position = await positionOf(context.db, userId, deckFilter(view), card.id);
    return answer.success(
      flashcardsHref(view, position === null ? {} : { card: position }),
      FLASHCARD_MESSAGES.updated,
    );
  }, answer.failure(FLASHCARD_MESSAGES.updateFailed));
}

/** Archive (out of the deck and the review queue) or restore. */
function setArchived(archiving: boolean) {
  return ({ context, userId, here, id, answer }: CardIntentInput) =>
    setFlashcardArchived(context.db, userId, id, archiving).then(
      (card) =>
        card
          ? answer.success(
              here,
              archiving ? FLASHCARD_MESSAGES.archived : FLASHCARD_MESSAGES.unarchived,
            )
          : answer.notFound(),
      answer.failure(FLASHCARD_MESSAGES.updateFailed),
    );
}

/** Delete: the card and its review history. */
async function deleteCard({ context, userId, here, id, answer }: CardIntentInput) {
  return deleteFlashcard(context.db, userId, id).then(
    (deleted) => (deleted ? answer.success(here, FLASHCARD_MESSAGES.deleted) : answer.notFound()),
    answer.failure(FLASHCARD_MESSAGES.deleteFailed),
  );
}

/**
 * Grade, in the review session: schedules the card's next review and moves
 * on to the next card, without a toast. The review id makes a grade posted
 * twice count once; a malformed grade or review id just shows the session.
 */
async function gradeCard({ context, userId, formData, view, id, answer }: CardIntentInput) {
  const grade = parseGrade(field(formData, "grade"));
  const reviewId = field(formData, "reviewId");
  const reviewHref = flashcardsHref(view, { mode: "review", side: "question" });
  if (!grade || !REVIEW_ID_PATTERN.test(reviewId)) return redirect(reviewHref);
  return reviewFlashcard(context.db, userId, id, { grade, reviewId }).then(
    (result) => (result.status === "reviewed" ? redirect(reviewHref) : answer.notFound()),
    answer.failure(FLASHCARD_MESSAGES.updateFailed, reviewHref),
  );
}

/** An intent about one card: a malformed id is refused with 'Invalid flashcard ID. Please try again.'. */
function forCard(handler: (input: CardIntentInput) => Promise<ActionResult>): IntentHandler {
  return async (input) => {
    const id = field(input.formData, "id");
    if (!isFlashcardId(id)) {
      return input.answer.back(input.here, {
        type: "error",
        title: FLASHCARD_MESSAGES.errorTitle,
        description: FLASHCARD_MESSAGES.invalidId,
      });
    }
    return handler({ ...input, id });
  };
}

const INTENTS = new Map<string, IntentHandler>([
  ["create", createCard],
  ["settings", saveSettings],
  ["import-preview", previewImportFile],
  ["import-confirm", confirmImport],
  ["save-drafts", saveDrafts],
  ["update", forCard(updateCard)],
  ["archive", forCard(setArchived(true))],
  ["unarchive", forCard(setArchived(false))],
  ["delete", forCard(deleteCard)],
  ["grade", forCard(gradeCard)],
]);

/** Any other intent is treated as one about a card and goes back to the view. */
const otherIntent = forCard(async ({ here }) => redirect(here));

/**
 * The page's form posts. Each intent answers with a redirect and a toast
 * ('Success!' or the failure text), or, for a form that must be shown again
 * (validation errors, the import preview), with data.
 */
export async function flashcardScreenAction(request: Request, context: AppContext) {
  const { user } = await requireUser(request, context);
  const formData = await request.formData();
  const intent = field(formData, "intent");
  const view = parseFlashcardView(new URL(request.url).searchParams);
  const here = flashcardsHref(view);
  const handler = INTENTS.get(intent) ?? otherIntent;
  return handler({
    context,
    userId: user.id,
    formData,
    view,
    here,
    deps: flashcardDeps(context),
    answer: answersFor(context, here),
  });
}

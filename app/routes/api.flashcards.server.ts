/**
 * The request side of /api/flashcards/* (docs/api.md, "Flashcards"): reads
 * query strings, paths and JSON bodies, and shapes the answers. Every rule
 * about cards lives in app/models/flashcards.server.ts and
 * flashcard-review.server.ts; the route modules api.flashcards*.ts call
 * both.
 *
 * A card answers with both `id` and `_id`, and bodies may name a card
 * either way. Someone else's card answers exactly like one that does not
 * exist: 404 'Flashcard not found'. A malformed id answers 400 'Invalid
 * flashcard ID. Please try again.'. Times are ISO 8601 strings.
 */
import { z } from "zod";
import {
  ALL_CATEGORIES,
  type Flashcard,
  FLASHCARD_API_MAX_LIMIT,
  FLASHCARD_MESSAGES,
  FLASHCARD_PAGE_SIZE,
  flashcardEditSchema,
  flashcardSchema,
  type GradeName,
  isFlashcardId,
  MAX_FLASHCARD_SEARCH_LENGTH,
  parseGrade,
  REVIEW_ID_PATTERN,
  type ReviewCounts,
} from "~/lib/flashcards";
import { ApiResponse, apiError, apiJson } from "~/http/api.server";
import type { ReviewRecord } from "~/models/flashcard-review.server";
import type { FlashcardFilter } from "~/models/flashcards.server";

export const FLASHCARD_API_MESSAGES = {
  pageInvalid: "page must be a whole number from 1.",
  limitInvalid: `limit must be a whole number from 1 (at most ${FLASHCARD_API_MAX_LIMIT} are sent).`,
  searchTooLong: `Please keep the search to ${MAX_FLASHCARD_SEARCH_LENGTH} characters or fewer.`,
  flagInvalid: "archived and due must be true or false.",
  gradeInvalid: "grade must be one of again, hard, good, easy (or 1-4).",
  reviewIdInvalid: "reviewId must be 8 to 64 letters, digits, '-' or '_'.",
  reviewIdReused: "This reviewId was already used to grade another flashcard.",
  archivedInvalid: "isArchived must be true or false.",
} as const;

// ---------------------------------------------------------------------------
// Answers.

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** A flashcard, with its study stats (the FSRS state) spelled out. */
export function apiFlashcard(card: Flashcard) {
  const study = card.study;
  return {
    id: card.id,
    _id: card.id,
    question: card.question,
    answer: card.answer,
    category: card.category,
    isArchived: card.isArchived,
    source: card.source,
    studyStats: {
      state: study.state,
      isNew: study.isNew,
      due: iso(study.due),
      lastReview: iso(study.lastReview),
      reps: study.reps,
      lapses: study.lapses,
      stability: study.stability,
      difficulty: study.difficulty,
      scheduledDays: study.scheduledDays,
    },
    createdAt: iso(card.createdAt),
    updatedAt: iso(card.updatedAt),
  };
}

export function apiReview(review: ReviewRecord) {
  return {
    reviewId: review.reviewId,
    grade: review.grade,
    reviewedAt: iso(review.reviewedAt),
    previousDue: iso(review.previousDue),
    previousState: review.previousState,
    due: iso(review.due),
    state: review.state,
    scheduledDays: review.scheduledDays,
    desiredRetention: review.desiredRetention,
  };
}

export function apiReviewCounts(counts: ReviewCounts) {
  return { ...counts, nextDueAt: iso(counts.nextDueAt) };
}

export function notFoundJson(): Response {
  return apiError(404, FLASHCARD_MESSAGES.notFound);
}

/**
 * 403 before a card is made, shaped as for quizzes: `reason` 'none' (no plan
 * or trial: 'Buy Subscription to access this feature', shown as 'Access
 * Denied') or 'limit' (the trial's flashcards are used up: that message,
 * shown as 'Limit Reached').
 */
export { refusalJson } from "~/routes/api.assessments.server";

export function apiPage(
  cards: Flashcard[],
  paging: { page: number; limit: number; total: number },
): Response {
  const totalPages = Math.ceil(paging.total / paging.limit);
  return apiJson({
    success: true,
    data: {
      flashcards: cards.map(apiFlashcard),
      pagination: { ...paging, totalPages, hasMore: paging.page < totalPages },
    },
  });
}

// ---------------------------------------------------------------------------
// Requests.

function wholeNumber(raw: string): number | null {
  const value = raw.trim();
  return /^\d{1,9}$/.test(value) ? Number(value) : null;
}

function flag(raw: string | null): boolean {
  if (raw === null || raw === "" || raw === "false" || raw === "0") return false;
  if (raw === "true" || raw === "1") return true;
  throw new ApiResponse(apiError(400, FLASHCARD_API_MESSAGES.flagInvalid));
}

export type ListQuery = {
  filter: FlashcardFilter;
  page: number;
  limit: number;
  /** The review queue (due first, then new) instead of the deck's order. */
  due: boolean;
};

/**
 * `?category&search&page&limit&archived&due` of GET /api/flashcards: page 1
 * and limit 20 by default, a larger limit is cut to 100; a category of ''
 * or 'All' is every category. Anything malformed answers 400.
 */
export function parseListQuery(url: URL): ListQuery {
  const params = url.searchParams;
  const rawPage = params.get("page");
  const rawLimit = params.get("limit");
  const page = rawPage === null || rawPage === "" ? 1 : wholeNumber(rawPage);
  if (page === null || page < 1) {
    throw new ApiResponse(apiError(400, FLASHCARD_API_MESSAGES.pageInvalid));
  }
  const limit = rawLimit === null || rawLimit === "" ? FLASHCARD_PAGE_SIZE : wholeNumber(rawLimit);
  if (limit === null || limit < 1) {
    throw new ApiResponse(apiError(400, FLASHCARD_API_MESSAGES.limitInvalid));
  }
  const search = params.get("search")?.trim() ?? "";
  if (search.length > MAX_FLASHCARD_SEARCH_LENGTH) {
    throw new ApiResponse(apiError(400, FLASHCARD_API_MESSAGES.searchTooLong));
  }
  const category = params.get("category")?.replace(/\s+/g, " ").trim() ?? "";
  return {
    filter: {
      category: category && category !== ALL_CATEGORIES ? category : null,
      search: search || undefined,
      archived: flag(params.get("archived")),
    },
    page,
    limit: Math.min(limit, FLASHCARD_API_MAX_LIMIT),
    due: flag(params.get("due")),
  };
}

/** The `{id}` of a path; a malformed one answers 400 'Invalid flashcard ID. Please try again.' */
export function requireFlashcardIdParam(params: { id?: string }): string {
  if (!isFlashcardId(params.id)) {
    throw new ApiResponse(apiError(400, FLASHCARD_MESSAGES.invalidId));
  }
  return params.id;
}

/**
 * A body that names the card too (`id` or `_id`) must name the one
 * in the path.
 */
function sameCardAsPath(pathId: string) {
  return (body: { id?: unknown; _id?: unknown }, context: z.core.$RefinementCtx) => {
    for (const named of [body.id, body._id]) {
      if (named !== undefined && named !== null && named !== pathId) {
        context.addIssue({ code: "custom", path: ["id"], message: FLASHCARD_MESSAGES.invalidId });
        return;
      }
    }
  };
}

/** Parses with a card schema, passing its issues (the spec's messages) on. */
function cardRules<T>(schema: z.ZodType<T>, body: unknown, context: z.core.$RefinementCtx): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    context.addIssue({ code: "custom", path: issue.path, message: issue.message });
  }
  return z.NEVER;
}

/** POST /api/flashcards { question, answer, category?, idempotencyKey? }. */
export const createBodySchema = z
  .object({ idempotencyKey: z.string({ error: "The idempotency key must be text." }).optional() })
  .passthrough()
  .transform((body, context) => ({
    ...cardRules(flashcardSchema, body, context),
    idempotencyKey: body.idempotencyKey,
  }));

/** PUT /api/flashcards/{id} { question, answer, category?, id? | _id? }: a missing category stays. */
export function updateBodySchema(pathId: string) {
  return z
    .object({ id: z.unknown().optional(), _id: z.unknown().optional() })
    .passthrough()
    .superRefine(sameCardAsPath(pathId))
    .transform((body, context) => cardRules(flashcardEditSchema, body, context));
}

/** PATCH /api/flashcards/{id}/archive { isArchived }. */
export function archiveBodySchema(pathId: string) {
  return z
    .object({
      isArchived: z.boolean({ error: FLASHCARD_API_MESSAGES.archivedInvalid }),
      id: z.unknown().optional(),
      _id: z.unknown().optional(),
    })
    .superRefine(sameCardAsPath(pathId))
    .transform((body) => body.isArchived);
}

/**
 * POST /api/flashcards/{id}/study { grade, reviewId? } (also inside `stats`,
 * the spec's name for the payload). `grade` is again / hard / good / easy or
 * 1-4; `reviewId` (or the `Idempotency-Key` header) names the grade so a
 * retry answers the first result.
 */
export function studyBodySchema(pathId: string) {
  return z
    .object({
      stats: z.record(z.string(), z.unknown()).optional(),
      id: z.unknown().optional(),
      _id: z.unknown().optional(),
    })
    .passthrough()
    .superRefine(sameCardAsPath(pathId))
    .transform((body, context): { grade: GradeName; reviewId: string | null } => {
      const source = { ...(body.stats ?? {}), ...body } as Record<string, unknown>;
      const grade = parseGrade(source.grade ?? source.rating);
      if (!grade) {
        context.addIssue({
          code: "custom",
          path: ["grade"],
          message: FLASHCARD_API_MESSAGES.gradeInvalid,
        });
        return z.NEVER;
      }
      const reviewId = source.reviewId;
      if (reviewId === undefined || reviewId === null) return { grade, reviewId: null };
      if (typeof reviewId !== "string" || !REVIEW_ID_PATTERN.test(reviewId)) {
        context.addIssue({
          code: "custom",
          path: ["reviewId"],
          message: FLASHCARD_API_MESSAGES.reviewIdInvalid,
        });
        return z.NEVER;
      }
      return { grade, reviewId };
    });
}

/** The review id: the body's, else the `Idempotency-Key` header's, else a fresh one (no retry safety). */
export function reviewIdFrom(request: Request, fromBody: string | null): string {
  if (fromBody) return fromBody;
  const header = request.headers.get("Idempotency-Key");
  if (header === null) return crypto.randomUUID();
  if (!REVIEW_ID_PATTERN.test(header)) {
    throw new ApiResponse(apiError(400, FLASHCARD_API_MESSAGES.reviewIdInvalid));
  }
  return header;
}

/**
 * POST /api/flashcards/{id}/study: grades one review
 * of the caller's card and schedules the next with FSRS.
 *
 *   body  { grade, reviewId? } or { stats: { grade, reviewId? } }: grade is again, hard,
 *         good or easy (or 1-4); reviewId (8-64 letters, digits, '-', '_'; or the
 *         `Idempotency-Key` header) names this grade
 *   200   { success, data: { flashcard, review: { reviewId, grade, reviewedAt, previousDue,
 *         previousState, due, state, scheduledDays, desiredRetention }, replayed } }:
 *         the same reviewId again answers the first grade's result (`replayed: true`)
 *         and schedules nothing more
 *   400 malformed id, grade or reviewId; 401 signed out; 404 'Flashcard not found';
 *   409 the reviewId already graded another card
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { FLASHCARD_SERVICE_MESSAGES } from "~/lib/flashcards";
import {
  apiError,
  apiSuccess,
  handleApi,
  methodNotAllowed,
  parseJsonBody,
} from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";
import {
  apiFlashcard,
  apiReview,
  FLASHCARD_API_MESSAGES,
  notFoundJson,
  requireFlashcardIdParam,
  reviewIdFrom,
  studyBodySchema,
} from "~/routes/api.flashcards.server";
import { reviewFlashcard } from "~/models/flashcard-review.server";

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleApi(FLASHCARD_SERVICE_MESSAGES.study, async () => {
    const { user } = await requireApiAuth(request, context);
    const id = requireFlashcardIdParam(params);
    const input = await parseJsonBody(request, studyBodySchema(id));
    const reviewId = reviewIdFrom(request, input.reviewId);
    const result = await reviewFlashcard(context.db, user.id, id, { grade: input.grade, reviewId });
    if (result.status === "not-found") return notFoundJson();
    if (result.status === "conflict") return apiError(409, FLASHCARD_API_MESSAGES.reviewIdReused);
    return apiSuccess({
      data: {
        flashcard: apiFlashcard(result.flashcard),
        review: apiReview(result.review),
        replayed: result.replayed,
      },
    });
  });
}

export const loader = () => methodNotAllowed("POST");

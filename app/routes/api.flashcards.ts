/**
 * /api/flashcards, only ever the caller's own cards:
 *
 *   GET  ?category=&search=&page=1&limit=20&archived=false
 *        → { success, data: { flashcards: [flashcard…], pagination: { page, limit, total,
 *          totalPages, hasMore } } }, in the deck's order (as made, oldest first);
 *        `search` matches question, answer and category; `archived=true` lists the archive.
 *        `due=true` → { success, data: { flashcards, review: { dueNow, dueToday, newCount,
 *          nextDueAt, reviewedToday } } }: the review queue (due cards first, then new ones),
 *          at most `limit`.
 *   POST { question, answer, category?, idempotencyKey? } → 201 { success, message,
 *        data: flashcard } (200 with the same card when the idempotency key, or the
 *        `Idempotency-Key` header, was used before). Counts against a trial's flashcards;
 *        403 with 'Buy Subscription to access this feature' or the limit message.
 *
 *   400 the validation messages in docs/api.md; 401 signed out
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { FLASHCARD_MESSAGES, FLASHCARD_SERVICE_MESSAGES } from "~/lib/flashcards";
import {
  apiJson,
  apiSuccess,
  handleApi,
  methodNotAllowed,
  parseJsonBody,
  idempotencyKeyFrom,
} from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";
import {
  apiFlashcard,
  apiPage,
  apiReviewCounts,
  createBodySchema,
  parseListQuery,
  refusalJson,
} from "~/routes/api.flashcards.server";
import { reviewQueue } from "~/models/flashcard-review.server";
import { createFlashcard, flashcardDeps, listFlashcards } from "~/models/flashcards.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(FLASHCARD_SERVICE_MESSAGES.fetchList, async () => {
    const { user } = await requireApiAuth(request, context);
    const query = parseListQuery(new URL(request.url));
    if (query.due) {
      const queue = await reviewQueue(context.db, user.id, {
        category: query.filter.category,
        limit: query.limit,
      });
      return apiJson({
        success: true,
        data: {
          flashcards: queue.cards.map(apiFlashcard),
          review: apiReviewCounts(queue.counts),
        },
      });
    }
    const offset = (query.page - 1) * query.limit;
    const page = await listFlashcards(context.db, user.id, query.filter, {
      offset,
      limit: query.limit,
    });
    return apiPage(page.flashcards, { page: query.page, limit: query.limit, total: page.total });
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  return handleApi(FLASHCARD_SERVICE_MESSAGES.create, async () => {
    const { user } = await requireApiAuth(request, context);
    const input = await parseJsonBody(request, createBodySchema);
    const key = idempotencyKeyFrom(request, input.idempotencyKey);
    const result = await createFlashcard(flashcardDeps(context), user.id, input, { key });
    if (!result.ok) return refusalJson(result);
    return apiSuccess({
      status: result.created ? 201 : 200,
      message: FLASHCARD_MESSAGES.created,
      data: apiFlashcard(result.flashcard),
    });
  });
}

/**
 * PATCH /api/flashcards/{id}/archive { isArchived }: archives the
 * caller's card (out of the deck and the review queue) or restores it →
 * { success, message, data: flashcard }. Setting the state it already has is
 * not an error.
 *
 *   400 malformed id or isArchived not a boolean; 401 signed out; 404 'Flashcard not found'
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { FLASHCARD_MESSAGES, FLASHCARD_SERVICE_MESSAGES } from "~/lib/flashcards";
import { apiSuccess, handleApi, methodNotAllowed, parseJsonBody } from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";
import {
  apiFlashcard,
  archiveBodySchema,
  notFoundJson,
  requireFlashcardIdParam,
} from "~/routes/api.flashcards.server";
import { setFlashcardArchived } from "~/models/flashcards.server";

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed("PATCH");
  return handleApi(FLASHCARD_SERVICE_MESSAGES.archive, async () => {
    const { user } = await requireApiAuth(request, context);
    const id = requireFlashcardIdParam(params);
    const isArchived = await parseJsonBody(request, archiveBodySchema(id));
    const card = await setFlashcardArchived(context.db, user.id, id, isArchived);
    if (!card) return notFoundJson();
    return apiSuccess({
      message: isArchived ? FLASHCARD_MESSAGES.archived : FLASHCARD_MESSAGES.unarchived,
      data: apiFlashcard(card),
    });
  });
}

export const loader = () => methodNotAllowed("PATCH");

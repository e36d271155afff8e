/**
 * /api/flashcards/{id}, only ever the caller's own card (someone
 * else's answers 404 like a missing one):
 *
 *   GET    → { success, data: flashcard }
 *   PUT    { question, answer, category?, id? | _id? } → { success, message, data: flashcard };
 *          the same rules as creating; a missing category keeps the card's; an `id` or
 *          `_id` in the body must be the path's
 *   DELETE → { success, message, data: { id, _id } }: the card and its review history
 *
 *   400 'Invalid flashcard ID. Please try again.' or a validation message; 401 signed out;
 *   404 'Flashcard not found'
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { FLASHCARD_MESSAGES, FLASHCARD_SERVICE_MESSAGES } from "~/lib/flashcards";
import { apiSuccess, handleApi, methodNotAllowed, parseJsonBody } from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";
import {
  apiFlashcard,
  notFoundJson,
  requireFlashcardIdParam,
  updateBodySchema,
} from "~/routes/api.flashcards.server";
import { deleteFlashcard, getFlashcard, updateFlashcard } from "~/models/flashcards.server";

const ALLOW = "GET, PUT, DELETE";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return handleApi(FLASHCARD_SERVICE_MESSAGES.fetchOne, async () => {
    const { user } = await requireApiAuth(request, context);
    const id = requireFlashcardIdParam(params);
    const card = await getFlashcard(context.db, user.id, id);
    return card ? apiSuccess({ data: apiFlashcard(card) }) : notFoundJson();
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method === "PUT") {
    return handleApi(FLASHCARD_SERVICE_MESSAGES.update, async () => {
      const { user } = await requireApiAuth(request, context);
      const id = requireFlashcardIdParam(params);
      const input = await parseJsonBody(request, updateBodySchema(id));
      const card = await updateFlashcard(context.db, user.id, id, input);
      if (!card) return notFoundJson();
      return apiSuccess({ message: FLASHCARD_MESSAGES.updated, data: apiFlashcard(card) });
    });
  }
  if (request.method === "DELETE") {
    return handleApi(FLASHCARD_SERVICE_MESSAGES.delete, async () => {
      const { user } = await requireApiAuth(request, context);
      const id = requireFlashcardIdParam(params);
      if (!(await deleteFlashcard(context.db, user.id, id))) return notFoundJson();
      return apiSuccess({ message: FLASHCARD_MESSAGES.deleted, data: { id, _id: id } });
    });
  }
  return methodNotAllowed(ALLOW);
}

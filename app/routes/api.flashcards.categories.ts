/**
 * GET /api/flashcards/categories: the caller's categories, A-Z →
 * { success, data: { categories: [name…], details: [{ name, count, archivedCount }] } }.
 * `categories` is what a category picker lists (never 'All'); `count` is the
 * cards in the deck, `archivedCount` those archived.
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { FLASHCARD_SERVICE_MESSAGES } from "~/lib/flashcards";
import { apiSuccess, handleApi, methodNotAllowed } from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";
import { listCategories } from "~/models/flashcards.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(FLASHCARD_SERVICE_MESSAGES.categories, async () => {
    const { user } = await requireApiAuth(request, context);
    const details = await listCategories(context.db, user.id);
    return apiSuccess({
      data: { categories: details.map((category) => category.name), details },
    });
  });
}

export const action = () => methodNotAllowed("GET");

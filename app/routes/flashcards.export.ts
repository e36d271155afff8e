/**
 * GET /flashcards/export.csv?category=&includeArchived=1: the signed-in
 * learner's cards as a CSV download (question, answer, category), one
 * category or all, in the deck's order (app/lib/flashcard-csv.ts). Visitors
 * are sent to log in. A learner whose plan or trial has ended can still take
 * their cards away.
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { flashcardsToCsv } from "~/lib/flashcard-csv";
import { ALL_CATEGORIES, cleanCategory } from "~/lib/flashcards";
import { requireUser } from "~/models/auth.server";
import { allFlashcards } from "~/models/flashcards.server";
import { slug } from "~/lib/slug";

/** "Renal physiology" → "renal-physiology"; anything else becomes "flashcards". */
function fileSlug(category: string | null): string {
  const name = slug(category ?? "all")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  return name || "flashcards";
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireUser(request, context);
  const params = new URL(request.url).searchParams;
  const raw = cleanCategory(params.get("category") ?? "");
  const category = raw && raw !== ALL_CATEGORIES ? raw : null;
  const includeArchived = params.get("includeArchived") === "1";
  const cards = await allFlashcards(context.db, user.id, { category, includeArchived });
  const date = new Date().toISOString().slice(0, 10);
  return new Response(flashcardsToCsv(cards), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="medmentor-flashcards-${fileSlug(category)}-${date}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}

/**
 * Cards from elsewhere: a CSV file (question, answer, category; see
 * app/lib/flashcard-csv.ts) and the questions a learner missed in a quiz or
 * simulation. Both go through the same rules as a card made by hand
 * (flashcardSchema; the trial's allowance; one INSERT for all of them, in
 * addFlashcards) and both are shown to the learner before anything is saved.
 *
 * A CSV import is previewed first: every row is checked and the rows that
 * would be refused are listed with their reasons (a validation message, or a
 * card with the same question and answer already in the deck or earlier in
 * the file). Confirming sends the same file text back with the preview's
 * key; it is checked again, and each row's card carries the key and its row
 * number, so confirming twice imports once. A trial learner with room for
 * fewer cards than the file holds gets the first ones that fit; the rest are
 * reported as refused with the trial's limit message.
 */
import { and, eq, sql } from "drizzle-orm";
import { flashcards } from "~/db/schema";
import {
  type CsvCardRow,
  csvCardRows,
  isCsvError,
  type ImportPreview,
  type ImportRow,
} from "~/lib/flashcard-csv";
import {
  cleanCategory,
  DEFAULT_CATEGORY,
  type FlashcardInput,
  flashcardSchema,
  FLASHCARD_LIMITS,
  type QuizDrafts,
} from "~/lib/flashcards";
import { OPTION_LETTERS } from "~/lib/assessments";
import { BUY_SUBSCRIPTION_MESSAGE, trialExhaustedMessage } from "~/lib/usage-messages";
import { getAttempt } from "./assessment-attempts.server";
import { attemptResults } from "./assessment-scoring.server";
import {
  type AccessRefusal,
  addFlashcards,
  type FlashcardDeps,
  type NewCard,
} from "./flashcards.server";
import { checkFeature } from "./usage.server";

export const IMPORT_MESSAGES = {
  duplicateInDeck: "A card with this question and answer is already in your deck.",
  duplicateInFile: "The same question and answer appear earlier in this file.",
  imported: (count: number) =>
    count === 1 ? "1 card imported." : `${count.toLocaleString("en-IN")} cards imported.`,
  notImported: (count: number) =>
    count === 1
      ? "1 row was not imported."
      : `${count.toLocaleString("en-IN")} rows were not imported.`,
  nothingImported: "No cards were imported.",
  keyMissing: "This import has expired. Please choose the file again.",
} as const;

export type ImportCheck = {
  rows: ImportRow[];
  /** The rows that pass, as cards. */
  cards: Array<FlashcardInput & { row: number }>;
};

/** A row's identity for spotting duplicates: question and answer, ignoring case and spacing. */
function sameCard(question: string, answer: string): string {
  const squash = (text: string) => text.replace(/\s+/g, " ").trim().toLowerCase();
  return `${squash(question)}\u0000${squash(answer)}`;
}

/** Rows whose question and answer already stand on a card of the learner's (one read). */
async function duplicatesInDeck(
  deps: FlashcardDeps,
  userId: string,
  cards: FlashcardInput[],
): Promise<Set<string>> {
  if (cards.length === 0) return new Set();
  const questions = [...new Set(cards.map((card) => card.question))];
  const rows = await deps.db
    .select({ question: flashcards.question, answer: flashcards.answer })
    .from(flashcards)
    .where(
      and(
        eq(flashcards.userId, userId),
        sql`${flashcards.question} IN (SELECT value FROM json_each(${JSON.stringify(questions)}))`,
      ),
    );
  return new Set(rows.map((row) => sameCard(row.question, row.answer)));
}

/** Checks every row with the single-card rules, then for duplicates. */
async function checkImportRows(
  deps: FlashcardDeps,
  userId: string,
  rows: CsvCardRow[],
): Promise<ImportCheck> {
  const checked = rows.map((row) => {
    const parsed = flashcardSchema.safeParse({
      question: row.question,
      answer: row.answer,
      category: row.category.trim() === "" ? DEFAULT_CATEGORY : row.category,
    });
    const problems = parsed.success
      ? []
      : [...new Set(parsed.error.issues.map((issue) => issue.message))];
    return { row, parsed: parsed.success ? parsed.data : null, problems };
  });
  const valid = checked.flatMap((entry) => (entry.parsed ? [entry.parsed] : []));
  const inDeck = await duplicatesInDeck(deps, userId, valid);
  const seen = new Set<string>();
  const cards: ImportCheck["cards"] = [];
  const result: ImportRow[] = checked.map(({ row, parsed, problems }) => {
    if (parsed) {
      const identity = sameCard(parsed.question, parsed.answer);
      if (inDeck.has(identity)) problems.push(IMPORT_MESSAGES.duplicateInDeck);
      else if (seen.has(identity)) problems.push(IMPORT_MESSAGES.duplicateInFile);
      else cards.push({ ...parsed, row: row.row });
      seen.add(identity);
    }
    return {
      row: row.row,
      question: parsed?.question ?? row.question.trim(),
      answer: parsed?.answer ?? row.answer.trim(),
      category: parsed?.category ?? (cleanCategory(row.category) || DEFAULT_CATEGORY),
      problems,
    };
  });
  return { rows: result, cards };
}

export type ImportFailure = { ok: false; message: string };

function csvProblem(error: unknown): ImportFailure {
  if (isCsvError(error)) {
    return { ok: false, message: error.message };
  }
  throw error;
}

/** The preview of a CSV file's text: every row, why any would be refused, and the room left. */
export async function previewImport(
  deps: FlashcardDeps,
  userId: string,
  text: string,
): Promise<({ ok: true } & ImportPreview) | ImportFailure> {
  let rows: CsvCardRow[];
  try {
    rows = csvCardRows(text);
  } catch (error) {
    return csvProblem(error);
  }
  const [checked, access] = await Promise.all([
    checkImportRows(deps, userId, rows),
    checkFeature(deps.usage, userId, "flashcards"),
  ]);
  const room = access.hasAccess ? access.remaining : 0;
  const limited = room !== -1 && room < checked.cards.length;
  return {
    ok: true,
    rows: checked.rows,
    importable: checked.cards.length,
    room,
    limitMessage: !limited
      ? null
      : access.accessType === "none"
        ? BUY_SUBSCRIPTION_MESSAGE
        : trialExhaustedMessage("flashcards"),
  };
}

export type ImportResult = {
  ok: true;
  imported: number;
  /** Rows an earlier confirm of the same import already made. */
  alreadyImported: number;
  /** Rows refused: checked out, or over the allowance (with the refusal's message). */
  refused: Array<{ row: number; problems: string[] }>;
  refusal: AccessRefusal | null;
};

/** Imports a CSV file's text (the same text the preview showed) under the preview's key. */
export async function importFlashcards(
  deps: FlashcardDeps,
  userId: string,
  text: string,
  importKey: string,
): Promise<ImportResult | ImportFailure> {
  let rows: CsvCardRow[];
  try {
    rows = csvCardRows(text);
  } catch (error) {
    return csvProblem(error);
  }
  // Rows already imported by an earlier confirm of this import count as done, not duplicates.
  const keyOf = (row: number) => `import:${importKey}:${row}`;
  const checked = await checkImportRows(deps, userId, rows);
  const added = await addFlashcards(
    deps,
    userId,
    checked.cards.map((card) => ({ ...card, key: keyOf(card.row) })),
    "import",
  );
  const earlier = await earlierImportRows(deps, userId, importKey);
  const overLimit = new Set(added.overLimit);
  const refused = checked.rows.flatMap((row) => {
    if (earlier.has(row.row)) return [];
    if (overLimit.has(keyOf(row.row))) {
      return [{ row: row.row, problems: [added.refusal?.message ?? ""] }];
    }
    return row.problems.length ? [{ row: row.row, problems: row.problems }] : [];
  });
  return {
    ok: true,
    imported: added.created.length,
    alreadyImported: earlier.size - added.created.length,
    refused,
    refusal: added.refusal,
  };
}

/** The rows of this import that are cards now (made by this confirm or an earlier one). */
async function earlierImportRows(
  deps: FlashcardDeps,
  userId: string,
  importKey: string,
): Promise<Set<number>> {
  const prefix = `import:${importKey}:`;
  const rows = await deps.db
    .select({ key: flashcards.clientKey })
    .from(flashcards)
    .where(
      and(
        eq(flashcards.userId, userId),
        sql`${flashcards.clientKey} >= ${prefix} AND ${flashcards.clientKey} < ${`${prefix}\uffff`}`,
      ),
    );
  return new Set(rows.map((row) => Number(row.key?.slice(prefix.length))));
}

/** The toast after an import: how many were imported, and how many rows were not. */
export function importSummary(result: ImportResult): string {
  const parts = [
    result.imported > 0 || result.alreadyImported > 0
      ? IMPORT_MESSAGES.imported(result.imported + result.alreadyImported)
      : IMPORT_MESSAGES.nothingImported,
  ];
  if (result.refused.length > 0) parts.push(IMPORT_MESSAGES.notImported(result.refused.length));
  if (result.refusal && result.refused.some((row) => row.problems[0] === result.refusal?.message)) {
    parts.push(result.refusal.message);
  }
  return parts.join(" ");
}

// ---------------------------------------------------------------------------
// From a quiz or simulation's results.

const cut = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;

function quizDraftKey(attemptId: string, index: number): string {
  return `quiz:${attemptId}:${index}`;
}

/**
 * Cards proposed for the questions the learner missed in a finished attempt
 * (theirs only): the question from the stem (a simulation's with the
 * patient's history), the answer from the correct option and why it is
 * right, the category from the topic. Null when there is no such attempt.
 */
export async function quizDrafts(
  deps: FlashcardDeps,
  userId: string,
  attemptId: string,
): Promise<QuizDrafts | null> {
  const attempt = await getAttempt(deps, userId, attemptId);
  const results = attempt ? attemptResults(attempt) : null;
  if (!attempt || !results) return null;
  const missed = results.items.filter((item) => !item.correct);
  const keys = missed.map((item) => quizDraftKey(attempt.id, item.index));
  const saved = keys.length
    ? await deps.db
        .select({ key: flashcards.clientKey })
        .from(flashcards)
        .where(
          and(
            eq(flashcards.userId, userId),
            sql`${flashcards.clientKey} IN (SELECT value FROM json_each(${JSON.stringify(keys)}))`,
          ),
        )
    : [];
  const savedKeys = new Set(saved.map((row) => row.key));
  const category = cut(cleanCategory(attempt.topic), FLASHCARD_LIMITS.maxCategory);
  return {
    attemptId: attempt.id,
    kind: attempt.kind,
    topic: attempt.topic,
    drafts: missed.map((item) => {
      const stem = item.case ? `${item.case.history}\n\n${item.question}` : item.question;
      const letter = OPTION_LETTERS[item.correctIndex];
      const answer = `${letter}. ${item.options[item.correctIndex]}\n\n${item.explanations[item.correctIndex]}`;
      return {
        index: item.index,
        question: cut(stem, FLASHCARD_LIMITS.maxQuestion),
        answer: cut(answer, FLASHCARD_LIMITS.maxAnswer),
        category: category.length >= FLASHCARD_LIMITS.minCategory ? category : DEFAULT_CATEGORY,
        saved: savedKeys.has(quizDraftKey(attempt.id, item.index)),
      };
    }),
  };
}

/** A draft the learner approved, as they left it. */
export type ApprovedDraft = { index: number; question: string; answer: string; category: string };

export type SaveDraftsResult =
  | { status: "not-found" }
  | { status: "invalid"; errors: Record<number, string[]> }
  | {
      status: "saved";
      saved: number;
      alreadySaved: number;
      overLimit: number;
      refusal: AccessRefusal | null;
    };

/**
 * Saves the approved drafts of an attempt's missed questions as cards,
 * checked like any card; nothing is saved while one of them fails a check.
 * Saving the same question of the same attempt again makes no second card.
 */
export async function saveQuizDrafts(
  deps: FlashcardDeps,
  userId: string,
  attemptId: string,
  approved: ApprovedDraft[],
): Promise<SaveDraftsResult> {
  const proposal = await quizDrafts(deps, userId, attemptId);
  if (!proposal) return { status: "not-found" };
  const missed = new Set(proposal.drafts.map((draft) => draft.index));
  const errors: Record<number, string[]> = {};
  const cards: NewCard[] = [];
  for (const draft of approved) {
    if (!missed.has(draft.index)) continue;
    const parsed = flashcardSchema.safeParse(draft);
    if (!parsed.success) {
      errors[draft.index] = [...new Set(parsed.error.issues.map((issue) => issue.message))];
    } else {
      cards.push({ ...parsed.data, key: quizDraftKey(attemptId, draft.index) });
    }
  }
  if (Object.keys(errors).length > 0) return { status: "invalid", errors };
  const added = await addFlashcards(deps, userId, cards, "quiz");
  return {
    status: "saved",
    saved: added.created.length,
    alreadySaved: added.existing.length,
    overLimit: added.overLimit.length,
    refusal: added.refusal,
  };
}

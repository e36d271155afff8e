/**
 * A learner's flashcards in D1: the deck, its categories, and
 * creating, editing, archiving and deleting cards. Every function is for one
 * owner: someone else's card behaves exactly like one that does not exist.
 * The screen (JavaScript on or off), the JSON API, CSV import and the quiz
 * results all call these functions; the rules live here once.
 *
 * Order: the deck is in the order cards were made (oldest first; rowid breaks
 * ties, so an import keeps its file's order). Categories are matched without
 * regard to case when a card is stored: "cardiology" joins an existing
 * "Cardiology" rather than starting a second category.
 *
 * Creating (addFlashcards) counts against the `flashcards` feature: trial
 * learners have 5 uses, subscribers create freely,
 * and learners with neither are refused ('Buy Subscription to access this
 * feature'). Uses are reserved in the learner's usage object before the
 * cards are written, committed once they are, released when they are not.
 * Each card carries the key of the request that made it, so a retried
 * request finds its cards instead of making (and paying for) them again.
 */
import { and, asc, count, eq, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { placeholder, prebuilt, prebuiltShapes } from "~/db/prebuilt.server";
import { flashcards } from "~/db/schema";
import {
  CARD_STATES,
  type CategorySummary,
  cleanCategory,
  DEFAULT_CATEGORY,
  type Flashcard,
  FLASHCARD_LIMITS,
  FLASHCARD_MESSAGES,
  type FlashcardEdit,
  type FlashcardInput,
} from "~/lib/flashcards";
import { BUY_SUBSCRIPTION_MESSAGE } from "~/lib/usage-messages";
import type { AppContext } from "~/load-context";
import type { AccessRefusal } from "./assessment-access.server";
import {
  checkFeature,
  commitUse,
  releaseUse,
  reserveUse,
  type UsageDeps,
  usageDeps,
  type UseDenied,
  subscriberKeepsAccessIfMeterFails,
} from "./usage.server";

export type FlashcardDeps = { db: Database; usage: UsageDeps; now: () => number };

export function flashcardDeps(context: AppContext, now: () => number = Date.now): FlashcardDeps {
  return { db: context.db, usage: usageDeps(context, now), now };
}

type Row = typeof flashcards.$inferSelect;

export function toFlashcard(row: Row): Flashcard {
  return {
    id: row.id,
    question: row.question,
    answer: row.answer,
    category: row.category,
    isArchived: row.isArchived,
    source: row.source,
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
    study: {
      state: CARD_STATES[row.state] ?? "new",
      isNew: row.isNew,
      due: row.due.getTime(),
      lastReview: row.lastReview?.getTime() ?? null,
      reps: row.reps,
      lapses: row.lapses,
      stability: row.stability,
      difficulty: row.difficulty,
      scheduledDays: row.scheduledDays,
      learningSteps: row.learningSteps,
    },
  };
}

// ---------------------------------------------------------------------------
// Reading.

/** Which cards: one category or all (null), matching a search, the deck or the archive. */
export type FlashcardFilter = {
  category?: string | null;
  search?: string;
  archived?: boolean;
};

/** `%` and `_` typed by a learner are searched for, not wildcards. */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
}

/** A filter's conditions, with values or with placeholders (a prebuilt shape). */
type FilterConditions = {
  userId: string | Placeholder;
  category: string | Placeholder | null;
  pattern: string | Placeholder | null;
  archived: boolean;
};

function whereOf(filter: FilterConditions): SQL {
  const conditions: SQL[] = [
    eq(flashcards.userId, filter.userId),
    eq(flashcards.isArchived, filter.archived),
  ];
  if (filter.category !== null) conditions.push(eq(flashcards.category, filter.category));
  const pattern = filter.pattern;
  if (pattern !== null) {
    conditions.push(
      sql`(${flashcards.question} LIKE ${pattern} ESCAPE '\\' OR ${flashcards.answer} LIKE ${pattern} ESCAPE '\\' OR ${flashcards.category} LIKE ${pattern} ESCAPE '\\')`,
    );
  }
  return and(...conditions)!;
}

/** The filter read as values: which conditions it has, and what they compare with. */
function filterValues(userId: string, filter: FlashcardFilter) {
  const search = filter.search?.trim();
  return {
    userId,
    category: filter.category || null,
    pattern: search ? likePattern(search) : null,
    archived: filter.archived ?? false,
  };
}

function filterWhere(userId: string, filter: FlashcardFilter): SQL {
  return whereOf(filterValues(userId, filter));
}

/**
 * A filter as a prebuilt shape: its key (which conditions), the conditions
 * with placeholders, and the values to bind (db/prebuilt.server.ts).
 */
function filterShape(userId: string, filter: FlashcardFilter) {
  const values = filterValues(userId, filter);
  return {
    key: `${values.category === null ? "-" : "c"}${values.pattern === null ? "-" : "s"}${values.archived ? "a" : "-"}`,
    conditions: {
      userId: placeholder("userId"),
      category: values.category === null ? null : placeholder("category"),
      pattern: values.pattern === null ? null : placeholder("pattern"),
      archived: values.archived,
    } satisfies FilterConditions,
    values,
  };
}

/** The deck's order: as made, oldest first. */
const DECK_ORDER = [asc(flashcards.createdAt), sql`rowid`] as const;

function cardsSelect(
  db: Database,
  where: SQL,
  offset: number | Placeholder,
  limit: number | Placeholder,
) {
  return db
    .select()
    .from(flashcards)
    .where(where)
    .orderBy(...DECK_ORDER)
    .limit(limit)
    .offset(offset);
}

/** Cards offset…offset+limit of a filter, in deck order (batchable). */
function cardsQuery(
  db: Database,
  userId: string,
  filter: FlashcardFilter,
  offset: number,
  limit: number,
) {
  return cardsSelect(db, filterWhere(userId, filter), offset, limit);
}

const countSelect = (db: Database, where: SQL) =>
  db.select({ total: count() }).from(flashcards).where(where);

/** How many cards match a filter (batchable). */
function countQuery(db: Database, userId: string, filter: FlashcardFilter) {
  return countSelect(db, filterWhere(userId, filter));
}

const CARDS = prebuiltShapes((db, conditions: FilterConditions) =>
  cardsSelect(db, whereOf(conditions), placeholder("offset"), placeholder("limit")),
);
const COUNT = prebuiltShapes((db, conditions: FilterConditions) =>
  countSelect(db, whereOf(conditions)),
);

/** cardsQuery built once per filter shape: the statement for a D1 batch and its rows. */
export function cardsStatement(
  db: Database,
  userId: string,
  filter: FlashcardFilter,
  offset: number,
  limit: number,
) {
  const shape = filterShape(userId, filter);
  const query = CARDS(shape.key, shape.conditions);
  return {
    statement: query.bind(db, { ...shape.values, offset, limit }),
    rows: (result: D1Result | undefined) => query.rows(db, result),
  };
}

/** countQuery built once per filter shape: the statement and how many matched. */
export function countStatement(db: Database, userId: string, filter: FlashcardFilter) {
  const shape = filterShape(userId, filter);
  const query = COUNT(shape.key, shape.conditions);
  return {
    statement: query.bind(db, shape.values),
    total: (result: D1Result | undefined) => query.rows(db, result)[0]?.total ?? 0,
  };
}

export type FlashcardPage = { flashcards: Flashcard[]; total: number };

/** One page of a filter's cards and how many match in all, read together. */
export async function listFlashcards(
  db: Database,
  userId: string,
  filter: FlashcardFilter,
  page: { offset: number; limit: number },
): Promise<FlashcardPage> {
  const [rows, [counted]] = await db.batch([
    cardsQuery(db, userId, filter, page.offset, page.limit),
    countQuery(db, userId, filter),
  ]);
  return { flashcards: rows.map(toFlashcard), total: counted?.total ?? 0 };
}

export function cardByIdQuery(
  db: Database,
  userId: string | Placeholder,
  id: string | Placeholder,
) {
  return db
    .select()
    .from(flashcards)
    .where(and(eq(flashcards.id, id), eq(flashcards.userId, userId)))
    .limit(1);
}

/** cardByIdQuery built once; bind `userId` and `id`. */
export const CARD_BY_ID = prebuilt((db) =>
  cardByIdQuery(db, placeholder("userId"), placeholder("id")),
);

export async function getFlashcard(
  db: Database,
  userId: string,
  id: string,
): Promise<Flashcard | null> {
  const [row] = await cardByIdQuery(db, userId, id);
  return row ? toFlashcard(row) : null;
}

/**
 * Where a card sits in a filter's deck (0-based), or null when it does not
 * match the filter: what the screen opens after a card is made or moved.
 */
export async function positionOf(
  db: Database,
  userId: string,
  filter: FlashcardFilter,
  id: string,
): Promise<number | null> {
  const [row] = await db
    .select({
      before: count(),
      matches: sql<number>`(SELECT count(*) FROM ${flashcards} WHERE ${and(filterWhere(userId, filter), eq(flashcards.id, id))})`,
    })
    .from(flashcards)
    .where(
      and(
        filterWhere(userId, filter),
        sql`(${flashcards.createdAt}, rowid) < (SELECT ${flashcards.createdAt}, rowid FROM ${flashcards} WHERE ${flashcards.id} = ${id} AND ${flashcards.userId} = ${userId})`,
      ),
    );
  return row && row.matches > 0 ? row.before : null;
}

/** Every category the learner has used, A-Z, with how many cards each holds. */
export async function listCategories(db: Database, userId: string): Promise<CategorySummary[]> {
  const rows = await categoriesQuery(db, userId);
  return categoriesFromRows(rows);
}

/** The read behind listCategories, for callers that batch it with their own. */
function categoriesQuery(db: Database, userId: string | Placeholder) {
  return db
    .select({ name: flashcards.category, isArchived: flashcards.isArchived, cards: count() })
    .from(flashcards)
    .where(eq(flashcards.userId, userId))
    .groupBy(flashcards.isArchived, flashcards.category);
}

/** categoriesQuery built once; bind `userId`. */
export const CATEGORIES = prebuilt((db) => categoriesQuery(db, placeholder("userId")));

export function categoriesFromRows(
  rows: Array<{ name: string; isArchived: boolean; cards: number }>,
): CategorySummary[] {
  const byName = new Map<string, CategorySummary>();
  for (const row of rows) {
    const entry = byName.get(row.name) ?? { name: row.name, count: 0, archivedCount: 0 };
    if (row.isArchived) entry.archivedCount += row.cards;
    else entry.count += row.cards;
    byName.set(row.name, entry);
  }
  return [...byName.values()].sort((a, b) =>
    a.name.localeCompare(b.name, "en", { sensitivity: "base" }),
  );
}

// ---------------------------------------------------------------------------
// Creating.

/** A card to add, and the key of the request that adds it. */
export type NewCard = FlashcardInput & { key: string };

/** Why a card was not made: 'Access Denied' or 'Limit Reached', as for quizzes. */
export type { AccessRefusal };

function refusalOf(denial: UseDenied): AccessRefusal {
  const none = denial.reason === "none";
  return {
    reason: none ? "none" : "limit",
    title: none ? FLASHCARD_MESSAGES.accessDeniedTitle : FLASHCARD_MESSAGES.limitTitle,
    message: denial.screenMessage || FLASHCARD_MESSAGES.limitFallback,
    denial,
  };
}

const NO_ACCESS: AccessRefusal = {
  reason: "none",
  title: FLASHCARD_MESSAGES.accessDeniedTitle,
  message: BUY_SUBSCRIPTION_MESSAGE,
  denial: null,
};

/** The account keeps the most cards it may. */
const STORAGE_FULL: AccessRefusal = {
  reason: "limit",
  title: FLASHCARD_MESSAGES.limitTitle,
  message: FLASHCARD_MESSAGES.storageFull,
  denial: null,
};

const LIMIT_REACHED: AccessRefusal = {
  reason: "limit",
  title: FLASHCARD_MESSAGES.limitTitle,
  message: FLASHCARD_MESSAGES.limitFallback,
  denial: null,
};

export type AddResult = {
  /** Cards made by this call, in the order given. */
  created: Flashcard[];
  /** Cards an earlier call with the same keys already made, in the order given. */
  existing: Flashcard[];
  /** Keys left out because the learner's allowance had no room for them. */
  overLimit: string[];
  /** Why cards were left out (set whenever overLimit is not empty). */
  refusal: AccessRefusal | null;
};

type Allowance = { take: number; reservationId: string | null } | { refusal: AccessRefusal };

/**
 * Reserves uses for up to `wanted` cards: all of them for a subscriber (or
 * when the usage object cannot be reached, for a subscriber only), as many
 * as are left for a trial learner.
 */
async function reserveCards(
  deps: FlashcardDeps,
  userId: string,
  wanted: number,
): Promise<Allowance> {
  return subscriberKeepsAccessIfMeterFails(
    deps,
    userId,
    async (): Promise<Allowance> => {
      let take = wanted;
      if (wanted > 1) {
        const check = await checkFeature(deps.usage, userId, "flashcards", 1);
        if (!check.hasAccess)
          return { refusal: check.denial ? refusalOf(check.denial) : NO_ACCESS };
        if (check.remaining !== -1) take = Math.min(wanted, check.remaining);
      }
      const reserved = await reserveUse(
        deps.usage,
        userId,
        "flashcards",
        `flashcards:${crypto.randomUUID()}`,
        take,
      );
      if (!reserved.ok) return { refusal: refusalOf(reserved) };
      return { take, reservationId: reserved.reservationId };
    },
    () => ({ take: wanted, reservationId: null }),
  );
}

function cardsByKeysQuery(db: Database, userId: string, keys: string[]) {
  return db
    .select()
    .from(flashcards)
    .where(
      and(
        eq(flashcards.userId, userId),
        sql`${flashcards.clientKey} IN (SELECT value FROM json_each(${JSON.stringify(keys)}))`,
      ),
    );
}

/**
 * One INSERT for every card (so the cards are all written or none are). A
 * category already in use under another case is taken as it is spelled there.
 * Cards that would take the account past its ceiling are not written at all;
 * the count is read inside the statement, so concurrent adds cannot pass it.
 */
function insertCardsStatement(
  db: Database,
  userId: string,
  cards: Array<NewCard & { id: string }>,
  source: Flashcard["source"],
  now: number,
) {
  const rows = JSON.stringify(
    cards.map((card) => ({
      id: card.id,
      question: card.question,
      answer: card.answer,
      category: card.category,
      key: card.key,
    })),
  );
  // Every column, in the schema's order (an INSERT … SELECT names them all).
  return db
    .insert(flashcards)
    .select(
      sql`
        SELECT
          json_extract(value, '$.id'), ${userId}, json_extract(value, '$.question'),
          json_extract(value, '$.answer'),
          coalesce(
            (SELECT existing.category FROM ${flashcards} AS existing
              WHERE existing.user_id = ${userId}
                AND existing.category = json_extract(value, '$.category') COLLATE NOCASE
              LIMIT 1),
            json_extract(value, '$.category')),
          0, ${source}, json_extract(value, '$.key'),
          1, ${now}, 0, 0, 0, 0, 0, 0, 0, NULL, NULL, 0, ${now}, ${now}
        FROM json_each(${rows})
        WHERE (SELECT count(*) FROM ${flashcards} AS mine WHERE mine.user_id = ${userId})
          + json_array_length(${rows}) <= ${FLASHCARD_LIMITS.maxCardsPerAccount}
        ORDER BY key`,
    )
    .onConflictDoNothing()
    .returning({ id: flashcards.id });
}

/** Within one request, "renal" and "Renal" are one category, spelled as it first appears. */
function sameCategorySpelling<T extends { category: string }>(cards: T[]): T[] {
  const spelling = new Map<string, string>();
  return cards.map((card) => {
    const category = cleanCategory(card.category) || DEFAULT_CATEGORY;
    const key = category.toLowerCase();
    if (!spelling.has(key)) spelling.set(key, category);
    return { ...card, category: spelling.get(key)! };
  });
}

/**
 * Adds cards (already validated with flashcardSchema) in the order given.
 * Cards whose key an earlier request used are not made again; for the rest
 * the learner's allowance is reserved first. A trial learner with room for
 * fewer than asked gets the first ones that fit; the others are listed in
 * `overLimit` with the refusal. Everything this call makes is one statement.
 */
export async function addFlashcards(
  deps: FlashcardDeps,
  userId: string,
  cards: NewCard[],
  source: Flashcard["source"] = "manual",
): Promise<AddResult> {
  if (cards.length === 0) return { created: [], existing: [], overLimit: [], refusal: null };
  const keys = cards.map((card) => card.key);
  const existingRows = await cardsByKeysQuery(deps.db, userId, keys);
  const existingByKey = new Map(existingRows.map((row) => [row.clientKey, toFlashcard(row)]));
  const fresh = sameCategorySpelling(cards.filter((card) => !existingByKey.has(card.key)));
  const inOrder = (byKey: Map<string | null, Flashcard>) =>
    keys.flatMap((key) => (byKey.has(key) ? [byKey.get(key)!] : []));
  if (fresh.length === 0) {
    return { created: [], existing: inOrder(existingByKey), overLimit: [], refusal: null };
  }

  const allowance = await reserveCards(deps, userId, fresh.length);
  if ("refusal" in allowance) {
    return {
      created: [],
      existing: inOrder(existingByKey),
      overLimit: fresh.map((card) => card.key),
      refusal: allowance.refusal,
    };
  }
  const taken = fresh
    .slice(0, allowance.take)
    .map((card) => ({ ...card, id: crypto.randomUUID() }));
  const left = fresh.slice(allowance.take).map((card) => card.key);
  const now = deps.now();
  let inserted: { id: string }[];
  let rows: Row[];
  try {
    [inserted, rows] = await deps.db.batch([
      insertCardsStatement(deps.db, userId, taken, source, now),
      cardsByKeysQuery(
        deps.db,
        userId,
        taken.map((card) => card.key),
      ),
    ]);
  } catch (error) {
    if (allowance.reservationId) await releaseUse(deps.usage, userId, allowance.reservationId);
    throw error;
  }
  await settle(deps, userId, allowance.reservationId, taken.length, inserted.length);
  if (inserted.length === 0 && rows.length < taken.length) {
    // Neither written here nor by a racing request: the account is full. Nothing was kept.
    return {
      created: [],
      existing: inOrder(existingByKey),
      overLimit: fresh.map((card) => card.key),
      refusal: STORAGE_FULL,
    };
  }

  const insertedIds = new Set(inserted.map((row) => row.id));
  const createdByKey = new Map<string | null, Flashcard>();
  for (const row of rows) {
    // A request racing this one with the same keys made these: theirs, not ours.
    if (insertedIds.has(row.id)) createdByKey.set(row.clientKey, toFlashcard(row));
    else existingByKey.set(row.clientKey, toFlashcard(row));
  }
  let refusal: AccessRefusal | null = null;
  if (left.length > 0) {
    const check = await checkFeature(deps.usage, userId, "flashcards").catch(() => null);
    refusal = check?.denial ? refusalOf(check.denial) : LIMIT_REACHED;
  }
  return {
    created: inOrder(createdByKey),
    existing: inOrder(existingByKey),
    overLimit: left,
    refusal,
  };
}

/**
 * Makes the uses final for the cards written. When a racing request with the
 * same keys wrote some of them first, this request's reservation is bigger
 * than what it made: it is given back and what was made is reserved anew.
 */
async function settle(
  deps: FlashcardDeps,
  userId: string,
  reservationId: string | null,
  reserved: number,
  made: number,
) {
  if (!reservationId) return;
  if (made === reserved) {
    await commitUse(deps.usage, userId, reservationId);
    return;
  }
  await releaseUse(deps.usage, userId, reservationId);
  if (made === 0) return;
  const again = await reserveUse(
    deps.usage,
    userId,
    "flashcards",
    `flashcards:${crypto.randomUUID()}`,
    made,
  );
  if (again.ok) await commitUse(deps.usage, userId, again.reservationId);
  else console.error("[flashcards] could not count cards made by a racing request", { made });
}

export type CreateResult =
  { ok: true; flashcard: Flashcard; created: boolean } | ({ ok: false } & AccessRefusal);

/** One card (checked with flashcardSchema first). The same key again answers the same card. */
export async function createFlashcard(
  deps: FlashcardDeps,
  userId: string,
  input: FlashcardInput,
  options: { key?: string | null; source?: Flashcard["source"] } = {},
): Promise<CreateResult> {
  const key = options.key || crypto.randomUUID();
  const result = await addFlashcards(deps, userId, [{ ...input, key }], options.source);
  const made = result.created[0];
  if (made) return { ok: true, flashcard: made, created: true };
  const found = result.existing[0];
  if (found) return { ok: true, flashcard: found, created: false };
  return { ok: false, ...(result.refusal ?? NO_ACCESS) };
}

// ---------------------------------------------------------------------------
// Changing.

/**
 * Edits a card's question, answer and (when given) category; null
 * when it is not the learner's. The card keeps its study state.
 */
export async function updateFlashcard(
  db: Database,
  userId: string,
  id: string,
  input: FlashcardEdit,
  now: number = Date.now(),
): Promise<Flashcard | null> {
  const category = input.category === undefined ? undefined : cleanCategory(input.category);
  const [row] = await db
    .update(flashcards)
    .set({
      question: input.question,
      answer: input.answer,
      ...(category
        ? {
            category: sql`coalesce((SELECT existing.category FROM ${flashcards} AS existing WHERE existing.user_id = ${userId} AND existing.id != ${id} AND existing.category = ${category} COLLATE NOCASE LIMIT 1), ${category})`,
          }
        : {}),
      updatedAt: new Date(now),
    })
    .where(and(eq(flashcards.id, id), eq(flashcards.userId, userId)))
    .returning();
  return row ? toFlashcard(row) : null;
}

/** Archives (out of the deck and reviews) or restores a card; null when it is not the learner's. */
export async function setFlashcardArchived(
  db: Database,
  userId: string,
  id: string,
  isArchived: boolean,
  now: number = Date.now(),
): Promise<Flashcard | null> {
  const [row] = await db
    .update(flashcards)
    .set({ isArchived, updatedAt: new Date(now) })
    .where(and(eq(flashcards.id, id), eq(flashcards.userId, userId)))
    .returning();
  return row ? toFlashcard(row) : null;
}

/** Deletes a card and its review history; false when it is not the learner's. */
export async function deleteFlashcard(db: Database, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(flashcards)
    .where(and(eq(flashcards.id, id), eq(flashcards.userId, userId)))
    .returning({ id: flashcards.id });
  return deleted.length > 0;
}

/** Every card of a filter in deck order, for export (one read). */
export async function allFlashcards(
  db: Database,
  userId: string,
  filter: { category?: string | null; includeArchived?: boolean },
): Promise<Flashcard[]> {
  const conditions: SQL[] = [eq(flashcards.userId, userId)];
  if (!filter.includeArchived) conditions.push(eq(flashcards.isArchived, false));
  if (filter.category) conditions.push(eq(flashcards.category, filter.category));
  const rows = await db
    .select()
    .from(flashcards)
    .where(and(...conditions))
    .orderBy(...DECK_ORDER);
  return rows.map(toFlashcard);
}

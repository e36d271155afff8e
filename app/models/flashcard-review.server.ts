/**
 * Spaced repetition for flashcards with FSRS (ts-fsrs): the review queue,
 * grading a card Again / Hard / Good / Easy, and the learner's desired
 * retention (docs/decisions/025-flashcards-and-spaced-repetition.md).
 *
 * The queue shows cards that are due first (earliest due first), then cards
 * never studied, in the order they were made. A grade moves a card once:
 * the card's `version` is compared and set, and the review log row is
 * written in the same batch only when that update happened. The grade's
 * client review id is unique per learner, so the same grade sent again (a
 * retried request, a double click) answers the first result and schedules
 * nothing more.
 */
import { and, asc, count, eq, gt, lte, min, type Placeholder, sql } from "drizzle-orm";
import { type Card as FsrsCard, type CardInput, fsrs, type Grade, type State } from "ts-fsrs";
import type { Database } from "~/db/client.server";
import { placeholder, prebuilt, prebuiltShapes } from "~/db/prebuilt.server";
import { flashcardReviews, flashcards, flashcardSettings } from "~/db/schema";
import {
  CARD_STATES,
  type CardState,
  type Flashcard,
  GRADE_RATING,
  type GradePreview,
  GRADES,
  type GradeName,
  RETENTION,
  type ReviewCounts,
} from "~/lib/flashcards";
import { IST_OFFSET_MS } from "~/lib/usage-window";
import { cardByIdQuery, toFlashcard } from "./flashcards.server";

/** The scheduler for a desired retention. Fuzz is off, so the intervals a grade button shows are the ones it gives. */
function scheduler(desiredRetention: number) {
  return fsrs({ request_retention: desiredRetention, enable_fuzz: false });
}

function fsrsCard(card: Flashcard): CardInput {
  const study = card.study;
  return {
    due: new Date(study.due),
    stability: study.stability,
    difficulty: study.difficulty,
    // ts-fsrs works the elapsed days out from last_review itself.
    elapsed_days: 0,
    scheduled_days: study.scheduledDays,
    learning_steps: study.learningSteps,
    reps: study.reps,
    lapses: study.lapses,
    state: CARD_STATES.indexOf(study.state) as State,
    last_review: study.lastReview === null ? null : new Date(study.lastReview),
  };
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A gap as a grade button shows it: "1 min", "10 min", "3 h", "4 d", "2.5 mo", "1.2 y". */
export function intervalLabel(ms: number): string {
  if (ms < HOUR) return `${Math.max(1, Math.round(ms / MINUTE))} min`;
  if (ms < DAY) return `${Math.round(ms / HOUR)} h`;
  const days = ms / DAY;
  if (days < 30) return `${Math.round(days)} d`;
  if (days < 365) return `${(days / 30).toFixed(1).replace(/\.0$/, "")} mo`;
  return `${(days / 365).toFixed(1).replace(/\.0$/, "")} y`;
}

/** When each grade would schedule the card next, as the grade buttons show it. */
export function previewGrades(
  card: Flashcard,
  desiredRetention: number,
  now: number,
): GradePreview[] {
  const preview = scheduler(desiredRetention).repeat(fsrsCard(card), new Date(now));
  return GRADES.map((grade) => {
    const due = preview[GRADE_RATING[grade] as Grade].card.due.getTime();
    return { grade, due, interval: intervalLabel(due - now) };
  });
}

// ---------------------------------------------------------------------------
// Settings.

function settingsQuery(db: Database, userId: string | Placeholder) {
  return db
    .select({ desiredRetention: flashcardSettings.desiredRetention })
    .from(flashcardSettings)
    .where(eq(flashcardSettings.userId, userId))
    .limit(1);
}

/** settingsQuery built once; bind `userId`. */
export const SETTINGS = prebuilt((db) => settingsQuery(db, placeholder("userId")));

export async function getDesiredRetention(db: Database, userId: string): Promise<number> {
  const [row] = await settingsQuery(db, userId);
  return row?.desiredRetention ?? RETENTION.default;
}

/** Stores the learner's desired retention (checked with retentionSchema first). */
export async function setDesiredRetention(
  db: Database,
  userId: string,
  desiredRetention: number,
  now: number = Date.now(),
): Promise<number> {
  await db
    .insert(flashcardSettings)
    .values({ userId, desiredRetention, updatedAt: new Date(now) })
    .onConflictDoUpdate({
      target: flashcardSettings.userId,
      set: { desiredRetention, updatedAt: new Date(now) },
    });
  return desiredRetention;
}

// ---------------------------------------------------------------------------
// The queue.

/** The end of the India-time day holding `now` (the app's day, as for usage windows). */
export function endOfDay(now: number): number {
  return Math.floor((now + IST_OFFSET_MS) / DAY) * DAY + DAY - IST_OFFSET_MS;
}

/** A value, or a placeholder where a prebuilt query takes it (db/prebuilt.server.ts). */
type Bound<T> = T | Placeholder;

function queueWhere(userId: Bound<string>, category: Bound<string> | null) {
  const conditions = [eq(flashcards.userId, userId), eq(flashcards.isArchived, false)];
  if (category !== null) conditions.push(eq(flashcards.category, category));
  return conditions;
}

/** The queue's two reads. */
function queueSelects(
  db: Database,
  userId: Bound<string>,
  category: Bound<string> | null,
  now: Bound<Date>,
  limit: Bound<number>,
) {
  const base = queueWhere(userId, category);
  return [
    db
      .select()
      .from(flashcards)
      .where(and(...base, eq(flashcards.isNew, false), lte(flashcards.due, now)))
      .orderBy(asc(flashcards.due), sql`rowid`)
      .limit(limit),
    db
      .select()
      .from(flashcards)
      .where(and(...base, eq(flashcards.isNew, true)))
      .orderBy(asc(flashcards.due), sql`rowid`)
      .limit(limit),
  ] as const;
}

/** The first `limit` cards of the review queue (due first, then new), batchable. */
function queueQueries(
  db: Database,
  userId: string,
  category: string | null,
  now: number,
  limit: number,
) {
  return queueSelects(db, userId, category, new Date(now), limit);
}

/** The counts' four reads (`now` and `dayStart` compared in SQL as milliseconds). */
function countSelects(
  db: Database,
  userId: Bound<string>,
  category: Bound<string> | null,
  times: { now: Bound<number>; nowDate: Bound<Date>; dayStart: Bound<number>; dayEnd: Bound<Date> },
) {
  const base = queueWhere(userId, category);
  const studied = and(...base, eq(flashcards.isNew, false));
  return [
    db
      .select({
        dueNow: sql<number>`coalesce(sum(${flashcards.due} <= ${times.now}), 0)`,
        dueToday: count(),
      })
      .from(flashcards)
      .where(and(studied, lte(flashcards.due, times.dayEnd))),
    db
      .select({ newCount: count() })
      .from(flashcards)
      .where(and(...base, eq(flashcards.isNew, true))),
    db
      .select({ nextDueAt: min(flashcards.due) })
      .from(flashcards)
      .where(and(studied, gt(flashcards.due, times.nowDate))),
    db
      .select({ reviewedToday: count() })
      .from(flashcardReviews)
      .where(
        and(
          eq(flashcardReviews.userId, userId),
          sql`${flashcardReviews.reviewedAt} >= ${times.dayStart}`,
        ),
      ),
  ] as const;
}

/** The counts the screen shows beside the queue, batchable. */
function countQueries(db: Database, userId: string, category: string | null, now: number) {
  return countSelects(db, userId, category, {
    now,
    nowDate: new Date(now),
    dayStart: endOfDay(now) - DAY,
    dayEnd: new Date(endOfDay(now)),
  });
}

// The queue and its counts built once per shape (a category or all) for the screen's batch.
type QueueShape = "category" | "all";
const withCategory = (shape: QueueShape) => (shape === "category" ? placeholder("category") : null);
// A placeholder is bound as given: the dates go in as milliseconds, as the columns store them.
const TIMES = {
  now: placeholder("now"),
  nowDate: placeholder("now"),
  dayStart: placeholder("dayStart"),
  dayEnd: placeholder("dayEnd"),
};
const queueShapes = <Index extends 0 | 1>(index: Index) =>
  prebuiltShapes(
    (db, shape: QueueShape) =>
      queueSelects(
        db,
        placeholder("userId"),
        withCategory(shape),
        placeholder("now"),
        placeholder("limit"),
      )[index],
  );
const countShapes = <Index extends 0 | 1 | 2 | 3>(index: Index) =>
  prebuiltShapes(
    (db, shape: QueueShape) =>
      countSelects(db, placeholder("userId"), withCategory(shape), TIMES)[index],
  );
const QUEUE = { due: queueShapes(0), fresh: queueShapes(1) };
const COUNTS = {
  due: countShapes(0),
  fresh: countShapes(1),
  next: countShapes(2),
  reviewed: countShapes(3),
};

/**
 * queueQueries and countQueries built once per shape, as D1 statements for a
 * batch (six, in that order); queueAndCountsFromResults reads their results.
 */
export function queueAndCountsStatements(
  db: Database,
  userId: string,
  category: string | null,
  now: number,
  limit: number,
) {
  const shape: QueueShape = category ? "category" : "all";
  const values = {
    userId,
    category,
    limit,
    now,
    dayStart: endOfDay(now) - DAY,
    dayEnd: endOfDay(now),
  };
  return [
    QUEUE.due(shape, shape).bind(db, values),
    QUEUE.fresh(shape, shape).bind(db, values),
    COUNTS.due(shape, shape).bind(db, values),
    COUNTS.fresh(shape, shape).bind(db, values),
    COUNTS.next(shape, shape).bind(db, values),
    COUNTS.reviewed(shape, shape).bind(db, values),
  ];
}

/** The six results of queueAndCountsStatements: the queue's due and new cards, and the counts. */
export function queueAndCountsFromResults(
  db: Database,
  category: string | null,
  [due, fresh, dueCounts, freshCounts, next, reviewed]: readonly (D1Result | undefined)[],
) {
  const shape: QueueShape = category ? "category" : "all";
  return {
    due: QUEUE.due(shape, shape).rows(db, due),
    fresh: QUEUE.fresh(shape, shape).rows(db, fresh),
    counts: countsFromRows([
      COUNTS.due(shape, shape).rows(db, dueCounts),
      COUNTS.fresh(shape, shape).rows(db, freshCounts),
      COUNTS.next(shape, shape).rows(db, next),
      COUNTS.reviewed(shape, shape).rows(db, reviewed),
    ]),
  };
}

type CountRows = [
  Array<{ dueNow: number; dueToday: number }>,
  Array<{ newCount: number }>,
  Array<{ nextDueAt: Date | null }>,
  Array<{ reviewedToday: number }>,
];

function countsFromRows([due, fresh, next, reviewed]: CountRows): ReviewCounts {
  return {
    dueNow: Number(due[0]?.dueNow ?? 0),
    dueToday: due[0]?.dueToday ?? 0,
    newCount: fresh[0]?.newCount ?? 0,
    nextDueAt: next[0]?.nextDueAt?.getTime() ?? null,
    reviewedToday: reviewed[0]?.reviewedToday ?? 0,
  };
}

export type ReviewQueue = { cards: Flashcard[]; counts: ReviewCounts };

/** The next cards to review in a category (or all) and the queue's counts, in one batch. */
export async function reviewQueue(
  db: Database,
  userId: string,
  options: { category?: string | null; now?: number; limit?: number } = {},
): Promise<ReviewQueue> {
  const now = options.now ?? Date.now();
  const category = options.category ?? null;
  const limit = options.limit ?? 20;
  const [due, fresh, ...counts] = await db.batch([
    ...queueQueries(db, userId, category, now, limit),
    ...countQueries(db, userId, category, now),
  ]);
  return {
    cards: [...due, ...fresh].slice(0, limit).map(toFlashcard),
    counts: countsFromRows(counts as CountRows),
  };
}

// ---------------------------------------------------------------------------
// Grading.

/** What a grade did: the study call's `review`. */
export type ReviewRecord = {
  reviewId: string;
  grade: GradeName;
  reviewedAt: number;
  /** The card's due time and state before the grade. */
  previousDue: number;
  previousState: CardState;
  /** The schedule the grade produced. */
  due: number;
  state: CardState;
  scheduledDays: number;
  desiredRetention: number;
};

export type ReviewResult =
  | { status: "reviewed"; flashcard: Flashcard; review: ReviewRecord; replayed: boolean }
  | { status: "not-found" }
  /** The review id was used for another card. */
  | { status: "conflict" };

type ReviewRow = typeof flashcardReviews.$inferSelect;

function toReviewRecord(row: ReviewRow): ReviewRecord {
  return {
    reviewId: row.clientReviewId,
    grade: GRADES[row.rating - 1] ?? "good",
    reviewedAt: row.reviewedAt.getTime(),
    previousDue: row.due.getTime(),
    previousState: CARD_STATES[row.state] ?? "new",
    due: row.nextDue.getTime(),
    state: CARD_STATES[row.nextState] ?? "review",
    scheduledDays: row.nextScheduledDays,
    desiredRetention: row.desiredRetention,
  };
}

/** How often a grade is tried again when another grade of the same card moved it first. */
const REVIEW_TRIES = 5;

/**
 * Grades a card and schedules its next review. `reviewId` names this grade:
 * the same id again answers the first result (`replayed`) without grading twice.
 */
export async function reviewFlashcard(
  db: Database,
  userId: string,
  cardId: string,
  input: { grade: GradeName; reviewId: string; now?: number },
): Promise<ReviewResult> {
  const now = input.now ?? Date.now();
  for (let attempt = 0; attempt < REVIEW_TRIES; attempt += 1) {
    const [cards, earlier, settings] = await db.batch([
      cardByIdQuery(db, userId, cardId),
      db
        .select()
        .from(flashcardReviews)
        .where(
          and(
            eq(flashcardReviews.userId, userId),
            eq(flashcardReviews.clientReviewId, input.reviewId),
          ),
        )
        .limit(1),
      settingsQuery(db, userId),
    ]);
    const row = cards[0];
    const done = earlier[0];
    if (done) {
      if (done.cardId !== cardId) return { status: "conflict" };
      if (!row) return { status: "not-found" };
      return {
        status: "reviewed",
        flashcard: toFlashcard(row),
        review: toReviewRecord(done),
        replayed: true,
      };
    }
    if (!row) return { status: "not-found" };

    const card = toFlashcard(row);
    const retention = settings[0]?.desiredRetention ?? RETENTION.default;
    const rating = GRADE_RATING[input.grade] as Grade;
    const { card: next, log } = scheduler(retention).next(fsrsCard(card), new Date(now), rating);
    const [updated] = await db.batch([
      db
        .update(flashcards)
        .set(nextState(next, input.reviewId))
        .where(
          and(
            eq(flashcards.id, cardId),
            eq(flashcards.userId, userId),
            eq(flashcards.version, row.version),
          ),
        )
        .returning(),
      // Logged only when the update above happened: it stamped this review's id.
      db
        .insert(flashcardReviews)
        .select(
          // Every column, in the schema's order.
          sql`
            SELECT ${crypto.randomUUID()}, ${userId}, ${cardId}, ${input.reviewId}, ${log.rating},
              ${row.state}, ${row.due.getTime()}, ${log.stability}, ${log.difficulty},
              ${log.elapsed_days}, ${log.last_elapsed_days}, ${log.scheduled_days},
              ${log.learning_steps}, ${now}, ${retention}, ${next.state}, ${next.due.getTime()},
              ${next.scheduled_days}, ${now}
            FROM ${flashcards}
            WHERE ${flashcards.id} = ${cardId} AND ${flashcards.userId} = ${userId}
              AND ${flashcards.lastReviewId} = ${input.reviewId}
              AND ${flashcards.version} = ${row.version + 1}`,
        )
        .onConflictDoNothing(),
    ]);
    const moved = updated[0];
    if (moved) {
      return {
        status: "reviewed",
        flashcard: toFlashcard(moved),
        review: {
          reviewId: input.reviewId,
          grade: input.grade,
          reviewedAt: now,
          previousDue: card.study.due,
          previousState: card.study.state,
          due: next.due.getTime(),
          state: CARD_STATES[next.state] ?? "review",
          scheduledDays: next.scheduled_days,
          desiredRetention: retention,
        },
        replayed: false,
      };
    }
    // Another grade moved the card first (or this same one did): read it again.
  }
  throw new Error(`flashcard ${cardId} kept changing while it was being graded`);
}

function nextState(next: FsrsCard, reviewId: string) {
  return {
    isNew: false,
    due: next.due,
    stability: next.stability,
    difficulty: next.difficulty,
    scheduledDays: next.scheduled_days,
    learningSteps: next.learning_steps,
    reps: next.reps,
    lapses: next.lapses,
    state: next.state,
    lastReview: next.last_review ?? null,
    lastReviewId: reviewId,
    version: sql`${flashcards.version} + 1`,
  };
}

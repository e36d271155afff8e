/**
 * Starting, reading and answering quiz and simulation attempts
 * (docs/decisions/023-quiz-and-simulation-attempts.md), for the screens
 * (JavaScript on or off) and the JSON API alike.
 *
 * Starting (startAttempt)
 *   Access and usage come first (assessment-access.server.ts): one use of the
 *   kind's feature is reserved under the caller's idempotency key. The
 *   attempt's id is derived from the user, the kind and the key, so a retried
 *   start (a form posted twice, an API call repeated) finds the attempt it
 *   made and costs one use. The items are generated afterwards
 *   (assessment-generation-run.server.ts).
 *
 * Answering (answerItem)
 *   Only generated questions can be answered, while the attempt is not
 *   finished, and an answer can be changed until Finish. Nothing says whether
 *   an answer is right before Finish: the results come at the end
 *   (assessment-scoring.server.ts).
 *
 * Reading (getAttempt, listAttempts)
 *   One attempt, or the past attempts of one kind: every attempt with at
 *   least one item, newest first.
 *
 * Every function is for one owner: someone else's attempt behaves exactly
 * like one that does not exist.
 */
import { and, count, desc, eq, gt, inArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { placeholder, prebuilt } from "~/db/prebuilt.server";
import { assessmentAttempts } from "~/db/schema";
import {
  ATTEMPT_LIST_DEFAULT_LIMIT,
  ATTEMPT_LIST_MAX_LIMIT,
  ATTEMPT_MESSAGES,
} from "~/lib/assessment-attempts";
import { type AssessmentKind, assessmentRequestSchema } from "~/lib/assessments";
import {
  type AccessRefusal,
  reserveAttemptUse,
  type UsageCounts,
  usageOf,
} from "./assessment-access.server";
import {
  type AssessmentDeps,
  type Attempt,
  type AttemptConflict,
  attemptIdFor,
  type AttemptSummary,
  CAS_TRIES,
  type KindScope,
  notAnswerable,
  parseAnswers,
  readRow,
  toAttempt,
} from "./assessment-store.server";

// ---------------------------------------------------------------------------
// Reading.

/** One of the learner's attempts; null when it is not theirs or does not exist. */
export async function getAttempt(
  deps: Pick<AssessmentDeps, "db">,
  userId: string,
  attemptId: string,
  scope: KindScope = {},
): Promise<Attempt | null> {
  const row = await readRow(deps.db, userId, attemptId, scope.kind);
  return row ? toAttempt(row) : null;
}

export type AttemptPage = {
  attempts: AttemptSummary[];
  total: number;
  limit: number;
  skip: number;
  hasMore: boolean;
};

/** A page of the learner's attempts of one kind, newest first (built once per isolate). */
const ATTEMPT_LIST = prebuilt((db) => {
  const table = assessmentAttempts;
  return db
    .select({
      id: table.id,
      kind: table.kind,
      topic: table.topic,
      requestedCount: table.requestedCount,
      itemCount: table.itemCount,
      answers: table.answers,
      status: table.status,
      source: table.source,
      shortfall: table.shortfall,
      origin: table.origin,
      parentId: table.parentId,
      score: table.score,
      createdAt: table.createdAt,
      updatedAt: table.updatedAt,
      completedAt: table.completedAt,
    })
    .from(table)
    .where(attemptsOf())
    .orderBy(desc(table.createdAt), desc(table.id))
    .limit(placeholder("limit"))
    .offset(placeholder("skip"));
});

/** How many attempts of one kind the learner has. */
const ATTEMPT_COUNT = prebuilt((db) =>
  db.select({ value: count() }).from(assessmentAttempts).where(attemptsOf()),
);

/** The learner's attempts of a kind that have questions (placeholders userId, kind). */
function attemptsOf() {
  return and(
    eq(assessmentAttempts.userId, placeholder("userId")),
    eq(assessmentAttempts.kind, placeholder("kind")),
    gt(assessmentAttempts.itemCount, 0),
  );
}

function pageBounds(query: { limit?: number; skip?: number }) {
  const limit = Math.min(
    Math.max(1, Math.trunc(query.limit ?? ATTEMPT_LIST_DEFAULT_LIMIT)),
    ATTEMPT_LIST_MAX_LIMIT,
  );
  return { limit, skip: Math.max(0, Math.trunc(query.skip ?? 0)) };
}

/** listAttempts' reads, for a batch of the caller's (attemptPageOf reads their results). */
export function attemptListStatements(
  db: Database,
  userId: string,
  kind: AssessmentKind,
  query: { limit?: number; skip?: number } = {},
): D1PreparedStatement[] {
  const { limit, skip } = pageBounds(query);
  return [
    ATTEMPT_LIST.bind(db, { userId, kind, limit, skip }),
    ATTEMPT_COUNT.bind(db, { userId, kind }),
  ];
}

/** attemptListStatements' results (for the same `query`) as the page of attempts. */
export function attemptPageOf(
  db: Database,
  [listResult, countResult]: readonly D1Result[],
  query: { limit?: number; skip?: number } = {},
): AttemptPage {
  const { limit, skip } = pageBounds(query);
  const rows = ATTEMPT_LIST.rows(db, listResult);
  const [total] = ATTEMPT_COUNT.rows(db, countResult);
  const attempts = rows.map(({ answers, ...row }): AttemptSummary => {
    const parsed = parseAnswers(answers, row.itemCount);
    return {
      ...row,
      answeredCount: parsed.filter((answer) => answer !== null).length,
      createdAt: row.createdAt.getTime(),
      updatedAt: row.updatedAt.getTime(),
      completedAt: row.completedAt?.getTime() ?? null,
    };
  });
  const totalCount = total?.value ?? 0;
  return { attempts, total: totalCount, limit, skip, hasMore: skip + attempts.length < totalCount };
}

/**
 * The learner's past attempts of one kind, newest first: every attempt with
 * at least one item (a generation that produced nothing is not an attempt).
 */
export async function listAttempts(
  deps: Pick<AssessmentDeps, "db">,
  userId: string,
  kind: AssessmentKind,
  query: { limit?: number; skip?: number } = {},
): Promise<AttemptPage> {
  const { db } = deps;
  return attemptPageOf(
    db,
    await db.$client.batch(attemptListStatements(db, userId, kind, query)),
    query,
  );
}

// ---------------------------------------------------------------------------
// Starting.

export type StartResult =
  | { ok: true; attempt: Attempt; created: boolean; usage: UsageCounts | null }
  | ({ ok: false } & AccessRefusal);

/**
 * Starts a quiz or simulation: checks access and reserves one use, then
 * stores the attempt (status generating, no items yet). `idempotencyKey`
 * names the request: the same key again returns the attempt it made (without
 * asking for another use); without one every call is a new attempt.
 */
export async function startAttempt(
  deps: AssessmentDeps,
  userId: string,
  kind: AssessmentKind,
  input: { topic: string; count: number; idempotencyKey?: string | null },
): Promise<StartResult> {
  const { topic, count } = assessmentRequestSchema(kind).parse(input);
  const key = input.idempotencyKey || crypto.randomUUID();
  const id = await attemptIdFor(userId, kind, key);
  const earlier = await readRow(deps.db, userId, id);
  if (earlier) return { ok: true, attempt: toAttempt(earlier), created: false, usage: null };

  const reserved = await reserveAttemptUse(deps, userId, kind, `attempt:${key}`);
  if (!reserved.ok) return { ok: false, ...reserved.refusal };
  const reservation = reserved.granted;

  const now = new Date(deps.now());
  const [inserted] = await deps.db
    .insert(assessmentAttempts)
    .values({
      id,
      userId,
      kind,
      topic,
      requestedCount: count,
      status: "generating",
      origin: "new",
      reservationId: reservation?.reservationId ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  // A concurrent start with the same key stored it first (and holds the same reservation).
  const row = inserted ?? (await readRow(deps.db, userId, id));
  if (!row) throw new Error(`attempt ${id} was neither stored nor found`);
  return {
    ok: true,
    attempt: toAttempt(row),
    created: Boolean(inserted),
    usage: reservation ? usageOf(reservation) : null,
  };
}

// ---------------------------------------------------------------------------
// Answering.

export type AnswerResult =
  | { status: "not-found" }
  | AttemptConflict
  | { status: "saved"; attempt: Attempt; index: number; choice: number };

/**
 * Saves the learner's choice (0-3) for a generated question. It can be
 * changed until the attempt is finished; whether it is right is not said
 * until then. Answers and a running generation never overwrite each other.
 */
export async function answerItem(
  deps: Pick<AssessmentDeps, "db" | "now">,
  userId: string,
  attemptId: string,
  index: number,
  choice: number,
  scope: KindScope = {},
): Promise<AnswerResult> {
  if (!Number.isInteger(choice) || choice < 0 || choice > 3) {
    throw new RangeError(`choice ${choice} is not an option`);
  }
  for (let tries = 0; tries < CAS_TRIES; tries++) {
    const row = await readRow(deps.db, userId, attemptId, scope.kind);
    if (!row) return { status: "not-found" };
    const attempt = toAttempt(row);
    const refused = notAnswerable(row, attempt);
    if (refused) return refused;
    if (!Number.isInteger(index) || index < 0 || index >= attempt.itemCount) {
      const message =
        Number.isInteger(index) && index >= 0 && index < attempt.requestedCount
          ? ATTEMPT_MESSAGES.notGenerated
          : ATTEMPT_MESSAGES.questionInvalid;
      return { status: "conflict", message, attempt };
    }
    const answers = [...attempt.answers];
    answers[index] = choice;
    const [written] = await deps.db
      .update(assessmentAttempts)
      .set({ answers: JSON.stringify(answers), updatedAt: new Date(deps.now()) })
      .where(
        and(
          eq(assessmentAttempts.id, row.id),
          eq(assessmentAttempts.answers, row.answers),
          inArray(assessmentAttempts.status, ["generating", "ready"]),
        ),
      )
      .returning();
    if (written) return { status: "saved", attempt: toAttempt(written), index, choice };
  }
  throw new Error(`answering attempt ${attemptId} kept conflicting`);
}

/**
 * Clinical quizzes and patient simulations as attempts (001 §2, §4, §6): the
 * rules for starting, generating, answering, finishing, retaking and retesting,
 * used by the screens (JavaScript on or off) and the JSON API alike.
 *
 * Starting (startAttempt)
 *   Access and usage come first: one use of the kind's feature is reserved in
 *   the learner's usage object under the caller's idempotency key; refusals
 *   carry the screens' wording ('Buy Subscription to access this feature' with
 *   no plan or trial, shown as 'Access Denied'; the trial's or the week's
 *   limit message, shown as 'Limit Reached'). The attempt's id is derived from
 *   the user, the kind and the key, so a retried start (a form posted twice, an
 *   API call repeated) finds the attempt it made and costs one use.
 *
 * Generating (beginGeneration, generateMore, attemptEvents)
 *   Items arrive in batches (2 first so question 1 shows within seconds, then
 *   4) from `deps.generate` and are stored as each batch arrives. One generator
 *   at a time holds a lease (LEASE_MS, renewed by each stored batch) taken with
 *   a compare-and-set on `version`; every append is a compare-and-set on the
 *   version it holds, so two generators never append concurrently and a
 *   generator whose lease was taken over (or whose attempt was finished)
 *   stops. The reserved use is committed when the first item is stored (the
 *   learner got a quiz); an attempt with no item at all fails ('Failed to
 *   generate quiz. Please try again.') and the use is given back. A batch that
 *   comes back empty ends generation: the attempt is ready with fewer items and
 *   says why (`shortfall`). A generator stopped by its caller (the learner went
 *   away) keeps what was stored and lets go of the lease, so generation can be
 *   resumed; stopped before any item, it gives the use back too, and resuming
 *   reserves one again.
 *
 * Answering and finishing (answerItem, finishAttempt)
 *   Only generated questions can be answered, while the attempt is not
 *   finished, and an answer can be changed until Finish. Nothing says whether
 *   an answer is right before Finish (001 §4 shows results at the end). Finish
 *   scores the questions generated so far (also while generation still runs:
 *   it stops there); a question left unanswered counts as wrong. Finishing
 *   again answers the same results.
 *
 * Retake and retest (retakeAttempt, retestIncorrect)
 *   A finished attempt can be taken again with the same items, or with only
 *   the ones missed (refused when none were): new attempts that cost no use,
 *   for a learner who still holds a plan or trial.
 *
 * Every function is for one owner: someone else's attempt behaves exactly
 * like one that does not exist.
 */
import { and, count, desc, eq, gt, inArray, isNull, lte, or } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { assessmentAttempts } from "~/db/schema";
import {
  ATTEMPT_LIST_DEFAULT_LIMIT,
  ATTEMPT_LIST_MAX_LIMIT,
  ATTEMPT_MESSAGES,
  type AttemptOrigin,
  type AttemptStatus,
  failedMessage,
  GENERATION_BATCH,
  isAttemptId,
  shortfallMessage,
} from "~/lib/assessment-attempts";
import {
  ASSESSMENT_FEATURE,
  ASSESSMENT_MESSAGES,
  type AssessmentItem,
  type AssessmentKind,
  assessmentRequestSchema,
  type GeneratedBatch,
  type GenerateItems,
} from "~/lib/assessments";
import { BUY_SUBSCRIPTION_MESSAGE } from "~/lib/usage-messages";
import type { AppContext } from "~/load-context";
import { avoidText, createItemGenerator } from "./assessment-generation.server";
import { loadAccessRecord } from "./subscription.server";
import {
  commitUse,
  releaseUse,
  reserveUse,
  type UsageDeps,
  usageDeps,
  type UseDenied,
  type UseGranted,
  subscriberKeepsAccessIfMeterFails,
} from "./usage.server";

/** How long a generator may go without storing a batch before another may take over. */
export const LEASE_MS = 60_000;
/** How often a stream following someone else's generation looks for new items. */
const FOLLOW_POLL_MS = 1_000;
/** A stream stops following after this long (a generator stores a batch well within it). */
const FOLLOW_LIMIT_MS = 10 * 60_000;
/** Compare-and-set retries before a write gives up (only ever reached under heavy contention). */
const CAS_TRIES = 6;

export type AssessmentDeps = {
  db: Database;
  usage: UsageDeps;
  /** Makes items (app/models/assessment-generation.server.ts in production). */
  generate: GenerateItems;
  now: () => number;
};

export function assessmentDeps(context: AppContext, now: () => number = Date.now): AssessmentDeps {
  return {
    db: context.db,
    usage: usageDeps(context, now),
    generate: createItemGenerator(context.ai),
    now,
  };
}

type AttemptRow = typeof assessmentAttempts.$inferSelect;
type Answer = number | null;

/** An attempt as the server keeps it; `answers` has one entry per generated item. */
export type Attempt = {
  id: string;
  kind: AssessmentKind;
  topic: string;
  requestedCount: number;
  items: AssessmentItem[];
  itemCount: number;
  answers: Answer[];
  answeredCount: number;
  status: AttemptStatus;
  source: "ai" | "bank" | "mixed" | null;
  shortfall: string | null;
  origin: AttemptOrigin;
  parentId: string | null;
  score: number | null;
  /** Milliseconds since the epoch. */
  createdAt: number;
  updatedAt: number;
  completedAt: number | null;
};

/** The "past attempts" list's row: everything but the items. */
export type AttemptSummary = Omit<Attempt, "items" | "answers">;

export type UsageCounts = {
  accessType: "subscription" | "trial";
  used: number;
  limit: number;
  remaining: number;
};

/** Why a start (or a resumed generation, or a retake) was refused, as the screens show it. */
export type AccessRefusal = {
  /** `none`: no plan or trial ('Access Denied'); `limit`: the trial's or the week's uses are spent ('Limit Reached'). */
  reason: "none" | "limit";
  title: string;
  message: string;
  denial: UseDenied | null;
};

// ---------------------------------------------------------------------------
// Reading rows.

function parseItems(text: string): AssessmentItem[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as AssessmentItem[]) : [];
  } catch {
    return [];
  }
}

/** The stored answers, one per item (null: not answered). */
function parseAnswers(text: string, length: number): Answer[] {
  let stored: unknown[] = [];
  try {
    const value: unknown = JSON.parse(text);
    if (Array.isArray(value)) stored = value;
  } catch {
    // A damaged column reads as no answers.
  }
  return Array.from({ length }, (_, index) => {
    const answer = stored[index];
    return typeof answer === "number" && Number.isInteger(answer) && answer >= 0 && answer <= 3
      ? answer
      : null;
  });
}

function toAttempt(row: AttemptRow): Attempt {
  const items = parseItems(row.items).slice(0, row.itemCount);
  const answers = parseAnswers(row.answers, items.length);
  return {
    id: row.id,
    kind: row.kind,
    topic: row.topic,
    requestedCount: row.requestedCount,
    items,
    itemCount: items.length,
    answers,
    answeredCount: answers.filter((answer) => answer !== null).length,
    status: row.status,
    source: row.source,
    shortfall: row.shortfall,
    origin: row.origin,
    parentId: row.parentId,
    score: row.score,
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
    completedAt: row.completedAt?.getTime() ?? null,
  };
}

/** Narrows a call to one kind: a quiz's id addressed as a simulation is not found. */
export type KindScope = { kind?: AssessmentKind };

async function readRow(db: Database, userId: string, attemptId: string, kind?: AssessmentKind) {
  if (!isAttemptId(attemptId)) return null;
  const [row] = await db
    .select()
    .from(assessmentAttempts)
    .where(and(eq(assessmentAttempts.id, attemptId), eq(assessmentAttempts.userId, userId)))
    .limit(1);
  return row && (!kind || row.kind === kind) ? row : null;
}

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
  const limit = Math.min(
    Math.max(1, Math.trunc(query.limit ?? ATTEMPT_LIST_DEFAULT_LIMIT)),
    ATTEMPT_LIST_MAX_LIMIT,
  );
  const skip = Math.max(0, Math.trunc(query.skip ?? 0));
  const where = and(
    eq(assessmentAttempts.userId, userId),
    eq(assessmentAttempts.kind, kind),
    gt(assessmentAttempts.itemCount, 0),
  );
  const table = assessmentAttempts;
  const [rows, [total]] = await deps.db.batch([
    deps.db
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
      .from(assessmentAttempts)
      .where(where)
      .orderBy(desc(assessmentAttempts.createdAt), desc(assessmentAttempts.id))
      .limit(limit)
      .offset(skip),
    deps.db.select({ value: count() }).from(assessmentAttempts).where(where),
  ]);
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

// ---------------------------------------------------------------------------
// Starting.

/** The attempt a start with this key makes: the same key always names the same attempt. */
async function attemptIdFor(userId: string, kind: AssessmentKind, key: string): Promise<string> {
  const digest = await crypto.subtle.digest(
    "SHA-256",
    new TextEncoder().encode(`attempt:${userId}:${kind}:${key}`),
  );
  return `att_${hex(new Uint8Array(digest)).slice(0, 24)}`;
}

function randomAttemptId(): string {
  return `att_${hex(crypto.getRandomValues(new Uint8Array(12)))}`;
}

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

function refusalOf(denial: UseDenied): AccessRefusal {
  const none = denial.reason === "none";
  return {
    reason: none ? "none" : "limit",
    title: none ? ASSESSMENT_MESSAGES.accessDeniedTitle : ASSESSMENT_MESSAGES.limitTitle,
    message: denial.screenMessage,
    denial,
  };
}

const NO_ACCESS_REFUSAL: AccessRefusal = {
  reason: "none",
  title: ASSESSMENT_MESSAGES.accessDeniedTitle,
  message: BUY_SUBSCRIPTION_MESSAGE,
  denial: null,
};

function usageOf(granted: UseGranted): UsageCounts {
  return {
    accessType: granted.accessType,
    used: granted.used,
    limit: granted.limit,
    remaining: granted.remaining,
  };
}

type Reserved = { ok: true; granted: UseGranted | null } | { ok: false; refusal: AccessRefusal };

/**
 * One use of the kind's feature, reserved under `key`. When the usage object
 * cannot be reached a subscriber keeps access without a reservation (000 §8,
 * 'Subscription access granted (tracking failed)'); anyone else's failure is thrown.
 */
async function reserveAttemptUse(
  deps: AssessmentDeps,
  userId: string,
  kind: AssessmentKind,
  key: string,
): Promise<Reserved> {
  return subscriberKeepsAccessIfMeterFails(
    deps,
    userId,
    async (): Promise<Reserved> => {
      const reserved = await reserveUse(deps.usage, userId, ASSESSMENT_FEATURE[kind], key);
      return reserved.ok
        ? { ok: true, granted: reserved }
        : { ok: false, refusal: refusalOf(reserved) };
    },
    (): Reserved => ({ ok: true, granted: null }),
  );
}

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
// Generating.

const text = z.string().trim().min(1);
const storedItemSchema = z.object({
  question: text,
  options: z.tuple([text, text, text, text]),
  correctIndex: z.number().int().min(0).max(3),
  explanations: z.tuple([text, text, text, text]),
  takeaway: text,
  reference: text.nullable().catch(null),
  case: z.object({ history: text, examination: text, results: text }).nullable().catch(null),
  source: z.enum(["ai", "bank"]),
  bankId: text.nullable().catch(null),
});

function questionKey(question: string): string {
  return question.toLowerCase().replace(/\s+/g, " ").trim();
}

/**
 * The batch's items that may join the attempt: whole (a simulation's with its
 * patient case), not repeating a question or bank item already there, at most `room`.
 */
function acceptItems(
  kind: AssessmentKind,
  candidates: unknown[],
  existing: AssessmentItem[],
  room: number,
): AssessmentItem[] {
  const questions = new Set(existing.map((item) => questionKey(item.question)));
  const bankIds = new Set(existing.flatMap((item) => (item.bankId ? [item.bankId] : [])));
  const accepted: AssessmentItem[] = [];
  for (const candidate of candidates) {
    if (accepted.length >= room) break;
    const parsed = storedItemSchema.safeParse(candidate);
    if (!parsed.success) continue;
    const item: AssessmentItem = parsed.data;
    if (kind === "simulation" && !item.case) continue;
    if (kind === "quiz") item.case = null;
    const key = questionKey(item.question);
    if (questions.has(key) || (item.bankId && bankIds.has(item.bankId))) continue;
    questions.add(key);
    if (item.bankId) bankIds.add(item.bankId);
    accepted.push(item);
  }
  return accepted;
}

function sourceOf(items: AssessmentItem[]): Attempt["source"] {
  const sources = new Set(items.map((item) => item.source));
  if (sources.size === 0) return null;
  return sources.size > 1 ? "mixed" : items[0]!.source;
}

/** What ended a generation run. */
export type GenerationOutcome =
  /** Every requested item is there: ready. */
  | "complete"
  /** A batch came back empty after some items: ready, with the shortfall. */
  | "exhausted"
  /** Nothing could be generated: failed, the use given back. */
  | "failed"
  /** The caller stopped it (or its item budget ran out): still generating, resumable. */
  | "stopped"
  /** Another generator took over, or the learner finished the attempt. */
  | "lost";

export type GenerationEvent =
  | {
      type: "items";
      /** The index of the first new item. */
      start: number;
      items: AssessmentItem[];
      attempt: Attempt;
    }
  | { type: "end"; outcome: GenerationOutcome; attempt: Attempt };

type Acquired =
  | { kind: "not-found" }
  | { kind: "idle"; row: AttemptRow }
  | { kind: "busy"; row: AttemptRow }
  | { kind: "denied"; row: AttemptRow; refusal: AccessRefusal }
  | { kind: "leased"; row: AttemptRow };

/** Takes the generation lease with a compare-and-set on the version read. */
async function takeLease(deps: AssessmentDeps, row: AttemptRow): Promise<AttemptRow | null> {
  const now = deps.now();
  const [leased] = await deps.db
    .update(assessmentAttempts)
    .set({ leaseUntil: new Date(now + LEASE_MS), version: row.version + 1 })
    .where(
      and(
        eq(assessmentAttempts.id, row.id),
        eq(assessmentAttempts.version, row.version),
        eq(assessmentAttempts.status, "generating"),
        or(
          isNull(assessmentAttempts.leaseUntil),
          lte(assessmentAttempts.leaseUntil, new Date(now)),
        ),
      ),
    )
    .returning();
  return leased ?? null;
}

/** Lets go of the lease held at `row.version`; true when it was still held. */
async function dropLease(
  deps: AssessmentDeps,
  row: AttemptRow,
  changes: Partial<Pick<AttemptRow, "reservationId">> = {},
): Promise<AttemptRow | null> {
  const [dropped] = await deps.db
    .update(assessmentAttempts)
    .set({ leaseUntil: null, version: row.version + 1, ...changes })
    .where(
      and(
        eq(assessmentAttempts.id, row.id),
        eq(assessmentAttempts.version, row.version),
        eq(assessmentAttempts.status, "generating"),
      ),
    )
    .returning();
  return dropped ?? null;
}

/**
 * The lease for one generator, when nobody else holds it. An attempt with no
 * item and no use reserved (its first run was stopped early) reserves one
 * again first, so a resumed generation is checked and counted like a new one.
 */
async function acquire(
  deps: AssessmentDeps,
  userId: string,
  attemptId: string,
  kind?: AssessmentKind,
): Promise<Acquired> {
  for (let tries = 0; tries < CAS_TRIES; tries++) {
    const row = await readRow(deps.db, userId, attemptId, kind);
    if (!row) return { kind: "not-found" };
    if (row.status !== "generating") return { kind: "idle", row };
    if (row.leaseUntil && row.leaseUntil.getTime() > deps.now()) return { kind: "busy", row };
    const leased = await takeLease(deps, row);
    if (!leased) continue;
    if (leased.itemCount > 0 || leased.reservationId || leased.origin !== "new") {
      return { kind: "leased", row: leased };
    }
    const reserved = await reserveAttemptUse(
      deps,
      userId,
      leased.kind,
      `attempt:${leased.id}:resume:${leased.version}`,
    );
    if (!reserved.ok) {
      await dropLease(deps, leased);
      return { kind: "denied", row: leased, refusal: reserved.refusal };
    }
    const reservationId = reserved.granted?.reservationId ?? null;
    if (!reservationId) return { kind: "leased", row: leased };
    const [withUse] = await deps.db
      .update(assessmentAttempts)
      .set({ reservationId, version: leased.version + 1 })
      .where(
        and(eq(assessmentAttempts.id, leased.id), eq(assessmentAttempts.version, leased.version)),
      )
      .returning();
    if (withUse) return { kind: "leased", row: withUse };
    await releaseUse(deps.usage, userId, reservationId);
  }
  const row = await readRow(deps.db, userId, attemptId, kind);
  if (!row) return { kind: "not-found" };
  return row.status === "generating" ? { kind: "busy", row } : { kind: "idle", row };
}

async function generateBatch(
  deps: AssessmentDeps,
  row: AttemptRow,
  items: AssessmentItem[],
  count: number,
  signal?: AbortSignal,
): Promise<GeneratedBatch | null> {
  try {
    return await deps.generate({
      kind: row.kind,
      topic: row.topic,
      count,
      avoid: {
        questions: items.map(avoidText),
        bankIds: items.flatMap((item) => (item.bankId ? [item.bankId] : [])),
      },
      signal,
    });
  } catch (error) {
    if (!signal?.aborted) console.error("[assessment] generating items failed:", error);
    return null;
  }
}

/**
 * Generates into a leased attempt batch by batch until it is complete, a
 * batch comes back empty, `maxItems` more are stored, or `signal` aborts.
 * Abandoning the iterator lets go of the lease as stopping does.
 */
async function* runGeneration(
  deps: AssessmentDeps,
  userId: string,
  leased: AttemptRow,
  options: { maxItems?: number; signal?: AbortSignal },
): AsyncGenerator<GenerationEvent> {
  const { signal } = options;
  const maxItems = options.maxItems ?? Number.POSITIVE_INFINITY;
  let row = leased;
  let items = parseItems(row.items).slice(0, row.itemCount);
  let holding = true;
  let added = 0;
  try {
    while (items.length < row.requestedCount && added < maxItems && !signal?.aborted) {
      const size = items.length === 0 ? GENERATION_BATCH.first : GENERATION_BATCH.next;
      const want = Math.min(size, row.requestedCount - items.length, maxItems - added);
      const batch = await generateBatch(deps, row, items, want, signal);
      const fresh = acceptItems(row.kind, batch?.items ?? [], items, want);
      if (fresh.length === 0) {
        if (signal?.aborted) break;
        // Nothing more could be made: the end of this attempt's generation.
        holding = false;
        const ended = await endGeneration(deps, userId, row, items, batch);
        yield ended;
        return;
      }
      const next = [...items, ...fresh];
      const complete = next.length >= row.requestedCount;
      const now = deps.now();
      const [written] = await deps.db
        .update(assessmentAttempts)
        .set({
          items: JSON.stringify(next),
          itemCount: next.length,
          source: sourceOf(next),
          shortfall: complete ? null : (batch?.shortfall ?? row.shortfall),
          status: complete ? "ready" : "generating",
          leaseUntil: complete ? null : new Date(now + LEASE_MS),
          version: row.version + 1,
          updatedAt: new Date(now),
        })
        .where(
          and(
            eq(assessmentAttempts.id, row.id),
            eq(assessmentAttempts.version, row.version),
            eq(assessmentAttempts.status, "generating"),
          ),
        )
        .returning();
      if (!written) {
        // Finished by the learner, or taken over after the lease ran out: not ours any more.
        holding = false;
        const current = await readRow(deps.db, userId, row.id);
        yield { type: "end", outcome: "lost", attempt: toAttempt(current ?? row) };
        return;
      }
      if (items.length === 0 && written.reservationId) {
        await chargeFirstItems(deps, userId, written.reservationId);
      }
      const start = items.length;
      items = next;
      row = written;
      added += fresh.length;
      if (complete) holding = false;
      yield { type: "items", start, items: fresh, attempt: toAttempt(row) };
      if (complete) {
        yield { type: "end", outcome: "complete", attempt: toAttempt(row) };
        return;
      }
    }
    // Stopped by the caller or by the item budget: keep what is stored, resumable.
    holding = false;
    const stopped = await stopGeneration(deps, userId, row);
    yield { type: "end", outcome: "stopped", attempt: toAttempt(stopped) };
  } finally {
    // The consumer went away mid-run (the stream's reader is gone).
    if (holding) await stopGeneration(deps, userId, row).catch(() => undefined);
  }
}

/** The learner got a quiz: the reserved use stays counted. */
async function chargeFirstItems(deps: AssessmentDeps, userId: string, reservationId: string) {
  try {
    const settled = await commitUse(deps.usage, userId, reservationId);
    if (settled.state !== "committed") {
      console.warn(`[assessment] reservation ${reservationId} was ${settled.state} at commit`);
    }
  } catch (error) {
    console.error("[assessment] committing the use failed:", error);
  }
}

/** A batch came back empty: ready with what there is, or failed with nothing. */
async function endGeneration(
  deps: AssessmentDeps,
  userId: string,
  row: AttemptRow,
  items: AssessmentItem[],
  batch: GeneratedBatch | null,
): Promise<GenerationEvent> {
  const failed = items.length === 0;
  const [written] = await deps.db
    .update(assessmentAttempts)
    .set({
      status: failed ? "failed" : "ready",
      shortfall: failed
        ? (batch?.shortfall ?? null)
        : (batch?.shortfall ??
          row.shortfall ??
          shortfallMessage(row.kind, items.length, row.requestedCount, row.topic)),
      leaseUntil: null,
      version: row.version + 1,
      updatedAt: new Date(deps.now()),
    })
    .where(
      and(
        eq(assessmentAttempts.id, row.id),
        eq(assessmentAttempts.version, row.version),
        eq(assessmentAttempts.status, "generating"),
      ),
    )
    .returning();
  if (!written) {
    const current = await readRow(deps.db, userId, row.id);
    return { type: "end", outcome: "lost", attempt: toAttempt(current ?? row) };
  }
  if (failed && written.reservationId) {
    await releaseUse(deps.usage, userId, written.reservationId);
  }
  return { type: "end", outcome: failed ? "failed" : "exhausted", attempt: toAttempt(written) };
}

/**
 * Lets go of the lease and keeps what is stored. Stopped before any item, the
 * reserved use is given back (resuming reserves one again).
 */
async function stopGeneration(
  deps: AssessmentDeps,
  userId: string,
  row: AttemptRow,
): Promise<AttemptRow> {
  const empty = row.itemCount === 0 && row.origin === "new";
  const dropped = await dropLease(deps, row, empty ? { reservationId: null } : {});
  if (dropped && empty && row.reservationId) {
    await releaseUse(deps.usage, userId, row.reservationId);
  }
  return dropped ?? (await readRow(deps.db, userId, row.id)) ?? row;
}

export type GenerationStart =
  | { status: "not-found" }
  /** Not generating any more (ready, completed or failed): nothing to do. */
  | { status: "idle"; attempt: Attempt }
  /** Another generator holds the lease. */
  | { status: "busy"; attempt: Attempt }
  /** Resuming needed a use and none was granted. */
  | { status: "denied"; attempt: Attempt; refusal: AccessRefusal }
  | { status: "started"; attempt: Attempt; events: AsyncGenerator<GenerationEvent> };

/**
 * Takes the lease of a generating attempt and returns its generation run, to
 * be iterated (each stored batch is an `items` event, then one `end`).
 */
export async function beginGeneration(
  deps: AssessmentDeps,
  userId: string,
  attemptId: string,
  options: { maxItems?: number; signal?: AbortSignal } & KindScope = {},
): Promise<GenerationStart> {
  const acquired = await acquire(deps, userId, attemptId, options.kind);
  switch (acquired.kind) {
    case "not-found":
      return { status: "not-found" };
    case "idle":
    case "busy":
      return { status: acquired.kind, attempt: toAttempt(acquired.row) };
    case "denied":
      return { status: "denied", attempt: toAttempt(acquired.row), refusal: acquired.refusal };
    case "leased":
      return {
        status: "started",
        attempt: toAttempt(acquired.row),
        events: runGeneration(deps, userId, acquired.row, options),
      };
  }
}

export type GenerateMoreResult =
  | Exclude<GenerationStart, { status: "started" }>
  | { status: "generated"; attempt: Attempt; added: number; outcome: GenerationOutcome };

/**
 * Generates the next items of an attempt (all that are missing, or up to
 * `maxItems`) and stores them batch by batch; answers when the run ends. A
 * second caller while one runs gets `busy` and changes nothing.
 */
export async function generateMore(
  deps: AssessmentDeps,
  userId: string,
  attemptId: string,
  options: { maxItems?: number; signal?: AbortSignal } & KindScope = {},
): Promise<GenerateMoreResult> {
  const started = await beginGeneration(deps, userId, attemptId, options);
  if (started.status !== "started") return started;
  let added = 0;
  let attempt = started.attempt;
  let outcome: GenerationOutcome = "stopped";
  for await (const event of started.events) {
    if (event.type === "items") added += event.items.length;
    else outcome = event.outcome;
    attempt = event.attempt;
  }
  return { status: "generated", attempt, added, outcome };
}

// ---------------------------------------------------------------------------
// The generation as a stream of events (the screens with JavaScript, the API).

export type AttemptStreamEvent =
  | { type: "attempt"; attempt: Attempt; usage: UsageCounts | null }
  | { type: "item"; index: number; item: AssessmentItem }
  | { type: "progress"; generated: number; requested: number }
  | { type: "done"; attempt: Attempt }
  | { type: "error"; message: string; attempt: Attempt | null };

export type OpenedStream =
  | { status: "not-found" }
  | { status: "denied"; refusal: AccessRefusal }
  | { status: "open"; attempt: Attempt; events: AsyncGenerator<AttemptStreamEvent> };

/**
 * Opens the stream of an attempt's generation: the items stored so far, then
 * each new batch as it is stored, then `done` (or `error` when nothing could
 * be generated). The stream generates itself whenever it can hold the lease,
 * and otherwise follows the generator that does (a retried request while the
 * first still runs), taking over if that one stops storing. Aborting `signal`
 * stops it; what was stored stays.
 */
export async function openGenerationStream(
  deps: AssessmentDeps,
  userId: string,
  attemptId: string,
  options: { signal?: AbortSignal; usage?: UsageCounts | null } & KindScope = {},
): Promise<OpenedStream> {
  const acquired = await acquire(deps, userId, attemptId, options.kind);
  if (acquired.kind === "not-found") return { status: "not-found" };
  if (acquired.kind === "denied") return { status: "denied", refusal: acquired.refusal };
  return {
    status: "open",
    attempt: toAttempt(acquired.row),
    events: streamEvents(deps, userId, acquired, options),
  };
}

async function* streamEvents(
  deps: AssessmentDeps,
  userId: string,
  first: Exclude<Acquired, { kind: "not-found" | "denied" }>,
  options: { signal?: AbortSignal; usage?: UsageCounts | null },
): AsyncGenerator<AttemptStreamEvent> {
  const { signal } = options;
  let state: Acquired = first;
  let attempt = toAttempt(first.row);
  yield { type: "attempt", attempt, usage: options.usage ?? null };
  let sent = 0;
  function* newItems(current: Attempt): Generator<AttemptStreamEvent> {
    if (current.itemCount <= sent) return;
    for (let index = sent; index < current.itemCount; index++) {
      yield { type: "item", index, item: current.items[index]! };
    }
    sent = current.itemCount;
    yield { type: "progress", generated: sent, requested: current.requestedCount };
  }
  if (attempt.itemCount === 0) {
    yield { type: "progress", generated: 0, requested: attempt.requestedCount };
  }
  const deadline = Date.now() + FOLLOW_LIMIT_MS;
  while (true) {
    yield* newItems(attempt);
    if (state.kind === "leased") {
      const run = runGeneration(deps, userId, state.row, { signal });
      for await (const event of run) {
        attempt = event.attempt;
        yield* newItems(attempt);
      }
      if (signal?.aborted) return;
    } else if (state.kind === "denied") {
      yield { type: "error", message: state.refusal.message, attempt };
      return;
    }
    if (attempt.status !== "generating") {
      yield attempt.status === "failed"
        ? { type: "error", message: failedMessage(attempt.kind), attempt }
        : { type: "done", attempt };
      return;
    }
    if (state.kind === "busy" || state.kind === "idle") {
      // Someone else is generating: look again in a moment.
      if (Date.now() > deadline || !(await pause(FOLLOW_POLL_MS, signal))) return;
    }
    if (signal?.aborted) return;
    state = await acquire(deps, userId, attempt.id);
    if (state.kind === "not-found") return;
    attempt = toAttempt(state.row);
  }
}

/** Waits `ms`; false when `signal` aborted first. */
function pause(ms: number, signal?: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(false);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve(true);
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

// ---------------------------------------------------------------------------
// Answering and finishing.

export type AttemptConflict = { status: "conflict"; message: string; attempt: Attempt };

export type AnswerResult =
  | { status: "not-found" }
  | AttemptConflict
  | { status: "saved"; attempt: Attempt; index: number; choice: number };

function notAnswerable(row: AttemptRow, attempt: Attempt): AttemptConflict | null {
  if (row.status === "completed") {
    return { status: "conflict", message: ATTEMPT_MESSAGES.alreadyFinished, attempt };
  }
  if (row.status === "failed") {
    return { status: "conflict", message: failedMessage(row.kind), attempt };
  }
  return null;
}

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

export type ResultItem = {
  index: number;
  question: string;
  options: AssessmentItem["options"];
  case: AssessmentItem["case"];
  /** The learner's choice; null when left unanswered (counted as wrong). */
  choice: number | null;
  correctIndex: number;
  correct: boolean;
  explanations: AssessmentItem["explanations"];
  takeaway: string;
  reference: string | null;
};

export type AttemptResults = {
  score: number;
  total: number;
  percentage: number;
  items: ResultItem[];
};

/** A finished attempt's score and breakdown; null before Finish. */
export function attemptResults(attempt: Attempt): AttemptResults | null {
  if (attempt.status !== "completed") return null;
  const items = attempt.items.map((item, index): ResultItem => {
    const choice = attempt.answers[index] ?? null;
    return {
      index,
      question: item.question,
      options: item.options,
      case: item.case,
      choice,
      correctIndex: item.correctIndex,
      correct: choice === item.correctIndex,
      explanations: item.explanations,
      takeaway: item.takeaway,
      reference: item.reference,
    };
  });
  const score = items.filter((item) => item.correct).length;
  const total = items.length;
  return { score, total, percentage: total ? Math.round((score / total) * 100) : 0, items };
}

export type FinishResult =
  | { status: "not-found" }
  | AttemptConflict
  | { status: "finished"; attempt: Attempt; results: AttemptResults };

/**
 * Scores the attempt (unanswered questions count as wrong) and completes it.
 * A generation still running stops at the items stored so far. Finishing a
 * finished attempt answers its results again.
 */
export async function finishAttempt(
  deps: Pick<AssessmentDeps, "db" | "now">,
  userId: string,
  attemptId: string,
  scope: KindScope = {},
): Promise<FinishResult> {
  for (let tries = 0; tries < CAS_TRIES; tries++) {
    const row = await readRow(deps.db, userId, attemptId, scope.kind);
    if (!row) return { status: "not-found" };
    const attempt = toAttempt(row);
    if (row.status === "completed") {
      return { status: "finished", attempt, results: attemptResults(attempt)! };
    }
    const refused = notAnswerable(row, attempt);
    if (refused) return refused;
    if (attempt.itemCount === 0) {
      return { status: "conflict", message: ATTEMPT_MESSAGES.notStarted, attempt };
    }
    const score = attempt.items.filter(
      (item, index) => attempt.answers[index] === item.correctIndex,
    ).length;
    const now = new Date(deps.now());
    const [written] = await deps.db
      .update(assessmentAttempts)
      .set({
        status: "completed",
        score,
        answers: JSON.stringify(attempt.answers),
        completedAt: now,
        updatedAt: now,
        leaseUntil: null,
        version: row.version + 1,
      })
      .where(
        and(
          eq(assessmentAttempts.id, row.id),
          eq(assessmentAttempts.version, row.version),
          eq(assessmentAttempts.answers, row.answers),
          inArray(assessmentAttempts.status, ["generating", "ready"]),
        ),
      )
      .returning();
    if (written) {
      const finished = toAttempt(written);
      return { status: "finished", attempt: finished, results: attemptResults(finished)! };
    }
  }
  throw new Error(`finishing attempt ${attemptId} kept conflicting`);
}

// ---------------------------------------------------------------------------
// Retake and retest.

export type CopyResult =
  | { status: "not-found" }
  | AttemptConflict
  | { status: "denied"; refusal: AccessRefusal }
  | { status: "created"; attempt: Attempt };

/** The access guard (000 §2) without counting a use: a plan, or a trial still running. */
async function holdsAccess(deps: AssessmentDeps, userId: string): Promise<boolean> {
  const now = deps.now();
  const record = await loadAccessRecord(deps.db, userId, now);
  return Boolean(record.subscription || (record.trial && record.trial.endsAt.getTime() > now));
}

async function copyAttempt(
  deps: AssessmentDeps,
  userId: string,
  attemptId: string,
  origin: "retake" | "retest",
  scope: KindScope,
): Promise<CopyResult> {
  const row = await readRow(deps.db, userId, attemptId, scope.kind);
  if (!row) return { status: "not-found" };
  const attempt = toAttempt(row);
  if (attempt.status !== "completed") {
    return { status: "conflict", message: ATTEMPT_MESSAGES.finishFirst, attempt };
  }
  const items =
    origin === "retake"
      ? attempt.items
      : attempt.items.filter((item, index) => attempt.answers[index] !== item.correctIndex);
  if (items.length === 0) {
    return { status: "conflict", message: ATTEMPT_MESSAGES.nothingToRetest, attempt };
  }
  if (!(await holdsAccess(deps, userId))) return { status: "denied", refusal: NO_ACCESS_REFUSAL };
  const now = new Date(deps.now());
  const [inserted] = await deps.db
    .insert(assessmentAttempts)
    .values({
      id: randomAttemptId(),
      userId,
      kind: attempt.kind,
      topic: attempt.topic,
      requestedCount: items.length,
      items: JSON.stringify(items),
      itemCount: items.length,
      status: "ready",
      source: sourceOf(items),
      origin,
      parentId: attempt.id,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return { status: "created", attempt: toAttempt(inserted!) };
}

/** 'Retake': the same items again, unanswered, as a new attempt that costs no use. */
export function retakeAttempt(
  deps: AssessmentDeps,
  userId: string,
  attemptId: string,
  scope: KindScope = {},
) {
  return copyAttempt(deps, userId, attemptId, "retake", scope);
}

/** 'Retest incorrect': only the items missed (or left unanswered), free; refused when none were. */
export function retestIncorrect(
  deps: AssessmentDeps,
  userId: string,
  attemptId: string,
  scope: KindScope = {},
) {
  return copyAttempt(deps, userId, attemptId, "retest", scope);
}

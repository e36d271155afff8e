/**
 * Generating a quiz's or simulation's items into its attempt
 * (docs/decisions/023-quiz-and-simulation-attempts.md): items arrive in
 * batches (2 first so question 1 shows within seconds, then 4) from
 * `deps.generate` and are stored as each batch arrives.
 *
 * One generator at a time holds a lease (LEASE_MS, renewed by each stored
 * batch) taken with a compare-and-set on `version`; every append is a
 * compare-and-set on the version it holds, so two generators never append
 * concurrently and a generator whose lease was taken over (or whose attempt
 * was finished) stops.
 *
 * The reserved use is committed when the first item is stored (the learner
 * got a quiz); an attempt with no item at all fails ('Failed to generate
 * quiz. Please try again.') and the use is given back. A batch that comes
 * back empty ends generation: the attempt is ready with fewer items and says
 * why (`shortfall`). A generator stopped by its caller (the learner went
 * away) keeps what was stored and lets go of the lease, so generation can be
 * resumed; stopped before any item, it gives the use back too, and resuming
 * reserves one again.
 */
import { and, eq, isNull, lte, or } from "drizzle-orm";
import { z } from "zod";
import { assessmentAttempts } from "~/db/schema";
import { GENERATION_BATCH, shortfallMessage } from "~/lib/assessment-attempts";
import type { AssessmentItem, AssessmentKind, GeneratedBatch } from "~/lib/assessments";
import { type AccessRefusal, reserveAttemptUse } from "./assessment-access.server";
import { avoidText } from "./assessment-generation.server";
import {
  type AssessmentDeps,
  type Attempt,
  type AttemptRow,
  CAS_TRIES,
  type KindScope,
  parseItems,
  readRow,
  sourceOf,
  toAttempt,
} from "./assessment-store.server";
import { commitUse, releaseUse } from "./usage.server";

/** How long a generator may go without storing a batch before another may take over. */
export const LEASE_MS = 60_000;

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

export type Acquired =
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
export async function acquire(
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
export async function* runGeneration(
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

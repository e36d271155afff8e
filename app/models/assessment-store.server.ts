/**
 * A quiz or simulation attempt as it is stored and read back
 * (docs/decisions/023-quiz-and-simulation-attempts.md): one D1 row per
 * attempt, its items and answers as JSON (a damaged column reads as no items
 * or no answers), the attempt's ids, where its items came from, which states
 * refuse an answer, and what every attempt step depends on.
 *
 * Every read is for one owner: someone else's attempt, or one addressed as
 * the other kind, reads exactly like one that does not exist.
 */
import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { assessmentAttempts } from "~/db/schema";
import {
  ATTEMPT_MESSAGES,
  type AttemptOrigin,
  type AttemptStatus,
  failedMessage,
  isAttemptId,
} from "~/lib/assessment-attempts";
import type { AssessmentItem, AssessmentKind, GenerateItems } from "~/lib/assessments";
import type { AppContext } from "~/load-context";
import { createItemGenerator } from "./assessment-generation.server";
import { d1Bank } from "./question-bank.server";
import { type UsageDeps, usageDeps } from "./usage.server";

/** Compare-and-set retries before a write gives up (only ever reached under heavy contention). */
export const CAS_TRIES = 6;

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
    generate: createItemGenerator(context.ai, { bank: d1Bank(context.db) }),
    now,
  };
}

export type AttemptRow = typeof assessmentAttempts.$inferSelect;
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

// ---------------------------------------------------------------------------
// Reading rows.

export function parseItems(text: string): AssessmentItem[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as AssessmentItem[]) : [];
  } catch {
    return [];
  }
}

/** The stored answers, one per item (null: not answered). */
export function parseAnswers(text: string, length: number): Answer[] {
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

export function toAttempt(row: AttemptRow): Attempt {
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

export async function readRow(
  db: Database,
  userId: string,
  attemptId: string,
  kind?: AssessmentKind,
) {
  if (!isAttemptId(attemptId)) return null;
  const [row] = await db
    .select()
    .from(assessmentAttempts)
    .where(and(eq(assessmentAttempts.id, attemptId), eq(assessmentAttempts.userId, userId)))
    .limit(1);
  return row && (!kind || row.kind === kind) ? row : null;
}

// ---------------------------------------------------------------------------
// Ids and provenance.

/** The attempt a start with this key makes: the same key always names the same attempt. */
export async function attemptIdFor(
  userId: string,
  kind: AssessmentKind,
  key: string,
): Promise<string> {
  const digest = await crypto.subtle.digest(
    "SHA-256",
    new TextEncoder().encode(`attempt:${userId}:${kind}:${key}`),
  );
  return `att_${hex(new Uint8Array(digest)).slice(0, 24)}`;
}

export function randomAttemptId(): string {
  return `att_${hex(crypto.getRandomValues(new Uint8Array(12)))}`;
}

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Where an attempt's items came from: one source, "mixed", or null with no items. */
export function sourceOf(items: AssessmentItem[]): Attempt["source"] {
  const sources = new Set(items.map((item) => item.source));
  if (sources.size === 0) return null;
  return sources.size > 1 ? "mixed" : items[0]!.source;
}

// ---------------------------------------------------------------------------
// States that refuse a step.

/** A step the attempt's state does not allow, with the attempt as it is. */
export type AttemptConflict = { status: "conflict"; message: string; attempt: Attempt };

/** Why an attempt takes no answer (nor Finish): it is finished, or its generation failed. */
export function notAnswerable(row: AttemptRow, attempt: Attempt): AttemptConflict | null {
  if (row.status === "completed") {
    return { status: "conflict", message: ATTEMPT_MESSAGES.alreadyFinished, attempt };
  }
  if (row.status === "failed") {
    return { status: "conflict", message: failedMessage(row.kind), attempt };
  }
  return null;
}

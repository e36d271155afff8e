/**
 * Retake and retest (docs/decisions/023-quiz-and-simulation-attempts.md): a
 * finished attempt can be taken again with the same items, or with only the
 * ones missed or left unanswered (refused when none were). Each is a new
 * attempt (its `origin` and `parentId` say where it came from) that costs no
 * use, for a learner who still holds a plan or a trial.
 */
import { assessmentAttempts } from "~/db/schema";
import { ATTEMPT_MESSAGES } from "~/lib/assessment-attempts";
import { type AccessRefusal, holdsAccess, NO_ACCESS_REFUSAL } from "./assessment-access.server";
import {
  type AssessmentDeps,
  type Attempt,
  type AttemptConflict,
  type KindScope,
  randomAttemptId,
  readRow,
  sourceOf,
  toAttempt,
} from "./assessment-store.server";

export type CopyResult =
  | { status: "not-found" }
  | AttemptConflict
  | { status: "denied"; refusal: AccessRefusal }
  | { status: "created"; attempt: Attempt };

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

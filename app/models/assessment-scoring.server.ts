/**
 * Finishing a quiz or simulation and scoring it
 * (docs/decisions/023-quiz-and-simulation-attempts.md): Finish scores the
 * questions generated so far (also while generation still runs: it stops
 * there); a question left unanswered counts as wrong. Finishing again answers
 * the same results. Only a finished attempt has results: before Finish
 * nothing says whether an answer is right.
 */
import { and, eq, inArray } from "drizzle-orm";
import { assessmentAttempts } from "~/db/schema";
import { ATTEMPT_MESSAGES, type AttemptResults, type ResultItem } from "~/lib/assessment-attempts";
import {
  type AssessmentDeps,
  type Attempt,
  type AttemptConflict,
  CAS_TRIES,
  type KindScope,
  notAnswerable,
  readRow,
  toAttempt,
} from "./assessment-store.server";
import { logAnswers } from "./answer-log.server";

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
      bankId: item.bankId,
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
      // Logging again is a no-op, and heals a finish whose log was cut short.
      await logAttemptAnswers(deps, userId, attempt);
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
      await logAttemptAnswers(deps, userId, finished);
      return { status: "finished", attempt: finished, results: attemptResults(finished)! };
    }
  }
  throw new Error(`finishing attempt ${attemptId} kept conflicting`);
}

/** A finished attempt's answered questions, into the answer log (progress analytics). */
async function logAttemptAnswers(
  deps: Pick<AssessmentDeps, "db" | "now">,
  userId: string,
  attempt: Attempt,
): Promise<void> {
  await logAnswers(deps.db, {
    userId,
    source: attempt.kind,
    sourceId: attempt.id,
    answers: attempt.items.flatMap((item, position) => {
      const chosen = attempt.answers[position];
      return typeof chosen === "number"
        ? [{ position, itemId: item.bankId, chosen, correct: chosen === item.correctIndex }]
        : [];
    }),
    fallback: { subject: "Mixed", topic: attempt.topic },
    answeredAt: attempt.completedAt ?? deps.now(),
  });
}

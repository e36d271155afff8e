/**
 * The answer log (docs/decisions/038-answer-log-and-rollups.md): every
 * question a learner answered, wherever they answered it, with the pool
 * item's subject and topic. Rows are keyed by where the answer was given, so
 * logging the same answers again (a retried finish) adds nothing; triggers in
 * D1 keep the per-topic and per-day rollups that analytics read.
 */
import type { Database } from "~/db/client.server";
import { indiaDate } from "~/lib/admin";
import type { MistakeKind } from "~/lib/progress";

export type AnswerSource = "quiz" | "simulation" | "practice" | "mock";

export type LoggedAnswer = {
  /** The question's place in its quiz, test or paper. */
  position: number;
  /** bank_items.id, when the question is in the pool. */
  itemId: string | null;
  chosen: number;
  correct: boolean;
  /** Seconds spent on it, when the screen timed it. */
  seconds?: number | null;
};

export type AnswerLogInput = {
  userId: string;
  source: AnswerSource;
  sourceId: string;
  answers: readonly LoggedAnswer[];
  /** Used for questions not in the pool (or no longer in it). */
  fallback: { subject: string; topic: string };
  answeredAt: number;
};

export function answerEventId(source: AnswerSource, sourceId: string, position: number): string {
  return `${source}:${sourceId}:${position}`;
}

/**
 * The insert for a set of answers, for callers that batch it with their own
 * statements; the subject and topic come from the pool item when there is one.
 */
export function logAnswersStatement(db: Database, input: AnswerLogInput): D1PreparedStatement {
  const rows = input.answers.map((answer) => ({
    id: answerEventId(input.source, input.sourceId, answer.position),
    p: answer.position,
    i: answer.itemId,
    c: answer.chosen,
    k: answer.correct ? 1 : 0,
    s: answer.seconds ?? null,
  }));
  return db.$client
    .prepare(
      `INSERT OR IGNORE INTO answer_events
         (id, user_id, item_id, source, source_id, position, subject, topic, chosen, correct, seconds, day, answered_at)
       SELECT json_extract(e.value, '$.id'), ?1, json_extract(e.value, '$.i'), ?2, ?3, json_extract(e.value, '$.p'),
              coalesce(b.subject, ?4), coalesce(b.topic, ?5),
              json_extract(e.value, '$.c'), json_extract(e.value, '$.k'), json_extract(e.value, '$.s'), ?6, ?7
       FROM json_each(?8) e
       LEFT JOIN bank_items b ON b.id = json_extract(e.value, '$.i')`,
    )
    .bind(
      input.userId,
      input.source,
      input.sourceId,
      input.fallback.subject,
      input.fallback.topic,
      indiaDate(input.answeredAt),
      input.answeredAt,
      JSON.stringify(rows),
    );
}

/** Logs the answers (a no-op for ones already logged). */
export async function logAnswers(db: Database, input: AnswerLogInput): Promise<void> {
  if (input.answers.length === 0) return;
  await logAnswersStatement(db, input).run();
}

/**
 * Tags why the learner missed a logged answer (the error log). Only a wrong
 * answer of their own can be tagged; answers whether it was.
 */
export async function tagMistake(
  db: Database,
  userId: string,
  eventId: string,
  mistake: MistakeKind | null,
): Promise<boolean> {
  const result = await db.$client
    .prepare("UPDATE answer_events SET mistake = ?3 WHERE id = ?1 AND user_id = ?2 AND correct = 0")
    .bind(eventId, userId, mistake)
    .run();
  return result.meta.changes > 0;
}

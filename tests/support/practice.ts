/**
 * Helpers for the practice-test and progress tests in the workers pool: a
 * pool question's key, and answers on a topic as a finished test logs them.
 */
import { env } from "cloudflare:test";
import { createDb } from "~/db/client.server";
import { logAnswers } from "~/models/answer-log.server";

/** The correct option (0–3) of a pool question, read from its body in D1. */
export async function poolKey(itemId: string): Promise<number> {
  const row = await env.DB.prepare(
    "SELECT json_extract(body, '$.correctIndex') AS k FROM bank_items WHERE id = ?1",
  )
    .bind(itemId)
    .first<{ k: number }>();
  if (!row) throw new Error(`no pool item ${itemId}`);
  return row.k;
}

/** Answers as a finished practice test logs them: `correct` of `count` right on a topic, `seconds` each. */
export async function topicAnswers(
  userId: string,
  subject: string,
  topic: string,
  count: number,
  correct: number,
  seconds = 50,
) {
  await logAnswers(createDb(env.DB), {
    userId,
    source: "practice",
    sourceId: crypto.randomUUID(),
    answers: Array.from({ length: count }, (_, position) => ({
      position,
      itemId: null,
      chosen: 0,
      correct: position < correct,
      seconds,
    })),
    fallback: { subject, topic },
    answeredAt: Date.now() - 60_000,
  });
}

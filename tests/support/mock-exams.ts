/**
 * Helpers for the mock exam tests in the workers pool: a sitting's keys read
 * straight from the pool (what the learner must not see before submitting).
 */
import { env } from "cloudflare:test";

/** The paper's correct options in order, for the sitting `attemptId`. */
export async function keysOf(attemptId: string): Promise<number[]> {
  const { results } = await env.DB.prepare(
    `SELECT json_extract(b.body, '$.correctIndex') AS k FROM mock_attempts a
     JOIN mock_papers p ON p.id = a.paper_id, json_each(p.item_ids) j
     JOIN bank_items b ON b.id = j.value WHERE a.id = ?1 ORDER BY j.key`,
  )
    .bind(attemptId)
    .all<{ k: number }>();
  return results.map((row) => row.k);
}

/** Helpers for the practice-test tests in the workers pool: a pool question's key. */
import { env } from "cloudflare:test";

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

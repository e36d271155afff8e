import { drizzle } from "drizzle-orm/d1";

/**
 * A drizzle handle over the request's D1 binding; made per request, never
 * cached. Queries name their tables from ./schema directly: the relational
 * query API (`db.query.*`) is not used, so the schema is not passed here —
 * building its relations config cost about 0.5 ms of CPU on every request
 * (docs/edge-cost.md).
 */
export function createDb(d1: D1Database) {
  return drizzle(d1);
}

export type Database = ReturnType<typeof createDb>;

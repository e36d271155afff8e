import { drizzle } from "drizzle-orm/d1";

/**
 * A drizzle handle over a D1 binding. Queries name their tables from ./schema
 * directly: the relational query API (`db.query.*`) is not used, so the
 * schema is not passed here — building its relations config cost about
 * 0.5 ms of CPU on every request (docs/edge-cost.md).
 *
 * The handle keeps nothing of a request (its session holds the binding, the
 * SQL dialect and no logger), so one is made per binding and kept for the
 * isolate's life: building drizzle's dialect afresh cost about 0.2 ms a
 * request. Keyed by the binding object itself, so another binding (a test's,
 * another environment's) gets its own.
 */
const handles = new WeakMap<D1Database, ReturnType<typeof drizzle>>();

export function createDb(d1: D1Database) {
  let db = handles.get(d1);
  if (!db) {
    db = drizzle(d1);
    handles.set(d1, db);
  }
  return db;
}

export type Database = ReturnType<typeof createDb>;

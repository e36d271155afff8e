import { fillPlaceholders, type Placeholder, sql } from "drizzle-orm";
import type { Database } from "./client.server";

/**
 * A drizzle select built once per isolate instead of on every request
 * (docs/edge-cost.md, decision 050). Building a query walks its tables and
 * columns through drizzle's entity checks: for the five statements every
 * signed-in page reads (the session's user, the access record, today's
 * tasks) that was about 0.5 ms of CPU a request. The query is written once,
 * with `placeholder(name)` where the request's values go; each request binds
 * its values to the same SQL, and its rows come back mapped exactly as
 * drizzle maps them (dates, enums, joined columns).
 *
 * A placeholder is bound as given, not through the column's encoder: pass
 * what the column stores (milliseconds for a timestamp column).
 */
type BuildsSelect = {
  prepare(): {
    getQuery(): { sql: string; params: unknown[] };
    mapAllResult(rows: unknown, isFromBatch?: boolean): unknown;
  };
  all(): Promise<unknown>;
};

export type Prebuilt<Row> = {
  /** The statement with `values` bound, for a D1 batch. */
  bind(db: Database, values: Record<string, unknown>): D1PreparedStatement;
  /** The statement's result from that batch, as drizzle's rows. */
  rows(db: Database, result: D1Result | undefined): Row[];
};

export function prebuilt<Query extends BuildsSelect>(
  build: (db: Database) => Query,
): Prebuilt<Awaited<ReturnType<Query["all"]>> extends (infer Row)[] ? Row : never> {
  let prepared: ReturnType<Query["prepare"]> | undefined;
  // Only the SQL text and the row mapping are kept: neither depends on the handle it was built with.
  const query = (db: Database) =>
    (prepared ??= build(db).prepare() as ReturnType<Query["prepare"]>);
  return {
    bind(db, values) {
      const { sql: text, params } = query(db).getQuery();
      return db.$client.prepare(text).bind(...fillPlaceholders(params, values));
    },
    rows(db, result) {
      if (!result) return [];
      return query(db).mapAllResult(result, true) as never;
    },
  };
}

/**
 * Prebuilt queries of one kind whose SQL differs by shape (which conditions a
 * filter has): one built per shape key, on first use, with `shape` telling
 * the builder which placeholders to put in.
 */
export function prebuiltShapes<Shape, Query extends BuildsSelect>(
  build: (db: Database, shape: Shape) => Query,
): (key: string, shape: Shape) => ReturnType<typeof prebuilt<Query>> {
  const byKey = new Map<string, ReturnType<typeof prebuilt<Query>>>();
  return (key, shape) => {
    let query = byKey.get(key);
    if (!query) {
      query = prebuilt((db) => build(db, shape));
      byKey.set(key, query);
    }
    return query;
  };
}

/** Where a prebuilt query takes a request's value. */
export function placeholder<Name extends string>(name: Name): Placeholder<Name> {
  return sql.placeholder(name);
}

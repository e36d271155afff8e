import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

/** A drizzle handle over the request's D1 binding; made per request, never cached. */
export function createDb(d1: D1Database) {
  return drizzle(d1, { schema });
}

export type Database = ReturnType<typeof createDb>;

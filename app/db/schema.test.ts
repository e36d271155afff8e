import { env } from "cloudflare:test";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import * as schema from "./schema";

type ColumnInfo = { name: string; type: string; notnull: number; pk: number };
type IndexInfo = { name: string; unique: number };

const tables = Object.values(schema).filter(
  (value) => value instanceof SQLiteTable,
) as SQLiteTable[];

// The test setup applies every migration in migrations/ to this D1 database, so
// the database here is exactly what `wrangler d1 migrations apply` produces.
describe("drizzle schema and SQL migrations agree", () => {
  it("has a table in the database for every table in the schema, and no others", async () => {
    const { results } = await env.DB.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name != 'd1_migrations' ORDER BY name",
    ).all<{ name: string }>();
    expect(results.map((row) => row.name)).toEqual(
      tables.map((table) => getTableConfig(table).name).sort(),
    );
  });

  it.each(tables.map((table) => [getTableConfig(table).name, table] as const))(
    "table %s has the schema's columns, types, nullability, keys and indexes",
    async (name, table) => {
      const config = getTableConfig(table);
      const { results: columns } = await env.DB.prepare(
        `PRAGMA table_info(${name})`,
      ).all<ColumnInfo>();
      expect(
        columns.map((column) => ({
          name: column.name,
          type: column.type.toLowerCase(),
          notNull: column.notnull === 1,
          primaryKey: column.pk > 0,
        })),
      ).toEqual(
        config.columns.map((column) => ({
          name: column.name,
          type: column.getSQLType().toLowerCase(),
          notNull: column.notNull,
          primaryKey:
            column.primary || config.primaryKeys.some((pk) => pk.columns.includes(column)),
        })),
      );

      const { results: indexes } = await env.DB.prepare(
        `PRAGMA index_list(${name})`,
      ).all<IndexInfo>();
      const named = indexes.filter((index) => !index.name.startsWith("sqlite_autoindex"));
      expect(named.map((index) => index.name).sort()).toEqual(
        config.indexes.map((index) => index.config.name).sort(),
      );
    },
  );
});

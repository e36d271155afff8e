import { defineConfig } from "drizzle-kit";

// `npm run db:generate` writes numbered SQL migrations to migrations/;
// wrangler applies them (`npm run db:migrate:local`, or `--remote` on deploy).
export default defineConfig({
  dialect: "sqlite",
  schema: "./app/db/schema.ts",
  out: "./migrations",
});

import { applyD1Migrations, env, type D1Migration } from "cloudflare:test";

declare global {
  // The workers pool types `env` as Cloudflare.Env; the migrations arrive as a test-only binding.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
    }
  }
}

// Each test file gets isolated storage; bring its D1 up to the latest migration.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

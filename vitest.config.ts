/**
 * Unit and integration tests run inside workerd with real D1, KV and the
 * per-user Durable Object (@cloudflare/vitest-pool-workers). Outside HTTP
 * services are faked at the HTTP layer through miniflare's outboundService.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";
import { fakeGoogleEnv } from "./tests/fakes/google-idp.mjs";
import { FAKE_GOOGLE_ORIGIN, handleOutbound } from "./tests/fakes/outbound";
import { fixEntrypointPrototype } from "./tests/setup/pool-workers-entrypoint.mjs";

// Requests sent to the app through the pool cost the same from the first to the last (decision 052).
fixEntrypointPrototype(import.meta.dirname);

const migrations = await readD1Migrations(path.join(import.meta.dirname, "migrations"));

export default defineConfig({
  plugins: [
    tsconfigPaths(),
    cloudflareTest({
      // The app worker plus the Durable Object class, so tests can reach both.
      main: "./tests/workerd-entry.ts",
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        bindings: {
          APP_ENV: "local",
          // A fresh secret every run: nothing the tests sign can be made with a value in the repository.
          SESSION_SECRET: `test-${randomBytes(32).toString("hex")}`,
          SUPPORT_EMAIL: "support@medmentor.test",
          MAIL_FROM: "MedMentor <no-reply@medmentor.test>",
          TEST_MIGRATIONS: migrations,
          // Google sign-in against the fake identity provider in tests/fakes/google-idp.mjs.
          ...fakeGoogleEnv(FAKE_GOOGLE_ORIGIN),
        },
        // In production the class lives in its own worker script (script_name);
        // here the test entry hosts it so runInDurableObject can reach it.
        // UserMeter is SQLite-backed in production (new_sqlite_classes in
        // workers/user-meter.wrangler.toml); the test host must match.
        durableObjects: {
          USER_METER: { className: "UserMeter", useSQLite: true },
          THROTTLE: "Throttle",
        },
        outboundService: handleOutbound,
      },
    }),
  ],
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "workers/**/*.test.ts",
      "tests/integration/**/*.test.ts",
      // The meter benchmark runs only on demand: `npm run bench:meter`.
      ...(process.env.BENCH ? ["tests/bench/**/*.bench.test.ts"] : []),
    ],
    setupFiles: ["./tests/setup/apply-migrations.ts"],
    // A file's first request to the app loads the Remix build (tests/workerd-entry.ts), which takes
    // seconds on a busy 2-core machine: the first test that makes one needs the room.
    testTimeout: 20_000,
    hookTimeout: 30_000,
    deps: {
      optimizer: {
        ssr: { enabled: true, include: ["@remix-run/cloudflare"] },
      },
    },
  },
});

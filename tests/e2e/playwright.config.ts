/**
 * Browser tests: Debian's Chromium (never a downloaded browser) against the
 * production build served by local workerd on a free port, with its own fresh
 * state under .wrangler/e2e-state. Tests tagged @nojs run again with JavaScript off;
 * tests tagged @localdb run last, one at a time (see `projects`).
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { FAKE_GEMINI } from "../fakes/gemini.mjs";
import { fakeGoogleEnv } from "../fakes/google-idp.mjs";

const root = path.resolve(import.meta.dirname, "../..");

function findChromium(): string {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  const found = candidates.find((candidate) => candidate && existsSync(candidate));
  if (!found) {
    throw new Error(
      "No Chromium found for the browser tests. Install Debian's: `sudo apt-get install -y chromium`, " +
        "or set CHROMIUM_PATH to a Chromium/Chrome binary.",
    );
  }
  return found;
}

function freePort(): string {
  // Synchronous so the same port reaches every worker process through the environment.
  return execFileSync(process.execPath, [
    "-e",
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ]).toString();
}

process.env.E2E_PORT ??= freePort();
const port = process.env.E2E_PORT;
const baseURL = `http://127.0.0.1:${port}`;
// Google sign-in runs against a local fake identity provider (tests/fakes/google-idp-server.mjs);
// the app gets its endpoints as wrangler --var flags.
process.env.E2E_GOOGLE_PORT ??= freePort();
const googleOrigin = `http://127.0.0.1:${process.env.E2E_GOOGLE_PORT}`;
// The mentor answers through a local fake of Gemini's REST API (tests/fakes/gemini-server.mjs),
// reached the way a gateway would be: GEMINI_BASE_URL.
process.env.E2E_GEMINI_PORT ??= freePort();
const geminiOrigin = `http://127.0.0.1:${process.env.E2E_GEMINI_PORT}`;
const appVars = Object.entries({
  ...fakeGoogleEnv(googleOrigin),
  GEMINI_API_KEY: FAKE_GEMINI.apiKey,
  GEMINI_BASE_URL: geminiOrigin,
})
  .map(([name, value]) => `--var ${name}:${value}`)
  .join(" ");

export default defineConfig({
  testDir: ".",
  outputDir: "./.results",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: process.env.CI
    ? [["list"]]
    : [["list"], ["html", { open: "never", outputFolder: "./.report" }]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    // Toasts and dialogs appear at rest: an accessibility scan or a click never
    // meets an element halfway through its animation on a busy machine.
    contextOptions: { reducedMotion: "reduce" },
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: findChromium(),
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  // Tests tagged @localdb write the server's local D1 file from the test process
  // (`wrangler d1 execute`, for states no product path reaches: an expired code,
  // an ended trial). While that second process holds the file, the server's own
  // queries can fail with SQLITE_BUSY, so these run last, one at a time, with
  // nothing else going on.
  projects: [
    {
      name: "chromium",
      use: { ...devices["Desktop Chrome"] },
      grepInvert: [/@nojs-only/, /@localdb/],
    },
    {
      name: "no-javascript",
      use: { ...devices["Desktop Chrome"], javaScriptEnabled: false },
      grep: /@nojs/,
      grepInvert: /@localdb/,
    },
    {
      name: "chromium-localdb",
      use: { ...devices["Desktop Chrome"] },
      grep: /@localdb/,
      grepInvert: /@nojs-only/,
      workers: 1,
      dependencies: ["chromium", "no-javascript"],
    },
    {
      name: "no-javascript-localdb",
      use: { ...devices["Desktop Chrome"], javaScriptEnabled: false },
      grep: /^(?=.*@nojs)(?=.*@localdb)/,
      workers: 1,
      dependencies: ["chromium-localdb"],
    },
  ],
  webServer: [
    {
      command: "node tests/fakes/google-idp-server.mjs",
      cwd: root,
      url: `${googleOrigin}/oauth2/v3/certs`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { FAKE_GOOGLE_PORT: process.env.E2E_GOOGLE_PORT },
    },
    {
      command: "node tests/fakes/gemini-server.mjs",
      cwd: root,
      url: `${geminiOrigin}/_fake/requests`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { FAKE_GEMINI_PORT: process.env.E2E_GEMINI_PORT },
    },
    {
      command: `npm start -- ${appVars}`,
      cwd: root,
      url: `${baseURL}/`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: port,
        PERSIST_DIR: `.wrangler/e2e-state-${port}`,
        FRESH_STATE: "1",
        LOG_LEVEL: "warn",
      },
    },
  ],
});

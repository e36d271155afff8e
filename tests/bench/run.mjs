#!/usr/bin/env node
/**
 * Page weight and worker size, measured on the production build.
 *
 * - Serves the build on local workerd (a free port, fresh state) and, for each
 *   public page, sums the gzip size of the HTML and of every JavaScript module
 *   the page loads on first visit (module scripts, modulepreload links and the
 *   dynamic imports in Remix's inline bootstrap script), against the 110 KB
 *   target. /verify-email shows only to someone who has just registered, so the
 *   bench registers a fresh address first and visits it with that cookie.
 * - Bundles each worker with `wrangler deploy --dry-run` and reads its gzip upload size.
 *
 * Prints the figures and the targets; it does not fail on a slow machine.
 * Usage: npm run bench   (builds first)
 */
import { execFileSync, spawn } from "node:child_process";
import { gzipSync } from "node:zlib";
import path from "node:path";
import { freePort, offline, root, waitFor } from "./support.mjs";

const PAGES = [
  "/",
  "/login",
  "/register",
  "/verify-email",
  "/forgot-password",
  "/reset-password",
  "/plans",
  "/contact",
];
const TARGETS = { pageJsKb: 110, appWorkerGzipKb: 1024 };

const kb = (bytes) => (bytes / 1024).toFixed(1);
const gzipBytes = (buffer) => gzipSync(buffer, { level: 9 }).length;

function scriptUrls(html) {
  const urls = new Set();
  for (const match of html.matchAll(/<script[^>]*\bsrc="([^"]+\.js)"/g)) urls.add(match[1]);
  for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g))
    urls.add(match[1]);
  for (const match of html.matchAll(/<link[^>]*href="([^"]+)"[^>]*rel="modulepreload"/g))
    urls.add(match[1]);
  for (const match of html.matchAll(/import\(?\s*"(\/assets\/[^"]+\.js)"/g)) urls.add(match[1]);
  for (const match of html.matchAll(/from\s*"(\/assets\/[^"]+\.js)"/g)) urls.add(match[1]);
  return [...urls];
}

/** Registers a fresh address through the page's form; answers the cookie /verify-email needs. */
async function justRegistered(base) {
  const form = new URLSearchParams({
    firstName: "Bench",
    lastName: "Learner",
    medicalSchool: "Bench Medical College",
    year: "Intern",
    email: `bench-${Date.now()}@example.com`,
    password: "BenchLearner1",
    confirmPassword: "BenchLearner1",
    acceptTerms: "on",
  });
  const response = await fetch(`${base}/register`, {
    method: "POST",
    body: form,
    redirect: "manual",
    headers: { Origin: base },
  });
  const location = response.headers.get("location") ?? "";
  if (!location.endsWith("/verify-email"))
    throw new Error(`Registering did not lead to /verify-email (${response.status} ${location})`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

async function measurePages(base) {
  const rows = [];
  for (const page of PAGES) {
    const headers = page === "/verify-email" ? { Cookie: await justRegistered(base) } : {};
    // Not followed: a redirect would measure another page under this one's name.
    const response = await fetch(base + page, { headers, redirect: "manual" });
    const html = Buffer.from(await response.arrayBuffer());
    let jsRaw = 0;
    let jsGzip = 0;
    const urls = scriptUrls(html.toString("utf8"));
    for (const url of urls) {
      const body = Buffer.from(await (await fetch(new URL(url, base))).arrayBuffer());
      jsRaw += body.length;
      jsGzip += gzipBytes(body);
    }
    rows.push({
      page,
      status: response.status,
      htmlGzip: gzipBytes(html),
      jsFiles: urls.length,
      jsRaw,
      jsGzip,
    });
  }
  return rows;
}

function workerSize(config) {
  const outdir = path.join(root, ".wrangler", "bench-dry-run", path.basename(config, ".toml"));
  const output = execFileSync(
    "npx",
    ["wrangler", "deploy", "--dry-run", "--outdir", outdir, "-c", config],
    {
      cwd: root,
      env: { ...process.env, ...offline },
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const match = /Total Upload:\s*([\d.]+)\s*KiB\s*\/\s*gzip:\s*([\d.]+)\s*KiB/.exec(output);
  if (!match) throw new Error(`Could not read the upload size for ${config}:\n${output}`);
  return { config, totalKb: Number(match[1]), gzipKb: Number(match[2]) };
}

const port = await freePort();
const persist = `.wrangler/bench-state-${port}`;
const server = spawn("npm", ["start"], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    PERSIST_DIR: persist,
    FRESH_STATE: "1",
    LOG_LEVEL: "error",
  },
  stdio: "ignore",
  detached: true,
});
const stop = () => {
  try {
    process.kill(-server.pid, "SIGINT");
  } catch {
    // already stopped
  }
};
process.on("exit", stop);

try {
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/`);
  const pages = await measurePages(base);
  const workers = [workerSize("wrangler.toml"), workerSize("workers/user-meter.wrangler.toml")];

  console.log("\nPage weight (production build, gzip level 9)\n");
  const withinTarget = (row) => row.status === 200 && row.jsGzip / 1024 <= TARGETS.pageJsKb;
  console.log(
    `| page | status | HTML gzip KB | JS files | JS raw KB | JS gzip KB | ≤ ${TARGETS.pageJsKb} KB |`,
  );
  console.log("|---|---|---|---|---|---|---|");
  for (const row of pages) {
    console.log(
      `| ${row.page} | ${row.status} | ${kb(row.htmlGzip)} | ${row.jsFiles} | ${kb(row.jsRaw)} | ${kb(row.jsGzip)} | ${withinTarget(row) ? "met" : "NOT MET"} |`,
    );
  }
  console.log("\nWorker upload size (wrangler deploy --dry-run)\n");
  console.log("| worker config | total KiB | gzip KiB |");
  console.log("|---|---|---|");
  for (const worker of workers)
    console.log(`| ${worker.config} | ${worker.totalKb} | ${worker.gzipKb} |`);

  const heaviest = pages.reduce((max, row) => (row.jsGzip > max.jsGzip ? row : max));
  const missed = pages.filter((row) => !withinTarget(row));
  const app = workers[0];
  console.log("\nTargets");
  console.log(
    `- JavaScript on every public page ≤ ${TARGETS.pageJsKb} KB gzip (heaviest: ${heaviest.page}, ${kb(heaviest.jsGzip)} KB): ${missed.length === 0 ? "met" : `NOT MET on ${missed.map((row) => row.page).join(", ")}`}`,
  );
  console.log(
    `- App worker: ${app.gzipKb} KiB gzip (target ≤ ${TARGETS.appWorkerGzipKb} KiB): ${app.gzipKb <= TARGETS.appWorkerGzipKb ? "met" : "NOT MET"}`,
  );
} finally {
  stop();
}

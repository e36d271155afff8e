/**
 * What the benchmark scripts share: free ports, waiting for a server,
 * percentiles, and the production build served on local workerd with the
 * fake Gemini API (tests/fakes/gemini-server.mjs) as its AI provider — either
 * through `npm start` (wrangler dev) or on plain workerd without wrangler's
 * development layers (startOnWorkerd).
 */
import { execFileSync, spawn } from "node:child_process";
import { openSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { FAKE_GEMINI } from "../fakes/gemini.mjs";

export const root = path.resolve(import.meta.dirname, "../..");

/** Environment for every wrangler call: no telemetry, no `cf` fetch, no update check. */
export const offline = {
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_HIDE_BANNER: "true",
};

export function freePort() {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export async function waitFor(url, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`Server at ${url} did not start in ${timeoutMs / 1000}s`);
}

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

/** Starts the fake Gemini API on a free port; `stop()` ends it (also on exit). */
export async function startFakeGemini() {
  const port = await freePort();
  const geminiOrigin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["tests/fakes/gemini-server.mjs"], {
    cwd: root,
    env: { ...process.env, FAKE_GEMINI_PORT: String(port) },
    stdio: "ignore",
    detached: true,
  });
  const stop = () => stopGroup(child);
  process.on("exit", stop);
  await waitFor(`${geminiOrigin}/_fake/requests?id=none`);
  return { geminiOrigin, stop };
}

function stopGroup(child) {
  try {
    process.kill(-child.pid, "SIGINT");
  } catch {
    // already stopped
  }
}

/**
 * Starts the fake Gemini API and `npm start` (fresh state) pointed at it;
 * resolves once both answer. `stop()` ends both (also on exit).
 */
export async function startAppWithFakeGemini(label) {
  const appPort = await freePort();
  const { geminiOrigin, stop: stopGemini } = await startFakeGemini();
  const persist = `.wrangler/bench-${label}-state-${appPort}`;
  const children = [
    spawn(
      "npm",
      [
        "start",
        "--",
        "--var",
        `GEMINI_API_KEY:${FAKE_GEMINI.apiKey}`,
        "--var",
        `GEMINI_BASE_URL:${geminiOrigin}`,
      ],
      {
        cwd: root,
        env: {
          ...process.env,
          PORT: String(appPort),
          PERSIST_DIR: persist,
          FRESH_STATE: "1",
          LOG_LEVEL: process.env.BENCH_SERVER_LOG ? "info" : "error",
        },
        // BENCH_SERVER_LOG=<file> keeps the server's output, to see why it failed.
        stdio: process.env.BENCH_SERVER_LOG
          ? [
              "ignore",
              openSync(process.env.BENCH_SERVER_LOG, "a"),
              openSync(process.env.BENCH_SERVER_LOG, "a"),
            ]
          : "ignore",
        detached: true,
      },
    ),
  ];
  const stop = () => {
    for (const child of children) stopGroup(child);
    stopGemini();
  };
  process.on("exit", stop);
  const base = `http://127.0.0.1:${appPort}`;
  await waitFor(`${base}/`);
  return { base, geminiOrigin, persist, stop };
}

/**
 * Workers on plain workerd through Miniflare — the runtime `wrangler dev`
 * drives, without the development layers it adds (its proxy worker in front
 * of the app and the devtools session). Each worker is described by its
 * wrangler config (bindings, variables, .dev.vars) and runs `script`, or
 * the bundle `wrangler deploy` would upload. State persists under `persist`
 * (the layout `wrangler dev --persist-to` uses). `stop()` disposes of it.
 */
export async function startOnWorkerd({ workers, persist, bindings = {}, inspectorPort }) {
  const options = workers.map(({ config, name, script }, index) => {
    const configPath = path.join(root, config);
    const { workerOptions } = unstable_getMiniflareWorkerOptions(configPath);
    const entry = script
      ? path.join(root, script)
      : deployBundle(configPath, path.join(root, ".wrangler", "bench-bundles", name));
    return {
      ...workerOptions,
      name,
      modulesRoot: path.dirname(entry),
      modules: [{ type: "ESModule", path: entry }],
      // The first worker receives the requests.
      bindings: index === 0 ? { ...workerOptions.bindings, ...bindings } : workerOptions.bindings,
      // With an inspector port, the first worker can be profiled (tests/bench/profile.mjs).
      ...(inspectorPort && index === 0 ? { unsafeInspectorProxy: true } : {}),
    };
  });
  const state = path.join(root, persist, "v3");
  const miniflare = new Miniflare({
    workers: options,
    host: "127.0.0.1",
    port: await freePort(),
    d1Persist: path.join(state, "d1"),
    kvPersist: path.join(state, "kv"),
    durableObjectsPersist: path.join(state, "do"),
    cachePersist: path.join(state, "cache"),
    ...(inspectorPort ? { inspectorPort } : {}),
  });
  const url = await miniflare.ready;
  const stop = () => miniflare.dispose().catch(() => undefined);
  return { base: url.origin, stop };
}

/** The single-file bundle `wrangler deploy` would upload for a config; returns its path. */
function deployBundle(configPath, outdir) {
  // BENCH_NO_MINIFY keeps function names for a profile (tests/bench/profile.mjs).
  const minify = process.env.BENCH_NO_MINIFY ? ["--no-minify"] : [];
  execFileSync(
    "npx",
    ["wrangler", "deploy", "--dry-run", ...minify, "--outdir", outdir, "-c", configPath],
    {
      cwd: root,
      env: { ...process.env, ...offline },
      stdio: "ignore",
    },
  );
  const { main } = unstable_getMiniflareWorkerOptions(configPath);
  return path.join(outdir, `${path.basename(main, path.extname(main))}.js`);
}

/**
 * The production build with its meter worker on plain workerd (startOnWorkerd),
 * on fresh local state prepared as `npm start` prepares it (migrations, demo data).
 */
export async function startAppOnWorkerd(label, bindings, { inspectorPort } = {}) {
  const persist = `.wrangler/bench-${label}-workerd-${await freePort()}`;
  execFileSync("npm", ["run", "db:prepare"], {
    cwd: root,
    env: { ...process.env, ...offline, PERSIST_DIR: persist, FRESH_STATE: "1" },
    stdio: "ignore",
  });
  const app = await startOnWorkerd({
    workers: [
      { config: "wrangler.toml", name: "medmentor" },
      { config: "workers/user-meter.wrangler.toml", name: "medmentor-user-meter" },
    ],
    persist,
    bindings,
    inspectorPort,
  });
  return { ...app, persist };
}

/** A demo learner's session cookie (the Plus subscriber unless another e-mail is given), through the login form. */
export async function signInCookie(base, email = "demo.subscriber@medmentor.in") {
  const response = await fetch(`${base}/login`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: base,
      "CF-Connecting-IP": "198.51.100.9",
    },
    body: new URLSearchParams({
      email,
      password: "DemoLearner1",
    }),
    redirect: "manual",
  });
  // Only the session: a browser sends the sign-in's flash once, and the page that shows it
  // clears it, so the pages measured here are the ones a learner loads after that.
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .find((value) => value.startsWith("mm_session="));
  if (!cookie) throw new Error(`Sign-in failed (${response.status})`);
  return cookie;
}

/** A Bearer token for a demo account, through POST /api/auth/login. */
export async function apiToken(base, email, password) {
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": "198.51.100.7" },
    body: JSON.stringify({ email, password }),
  });
  const token = (await login.json()).data?.token;
  if (!token) throw new Error(`Could not sign in ${email} (${login.status})`);
  return token;
}

/** Runs SQL statements against a bench server's local D1 (written to .wrangler/<name>.sql first). */
export function executeLocalSql(persist, name, lines) {
  const file = path.join(root, ".wrangler", `${name}.sql`);
  writeFileSync(file, lines.join("\n"));
  execFileSync(
    "npx",
    ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", persist, "--file", file],
    { cwd: root, env: { ...process.env, ...offline }, stdio: "ignore" },
  );
}

/** One GET, timed to its last byte; a non-2xx answer throws. */
export async function timeRequest(url, headers) {
  const started = performance.now();
  const response = await fetch(url, { headers });
  const body = await response.text();
  const total = performance.now() - started;
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${body.slice(0, 200)}`);
  return { total, bytes: body.length, body };
}

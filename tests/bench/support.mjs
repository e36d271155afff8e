/**
 * What the benchmark scripts share: free ports, waiting for a server,
 * percentiles, and the production build served on local workerd with the
 * fake Gemini API (tests/fakes/gemini-server.mjs) as its AI provider.
 */
import { execFileSync, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
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

/**
 * Starts the fake Gemini API and `npm start` (fresh state) pointed at it;
 * resolves once both answer. `stop()` ends both (also on exit).
 */
export async function startAppWithFakeGemini(label) {
  const [appPort, geminiPort] = [await freePort(), await freePort()];
  const geminiOrigin = `http://127.0.0.1:${geminiPort}`;
  const persist = `.wrangler/bench-${label}-state-${appPort}`;
  const children = [
    spawn(process.execPath, ["tests/fakes/gemini-server.mjs"], {
      cwd: root,
      env: { ...process.env, FAKE_GEMINI_PORT: String(geminiPort) },
      stdio: "ignore",
      detached: true,
    }),
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
          LOG_LEVEL: "error",
        },
        stdio: "ignore",
        detached: true,
      },
    ),
  ];
  const stop = () => {
    for (const child of children) {
      try {
        process.kill(-child.pid, "SIGINT");
      } catch {
        // already stopped
      }
    }
  };
  process.on("exit", stop);
  const base = `http://127.0.0.1:${appPort}`;
  await waitFor(`${geminiOrigin}/_fake/requests`);
  await waitFor(`${base}/`);
  return { base, geminiOrigin, persist, stop };
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

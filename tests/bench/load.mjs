#!/usr/bin/env node
/**
 * Load: bursts of mixed page and API requests, public and signed in, at 50 at
 * a time, against two servers of the same build on fresh local state:
 *
 * - `npm start` (wrangler dev: its proxy worker in front of workerd), the
 *   server a developer runs;
 * - plain workerd through Miniflare, the runtime without wrangler's
 *   development layers (startAppOnWorkerd).
 *
 * For each: throughput, p50 / p99 latency, the answers by status, the count
 * of 5xx (target 0) and whether the server still answers afterwards. Running
 * both separates what our code does under load from what the development
 * proxy does. Prints figures; it does not fail on a slow machine.
 *
 * Usage: npm run bench:load   (builds first). LOAD_REQUESTS, LOAD_CONCURRENCY
 * and LOAD_BURSTS change the defaults (2,000 requests, 50, 10 bursts); LOAD_SERVERS=dev
 * or workerd runs one of the two; BENCH_SERVER_LOG=<file> keeps `npm start`'s output.
 */
import { percentile, startAppOnWorkerd, startAppWithFakeGemini } from "./support.mjs";

const TOTAL = Number(process.env.LOAD_REQUESTS ?? 2000);
const CONCURRENCY = Number(process.env.LOAD_CONCURRENCY ?? 50);
const BURSTS = Number(process.env.LOAD_BURSTS ?? 10);
const PASSWORD = "DemoLearner1";

/** What a learner's browser and the app's screens ask for, public and signed in. */
const PUBLIC = ["/", "/features", "/about", "/plans", "/login", "/contact", "/api/payments/plans"];
const SIGNED_IN = [
  "/account",
  "/chatbot",
  "/flashcards",
  "/chat-history",
  "/clinical-quizzes",
  "/api/auth/me",
  "/api/usage",
  "/api/trial/status",
  "/api/payments/subscription/status",
  "/api/flashcards?limit=20",
];

async function signIn(base, email, ip) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": ip },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const token = (await response.json()).data?.token;
  if (!token) throw new Error(`Could not sign in ${email} (${response.status})`);
  return token;
}

/** The i-th request of the run: public and signed-in requests alternate over both accounts. */
function requestFor(i, tokens) {
  if (i % 2 === 0) return { path: PUBLIC[(i / 2) % PUBLIC.length], headers: {} };
  const token = tokens[Math.floor(i / 2) % tokens.length];
  return {
    path: SIGNED_IN[Math.floor(i / 2) % SIGNED_IN.length],
    headers: { Authorization: `Bearer ${token}` },
  };
}

async function one(base, { path, headers }) {
  const started = performance.now();
  try {
    const response = await fetch(`${base}${path}`, { headers, redirect: "manual" });
    const body = await response.text();
    return {
      path,
      status: response.status,
      ms: performance.now() - started,
      ...(response.status >= 500 ? { error: body.replace(/\s+/g, " ").slice(0, 300) } : {}),
    };
  } catch (error) {
    return {
      path,
      status: 0,
      ms: performance.now() - started,
      error: `${error}${error?.cause ? ` (${error.cause.code ?? error.cause.message ?? error.cause})` : ""}`,
    };
  }
}

async function burst(base, tokens, from, count) {
  const results = [];
  let next = from;
  const end = from + count;
  async function lane() {
    while (next < end) {
      const i = next++;
      results.push(await one(base, requestFor(i, tokens)));
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, lane));
  return results;
}

async function measure(label, server) {
  const tokens = [
    await signIn(server.base, "demo.learner@medmentor.in", "198.51.100.21"),
    await signIn(server.base, "demo.subscriber@medmentor.in", "198.51.100.22"),
  ];
  // Warm up: every route once, so the first burst does not pay for module loading.
  for (let i = 0; i < 2 * (PUBLIC.length + SIGNED_IN.length); i += 1) {
    await one(server.base, requestFor(i, tokens));
  }
  const perBurst = Math.ceil(TOTAL / BURSTS);
  const all = [];
  const burstsWith5xx = [];
  const started = performance.now();
  for (let b = 0; b < BURSTS; b += 1) {
    const results = await burst(server.base, tokens, b * perBurst, perBurst);
    all.push(...results);
    const bad = results.filter((r) => r.status >= 500 || r.status === 0);
    if (bad.length) burstsWith5xx.push({ burst: b + 1, bad });
  }
  const seconds = (performance.now() - started) / 1000;
  const after = await one(server.base, { path: "/api/payments/plans", headers: {} });
  const statuses = {};
  for (const r of all) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
  const latencies = all.map((r) => r.ms);
  const failures = all.filter((r) => r.status >= 500 || r.status === 0);
  return {
    label,
    requests: all.length,
    throughput: all.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    statuses,
    failures: failures.length,
    burstsWith5xx,
    aliveAfter: after.status === 200,
    examples: failures
      .slice(0, 3)
      .map((r) => `${r.path} → ${r.status}${r.error ? ` ${r.error}` : ""}`),
  };
}

const SERVERS = (process.env.LOAD_SERVERS ?? "dev,workerd").split(",");
const rows = [];
if (SERVERS.includes("dev")) {
  const server = await startAppWithFakeGemini("load");
  try {
    rows.push(await measure("npm start (wrangler dev)", server));
  } finally {
    server.stop();
  }
}
if (SERVERS.includes("workerd")) {
  const server = await startAppOnWorkerd("load");
  try {
    rows.push(await measure("plain workerd", server));
  } finally {
    await server.stop();
  }
}

console.log(
  `\nLoad: ${TOTAL} mixed page and API requests (public and signed in) in ${BURSTS} bursts, ${CONCURRENCY} at a time\n`,
);
console.log(
  "| server | requests | req/s | p50 ms | p99 ms | answers | 5xx or dropped | bursts with 5xx | answers after |",
);
console.log("|---|---|---|---|---|---|---|---|---|");
for (const row of rows) {
  const answers = Object.entries(row.statuses)
    .map(([status, count]) => `${status}: ${count}`)
    .join(", ");
  console.log(
    `| ${row.label} | ${row.requests} | ${row.throughput.toFixed(0)} | ${row.p50.toFixed(1)} | ${row.p99.toFixed(1)} | ${answers} | ${row.failures} | ${row.burstsWith5xx.length} of ${BURSTS} | ${row.aliveAfter ? "yes" : "NO"} |`,
  );
}
for (const row of rows) {
  if (row.examples.length)
    console.log(`\n${row.label}, first failures:\n  ${row.examples.join("\n  ")}`);
}
console.log(
  `\nTarget: 0 answers ≥ 500 — ${rows.every((row) => row.failures === 0) ? "met" : "NOT MET"}`,
);
process.exit(0);

#!/usr/bin/env node
/**
 * Cost per request at the edge (docs/edge-cost.md): the production build on
 * plain workerd (startAppOnWorkerd, fresh local state with the demo data).
 *
 * For each signed-in page (the demo Plus subscriber, session cookie) and for
 * its data as a navigation with JavaScript asks for it (`/page.data`) — once
 * rendered (`Cache-Control: no-cache`, as a hard reload sends) and once loaded
 * again (the learner's kept copy, app/http/learner-copies.server.ts) — each
 * anonymous public page (served from the edge cache after the first visit,
 * and once more rendered: the same page with a query string, which the cache
 * never answers), a few pages again as the demo trial learner, whose bar
 * shows the trial's counts (rendered and loaded again), and
 * `GET /api/payments/plans` (JSON, the yardstick), all in one run:
 * - p50 / p99 at one connection (sequential requests, keep-alive);
 * - throughput at 20 connections for a fixed time;
 * - CPU per request: the workerd process's CPU time (user + system, from
 *   /proc) over the throughput run divided by the requests answered. Local
 *   workerd runs D1, KV and the Durable Objects in the same process, so this
 *   is an upper bound of what Workers would bill (the isolate's CPU only).
 *
 * Prints a table and the targets (signed-in p50 ≤ 10 ms, throughput ≥ 0.5×
 * the JSON route, the faster of its two runs; anonymous cached ≥ 0.8×); it
 * does not fail on a slow machine.
 * Usage: npm run bench:edge (builds first). EDGE_SECONDS (default 3) sets the
 * throughput run's length, EDGE_SAMPLES (default 60) the sequential requests,
 * EDGE_SIGNED_IN (comma-separated paths) the signed-in pages measured, EDGE_TRIAL
 * (comma-separated, empty for none) the trial learner's.
 */
import { readFileSync } from "node:fs";
import http from "node:http";
import { execFileSync } from "node:child_process";
import { percentile, signInCookie, startAppOnWorkerd, startOnWorkerd } from "./support.mjs";

const SECONDS = Number(process.env.EDGE_SECONDS ?? 3);
const SAMPLES = Number(process.env.EDGE_SAMPLES ?? 60);
const CONNECTIONS = 20;
const TARGETS = { signedInP50Ms: 10, signedInRatio: 0.5, anonymousRatio: 0.8 };

const SIGNED_IN = process.env.EDGE_SIGNED_IN?.split(",") ?? [
  "/",
  "/account",
  "/chatbot",
  "/chat-history",
  "/clinical-quizzes",
  "/clinical-simulations",
  "/flashcards",
  "/progress",
  "/planner",
  "/practice",
  "/mock-exams",
  "/plans",
  "/support",
];
/** Pages measured again as the demo trial learner (the bar shows the trial's counts). */
const TRIAL = process.env.EDGE_TRIAL?.split(",").filter(Boolean) ?? ["/", "/progress"];
const ANONYMOUS = ["/", "/features", "/about", "/support", "/privacy", "/terms", "/plans"];

/** One GET over a keep-alive agent; resolves with the status, the time to the last byte and X-Cache. */
function get(agent, url, headers) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get(url, { agent, headers }, (response) => {
      response.on("data", () => undefined);
      response.on("end", () =>
        resolve({
          status: response.statusCode,
          ms: performance.now() - started,
          cache: response.headers["x-cache"] ?? null,
        }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

/** CPU seconds (user + system) the workerd processes this script started have used so far. */
function workerdCpuSeconds() {
  const ticks = 100; // USER_HZ on Linux
  const pids = execFileSync("ps", ["-eo", "pid=,ppid=,comm="], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .filter(([, ppid, comm]) => comm === "workerd" && Number(ppid) === process.pid)
    .map(([pid]) => pid);
  let total = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      total += (Number(fields[11]) + Number(fields[12])) / ticks;
    } catch {
      // gone
    }
  }
  return total;
}

async function measure(base, path, headers, label) {
  const url = new URL(path, base);
  const single = new http.Agent({ keepAlive: true, maxSockets: 1 });
  for (let i = 0; i < 5; i += 1) await get(single, url, headers);
  const times = [];
  let cache = null;
  for (let i = 0; i < SAMPLES; i += 1) {
    const result = await get(single, url, headers);
    if (result.status !== 200) throw new Error(`${label} answered ${result.status}`);
    times.push(result.ms);
    cache = result.cache;
  }
  single.destroy();

  const pool = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const deadline = performance.now() + SECONDS * 1000;
  let done = 0;
  let failed = 0;
  const cpuBefore = workerdCpuSeconds();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline) {
        const result = await get(pool, url, headers);
        if (result.status === 200) done += 1;
        else failed += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpu = workerdCpuSeconds() - cpuBefore;
  pool.destroy();
  return {
    label,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    rps: done / elapsed,
    cpuMs: (cpu * 1000) / Math.max(1, done + failed),
    failed,
    cache,
  };
}

/**
 * The floor (tests/bench/edge-floor): a worker on the same D1 state that does the least a
 * signed-in request can do with revocation at once — a session kept in memory, one D1
 * statement — answering a few bytes or a stored 60 KB page, beside the same answer with
 * no D1 read. It runs as the app is configured (its flags, and static assets with the
 * worker first, so every request passes local workerd's assets router as the app's do):
 * no signed-in page can serve more than its `/revocation-page` row. Then the same worker
 * bare, without static assets: the difference is what the assets router costs a request.
 */
async function measureFloor(persist) {
  const rows = [];
  for (const { config, paths, as } of [
    { config: "wrangler.toml", paths: ["/none", "/revocation", "/revocation-page"], as: "" },
    { config: "bare.wrangler.toml", paths: ["/none", "/revocation-page"], as: ", bare" },
  ]) {
    const floor = await startOnWorkerd({
      workers: [
        {
          config: `tests/bench/edge-floor/${config}`,
          name: "edge-floor",
          script: "tests/bench/edge-floor/worker.mjs",
        },
      ],
      persist,
    });
    try {
      const cookie = { Cookie: "floor=bench-session" };
      const labels = {
        "/none": "no D1 read, 9 bytes",
        "/revocation": "revocation read, 9 bytes",
        "/revocation-page": "revocation read, stored 60 KB page",
      };
      for (const path of paths) {
        const headers = path === "/none" ? {} : cookie;
        const row = await measure(floor.base, path, headers, `floor${as}: ${labels[path]}`);
        rows.push({ ...row, kind: "floor", path, bare: as !== "" });
      }
    } finally {
      await floor.stop();
    }
  }
  return rows;
}

const app = await startAppOnWorkerd("edge");
const rows = [];
try {
  const cookie = await signInCookie(app.base);
  rows.push(await measure(app.base, "/api/payments/plans", {}, "GET /api/payments/plans (JSON)"));
  for (const path of ANONYMOUS)
    rows.push({
      ...(await measure(app.base, path, {}, `${path} visitor, cached`)),
      kind: "cached",
    });
  for (const path of ["/", "/about"])
    rows.push({
      ...(await measure(app.base, `${path}?rendered=1`, {}, `${path} visitor, rendered`)),
      kind: "rendered",
    });
  /**
   * A signed-in address twice: rendered (a hard reload, `Cache-Control: no-cache`, is never
   * answered from a copy: the page's own cost), then loaded again (the learner's kept copy while
   * nothing it shows has changed).
   */
  const renderedAndAgain = async (path, cookie, who, again) => [
    {
      ...(await measure(
        app.base,
        path,
        { Cookie: cookie, "Cache-Control": "no-cache" },
        `${path} ${who}, rendered`,
      )),
      kind: "signed-in rendered",
    },
    {
      ...(await measure(app.base, path, { Cookie: cookie }, `${path} ${who}, ${again}`)),
      kind: "signed-in",
    },
  ];
  for (const path of SIGNED_IN) {
    rows.push(...(await renderedAndAgain(path, cookie, "signed in", "load again")));
    // A navigation with JavaScript asks for the page's data (single fetch).
    const data = path === "/" ? "/_root.data" : `${path}.data`;
    rows.push(...(await renderedAndAgain(data, cookie, "signed in", "navigate again")));
  }
  // The demo trial learner: the bar shows the trial's counts, from their KV copy.
  const trialCookie = await signInCookie(app.base, "demo.learner@medmentor.in");
  for (const path of TRIAL) {
    rows.push(...(await renderedAndAgain(path, trialCookie, "trial", "load again")));
  }
  rows.push(await measure(app.base, "/api/payments/plans", {}, "GET /api/payments/plans (again)"));
} finally {
  await app.stop();
}
const floorRows = await measureFloor(app.persist);
// The yardstick is the faster of the two JSON runs: a busy moment never flatters the pages.
const json = [rows[0], rows.at(-1)].reduce((a, b) => (b.rps > a.rps ? b : a));

const verdict = (row) => {
  const ratio = row.rps / json.rps;
  const p50 = row.p50 <= TARGETS.signedInP50Ms ? "met" : "NOT met";
  const rps = ratio >= TARGETS.signedInRatio ? "met" : "NOT met";
  if (row.kind === "signed-in") return `p50 ${p50}, throughput ${rps}`;
  if (row.kind === "signed-in rendered") return `p50 ${p50} (throughput ${rps})`;
  if (row.kind === "cached") return ratio >= TARGETS.anonymousRatio ? "met" : "NOT met";
  return "";
};
console.log(
  `\nCost per request on local workerd (production build; ${SAMPLES} sequential requests, then ${SECONDS} s at ${CONNECTIONS} connections)\n`,
);
console.log("| request | p50 ms | p99 ms | req/s at 20 | × JSON | CPU ms/req | X-Cache | target |");
console.log("|---|---|---|---|---|---|---|---|");
for (const row of [...rows, ...floorRows]) {
  console.log(
    `| ${row.label} | ${row.p50.toFixed(1)} | ${row.p99.toFixed(1)} | ${row.rps.toFixed(0)} | ${(row.rps / json.rps).toFixed(2)} | ${row.cpuMs.toFixed(2)} | ${row.cache ?? "—"} | ${verdict(row)} |`,
  );
}
console.log(
  `\nTargets: signed-in p50 ≤ ${TARGETS.signedInP50Ms} ms at one connection and ≥ ${TARGETS.signedInRatio}× the JSON route's throughput; anonymous cached ≥ ${TARGETS.anonymousRatio}×.`,
);
const floorRow = (path, bare = false) =>
  floorRows.find((row) => row.path === path && row.bare === bare);
const [none, revocation, stored] = ["/none", "/revocation", "/revocation-page"].map((path) =>
  floorRow(path),
);
console.log(
  `Floor (as the app is configured): one D1 read serves ${(revocation.rps / none.rps).toFixed(2)}× the same answer without it; a stored page behind it ${(stored.rps / json.rps).toFixed(2)}× the JSON route (bare, without the assets router: ${(floorRow("/revocation-page", true).rps / json.rps).toFixed(2)}×).`,
);
// Only the loads a copy answered: a page never kept is rendered again.
const copies = rows
  .filter((row) => row.kind === "signed-in" && row.cache === "HIT")
  .map((row) => row.rps / stored.rps);
if (copies.length > 0) {
  console.log(
    `Signed-in loads again answered by the learner's copy (${copies.length}): ${Math.min(...copies).toFixed(2)}–${Math.max(...copies).toFixed(2)}× the floor's stored page.`,
  );
}

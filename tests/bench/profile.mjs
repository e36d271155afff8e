#!/usr/bin/env node
/**
 * Where a page's CPU goes (docs/edge-cost.md): the production build on plain
 * workerd (startAppOnWorkerd) with its inspector open; the V8 sampling
 * profiler of the app worker's isolate records PROFILE_REQUESTS sequential
 * requests to each path given (signed in as the demo Plus subscriber), and
 * the script prints the functions with the most self time and the share of
 * the samples under a few named frames (React's render, Remix's handler and
 * data serialisation, the route loaders).
 * Usage: npm run build && npm run bench:profile -- / /progress
 * (PROFILE_REQUESTS, default 200; PROFILE_TOP, default 25; PROFILE_KEPT=1 for a signed-in
 * learner's repeat load answered from the kept copy instead of a render; PROFILE_VISITOR=1 for an
 * anonymous visitor; PROFILE_OUT=file
 * keeps the .cpuprofile for Chrome DevTools).
 */
import { writeFileSync } from "node:fs";
import http from "node:http";
import WebSocket from "ws";
import { freePort, signInCookie, startAppOnWorkerd } from "./support.mjs";

process.env.BENCH_NO_MINIFY = "1";
const REQUESTS = Number(process.env.PROFILE_REQUESTS ?? 200);
const TOP = Number(process.env.PROFILE_TOP ?? 25);
const paths = process.argv.slice(2);
if (paths.length === 0) paths.push("/");

/** A Chrome DevTools Protocol session over the inspector's WebSocket. */
async function inspect(port) {
  let targets = [];
  for (let i = 0; i < 50 && targets.length === 0; i += 1) {
    try {
      targets = await (await fetch(`http://127.0.0.1:${port}/json`)).json();
    } catch {
      // not up yet
    }
    if (targets.length === 0) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const target = targets.find((entry) => entry.title?.includes("medmentor")) ?? targets[0];
  if (!target) throw new Error("No inspectable worker");
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.once("open", resolve);
    socket.once("error", reject);
  });
  let id = 0;
  const pending = new Map();
  socket.on("message", (raw) => {
    const message = JSON.parse(String(raw));
    if (message.id && pending.has(message.id)) {
      pending.get(message.id)(message);
      pending.delete(message.id);
    }
  });
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      id += 1;
      pending.set(id, (message) =>
        message.error ? reject(new Error(message.error.message)) : resolve(message.result),
      );
      socket.send(JSON.stringify({ id, method, params }));
    });
  return { send, close: () => socket.close() };
}

function get(agent, url, headers) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers }, (response) => {
      response.on("data", () => undefined);
      response.on("end", () => resolve(response.statusCode));
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

/** Self time by function, and inclusive time under frames whose names match. */
function summarise(profile) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const deltas = profile.timeDeltas;
  const selfMs = new Map();
  const under = new Map();
  const inclusive = new Map();
  const MARKERS = [
    ["route matching (matchRoutes)", /^(matchRoutes|matchRoutesImpl|matchServerRoutes)$/],
    [
      "React render (renderToReadableStream)",
      /^(exports\.renderToReadableStream|renderToReadableStream|performWork|renderNode|renderElement|renderNodeDestructive|retryTask|performWorkUnit)$/,
    ],
    ["Remix request handler", /^(requestHandler|handleDocumentRequest|handleDocumentRequestRR)$/],
    [
      "Remix data / turbo-stream encode",
      /^(encode|encodeViaTurboStream|flatten|stringify|serializeErrors)$/,
    ],
    ["route loaders (loader)", /^(loader|callRouteLoader|callLoaderOrAction)$/],
    ["JSON.stringify / parse", /^(stringify|parse)$/],
  ];
  let total = 0;
  let d1 = 0;
  profile.samples.forEach((nodeId, index) => {
    const ms = (deltas[index] ?? 0) / 1000;
    const node = nodes.get(nodeId);
    const frame = node.callFrame;
    const key = `${frame.functionName || "(anonymous)"}:${frame.lineNumber + 1}`;
    selfMs.set(key, (selfMs.get(key) ?? 0) + ms);
    if (frame.url === "cloudflare-internal:d1-api") d1 += ms;
    // Idle is the isolate waiting; everything else (JS, the runtime's native work, GC) is CPU.
    if (frame.functionName === "(idle)") return;
    total += ms;
    const seen = new Set();
    const seenFrames = new Set();
    for (let current = nodeId; current !== undefined; current = parent.get(current)) {
      const callFrame = nodes.get(current).callFrame;
      const name = callFrame.functionName;
      const frameKey = `${name || "(anonymous)"}:${callFrame.lineNumber + 1}`;
      if (!seenFrames.has(frameKey)) {
        seenFrames.add(frameKey);
        inclusive.set(frameKey, (inclusive.get(frameKey) ?? 0) + ms);
      }
      for (const [label, pattern] of MARKERS)
        if (!seen.has(label) && pattern.test(name)) {
          seen.add(label);
          under.set(label, (under.get(label) ?? 0) + ms);
        }
    }
  });
  return { selfMs, under, inclusive, total, d1 };
}

const inspectorPort = await freePort();
const app = await startAppOnWorkerd("profile", undefined, { inspectorPort });
try {
  // PROFILE_VISITOR=1: as an anonymous visitor (public pages then come from the edge cache).
  // Signed in, each request is a hard reload (rendered) unless PROFILE_KEPT=1 (the learner's copy).
  const headers = process.env.PROFILE_VISITOR
    ? {}
    : {
        Cookie: await signInCookie(app.base),
        ...(process.env.PROFILE_KEPT ? {} : { "Cache-Control": "no-cache" }),
      };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const inspector = await inspect(inspectorPort);
  await inspector.send("Profiler.enable");
  await inspector.send("Profiler.setSamplingInterval", { interval: 50 });
  const table = [];
  for (const path of paths) {
    const url = new URL(path, app.base);
    for (let i = 0; i < 20; i += 1) await get(agent, url, headers);
    await inspector.send("Profiler.start");
    for (let i = 0; i < REQUESTS; i += 1) {
      const status = await get(agent, url, headers);
      if (status !== 200) throw new Error(`${path} answered ${status}`);
    }
    const { profile } = await inspector.send("Profiler.stop");
    if (process.env.PROFILE_OUT)
      writeFileSync(
        `${process.env.PROFILE_OUT}${path.replace(/\W+/g, "_")}.cpuprofile`,
        JSON.stringify(profile),
      );
    const { selfMs, under, inclusive, total, d1 } = summarise(profile);
    const per = (ms) => (ms / REQUESTS).toFixed(2);
    table.push(
      `| ${path} | ${per(total)} | ${per(under.get("React render (renderToReadableStream)") ?? 0)} | ${per(under.get("route matching (matchRoutes)") ?? 0)} | ${per(d1)} |`,
    );
    console.log(
      `\n${path}: ${(total / REQUESTS).toFixed(2)} ms of isolate CPU per request (${REQUESTS} requests)`,
    );
    for (const [label, ms] of under)
      console.log(`  under ${label}: ${(ms / REQUESTS).toFixed(2)} ms`);
    console.log(`  top self time (ms per request):`);
    [...selfMs]
      .filter(([key]) => !key.startsWith("(idle)") && !key.startsWith("(program)"))
      .sort((a, b) => b[1] - a[1])
      .slice(0, TOP)
      .forEach(([key, ms]) => console.log(`    ${(ms / REQUESTS).toFixed(3)}  ${key}`));
    console.log(`  top inclusive time (ms per request):`);
    [...inclusive]
      .sort((a, b) => b[1] - a[1])
      .slice(0, TOP * 2)
      .forEach(([key, ms]) => console.log(`    ${(ms / REQUESTS).toFixed(3)}  ${key}`));
  }
  console.log(
    `\nIsolate CPU per request, ${REQUESTS} requests each (sampled every 50 µs; the profiler adds to it).` +
      "\nD1 wrapper: workerd's D1 client reading results, which locally also carries the SQLite work" +
      " of the in-process D1.\n",
  );
  console.log("| path | isolate ms | React render | route matching | D1 wrapper |");
  console.log("|---|---|---|---|---|");
  for (const row of table) console.log(row);
  inspector.close();
  agent.destroy();
} finally {
  await app.stop();
}

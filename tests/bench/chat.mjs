#!/usr/bin/env node
/**
 * Mentor chat figures, on the production build with the fake Gemini API
 * (tests/fakes/gemini-server.mjs) as the provider:
 *
 * 1. Time to first token on plain workerd (the target's measure). The same
 *    request is timed straight against the fake provider (first `data:` event
 *    of streamGenerateContent), through a minimal Worker making only the round
 *    trips a reply cannot skip (tests/bench/chat-floor/), and through MedMentor
 *    (first `delta` event of POST /api/chats/stream, which checks the session,
 *    reads the plan and the conversation, saves the message and asks the
 *    provider). The difference is what MedMentor adds; target ≤ 10 ms at p50.
 *    Calls alternate so all see the same load. The app runs as `wrangler
 *    deploy` would upload it, with its meter worker, on workerd through
 *    Miniflare: the runtime `wrangler dev` drives, without the proxy worker
 *    and devtools session it adds for development.
 * 2. The same three under `npm start` (wrangler dev), for reference.
 * 3. Chat history with 1,000 conversations (10 messages each) for one learner
 *    under `npm start`: the JSON list, a search over titles and message text,
 *    and the /chat-history page itself.
 *
 * Prints the figures; it never fails on a slow machine.
 * Usage: npm run bench:chat   (builds first)
 */
import { spawn } from "node:child_process";
import { FAKE_GEMINI } from "../fakes/gemini.mjs";
import {
  apiToken,
  executeLocalSql,
  freePort,
  offline,
  percentile,
  root,
  startAppOnWorkerd,
  startAppWithFakeGemini,
  startFakeGemini,
  startOnWorkerd,
  timeRequest,
  waitFor,
} from "./support.mjs";
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const WARMUP = 20;
const CONVERSATIONS = 1_000;
const MESSAGES_PER_CONVERSATION = 10;
const HISTORY_ROUNDS = Number(process.env.BENCH_HISTORY_ROUNDS ?? 50);
const DEMO = {
  email: "demo.subscriber@medmentor.in",
  password: "DemoLearner1",
  id: "demo-subscriber",
};

const ms = (value) => value.toFixed(2);

/** Milliseconds until the stream's body contains `marker`; the rest of the stream is read to its end. */
async function timeToMarker(url, init, marker) {
  const started = performance.now();
  const response = await fetch(url, init);
  if (!response.ok || !response.body) {
    throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let seen = "";
  let first = null;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (first === null) {
      seen += decoder.decode(value, { stream: true });
      if (seen.includes(marker)) first = performance.now() - started;
    }
  }
  if (first === null) throw new Error(`No ${JSON.stringify(marker)} in the stream from ${url}`);
  return first;
}

function sessionId() {
  return `chat_${Date.now()}_${Math.random().toString(36).slice(2, 11).padEnd(9, "0")}`;
}

function sqlString(value) {
  return `'${String(value).replaceAll("'", "''")}'`;
}

/** 1,000 conversations of 10 messages for the demo subscriber, written straight into local D1. */
function seedHistory(persist) {
  const now = Date.now();
  const topics = [
    "cardiology",
    "nephrology",
    "asthma",
    "sepsis",
    "dengue",
    "anaemia",
    "stroke",
    "thyroid",
  ];
  const functions = [
    "general",
    "studyHelp",
    "clinicalSimulation",
    "studySchedule",
    "cvSopHelp",
    "careerGuidance",
  ];
  const lines = [
    "DELETE FROM chat_messages WHERE user_id = 'demo-subscriber';",
    "DELETE FROM chat_sessions WHERE user_id = 'demo-subscriber';",
  ];
  for (let index = 0; index < CONVERSATIONS; index++) {
    const id = `chat_${now - index * 60_000}_bench${String(index).padStart(5, "0")}`;
    const topic = topics[index % topics.length];
    const at = now - index * 3_600_000;
    lines.push(
      `INSERT INTO chat_sessions (id, user_id, function, title, title_edited, message_count, created_at, last_activity) VALUES (${sqlString(id)}, 'demo-subscriber', ${sqlString(functions[index % functions.length])}, ${sqlString(`Question ${index} about ${topic}`)}, 0, ${MESSAGES_PER_CONVERSATION}, ${at}, ${at});`,
    );
    const values = [];
    for (let turn = 0; turn < MESSAGES_PER_CONVERSATION; turn++) {
      const type = turn % 2 === 0 ? "user" : "bot";
      const text =
        type === "user"
          ? `Learner question ${turn} on ${topic} number ${index}`
          : `Mentor answer ${turn} about ${topic}: the mechanism, the bedside signs and one check question. `.repeat(
              4,
            );
      values.push(
        `(${sqlString(id)}, 'demo-subscriber', '${type}', ${sqlString(text)}, 'complete', ${at + turn})`,
      );
    }
    lines.push(
      `INSERT INTO chat_messages (session_id, user_id, type, text, status, created_at) VALUES ${values.join(", ")};`,
    );
  }
  // One word that appears only in one message body deep in the history.
  lines.push(
    `UPDATE chat_messages SET text = text || ' zygomycosis' WHERE id = (SELECT max(id) FROM chat_messages WHERE user_id = 'demo-subscriber' AND session_id LIKE '%bench00900');`,
  );
  executeLocalSql(persist, "bench-chat-history", lines);
}

/**
 * The floor: tests/bench/chat-floor/worker.mjs on local workerd makes the same
 * round trips before the provider call (KV, then one D1 batch)
 * and nothing else, so what MedMentor adds above it is the app's own code.
 */
async function startFloorWorker(geminiOrigin) {
  const port = await freePort();
  const child = spawn(
    "npx",
    [
      "wrangler",
      "dev",
      "-c",
      "tests/bench/chat-floor/wrangler.toml",
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      "--persist-to",
      `.wrangler/bench-chat-floor-${port}`,
      "--show-interactive-dev-session=false",
      "--log-level",
      "error",
      "--var",
      `GEMINI_API_KEY:${FAKE_GEMINI.apiKey}`,
      "--var",
      `GEMINI_BASE_URL:${geminiOrigin}`,
    ],
    { cwd: root, env: { ...process.env, ...offline }, stdio: "ignore", detached: true },
  );
  const stopFloor = () => {
    try {
      process.kill(-child.pid, "SIGINT");
    } catch {
      // already stopped
    }
  };
  process.on("exit", stopFloor);
  const floorBase = `http://127.0.0.1:${port}`;
  await waitFor(`${floorBase}/`);
  return { floorBase, stopFloor };
}

/** The floor worker on plain workerd, the same runtime as startAppOnWorkerd. */
function startFloorOnWorkerd(geminiOrigin) {
  return startOnWorkerd({
    workers: [
      {
        config: "tests/bench/chat-floor/wrangler.toml",
        name: "medmentor-chat-floor",
        script: "tests/bench/chat-floor/worker.mjs",
      },
    ],
    persist: ".wrangler/bench-chat-floor-workerd",
    bindings: { GEMINI_API_KEY: FAKE_GEMINI.apiKey, GEMINI_BASE_URL: geminiOrigin },
  });
}

/**
 * Time to first token straight from the fake provider, through the floor and
 * through MedMentor, the three taking turns so all see the same load; prints
 * the table and returns what MedMentor adds at p50.
 */
async function timeToFirstToken({ title, geminiOrigin, base, floorBase, token }) {
  const auth = { Authorization: `Bearer ${token}` };
  const text = "Explain the Frank-Starling mechanism in two lines.";
  const direct = () =>
    timeToMarker(
      `${geminiOrigin}/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse`,
      {
        method: "POST",
        headers: { "Content-Type": "application/json", "x-goog-api-key": FAKE_GEMINI.apiKey },
        body: JSON.stringify({
          contents: [{ role: "user", parts: [{ text: `${text} [[fake id=bench-direct]]` }] }],
        }),
      },
      "data:",
    );
  const throughApp = () =>
    timeToMarker(
      `${base}/api/chats/stream`,
      {
        method: "POST",
        headers: { ...auth, "Content-Type": "application/json" },
        body: JSON.stringify({
          sessionId: sessionId(),
          text: `${text} [[fake id=bench-app]]`,
          function: "studyHelp",
        }),
      },
      "event: delta",
    );
  const throughFloor = () =>
    timeToMarker(
      floorBase,
      {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ text: `${text} [[fake id=bench-floor]]` }),
      },
      "event: delta",
    );
  for (let index = 0; index < WARMUP; index++) {
    await direct();
    await throughFloor();
    await throughApp();
  }
  const directTimes = [];
  const floorTimes = [];
  const appTimes = [];
  for (let index = 0; index < ROUNDS; index++) {
    directTimes.push(await direct());
    floorTimes.push(await throughFloor());
    appTimes.push(await throughApp());
  }

  console.log(`\nTime to first token ${title}, ${ROUNDS} calls each (ms)\n`);
  console.log("| path | p50 | p99 |");
  console.log("|---|---|---|");
  console.log(
    `| fake provider directly | ${ms(percentile(directTimes, 50))} | ${ms(percentile(directTimes, 99))} |`,
  );
  console.log(
    `| minimal Worker, same round trips (the floor) | ${ms(percentile(floorTimes, 50))} | ${ms(percentile(floorTimes, 99))} |`,
  );
  console.log(
    `| through POST /api/chats/stream | ${ms(percentile(appTimes, 50))} | ${ms(percentile(appTimes, 99))} |`,
  );
  const overhead50 = percentile(appTimes, 50) - percentile(directTimes, 50);
  const overhead99 = percentile(appTimes, 99) - percentile(directTimes, 99);
  console.log(`| **MedMentor's overhead** | **${ms(overhead50)}** | **${ms(overhead99)}** |`);
  const floor50 = percentile(floorTimes, 50) - percentile(directTimes, 50);
  const floor99 = percentile(floorTimes, 99) - percentile(directTimes, 99);
  console.log(`| of which the floor's round trips | ${ms(floor50)} | ${ms(floor99)} |`);
  console.log(
    `| of which MedMentor's own code | ${ms(overhead50 - floor50)} | ${ms(overhead99 - floor99)} |`,
  );
  return overhead50;
}

// 1. Time to first token on plain workerd: the production bundle and the
// runtime Cloudflare runs it on, without wrangler dev's development layers.
{
  const gemini = await startFakeGemini();
  const geminiBindings = {
    GEMINI_API_KEY: FAKE_GEMINI.apiKey,
    GEMINI_BASE_URL: gemini.geminiOrigin,
  };
  const app = await startAppOnWorkerd("chat", geminiBindings);
  const floor = await startFloorOnWorkerd(gemini.geminiOrigin);
  try {
    const overhead = await timeToFirstToken({
      title: "on plain workerd (the target's measure)",
      geminiOrigin: gemini.geminiOrigin,
      base: app.base,
      floorBase: floor.base,
      token: await apiToken(app.base, DEMO.email, DEMO.password),
    });
    console.log(`\nTarget: overhead ≤ 10 ms at p50: ${overhead <= 10 ? "met" : "NOT MET"}`);
  } finally {
    await floor.stop();
    await app.stop();
    gemini.stop();
  }
}

// 2. The same under `npm start` (wrangler dev), then history with 1,000 conversations.
const { base, geminiOrigin, persist, stop } = await startAppWithFakeGemini("chat");
const { floorBase, stopFloor } = await startFloorWorker(geminiOrigin);

try {
  const token = await apiToken(base, DEMO.email, DEMO.password);
  const auth = { Authorization: `Bearer ${token}` };
  await timeToFirstToken({
    title: "under `npm start` (wrangler dev)",
    geminiOrigin,
    base,
    floorBase,
    token,
  });

  // 3. History with 1,000 conversations.
  seedHistory(persist);
  const cookieLogin = await fetch(`${base}/login`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "CF-Connecting-IP": "198.51.100.8",
    },
    body: new URLSearchParams({ email: DEMO.email, password: DEMO.password }),
    redirect: "manual",
  });
  const cookie = (cookieLogin.headers.getSetCookie?.() ?? [])
    .map((value) => value.split(";")[0])
    .join("; ");
  const cases = [
    ["GET /api/chats/history?limit=50", `${base}/api/chats/history?limit=50&skip=0`, auth],
    [
      "GET /api/chats/history?limit=50&skip=950",
      `${base}/api/chats/history?limit=50&skip=950`,
      auth,
    ],
    [
      "GET /api/chats/history?search=zygomycosis (message text)",
      `${base}/api/chats/history?limit=50&search=zygomycosis`,
      auth,
    ],
    ["GET /chat-history (page, HTML)", `${base}/chat-history`, { Cookie: cookie }],
    [
      "GET /chat-history?q=nephrology (page, HTML)",
      `${base}/chat-history?q=nephrology`,
      { Cookie: cookie },
    ],
  ];
  console.log(
    `\nChat history, ${CONVERSATIONS.toLocaleString("en-IN")} conversations × ${MESSAGES_PER_CONVERSATION} messages, ${HISTORY_ROUNDS} requests each (ms)\n`,
  );
  console.log("| request | p50 | p99 | response KB |");
  console.log("|---|---|---|---|");
  for (const [label, url, headers] of cases) {
    for (let index = 0; index < 5; index++) await timeRequest(url, headers);
    const times = [];
    let bytes = 0;
    for (let index = 0; index < HISTORY_ROUNDS; index++) {
      const result = await timeRequest(url, headers);
      times.push(result.total);
      bytes = result.bytes;
    }
    console.log(
      `| ${label} | ${ms(percentile(times, 50))} | ${ms(percentile(times, 99))} | ${(bytes / 1024).toFixed(1)} |`,
    );
  }
} finally {
  stopFloor();
  stop();
}

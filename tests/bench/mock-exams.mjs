#!/usr/bin/env node
/**
 * Mock exam figures on the production build served by plain workerd (local
 * D1, fresh state), through the JSON API with Bearer tokens:
 *
 *   - start: POST /api/mock-exams for a full NEET-PG paper (200 questions) —
 *     a numbered paper built and stored by this call, the same number already
 *     stored (a second learner), and a fresh random paper;
 *   - save: PUT /api/mock-exams/{id}/answers, one answer, from 200 learners
 *     at once (each in their own mock), round after round: p50 and p99;
 *   - results: GET /api/mock-exams/{id}/results for a submitted 300-question
 *     FMGE paper (every question in full) and the results page itself.
 *
 * Targets (docs/benchmarks.md): start ≤ 300 ms at p50; a save ≤ 50 ms at p50;
 * with 200 learners saving at once, every save acknowledged and at least 50
 * saves a second from one local workerd process (which runs them one after
 * another: the p50/p99 there are queueing, printed as they are); results
 * ≤ 500 ms at p50. Prints the figures; it never fails on a slow machine.
 *
 * Usage: npm run bench:mock (builds first). MOCK_LEARNERS (default 200),
 * MOCK_ROUNDS (default 10), MOCK_RUNS (default 20) change the sizes.
 */
import {
  executeLocalSql,
  percentile,
  startAppOnWorkerd,
  startAppWithFakeGemini,
} from "./support.mjs";

const LEARNERS = Number(process.env.MOCK_LEARNERS ?? 200);
const ROUNDS = Number(process.env.MOCK_ROUNDS ?? 10);
const RUNS = Number(process.env.MOCK_RUNS ?? 20);
const PASSWORD = "DemoLearner1";
/** The demo accounts' password hash (app/db/seed.sql): the bench learners sign in with it. */
const DEMO_HASH =
  "$pbkdf2-sha256$v=1$i=100000,r=6,k=0$wRsQ66hYjke2B5ALI8a6Qg$wULJhJotfv2+8/FzV3i4QhSEFFMlPlP5dMOHRlwR/eA";

const ms = (value) => value.toFixed(1);
const ipOf = (index) => `10.9.${(index >> 8) & 255}.${index & 255}`;
const learnerId = (index) => `bench-mock-${String(index).padStart(4, "0")}`;

/** Pro learners written straight into local D1: the account, a paid order and a year of Pro. */
function seed(persist, count) {
  const now = Date.now();
  const year = now + 365 * 86_400_000;
  const lines = [];
  for (let index = 0; index < count; index++) {
    const id = learnerId(index);
    lines.push(
      `INSERT OR IGNORE INTO users (id, role, first_name, last_name, email, password_hash, email_verified_at, created_at, updated_at) VALUES ('${id}', 'learner', 'Bench', 'Learner', '${id}@medmentor.in', '${DEMO_HASH}', ${now}, ${now}, ${now});`,
      `INSERT OR IGNORE INTO payment_orders (id, user_id, plan_id, provider, provider_order_id, currency, original_paise, discount_paise, amount_paise, promo_code, status, payment_id, created_at, updated_at, paid_at) VALUES ('${id}-order', '${id}', 'pro', 'offline', 'order_${id}', 'INR', 449900, 0, 449900, NULL, 'paid', 'pay_${id}', ${now}, ${now}, ${now});`,
      `INSERT OR IGNORE INTO subscriptions (id, user_id, plan_id, order_id, payment_id, starts_at, ends_at, created_at) VALUES ('${id}-pro', '${id}', 'pro', '${id}-order', 'pay_${id}', ${now - 1000}, ${year}, ${now});`,
    );
  }
  executeLocalSql(persist, "bench-mock", lines);
}

/** Requests the local server dropped (a closed keep-alive socket, a restart) and sent again. */
let resent = 0;

/**
 * One API call, timed to its last byte. A connection the local server dropped
 * is tried again (every call here is safe to repeat: a repeated start finds
 * the sitting it made); the time is the try that was answered.
 */
async function call(base, learner, method, path, body, tries = 4) {
  const started = performance.now();
  let response;
  try {
    response = await fetch(`${base}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${learner.token}`,
        "CF-Connecting-IP": learner.ip,
        ...(body ? { "Content-Type": "application/json" } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch (error) {
    if (tries <= 1) throw error;
    resent += 1;
    return call(base, learner, method, path, body, tries - 1);
  }
  const text = await response.text();
  const elapsed = performance.now() - started;
  if (response.status === 503 && tries > 1) {
    resent += 1;
    return call(base, learner, method, path, body, tries - 1);
  }
  const json = JSON.parse(text);
  // A start sent again after the first one did arrive: the sitting it made is the one running.
  if (response.status === 409 && json.data?.activeId && tries < 4) {
    return { elapsed, json: { data: { id: json.data.activeId } }, bytes: text.length };
  }
  if (!response.ok) {
    throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 200)}`);
  }
  return { elapsed, json, bytes: text.length };
}

async function signIn(base, index, tries = 4) {
  try {
    const response = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": ipOf(index) },
      body: JSON.stringify({ email: `${learnerId(index)}@medmentor.in`, password: PASSWORD }),
    });
    const token = (await response.json()).data?.token;
    if (token) return { token, ip: ipOf(index) };
    if (tries <= 1) throw new Error(`Could not sign in learner ${index} (${response.status})`);
  } catch (error) {
    if (tries <= 1) throw error;
  }
  resent += 1;
  return signIn(base, index, tries - 1);
}

/** Runs `task` over `items`, `width` at a time. */
async function inBatches(items, width, task) {
  const out = [];
  for (let index = 0; index < items.length; index += width) {
    out.push(...(await Promise.all(items.slice(index, index + width).map(task))));
  }
  return out;
}

const line = (name, times, extra = "") =>
  `| ${name} | ${times.length} | ${ms(percentile(times, 50))} | ${ms(percentile(times, 99))} | ${ms(Math.max(...times))} |${extra}`;

// Plain workerd by default; MOCK_SERVER=wrangler for `npm start` (wrangler's proxy in front).
const { base, persist, stop } =
  process.env.MOCK_SERVER === "wrangler"
    ? await startAppWithFakeGemini("mock")
    : await startAppOnWorkerd("mock");

try {
  seed(persist, LEARNERS);
  const progress = (text) => process.stderr.write(`[bench:mock] ${text}\n`);
  progress(`signing in ${LEARNERS} learners`);
  const learners = await inBatches(
    Array.from({ length: LEARNERS }, (_, index) => index),
    8,
    (index) => signIn(base, index),
  );

  // Starting a full NEET-PG paper (200 questions), each start submitted again to free the learner.
  const start = async (learner, paper) => {
    const { elapsed, json } = await call(base, learner, "POST", "/api/mock-exams", {
      pattern: "neet-pg",
      length: "full",
      paper,
    });
    await call(base, learner, "POST", `/api/mock-exams/${json.data.id}/submit`);
    return elapsed;
  };
  progress("starting full NEET-PG papers");
  const built = [];
  const stored = [];
  const random = [];
  for (let run = 0; run < RUNS; run++) {
    built.push(await start(learners[run % LEARNERS], run + 1));
    stored.push(await start(learners[(run + RUNS) % LEARNERS], 1));
    random.push(await start(learners[(run + 2 * RUNS) % LEARNERS], "random"));
  }

  progress("saving answers");
  // 200 learners, each in a full NEET-PG paper 2 (stored), saving one answer at the same moment.
  const sittings = await inBatches(learners, 20, async (learner) => {
    const { json } = await call(base, learner, "POST", "/api/mock-exams", {
      pattern: "neet-pg",
      length: "full",
      paper: 2,
    });
    return { learner, id: json.data.id };
  });
  const solo = [];
  for (let round = 0; round < ROUNDS * 2; round++) {
    const { learner, id } = sittings[0];
    solo.push(
      (
        await call(base, learner, "PUT", `/api/mock-exams/${id}/answers`, {
          position: round % 40,
          choice: round % 4,
          marked: false,
          seconds: round,
        })
      ).elapsed,
    );
  }
  // For comparison: the cheapest signed-in call (the session and its user, no plan check).
  const me = [];
  for (let round = 0; round < ROUNDS * 2; round++) {
    me.push((await call(base, sittings[0].learner, "GET", "/api/auth/me")).elapsed);
  }
  const together = [];
  let acknowledged = 0;
  const batched = [];
  const burst = [];
  for (let round = 0; round < ROUNDS; round++) {
    const began = performance.now();
    const times = await Promise.all(
      sittings.map(({ learner, id }) =>
        call(base, learner, "PUT", `/api/mock-exams/${id}/answers`, {
          position: round % 40,
          choice: (round + 1) % 4,
          marked: round % 3 === 0,
          seconds: 30 + round,
        }).then((result) => {
          if (result.json.data.saved.length === 1) acknowledged += 1;
          return result.elapsed;
        }),
      ),
    );
    together.push(...times);
    burst.push(performance.now() - began);
  }
  // A quick learner's batch: 10 answers in one request.
  for (let round = 0; round < ROUNDS * 2; round++) {
    const { learner, id } = sittings[1];
    const answers = Array.from({ length: 10 }, (_, index) => ({
      position: (round * 10 + index) % 40,
      choice: index % 4,
      marked: false,
      seconds: round,
    }));
    batched.push(
      (await call(base, learner, "PUT", `/api/mock-exams/${id}/answers`, { answers })).elapsed,
    );
  }
  await inBatches(sittings, 20, ({ learner, id }) =>
    call(base, learner, "POST", `/api/mock-exams/${id}/submit`),
  );

  progress("a full FMGE paper's results");
  // A full FMGE paper (300 questions), every question answered, submitted; then its results.
  const fmgeLearner = learners[LEARNERS - 1];
  const { json: fmge } = await call(base, fmgeLearner, "POST", "/api/mock-exams", {
    pattern: "fmge",
    length: "full",
    paper: "random",
  });
  const fmgeId = fmge.data.id;
  const part = (from) =>
    Array.from({ length: 150 }, (_, index) => ({
      position: from + index,
      choice: index % 4,
      marked: index % 7 === 0,
      seconds: 20 + (index % 60),
    }));
  await call(base, fmgeLearner, "PUT", `/api/mock-exams/${fmgeId}/answers`, { answers: part(0) });
  executeLocalSql(persist, "bench-mock-part-b", [
    `UPDATE mock_attempts SET section_ends_at = ${Date.now() - 1000}, ends_at = ${Date.now() + 150 * 60_000} WHERE id = '${fmgeId}';`,
  ]);
  await call(base, fmgeLearner, "GET", `/api/mock-exams/${fmgeId}`);
  await call(base, fmgeLearner, "PUT", `/api/mock-exams/${fmgeId}/answers`, { answers: part(150) });
  const submitted = await call(base, fmgeLearner, "POST", `/api/mock-exams/${fmgeId}/submit`);
  const results = [];
  const resultsPage = [];
  let resultBytes = 0;
  let pageBytes = 0;
  const login = await fetch(`${base}/login`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "CF-Connecting-IP": fmgeLearner.ip,
    },
    body: new URLSearchParams({
      email: `${learnerId(LEARNERS - 1)}@medmentor.in`,
      password: PASSWORD,
    }),
    redirect: "manual",
  });
  const cookie = login.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .join("; ");
  for (let run = 0; run < RUNS + 3; run++) {
    const api = await call(base, fmgeLearner, "GET", `/api/mock-exams/${fmgeId}/results`);
    const started = performance.now();
    const html = await (
      await fetch(`${base}/mock-exams/${fmgeId}`, {
        headers: { Cookie: cookie, "CF-Connecting-IP": fmgeLearner.ip },
      })
    ).text();
    const pageTime = performance.now() - started;
    if (run < 3) continue; // warm-up
    results.push(api.elapsed);
    resultsPage.push(pageTime);
    resultBytes = api.bytes;
    pageBytes = html.length;
  }
  if (submitted.json.data.correct + submitted.json.data.wrong !== 300) {
    throw new Error("the FMGE paper was not answered in full");
  }

  console.log(`\nMock exams, ${LEARNERS} learners (ms)\n`);
  console.log("| call | samples | p50 | p99 | max |");
  console.log("|---|---|---|---|---|");
  console.log(line("start full NEET-PG, numbered paper built and stored", built));
  console.log(line("start full NEET-PG, numbered paper already stored", stored));
  console.log(line("start full NEET-PG, fresh random paper", random));
  console.log(line("save 1 answer, one learner alone", solo));
  console.log(line("GET /api/auth/me, one learner alone (for comparison)", me));
  console.log(line(`save 1 answer, ${LEARNERS} learners at once`, together));
  console.log(line("save a batch of 10 answers, one learner", batched));
  console.log(
    line(
      `results of a 300-question FMGE paper, API (${Math.round(resultBytes / 1024)} KB)`,
      results,
    ),
  );
  console.log(
    line(
      `results page of the same paper, section 1 (${Math.round(pageBytes / 1024)} KB)`,
      resultsPage,
    ),
  );
  const perSecond = (LEARNERS * 1000) / percentile(burst, 50);
  console.log(
    `\n${LEARNERS} saves sent at once were all answered within ${ms(percentile(burst, 50))} ms (median of ${ROUNDS} rounds): ${Math.round(perSecond)} saves a second from one local workerd process; ${acknowledged} of ${together.length} acknowledged as saved.`,
  );
  console.log(`Requests the local server dropped and that were sent again: ${resent}.`);
  const met =
    percentile(built, 50) <= 300 &&
    percentile(solo, 50) <= 50 &&
    perSecond >= 50 &&
    acknowledged === together.length &&
    percentile(results, 50) <= 500;
  console.log(
    `Targets (start ≤ 300 ms p50; a save ≤ 50 ms p50, ≥ 50 saves/s with ${LEARNERS} at once and none lost; results ≤ 500 ms p50): ${met ? "met" : "NOT MET"}`,
  );
} finally {
  await stop();
}

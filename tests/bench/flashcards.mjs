#!/usr/bin/env node
/**
 * Flashcard reads with a small and a large deck, on the production build
 * served by local workerd (local D1):
 *
 *   - list:      GET /api/flashcards?limit=20             (the deck's first page and its count)
 *   - filter:    GET /api/flashcards?category=…&limit=20  (one category's first page and count)
 *   - due queue: GET /api/flashcards?due=true&limit=20    (due cards, then new ones, and the
 *                                                          queue's counts: due now, due today,
 *                                                          new, next due, reviewed today)
 *
 * for one learner with 100 cards and one with 20,000 (10 categories, a third
 * of the cards studied with due times spread around now, the rest new).
 * Calls for the two learners alternate so both see the same load. Target:
 * the 20,000-card figures within 2× of the 100-card ones (the indexes in
 * migrations/0006_flashcards.sql). Also printed, without a target: a search
 * (a scan of the learner's cards), a deep page (?page=500) and the
 * /flashcards page itself.
 *
 * Prints the figures; it never fails on a slow machine.
 * Usage: npm run bench:flashcards   (builds first)
 */
import {
  apiToken,
  executeLocalSql,
  percentile,
  startAppWithFakeGemini,
  timeRequest,
} from "./support.mjs";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const WARMUP = 20;
const CATEGORIES = 10;
const PASSWORD = "DemoLearner1";
/** The demo accounts' password hash (app/db/seed.sql): the bench learners sign in with it. */
const DEMO_HASH =
  "$pbkdf2-sha256$v=1$i=100000,r=6,k=0$wRsQ66hYjke2B5ALI8a6Qg$wULJhJotfv2+8/FzV3i4QhSEFFMlPlP5dMOHRlwR/eA";
const LEARNERS = [
  { id: "bench-small", email: "bench.small@medmentor.in", cards: 100 },
  { id: "bench-large", email: "bench.large@medmentor.in", cards: 20_000 },
];

const ms = (value) => value.toFixed(2);
const sql = (value) => `'${String(value).replaceAll("'", "''")}'`;

/** The learners, their trials and their decks, written straight into local D1. */
function seed(persist) {
  const now = Date.now();
  const lines = [];
  for (const learner of LEARNERS) {
    lines.push(
      `INSERT OR IGNORE INTO users (id, role, first_name, last_name, email, password_hash, email_verified_at, created_at, updated_at) VALUES (${sql(learner.id)}, 'learner', 'Bench', 'Learner', ${sql(learner.email)}, ${sql(DEMO_HASH)}, ${now}, ${now}, ${now});`,
      `INSERT OR IGNORE INTO trials (user_id, started_at, ends_at) VALUES (${sql(learner.id)}, ${now}, ${now + 30 * 86_400_000});`,
      `DELETE FROM flashcards WHERE user_id = ${sql(learner.id)};`,
    );
    let values = [];
    for (let index = 0; index < learner.cards; index++) {
      const category = `Category ${String(index % CATEGORIES).padStart(2, "0")}`;
      const studied = index % 3 === 0;
      const created = now - (learner.cards - index) * 60_000;
      // Studied cards fall due from 10 days ago to 20 days ahead; new ones are due when made.
      const due = studied ? now + ((index * 7919) % (30 * 86_400_000)) - 10 * 86_400_000 : created;
      values.push(
        `(${sql(`${learner.id}-${String(index).padStart(5, "0")}`)}, ${sql(learner.id)}, ${sql(`Question ${index} about ${category}: what is the mechanism, the bedside sign and the first-line treatment?`)}, ${sql(`Answer ${index}: the mechanism in one line, the sign to look for and the drug with its dose.`)}, ${sql(category)}, 0, 'import', ${sql(`bench-${index}`)}, ${studied ? 0 : 1}, ${due}, ${studied ? 8.5 : 0}, ${studied ? 5.2 : 0}, ${studied ? 8 : 0}, 0, ${studied ? 3 : 0}, 0, ${studied ? 2 : 0}, ${studied ? now - 5 * 86_400_000 : "NULL"}, NULL, 0, ${created}, ${created})`,
      );
      if (values.length === 200 || index === learner.cards - 1) {
        lines.push(
          `INSERT INTO flashcards (id, user_id, question, answer, category, is_archived, source, client_key, is_new, due, stability, difficulty, scheduled_days, learning_steps, reps, lapses, state, last_review, last_review_id, version, created_at, updated_at) VALUES ${values.join(", ")};`,
        );
        values = [];
      }
    }
  }
  lines.push("ANALYZE;");
  executeLocalSql(persist, "bench-flashcards", lines);
}

const { base, persist, stop } = await startAppWithFakeGemini("flashcards");

try {
  seed(persist);
  const sessions = [];
  for (const learner of LEARNERS) {
    const token = await apiToken(base, learner.email, PASSWORD);
    const login = await fetch(`${base}/login`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "CF-Connecting-IP": "198.51.100.8",
      },
      body: new URLSearchParams({ email: learner.email, password: PASSWORD }),
      redirect: "manual",
    });
    const cookie = login.headers
      .getSetCookie()
      .map((header) => header.split(";")[0])
      .join("; ");
    sessions.push({ ...learner, auth: { Authorization: `Bearer ${token}` }, cookie });
  }

  // Each learner's decks answer the same shape; check once that the large one is really large.
  const check = JSON.parse(
    (await timeRequest(`${base}/api/flashcards?limit=1`, sessions[1].auth)).body,
  );
  if (check.data.pagination.total !== 20_000) throw new Error("the large deck was not seeded");

  const queries = [
    { name: "list", path: "/api/flashcards?limit=20", target: true },
    { name: "filter", path: "/api/flashcards?category=Category%2003&limit=20", target: true },
    { name: "due queue", path: "/api/flashcards?due=true&limit=20", target: true },
    { name: "search", path: "/api/flashcards?search=question%201234&limit=20" },
    { name: "deep page", path: "/api/flashcards?limit=20&page=500" },
    { name: "/flashcards page", path: "/flashcards", page: true },
  ];
  const results = [];
  for (const query of queries) {
    const times = sessions.map(() => []);
    const call = (session) =>
      timeRequest(`${base}${query.path}`, query.page ? { Cookie: session.cookie } : session.auth);
    for (let index = 0; index < WARMUP; index++)
      for (const session of sessions) await call(session);
    for (let index = 0; index < ROUNDS; index++) {
      for (const [at, session] of sessions.entries()) times[at].push((await call(session)).total);
    }
    results.push({ ...query, times });
  }

  console.log(`\nFlashcard reads, ${ROUNDS} calls each (ms)\n`);
  console.log(
    "| query | 100 cards p50 | 100 cards p99 | 20,000 cards p50 | 20,000 cards p99 | ratio p50 |",
  );
  console.log("|---|---|---|---|---|---|");
  let met = true;
  for (const result of results) {
    const [small, large] = result.times;
    const ratio = percentile(large, 50) / percentile(small, 50);
    if (result.target && ratio > 2) met = false;
    console.log(
      `| ${result.name}${result.target ? "" : " (no target)"} | ${ms(percentile(small, 50))} | ${ms(percentile(small, 99))} | ${ms(percentile(large, 50))} | ${ms(percentile(large, 99))} | ${ratio.toFixed(2)}× |`,
    );
  }
  console.log(
    `\nTarget: list, filter and due queue at 20,000 cards within 2× of 100 (p50): ${met ? "met" : "NOT MET"}`,
  );
} finally {
  stop();
}

/**
 * The flashcard queries themselves, without HTTP: the model functions the
 * page and the API call, against D1 inside workerd, for one learner with 100
 * cards and one with 20,000 (10 categories; a third studied with due times
 * spread around now, the rest new). Target: 20,000 within 2× of 100.
 *
 * - list:      listFlashcards, the deck's first page of 20 and its count
 * - filter:    the same for one category
 * - due queue: reviewQueue, the first 20 of the queue and its five counts
 *
 * workerd's clock moves in whole milliseconds, so calls are timed in batches
 * of BATCH and the figures are the p50 and p99 of the batch means; the two
 * learners alternate batch by batch so both see the same load. Prints the
 * figures and asserts nothing about timings.
 *
 * Usage: npm run bench:flashcards (after the HTTP figures of tests/bench/flashcards.mjs)
 */
import { env } from "cloudflare:test";
import { expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { reviewQueue } from "~/models/flashcard-review.server";
import { listFlashcards } from "~/models/flashcards.server";
import { makeUser } from "../support/auth";

const BATCHES = 60;
const BATCH = 10;
const DAY = 86_400_000;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** `count` cards for a learner in one statement (a recursive CTE, so seeding takes a moment). */
async function seedDeck(userId: string, count: number) {
  const now = Date.now();
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ?2 - 1)
     INSERT INTO flashcards (id, user_id, question, answer, category, is_archived, source, client_key,
       is_new, due, stability, difficulty, scheduled_days, learning_steps, reps, lapses, state,
       last_review, last_review_id, version, created_at, updated_at)
     SELECT ?1 || '-' || i, ?1,
       'Question ' || i || ' about category ' || (i % 10) || ': the mechanism, the sign and the treatment?',
       'Answer ' || i || ': the mechanism in one line, the sign to look for and the drug with its dose.',
       'Category ' || (i % 10), 0, 'import', 'bench-' || i,
       CASE WHEN i % 3 = 0 THEN 0 ELSE 1 END,
       CASE WHEN i % 3 = 0 THEN ?3 + ((i * 7919) % (30 * ?4)) - 10 * ?4 ELSE ?3 - (?2 - i) * 60000 END,
       0, 0, 0, 0, 0, 0, CASE WHEN i % 3 = 0 THEN 2 ELSE 0 END, NULL, NULL, 0,
       ?3 - (?2 - i) * 60000, ?3 - (?2 - i) * 60000
     FROM n`,
  )
    .bind(userId, count, now, DAY)
    .run();
  await env.DB.prepare("ANALYZE").run();
}

it("flashcard queries at 100 and 20,000 cards", { timeout: 600_000 }, async () => {
  const db = createDb(env.DB);
  const small = await makeUser();
  const large = await makeUser();
  await seedDeck(small.id, 100);
  await seedDeck(large.id, 20_000);
  expect((await listFlashcards(db, large.id, {}, { offset: 0, limit: 1 })).total).toBe(20_000);

  const queries: Array<[string, (userId: string) => Promise<unknown>]> = [
    ["list", (userId) => listFlashcards(db, userId, {}, { offset: 0, limit: 20 })],
    [
      "filter",
      (userId) => listFlashcards(db, userId, { category: "Category 3" }, { offset: 0, limit: 20 }),
    ],
    ["due queue", (userId) => reviewQueue(db, userId, { limit: 20 })],
  ];

  const rows: string[] = [];
  let met = true;
  for (const [name, query] of queries) {
    const means = { small: [] as number[], large: [] as number[] };
    for (let batch = 0; batch < BATCHES + 5; batch++) {
      for (const [who, userId] of [
        ["small", small.id],
        ["large", large.id],
      ] as const) {
        const started = performance.now();
        for (let call = 0; call < BATCH; call++) await query(userId);
        // The first five batches warm up.
        if (batch >= 5) means[who].push((performance.now() - started) / BATCH);
      }
    }
    const ratio = percentile(means.large, 50) / percentile(means.small, 50);
    if (ratio > 2) met = false;
    rows.push(
      `| ${name} | ${percentile(means.small, 50).toFixed(2)} | ${percentile(means.small, 99).toFixed(2)} | ${percentile(means.large, 50).toFixed(2)} | ${percentile(means.large, 99).toFixed(2)} | ${ratio.toFixed(2)}× |`,
    );
  }
  console.log(
    [
      `\nFlashcard queries in workerd with local D1, means of ${BATCH} calls, ${BATCHES} batches (ms)\n`,
      "| query | 100 cards p50 | 100 cards p99 | 20,000 cards p50 | 20,000 cards p99 | ratio p50 |",
      "|---|---|---|---|---|---|",
      ...rows,
      `\nTarget: 20,000 cards within 2× of 100 (p50): ${met ? "met" : "NOT MET"}`,
    ].join("\n"),
  );
});

/**
 * Progress analytics at 100 and at 20,000 answers, inside workerd with local
 * D1: two Plus learners whose answers (to real pool questions, over the last
 * 12 weeks, some tagged with a mistake type) and flashcards are written
 * straight into D1, the rollups following by trigger. For each:
 *
 *   - the page's own data: progressAnalytics, the one function /progress and
 *     the API call, with its D1 round trips counted (target: 1 at 20,000);
 *   - GET /progress (the HTML page) and GET /api/progress, whole requests
 *     through the app worker (session, access check and the page's data),
 *     with every D1 round trip of the request counted.
 *
 * The learners take turns call by call so both see the same load; each call
 * is timed on its own (workerd's clock moves on I/O, in whole milliseconds).
 * Prints p50 / p95 and the round trips; asserts only the round trips.
 *
 * Usage: npm run bench:progress (builds first)
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { progressAnalytics } from "~/models/progress-analytics.server";
import worker from "../../workers/app";
import { cookiesFrom, postForm } from "../support/auth";
import { apiLearner, buyPlanThroughApi } from "../support/payments";

const ROUNDS = 60;
const WARMUP = 5;
const DAY = 86_400_000;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/**
 * A D1 binding that counts round trips: every statement run on its own
 * (first, all, run, raw), every batch and every exec is one.
 */
function countingD1(d1: D1Database) {
  const counter = { trips: 0 };
  const unwrapped = new WeakMap<object, D1PreparedStatement>();
  const forward = (target: object, prop: string | symbol) => {
    const value = Reflect.get(target, prop, target);
    return typeof value === "function" ? value.bind(target) : value;
  };
  const statement = (real: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(real, {
      get(target, prop) {
        if (prop === "bind") {
          return (...values: unknown[]) => statement(target.bind(...values));
        }
        if (prop === "first" || prop === "all" || prop === "run" || prop === "raw") {
          return (...args: unknown[]) => {
            counter.trips += 1;
            return (target[prop] as (...a: unknown[]) => unknown)(...args);
          };
        }
        return forward(target, prop);
      },
    });
    unwrapped.set(proxy, real);
    return proxy;
  };
  const db = new Proxy(d1, {
    get(target, prop) {
      if (prop === "prepare") return (query: string) => statement(target.prepare(query));
      if (prop === "batch") {
        return (statements: D1PreparedStatement[]) => {
          counter.trips += 1;
          return target.batch(statements.map((item) => unwrapped.get(item) ?? item));
        };
      }
      if (prop === "exec") {
        return (query: string) => {
          counter.trips += 1;
          return target.exec(query);
        };
      }
      return forward(target, prop);
    },
  });
  return { db, counter };
}

/** `count` answers to pool questions over the last 84 days, 62 % right, a third of the wrong ones tagged. */
async function seedAnswers(userId: string, count: number, now: number) {
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ?2 - 1),
     pool AS (
       SELECT id, subject, topic, row_number() OVER (ORDER BY id) - 1 AS k, count(*) OVER () AS total
       FROM bank_items WHERE kind = 'question' AND source = 'reviewed'
     )
     INSERT INTO answer_events (id, user_id, item_id, source, source_id, position, subject, topic, chosen,
       correct, seconds, mistake, day, answered_at)
     SELECT 'practice:bench-' || ?1 || ':' || i, ?1, p.id, 'practice', 'bench-' || ?1, i, p.subject, p.topic, 0,
       (i * 7919) % 100 < 62, 30 + i % 60,
       CASE WHEN (i * 7919) % 100 >= 62 AND i % 3 = 0 THEN 'misread' END,
       date((?3 - (i % 84) * ?4) / 1000, 'unixepoch', '+330 minutes'), ?3 - (i % 84) * ?4
     FROM n JOIN pool p ON p.k = n.i % p.total`,
  )
    .bind(userId, count, now, DAY)
    .run();
}

/** `count` flashcards (a third studied, due around now) and twice as many reviews of them over 60 days. */
async function seedFlashcards(userId: string, count: number, now: number) {
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ?2 - 1)
     INSERT INTO flashcards (id, user_id, question, answer, category, is_new, due, state, updated_at)
     SELECT ?1 || '-card-' || i, ?1, 'Question ' || i || ': the mechanism?', 'Answer ' || i, 'Category ' || (i % 10),
       i % 3 <> 0, ?3 + ((i * 7919) % (20 * ?4)) - 5 * ?4, CASE WHEN i % 3 = 0 THEN 2 ELSE 0 END, ?3
     FROM n`,
  )
    .bind(userId, count, now, DAY)
    .run();
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ?2 * 2 - 1)
     INSERT INTO flashcard_reviews (id, user_id, card_id, client_review_id, rating, state, due, stability,
       difficulty, elapsed_days, last_elapsed_days, scheduled_days, learning_steps, reviewed_at,
       desired_retention, next_state, next_due, next_scheduled_days)
     SELECT ?1 || '-review-' || i, ?1, ?1 || '-card-' || ((i % CAST(?2 / 3 AS INTEGER)) * 3), ?1 || '-review-' || i,
       1 + (i * 31) % 4, 1 + i % 3, ?3, 5, 5, 3, 2, 3, 0, ?3 - (i % 60) * ?4, 0.9, 2, ?3 + ?4, 1
     FROM n`,
  )
    .bind(userId, count, now, DAY)
    .run();
}

async function plusLearner(answers: number, cards: number) {
  const { user, token } = await apiLearner({ trial: true });
  await buyPlanThroughApi(token, "plus");
  const now = Date.now();
  await seedAnswers(user.id, answers, now);
  await seedFlashcards(user.id, cards, now);
  const login = await postForm("/login", { email: user.email, password: user.plainPassword });
  return { id: user.id, token, cookie: cookiesFrom(login), answers };
}

type Measure = {
  name: string;
  /** One call; resolves to the D1 round trips it made. */
  call: (learner: Awaited<ReturnType<typeof plusLearner>>) => Promise<number>;
  /** The answer's size in KB, for whole requests. */
  size?: (learner: Awaited<ReturnType<typeof plusLearner>>) => string;
};

it("progress analytics at 100 and 20,000 answers", { timeout: 900_000 }, async () => {
  const small = await plusLearner(100, 30);
  const large = await plusLearner(20_000, 2_000);
  await env.DB.prepare("ANALYZE").run();
  const answered = await env.DB.prepare(
    "SELECT sum(answered) AS n FROM progress_topics WHERE user_id = ?1",
  )
    .bind(large.id)
    .first<{ n: number }>();
  expect(answered?.n).toBe(20_000);

  /** The first answer's size per request and learner, in bytes, as sent and gzipped. */
  const sizes = new Map<string, { raw: number; gzip: number }>();
  const kb = (path: string, headers: Record<string, string>) => {
    const size = sizes.get(path + headers.Cookie + headers.Authorization);
    return size ? `${(size.raw / 1024).toFixed(0)} (${(size.gzip / 1024).toFixed(0)} gzip)` : "?";
  };

  async function request(path: string, headers: Record<string, string>) {
    const { db, counter } = countingD1(env.DB);
    const ctx = createExecutionContext();
    const response = await worker.fetch(
      new Request(`http://localhost${path}`, {
        headers: { ...headers, "CF-Connecting-IP": "198.51.100.90" },
        redirect: "manual",
      }) as Parameters<typeof worker.fetch>[0],
      { ...env, DB: db },
      ctx,
    );
    const body = await response.text();
    const key = path + headers.Cookie + headers.Authorization;
    if (!sizes.has(key)) {
      const gzip = await new Response(
        new Blob([body]).stream().pipeThrough(new CompressionStream("gzip")),
      ).arrayBuffer();
      sizes.set(key, { raw: new TextEncoder().encode(body).length, gzip: gzip.byteLength });
    }
    await waitOnExecutionContext(ctx);
    if (response.status !== 200)
      throw new Error(`${path} answered ${response.status}: ${body.slice(0, 200)}`);
    return counter.trips;
  }

  const measures: Measure[] = [
    {
      name: "the page's data (progressAnalytics)",
      call: async (learner) => {
        const { db, counter } = countingD1(env.DB);
        const view = await progressAnalytics(createDb(db), learner.id, {
          exam: null,
          now: Date.now(),
        });
        if (view.totals.answered !== learner.answers) throw new Error("wrong learner's figures");
        return counter.trips;
      },
    },
    {
      name: "GET /progress (whole request)",
      call: (learner) => request("/progress", { Cookie: learner.cookie }),
      size: (learner) => kb("/progress", { Cookie: learner.cookie }),
    },
    {
      name: "GET /api/progress (whole request)",
      call: (learner) => request("/api/progress", { Authorization: `Bearer ${learner.token}` }),
      size: (learner) => kb("/api/progress", { Authorization: `Bearer ${learner.token}` }),
    },
  ];

  const rows: string[] = [];
  for (const measure of measures) {
    const times = { small: [] as number[], large: [] as number[] };
    const trips = { small: new Set<number>(), large: new Set<number>() };
    for (let round = 0; round < ROUNDS + WARMUP; round++) {
      for (const [who, learner] of [
        ["small", small],
        ["large", large],
      ] as const) {
        const started = performance.now();
        const made = await measure.call(learner);
        const took = performance.now() - started;
        if (round >= WARMUP) {
          times[who].push(took);
          trips[who].add(made);
        }
      }
    }
    if (measure.name.startsWith("the page's data")) {
      // The target: one D1 round trip for the page's own data, whatever the number of answers.
      expect([...trips.large]).toEqual([1]);
      expect([...trips.small]).toEqual([1]);
    }
    rows.push(
      `| ${measure.name} | ${percentile(times.small, 50).toFixed(0)} | ${percentile(times.small, 95).toFixed(0)} | ${percentile(times.large, 50).toFixed(0)} | ${percentile(times.large, 95).toFixed(0)} | ${[...trips.small].join("/")} | ${[...trips.large].join("/")} | ${measure.size ? `${measure.size(small)} / ${measure.size(large)}` : "–"} |`,
    );
  }
  console.log(
    [
      `\nProgress analytics in workerd with local D1, ${ROUNDS} calls each (ms; D1 round trips per call)\n`,
      "| measure | 100 answers p50 | p95 | 20,000 answers p50 | p95 | D1 trips (100) | D1 trips (20,000) | KB, 100 / 20,000 answers |",
      "|---|---|---|---|---|---|---|---|",
      ...rows,
    ].join("\n"),
  );
});

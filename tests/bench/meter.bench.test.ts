/**
 * Consume latency and throughput through the per-user Durable Object, against
 * a no-op call (ping) to the same object as the baseline; health (one storage
 * read and write) is shown for reference. Runs inside workerd with the real
 * object; prints figures and asserts nothing about timings.
 *
 * - Sequential: ping and consume alternate, one at a time, so both see the same
 *   machine load. Per-call p50/p99, and p50 of the mean over batches of
 *   BATCH calls (workerd's clock moves in whole milliseconds, so the per-call
 *   figures are coarse; the batch means resolve a fraction of a millisecond).
 * - Concurrent: CALLERS callers each make CALLS_PER_CALLER calls back to back
 *   against the one object; throughput and the latency each caller saw.
 *
 * Usage: npm run bench:meter
 */
import { env } from "cloudflare:test";
import { expect, it } from "vitest";
import { type Entitlement, weekWindow } from "~/lib/usage-window";
import type { UserMeter } from "../../workers/user-meter";

const SEQUENTIAL = 1000;
const BATCH = 20;
const CALLERS = 50;
const CALLS_PER_CALLER = 40;

type Stub = DurableObjectStub<UserMeter>;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

const sortedCopy = (values: number[]) => [...values].sort((a, b) => a - b);

function stubFor(user: string): Stub {
  const namespace = env.USER_METER as unknown as DurableObjectNamespace<UserMeter>;
  return namespace.get(namespace.idFromName(user));
}

/** A subscriber's chat: unlimited, counted per India-time week (the commonest consume). */
const chat = (): Entitlement => ({
  feature: "chatMessages",
  limit: -1,
  window: weekWindow(Date.now()),
});

type Call = (i: number) => Promise<unknown>;

/** The calls alternate (a, b, a, b …) in batches; per-call times and batch means for each. */
async function alternating(a: Call, b: Call) {
  const times = { a: [] as number[], b: [] as number[] };
  const means = { a: [] as number[], b: [] as number[] };
  for (let batch = 0; batch < SEQUENTIAL / BATCH; batch++) {
    for (const [name, call] of [
      ["a", a],
      ["b", b],
    ] as const) {
      const batchStart = performance.now();
      for (let i = 0; i < BATCH; i++) {
        const start = performance.now();
        await call(batch * BATCH + i);
        times[name].push(performance.now() - start);
      }
      means[name].push((performance.now() - batchStart) / BATCH);
    }
  }
  const summary = (name: "a" | "b") => {
    const perCall = sortedCopy(times[name]);
    const batchMeans = sortedCopy(means[name]);
    return {
      p50: percentile(perCall, 50),
      p99: percentile(perCall, 99),
      batchMeanP50: percentile(batchMeans, 50),
      mean: times[name].reduce((sum, value) => sum + value, 0) / times[name].length,
    };
  };
  return { a: summary("a"), b: summary("b") };
}

/** CALLERS callers, each making its calls back to back. */
async function concurrent(call: Call) {
  const latencies: number[] = [];
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CALLERS }, async (_, caller) => {
      for (let i = 0; i < CALLS_PER_CALLER; i++) {
        const callStart = performance.now();
        await call(caller * CALLS_PER_CALLER + i);
        latencies.push(performance.now() - callStart);
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  const sorted = sortedCopy(latencies);
  return {
    rate: Math.round((CALLERS * CALLS_PER_CALLER) / seconds),
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
  };
}

const ms = (value: number, digits = 2) => `${value.toFixed(digits)} ms`;
const pad = (text: string, width: number) => text.padEnd(width);

it("measures consume against a no-op call to the same object", async () => {
  const user = `bench-${crypto.randomUUID()}`;
  const stub = stubFor(user);
  const entitlement = chat();
  // Warm the object and the isolate.
  for (let i = 0; i < 100; i++) {
    await stub.ping();
    await stub.health(user);
    await stub.consume(`warm-${i}`, entitlement);
  }

  const sequential = await alternating(
    () => stub.ping(),
    (i) => stub.consume(`seq-${i}`, entitlement),
  );
  const healthAlone = await alternating(
    () => stub.ping(),
    () => stub.health(user),
  );
  const pingConcurrent = await concurrent(() => stub.ping());
  const consumeConcurrent = await concurrent((i) => stub.consume(`par-${i}`, entitlement));
  const healthConcurrent = await concurrent(() => stub.health(user));

  const { a: ping, b: consume } = sequential;
  const health = healthAlone.b;
  const row = (
    name: string,
    figures: { p50: number; p99: number; batchMeanP50: number },
    load: { rate: number; p50: number; p99: number },
  ) =>
    `  ${pad(name, 20)} p50 ${pad(ms(figures.p50, 0), 6)} p99 ${pad(ms(figures.p99, 0), 7)} ` +
    `batch-mean p50 ${pad(ms(figures.batchMeanP50, 3), 9)} | ${CALLERS} callers: ${load.rate} calls/s, ` +
    `p50 ${ms(load.p50, 0)}, p99 ${ms(load.p99, 0)}`;
  console.log(
    [
      `meter bench (workerd, local; ${SEQUENTIAL} sequential calls each, alternating in batches of ${BATCH}; ` +
        `${CALLERS} concurrent callers × ${CALLS_PER_CALLER} calls)`,
      row("ping (no-op)", ping, pingConcurrent),
      row("consume", consume, consumeConcurrent),
      row("health (storage)", health, healthConcurrent),
      `  consume adds at p50: ${ms(consume.p50 - ping.p50, 0)} per call (whole-ms clock), ` +
        `${ms(consume.batchMeanP50 - ping.batchMeanP50, 3)} on the batch means; ` +
        `mean ${ms(consume.mean - ping.mean, 3)}`,
    ].join("\n"),
  );
  // Only a sanity check that the calls did their work, never a timing.
  const [usage] = await stub.usage([entitlement]);
  expect(usage?.used).toBe(100 + SEQUENTIAL + CALLERS * CALLS_PER_CALLER);
}, 300_000);

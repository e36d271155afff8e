/**
 * Consume latency and throughput through the per-user Durable Object, against a
 * no-op call (health) to the same object as the baseline. Runs inside workerd
 * with the real object; prints figures and asserts nothing about timings.
 *
 * Usage: npm run bench:meter
 */
import { env } from "cloudflare:test";
import { expect, it } from "vitest";
import { createMeter, type Meter } from "~/integrations/meter.server";
import { type Entitlement, weekWindow } from "~/lib/usage-window";

const SEQUENTIAL = 500;
const CONCURRENT_CALLERS = 50;
const ROUNDS = 20;

const unlimited = (): Entitlement => ({
  feature: "chatMessages",
  limit: -1,
  window: weekWindow(Date.now()),
});

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function sequential(call: (i: number) => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < SEQUENTIAL; i++) {
    const start = performance.now();
    await call(i);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

async function concurrent(call: (i: number) => Promise<unknown>) {
  const start = performance.now();
  for (let round = 0; round < ROUNDS; round++) {
    await Promise.all(
      Array.from({ length: CONCURRENT_CALLERS }, (_, c) => call(round * CONCURRENT_CALLERS + c)),
    );
  }
  const seconds = (performance.now() - start) / 1000;
  return Math.round((ROUNDS * CONCURRENT_CALLERS) / seconds);
}

const ms = (value: number) => `${value.toFixed(3)} ms`;

it("measures consume against health through the same object", async () => {
  const meter: Meter = createMeter(env.USER_METER);
  const user = `bench-${crypto.randomUUID()}`;
  const entitlement = unlimited();
  // Warm the object and the isolate.
  for (let i = 0; i < 50; i++) {
    await meter.health(user);
    await meter.consume(user, `warm-${i}`, entitlement);
  }

  const health = await sequential(() => meter.health(user));
  const consume = await sequential((i) => meter.consume(user, `seq-${i}`, entitlement));
  const healthRate = await concurrent(() => meter.health(user));
  const consumeRate = await concurrent((i) => meter.consume(user, `par-${i}`, entitlement));

  // workerd clocks advance only on I/O and in whole milliseconds, so p50/p99 are coarse;
  // the throughput figures are the finer comparison.
  console.log(
    [
      `meter bench (workerd, local; ${SEQUENTIAL} sequential calls, ${CONCURRENT_CALLERS} callers × ${ROUNDS} rounds)`,
      `  health  (baseline) p50 ${ms(health.p50)}  p99 ${ms(health.p99)}  ${healthRate} calls/s with ${CONCURRENT_CALLERS} callers`,
      `  consume            p50 ${ms(consume.p50)}  p99 ${ms(consume.p99)}  ${consumeRate} calls/s with ${CONCURRENT_CALLERS} callers`,
    ].join("\n"),
  );
  // Only a sanity check that the calls did their work, never a timing.
  const [usage] = await meter.usage(user, [entitlement]);
  expect(usage?.used).toBe(50 + SEQUENTIAL + CONCURRENT_CALLERS * ROUNDS);
}, 120_000);

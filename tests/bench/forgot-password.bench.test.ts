/**
 * Forgot-password's answer time for an address with an account against one
 * without: the two must not be told apart by timing. Runs inside workerd
 * through the app worker (real D1, KV and Throttle object; mail to the local
 * outbox), prints the figures and asserts nothing about timings.
 *
 * Each try is a fresh address from a fresh IP (the 60 s cooldown and the
 * per-IP caps would refuse repeats), known and unknown alternating so both see
 * the same machine load. The time is until the answer arrives; the work the
 * answer left behind (waitUntil) is drained before the next try, so it does not
 * land on the other kind's figure.
 *
 * Usage: npm run bench:forgot-password
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { expect, it } from "vitest";
import { makeUser, uniqueEmail, uniqueIp } from "../support/auth";
import worker from "../../workers/app";

const TRIES = Number(process.env.FORGOT_TRIES ?? 50);
const WARM_UP = 5;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

/**
 * The median of the per-pair differences with a 95 % bootstrap interval: each
 * pair ran back to back under the same load, so pairing cancels most of the
 * machine's drift between pairs that a difference of medians keeps.
 */
function pairedDifference(known: number[], unknown: number[]) {
  const diffs = known.map((time, index) => time - unknown[index]!);
  let seed = 42;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const medians = Array.from({ length: 2000 }, () =>
    median(Array.from(diffs, () => diffs[Math.floor(random() * diffs.length)]!)),
  ).sort((a, b) => a - b);
  return { median: median(diffs), low: medians[50]!, high: medians[1949]! };
}

async function forgot(email: string): Promise<number> {
  const ctx = createExecutionContext();
  const started = performance.now();
  const response = await worker.fetch(
    new Request("http://localhost/api/auth/forgot-password", {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": uniqueIp() },
      body: JSON.stringify({ email }),
    }) as Request<unknown, IncomingRequestCfProperties>,
    env as Env,
    ctx,
  );
  await response.text();
  const elapsed = performance.now() - started;
  expect(response.status).toBe(200);
  await waitOnExecutionContext(ctx);
  return elapsed;
}

it(`forgot-password: ${TRIES} addresses with an account against ${TRIES} without`, async () => {
  // Accounts without a password are made without hashing (the answer does not depend on it).
  const accounts = await Promise.all(
    Array.from({ length: TRIES + WARM_UP }, () => makeUser({ password: null })),
  );
  const known: number[] = [];
  const unknown: number[] = [];
  for (let index = 0; index < TRIES + WARM_UP; index++) {
    // Alternate which kind goes first, so neither always follows the other.
    const pair =
      index % 2
        ? [await forgot(accounts[index]!.email), await forgot(uniqueEmail("nobody"))]
        : [await forgot(uniqueEmail("nobody")), await forgot(accounts[index]!.email)].reverse();
    if (index < WARM_UP) continue;
    known.push(pair[0]!);
    unknown.push(pair[1]!);
  }
  const line = (name: string, times: number[]) =>
    `${name.padEnd(22)} median ${median(times).toFixed(2)} ms   p90 ${percentile(times, 90).toFixed(2)} ms`;
  console.log(
    [
      `forgot-password, ${TRIES} tries each (after ${WARM_UP} warm-up pairs):`,
      line("address with account", known),
      line("address without", unknown),
      `median difference (with − without): ${(median(known) - median(unknown)).toFixed(2)} ms`,
      (({ median: mid, low, high }) =>
        `paired difference, median of ${known.length} pairs: ${mid.toFixed(2)} ms (95 % bootstrap interval ${low.toFixed(2)} to ${high.toFixed(2)} ms)`)(
        pairedDifference(known, unknown),
      ),
    ].join("\n"),
  );
}, 300_000);

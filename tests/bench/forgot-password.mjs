#!/usr/bin/env node
/**
 * Forgot-password timed the way a prober would see it: over HTTP, from
 * outside, against the production build on plain workerd (fresh local state).
 * Pairs of requests, one for an address with an account and one without, each
 * a fresh address from a fresh IP (the cooldown and per-IP caps would refuse
 * repeats), the order alternating; a pause after each request lets the work
 * the answer left behind (the known address's code and mail) finish, so it
 * does not land on the next request's time.
 *
 * Prints both medians, their difference, and the median of the per-pair
 * differences with a 95 % bootstrap interval (pairs ran back to back, so
 * pairing cancels the machine's drift). Target: within 2 ms
 * (docs/decisions/028-sign-in-lockout-and-enumeration.md). Asserts nothing.
 *
 * Usage: npm run bench:forgot-password:http (builds first). FORGOT_TRIES sets
 * the pairs (default 50), FORGOT_PAUSE_MS the pause (default 150).
 */
import { executeLocalSql, percentile, startAppOnWorkerd } from "./support.mjs";

const TRIES = Number(process.env.FORGOT_TRIES ?? 50);
const WARM_UP = 10;
const PAUSE_MS = Number(process.env.FORGOT_PAUSE_MS ?? 150);

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

function pairedDifference(known, unknown) {
  const diffs = known.map((time, index) => time - unknown[index]);
  let seed = 42;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const medians = Array.from({ length: 2000 }, () =>
    median(Array.from(diffs, () => diffs[Math.floor(random() * diffs.length)])),
  ).sort((a, b) => a - b);
  return { median: median(diffs), low: medians[50], high: medians[1949] };
}

const pause = () => new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
let ipCounter = 0;
const freshIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

async function forgot(base, email) {
  const started = performance.now();
  const response = await fetch(`${base}/api/auth/forgot-password`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": freshIp() },
    body: JSON.stringify({ email }),
  });
  await response.text();
  const elapsed = performance.now() - started;
  if (response.status !== 200) throw new Error(`forgot-password answered ${response.status}`);
  await pause();
  return elapsed;
}

const app = await startAppOnWorkerd("forgot");
try {
  const run = Date.now().toString(36);
  const total = TRIES + WARM_UP;
  const accounts = Array.from({ length: total }, (_, index) => `probe-${run}-${index}@example.in`);
  executeLocalSql(
    app.persist,
    "bench-forgot-accounts",
    accounts.map(
      (email, index) =>
        `INSERT INTO users (id, first_name, last_name, email, email_verified_at, updated_at) VALUES ('probe-${run}-${index}', 'Probe', 'Learner', '${email}', 0, 0);`,
    ),
  );
  const known = [];
  const unknown = [];
  for (let index = 0; index < total; index++) {
    const nobody = `nobody-${run}-${index}@example.in`;
    let pair;
    if (index % 2) {
      const withAccount = await forgot(app.base, accounts[index]);
      pair = [withAccount, await forgot(app.base, nobody)];
    } else {
      const without = await forgot(app.base, nobody);
      pair = [await forgot(app.base, accounts[index]), without];
    }
    if (index < WARM_UP) continue;
    known.push(pair[0]);
    unknown.push(pair[1]);
  }
  const line = (name, times) =>
    `${name.padEnd(22)} median ${median(times).toFixed(2)} ms   p90 ${percentile(times, 90).toFixed(2)} ms`;
  const paired = pairedDifference(known, unknown);
  console.log(
    [
      `forgot-password over HTTP on plain workerd, ${TRIES} pairs (after ${WARM_UP} warm-up pairs, ${PAUSE_MS} ms pause):`,
      line("address with account", known),
      line("address without", unknown),
      `difference of medians (with − without): ${(median(known) - median(unknown)).toFixed(2)} ms`,
      `median of per-pair differences: ${paired.median.toFixed(2)} ms (95 % bootstrap interval ${paired.low.toFixed(2)} to ${paired.high.toFixed(2)} ms)`,
    ].join("\n"),
  );
} finally {
  await app.stop();
}

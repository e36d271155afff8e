#!/usr/bin/env node
/**
 * Quiz generation figures, on the production build served by local workerd
 * with the fake Gemini API (tests/fakes/gemini-server.mjs) as the provider,
 * writing each quiz item in a fixed time (`[[fake items=quiz peritem=MS]]`):
 *
 * For a 20-question quiz through POST /api/quizzes/generate (the demo
 * subscriber, Plus plan), the time until the first `item` event (question 1
 * can be shown) and until `done` (all 20 stored). Target: question 1 visible
 * in ≤ 25 % of the full generation time, at p50. For comparison, the same 20
 * items asked of the fake provider in one call (what a learner would wait
 * for without batches).
 *
 * Prints the figures; it never fails on a slow machine.
 * Usage: npm run bench:assessments   (builds first)
 *        BENCH_RUNS=10 BENCH_PERITEM=150 to change the defaults.
 */
import { FAKE_GEMINI, fakeDirective } from "../fakes/gemini.mjs";
import { apiToken, percentile, startAppWithFakeGemini } from "./support.mjs";
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const PER_ITEM_MS = Number(process.env.BENCH_PERITEM ?? 150);
const COUNT = 20;
const DEMO = { email: "demo.subscriber@medmentor.in", password: "DemoLearner1" };

const ms = (value) => value.toFixed(0);

/** Milliseconds until each marker first appears in the response body. */
async function timeMarkers(url, init, markers) {
  const started = performance.now();
  const response = await fetch(url, init);
  if (!response.ok || !response.body) {
    throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let seen = "";
  const at = {};
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    seen += decoder.decode(value, { stream: true });
    for (const marker of markers) {
      if (at[marker] === undefined && seen.includes(marker))
        at[marker] = performance.now() - started;
    }
  }
  at.end = performance.now() - started;
  for (const marker of markers) {
    if (at[marker] === undefined)
      throw new Error(`No ${JSON.stringify(marker)} from ${url}: ${seen.slice(-300)}`);
  }
  return { at, body: seen };
}

const { base, geminiOrigin, stop } = await startAppWithFakeGemini("assessments");

try {
  const token = await apiToken(base, DEMO.email, DEMO.password);
  const auth = { Authorization: `Bearer ${token}` };
  const directive = fakeDirective({ items: "quiz", peritem: PER_ITEM_MS });

  const generate = async (run) => {
    const { at, body } = await timeMarkers(
      `${base}/api/quizzes/generate`,
      {
        method: "POST",
        headers: { ...auth, "Content-Type": "application/json" },
        body: JSON.stringify({ topic: `Cardiology run ${run} ${directive}`, count: COUNT }),
      },
      ["event: item", "event: done"],
    );
    const items = body.match(/event: item/g)?.length ?? 0;
    if (items !== COUNT) throw new Error(`Run ${run}: ${items} items instead of ${COUNT}`);
    return { first: at["event: item"], done: at["event: done"] };
  };
  const oneCall = async () => {
    const started = performance.now();
    const response = await fetch(`${geminiOrigin}/v1beta/models/gemini-2.5-flash:generateContent`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "x-goog-api-key": FAKE_GEMINI.apiKey },
      body: JSON.stringify({
        contents: [
          {
            role: "user",
            parts: [{ text: `Write ${COUNT} questions on the topic below. ${directive}` }],
          },
        ],
      }),
    });
    await response.text();
    return performance.now() - started;
  };

  await generate("warm-up");
  const firsts = [];
  const dones = [];
  const ratios = [];
  for (let run = 1; run <= RUNS; run++) {
    const { first, done } = await generate(run);
    firsts.push(first);
    dones.push(done);
    ratios.push(first / done);
  }
  const single = [];
  for (let run = 0; run < 3; run++) single.push(await oneCall());

  console.log(
    `\n20-question quiz through POST /api/quizzes/generate, ${RUNS} runs, fake provider at ${PER_ITEM_MS} ms per item (ms)\n`,
  );
  console.log("| measure | p50 | min | max |");
  console.log("|---|---|---|---|");
  const row = (label, values) =>
    console.log(
      `| ${label} | ${ms(percentile(values, 50))} | ${ms(Math.min(...values))} | ${ms(Math.max(...values))} |`,
    );
  row("first `item` event (question 1 can be shown)", firsts);
  row("`done` event (all 20 stored)", dones);
  row("all 20 in one provider call, no batches (3 calls)", single);
  const share = percentile(firsts, 50) / percentile(dones, 50);
  console.log(
    `| **question 1 as a share of the whole generation** | **${(share * 100).toFixed(1)} %** | ${(Math.min(...ratios) * 100).toFixed(1)} % | ${(Math.max(...ratios) * 100).toFixed(1)} % |`,
  );
  console.log(
    `\nTarget: question 1 visible in ≤ 25 % of the full generation time at p50: ${share <= 0.25 ? "met" : "NOT MET"}`,
  );
} finally {
  stop();
}

#!/usr/bin/env node
/**
 * Compares a reviewer's cold answers with a bank file's keys.
 *
 *   node app/data/question-bank/tools/compare.mjs questions/anatomy.json /tmp/anatomy.answers.json
 *
 * The answers file is a JSON object of id → letter ("A"–"D"). Prints every
 * disagreement and every item left unanswered; exits 1 when there are any.
 */
import { readFileSync } from "node:fs";

const items = JSON.parse(readFileSync(process.argv[2], "utf8"));
const answers = JSON.parse(readFileSync(process.argv[3], "utf8"));
let differ = 0;
for (const item of items) {
  const given = String(answers[item.id] ?? "")
    .trim()
    .toUpperCase();
  const key = "ABCD"[item.correctIndex];
  if (!given) {
    console.log(`${item.id}: not answered`);
    differ += 1;
  } else if (given !== key) {
    console.log(`${item.id}: reviewer ${given}, key ${key} — ${item.question.slice(0, 100)}`);
    differ += 1;
  }
}
console.log(`${items.length - differ}/${items.length} agree`);
process.exit(differ ? 1 : 0);

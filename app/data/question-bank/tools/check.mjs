#!/usr/bin/env node
/**
 * Checks question-bank files against the bank's rules (rules.mjs).
 *
 *   node app/data/question-bank/tools/check.mjs                # the whole bank
 *   node app/data/question-bank/tools/check.mjs questions/x.json  # one file (cross-checked against the rest)
 *
 * Prints each problem and a summary by subject; exits 1 when anything fails.
 */
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { itemProblems, nearDuplicates, setFigures, setProblems, SUBJECTS } from "./rules.mjs";

const bankDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");

function load(file) {
  const isCase = file.includes(`${"/"}cases${"/"}`);
  const items = JSON.parse(readFileSync(file, "utf8"));
  return items.map((item) => ({ ...item, __file: file, __case: isCase }));
}

const allFiles = ["questions", "cases"].flatMap((dir) =>
  readdirSync(join(bankDir, dir))
    .filter((f) => f.endsWith(".json"))
    .map((f) => join(bankDir, dir, f)),
);
const wanted = process.argv
  .slice(2)
  .map((f) => resolve(f.startsWith("/") ? f : join(process.cwd(), f)));
const targets = wanted.length ? wanted : allFiles;

let failed = 0;
const report = (where, problems) => {
  for (const p of problems) {
    console.log(`${where}: ${p}`);
    failed += 1;
  }
};

const bank = [];
for (const file of allFiles) {
  try {
    bank.push(...load(file));
  } catch (error) {
    report(file, [`cannot read: ${error.message}`]);
  }
}
for (const file of targets) {
  let items;
  try {
    items = load(file);
  } catch (error) {
    report(file, [`cannot read: ${error.message}`]);
    continue;
  }
  for (const item of items)
    report(`${item.id ?? "(no id)"}`, itemProblems(item, { isCase: item.__case }));
  report(file.replace(bankDir + "/", ""), setProblems(items));
  const f = setFigures(items);
  console.log(
    `${file.replace(bankDir + "/", "")}: ${f.count} items · keys A–D ${f.letters.join("/")} · key longest ${(f.keyLongestShare * 100).toFixed(0)}% · key/distractor length ${f.keyLengthRatio.toFixed(2)} · hard ${(f.hardShare * 100).toFixed(0)}%`,
  );
}

// Across the bank: near-duplicates and teaching points between the target files and every other file.
const targetIds = new Set(
  targets.flatMap((file) => bank.filter((i) => i.__file === file).map((i) => i.id)),
);
for (const [a, b, s] of nearDuplicates(bank)) {
  const sameFile = bank.find((i) => i.id === a)?.__file === bank.find((i) => i.id === b)?.__file;
  if (!sameFile && (targetIds.has(a) || targetIds.has(b)))
    report("bank", [
      `near-duplicate stems across files (${(s * 100).toFixed(0)}% overlap): ${a} and ${b}`,
    ]);
}
const points = new Map();
for (const item of bank) {
  const key = (item.teachingPoint ?? "").trim().toLowerCase();
  if (key) points.set(key, [...(points.get(key) ?? []), item]);
}
for (const [point, list] of points)
  if (
    list.length > 2 &&
    list.some((i) => targetIds.has(i.id)) &&
    new Set(list.map((i) => i.__file)).size > 1
  )
    report("bank", [
      `teaching point "${point}" is tested ${list.length} times across files: ${list.map((i) => i.id).join(", ")}`,
    ]);
const ids = new Map();
for (const item of bank) {
  if (ids.has(item.id) && ids.get(item.id) !== item.__file && targetIds.has(item.id))
    report("bank", [`id ${item.id} is used in two files`]);
  ids.set(item.id, item.__file);
}

if (!wanted.length) {
  const quiz = bank.filter((i) => !i.__case);
  const cases = bank.filter((i) => i.__case);
  console.log(
    `\nquestions: ${quiz.length} · cases: ${cases.length} on ${new Set(cases.map((c) => c.condition)).size} conditions`,
  );
  for (const s of SUBJECTS)
    console.log(
      `  ${s}: ${quiz.filter((i) => i.subject === s).length} questions, ${cases.filter((i) => i.subject === s).length} cases`,
    );
}
console.log(failed ? `\n${failed} problem(s)` : "\nno problems");
process.exit(failed ? 1 : 0);

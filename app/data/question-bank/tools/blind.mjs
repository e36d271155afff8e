#!/usr/bin/env node
/**
 * Prints a bank file's items as a learner sees them, without the key, the
 * explanations or the takeaway, so a reviewer can answer each one cold.
 *
 *   node app/data/question-bank/tools/blind.mjs questions/anatomy.json > /tmp/anatomy.blind.txt
 */
import { readFileSync } from "node:fs";

const items = JSON.parse(readFileSync(process.argv[2], "utf8"));
for (const item of items) {
  console.log(`### ${item.id}`);
  if (item.case)
    console.log(
      `History: ${item.case.history}\nExamination: ${item.case.examination}\nResults: ${item.case.results}`,
    );
  console.log(item.question);
  item.options.forEach((o, i) => console.log(`  ${"ABCD"[i]}. ${o}`));
  console.log("");
}

// Checks the case-study files against their format (docs/case-studies.md)
// Usage: node app/data/case-studies/tools/check.mjs [dir-or-files...]
import fs from "node:fs";
import path from "node:path";
import { caseProblems } from "./rules.mjs";

const args = process.argv.slice(2);
let files = [];
for (const a of args.length ? args : [path.join(import.meta.dirname, "..", "cases")]) {
  if (fs.statSync(a).isDirectory())
    files.push(
      ...fs
        .readdirSync(a)
        .filter((f) => f.endsWith(".json"))
        .map((f) => path.join(a, f)),
    );
  else files.push(a);
}
const allIds = new Map();
let errors = 0,
  warnings = 0;

function checkFile(file) {
  let c;
  try {
    c = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (e) {
    return report(file, ["invalid JSON: " + e.message], []);
  }
  const { errors: errs, warnings: warns } = caseProblems(c, path.basename(file));
  if (allIds.has(c.id)) errs.push("duplicate case id with " + allIds.get(c.id));
  else allIds.set(c.id, file);
  return report(file, errs, warns);
}
function report(file, errs, warns) {
  errors += errs.length;
  warnings += warns.length;
  const tag = errs.length ? "FAIL" : "ok  ";
  console.log(`${tag} ${path.basename(file)}${warns.length ? ` (${warns.length} warnings)` : ""}`);
  for (const e of errs) console.log("   E " + e);
  for (const w of warns) console.log("   w " + w);
}
files.sort().forEach(checkFile);
console.log(`${files.length} files, ${errors} errors, ${warnings} warnings`);
process.exit(errors ? 1 : 0);

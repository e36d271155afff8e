/**
 * A fix to @cloudflare/vitest-pool-workers, applied when the test config loads
 * (decision 052). The pool wraps the app's default export in a class whose
 * constructor wraps the class's prototype in one more Proxy every time it runs,
 * and workerd constructs it for every request a test sends through
 * `exports.default.fetch` (or `SELF`). The prototype chain grows by one Proxy
 * a request, so each request costs more than the one before: in one test file,
 * a request that answers "ok" took 3 ms at first and 30 ms after 1,200 others,
 * and the request fuzz spent two minutes on that. One Proxy serves every
 * instance alike (its trap takes the instance as `receiver`), so the fix makes
 * the constructor wrap the prototype once.
 *
 * Idempotent: a file already fixed is left alone; a pool whose code no longer
 * has the pattern (fixed upstream or changed) gets a warning and no edit.
 */
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";

const FILE =
  "node_modules/@cloudflare/vitest-pool-workers/dist/worker/lib/cloudflare/test-internal.mjs";
const PER_INSTANCE = `	function Class(...args) {
		Class.prototype = new Proxy(Class.prototype, { get(target, key, receiver) {`;
const ONCE = `	let proxied = false;
	function Class(...args) {
		if (!proxied) proxied = true, Class.prototype = new Proxy(Class.prototype, { get(target, key, receiver) {`;

/** Applies the fix under `root`; returns what it found: "fixed", "already fixed" or "not found". */
export function fixEntrypointPrototype(root) {
  const file = path.join(root, FILE);
  const source = readFileSync(file, "utf8");
  if (source.includes(ONCE)) return "already fixed";
  if (!source.includes(PER_INSTANCE)) {
    console.warn(
      `tests/setup/pool-workers-entrypoint.mjs: ${FILE} no longer wraps its prototype per instance as expected; left unchanged. Check whether the pool still slows with each request (docs/decisions/052-test-requests-at-a-constant-cost.md).`,
    );
    return "not found";
  }
  // Written beside and renamed, so a test run starting at the same moment reads one whole file.
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, source.replace(PER_INSTANCE, ONCE));
  renameSync(temporary, file);
  return "fixed";
}

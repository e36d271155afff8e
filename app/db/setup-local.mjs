/**
 * Makes .dev.vars for local runs: a copy of .dev.vars.example whose
 * SESSION_SECRET is a fresh random value for this install. An existing
 * .dev.vars keeps every setting, except that the published example secret (or
 * an empty one) is replaced, so nothing local is signed with a value anyone
 * can read in the repository.
 */
import { randomBytes } from "node:crypto";
import { copyFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";

const EXAMPLE = ".dev.vars.example";
const LOCAL = ".dev.vars";

const published = /^SESSION_SECRET=(.*)$/m.exec(readFileSync(EXAMPLE, "utf8"))?.[1]?.trim();
if (!existsSync(LOCAL)) copyFileSync(EXAMPLE, LOCAL);

const text = readFileSync(LOCAL, "utf8");
const current = /^SESSION_SECRET=(.*)$/m.exec(text)?.[1]?.trim();
if (current === undefined || current === "" || current === published) {
  const line = `SESSION_SECRET=${randomBytes(48).toString("base64url")}`;
  writeFileSync(
    LOCAL,
    current === undefined
      ? `${text.trimEnd()}\n${line}\n`
      : text.replace(/^SESSION_SECRET=.*$/m, line),
  );
  console.log(`${LOCAL}: SESSION_SECRET set to a new random value for this install`);
}

#!/usr/bin/env node
/**
 * Creates promo codes in the local (or, with --remote, the production) D1.
 *
 *   npm run promo:create -- --code EXAM2026 --percent 20
 *   npm run promo:create -- --code BATCH --percent 10 --count 5 --max-uses 1 --expires 2026-12-31
 *
 * Options: --percent 10 | 20 | 30 | 40 | 99.97 (the dashboard's tiers; 100 gives the plan free),
 * --count <1-50> (more than one adds a random suffix to every code after the first),
 * --max-uses <n> (default 1; 0 means unlimited), --expires YYYY-MM-DD (valid through that
 * day, India time; default never), --description <text> (default "{percent}% discount on all plans"),
 * --remote, --persist-to <dir> (default .wrangler/state).
 */
import { execFileSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import path from "node:path";
import { parseArgs } from "node:util";

const root = path.resolve(import.meta.dirname, "../..");
const TIERS = [10, 20, 30, 40, 99.97, 100];

const { values } = parseArgs({
  options: {
    code: { type: "string" },
    percent: { type: "string" },
    count: { type: "string", default: "1" },
    "max-uses": { type: "string", default: "1" },
    expires: { type: "string" },
    description: { type: "string" },
    remote: { type: "boolean", default: false },
    "persist-to": { type: "string", default: process.env.PERSIST_DIR ?? ".wrangler/state" },
  },
});

function fail(message) {
  console.error(`promo:create: ${message}`);
  process.exit(1);
}

const base = values.code?.trim().toUpperCase() ?? "";
if (!/^[A-Z0-9][A-Z0-9_-]{1,39}$/.test(base)) {
  fail("--code is required: 2-40 letters, digits, '-' or '_'");
}
const percent = Number(values.percent);
if (!TIERS.includes(percent)) fail(`--percent must be one of ${TIERS.join(", ")}`);
const count = Number(values.count);
if (!Number.isInteger(count) || count < 1 || count > 50) fail("--count must be 1 to 50");
const maxUses = Number(values["max-uses"]);
if (!Number.isInteger(maxUses) || maxUses < 0)
  fail("--max-uses must be a whole number (0 = unlimited)");
let expiresAt = null;
if (values.expires) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.expires)) fail("--expires must be YYYY-MM-DD");
  // Valid through the whole day in India: until the next midnight, IST (UTC+05:30).
  expiresAt = Date.parse(`${values.expires}T00:00:00+05:30`) + 86_400_000;
  if (Number.isNaN(expiresAt) || expiresAt <= Date.now()) fail("--expires must be today or later");
}
const description = values.description?.trim() || `${percent}% discount on all plans`;

const suffix = () => randomBytes(3).toString("hex").toUpperCase();
const codes = Array.from({ length: count }, (_, index) =>
  index === 0 ? base : `${base}_${suffix()}`,
);
const batchId = randomUUID();
const quote = (text) => (text === null ? "NULL" : `'${String(text).replace(/'/g, "''")}'`);
const now = "cast(unixepoch('subsecond') * 1000 as integer)";
const rows = codes
  .map(
    (code) =>
      `(${quote(code)}, ${Math.round(percent * 100)}, ${quote(description)}, 1, ${expiresAt ?? "NULL"}, ` +
      `${maxUses === 0 ? "NULL" : maxUses}, ${quote(batchId)}, 'promo:create', ${now}, ${now})`,
  )
  .join(", ");
const sql =
  "INSERT INTO promo_codes (code, discount_basis_points, description, is_active, expires_at, max_uses, batch_id, created_by, created_at, updated_at) " +
  `VALUES ${rows};`;

const target = values.remote ? ["--remote"] : ["--local", "--persist-to", values["persist-to"]];
try {
  execFileSync(
    process.platform === "win32" ? "npx.cmd" : "npx",
    ["wrangler", "d1", "execute", "DB", ...target, "--json", "--command", sql],
    {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        WRANGLER_SEND_METRICS: "false",
        CLOUDFLARE_CF_FETCH_ENABLED: "false",
        WRANGLER_HIDE_BANNER: "true",
      },
    },
  );
} catch (error) {
  const output = `${error.stdout ?? ""}${error.stderr ?? ""}`;
  fail(
    output.includes("UNIQUE") ? "a code with that name already exists" : output || String(error),
  );
}
console.log(
  `Created ${codes.length} code${codes.length > 1 ? "s" : ""} (${percent}% off, ${maxUses === 0 ? "unlimited" : maxUses} use${maxUses === 1 ? "" : "s"} each${expiresAt ? `, valid through ${values.expires}` : ""}, ${values.remote ? "remote" : "local"} database):`,
);
for (const code of codes) console.log(`  ${code}`);

#!/usr/bin/env node
/**
 * Creates an admin account, or makes an existing account an admin.
 *
 *   npm run admin:create -- --email admin@medmentor.in --first-name Asha --last-name Rao
 *   npm run admin:create -- --email admin@medmentor.in --remote      # the production D1
 *
 * Options: --password <p> (else ADMIN_PASSWORD, else a strong one is generated and printed once),
 * --remote (wrangler's remote D1 instead of the local one), --persist-to <dir> (local state,
 * default .wrangler/state). The address counts as verified, and the account signs in at the
 * hidden dashboard (/admin_dashboard_2025) with the address as username. An existing account keeps its
 * password unless one is given, and its other sessions end when it is given one.
 *
 * The password is hashed by the app's own code (app/models/password.server.ts, loaded through
 * Vite), with PASSWORD_PEPPER from the environment or, locally, from .dev.vars: for production,
 * export the same PASSWORD_PEPPER the worker has (if it has one) before running with --remote.
 */
import { execFileSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { createServer } from "vite";

const root = path.resolve(import.meta.dirname, "../..");

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    "first-name": { type: "string", default: "Admin" },
    "last-name": { type: "string", default: "MedMentor" },
    password: { type: "string" },
    remote: { type: "boolean", default: false },
    "persist-to": { type: "string", default: process.env.PERSIST_DIR ?? ".wrangler/state" },
  },
});

function fail(message) {
  console.error(`admin:create: ${message}`);
  process.exit(1);
}

function devVar(name) {
  const file = path.join(root, ".dev.vars");
  if (!existsSync(file)) return undefined;
  const line = readFileSync(file, "utf8")
    .split("\n")
    .find((entry) => entry.startsWith(`${name}=`));
  return line?.slice(name.length + 1).trim() || undefined;
}

const email = values.email?.trim().toLowerCase();
if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) fail("--email <address> is required");

const target = values.remote ? ["--remote"] : ["--local", "--persist-to", values["persist-to"]];
const quote = (text) => `'${String(text).replace(/'/g, "''")}'`;

/** Runs SQL on the D1 database through wrangler and returns the rows of the last statement. */
function d1(sql) {
  const output = execFileSync(
    process.platform === "win32" ? "npx.cmd" : "npx",
    ["wrangler", "d1", "execute", "DB", ...target, "--json", "--command", sql],
    {
      cwd: root,
      stdio: ["ignore", "pipe", "inherit"],
      env: {
        ...process.env,
        WRANGLER_SEND_METRICS: "false",
        CLOUDFLARE_CF_FETCH_ENABLED: "false",
        WRANGLER_HIDE_BANNER: "true",
      },
    },
  ).toString();
  const results = JSON.parse(output.slice(output.indexOf("[")));
  return results.at(-1)?.results ?? [];
}

// The app's own hashing and password rules, loaded through Vite, so this script cannot drift from the worker.
const vite = await createServer({
  root,
  configFile: false,
  logLevel: "silent",
  appType: "custom",
  server: { middlewareMode: true, hmr: false, watch: null },
  resolve: { alias: { "~": path.join(root, "app") } },
});
let hashPassword;
let isStrongPassword;
let limits;
try {
  ({ hashPassword } = await vite.ssrLoadModule("/app/models/password.server.ts"));
  const rules = await vite.ssrLoadModule("/app/lib/auth-schemas.ts");
  isStrongPassword = rules.isStrongPassword;
  limits = [rules.PASSWORD_MIN_LENGTH, rules.PASSWORD_MAX_LENGTH];
} finally {
  await vite.close();
}

const existing = d1(`SELECT id FROM users WHERE lower(email) = ${quote(email)};`)[0];
let password = values.password ?? process.env.ADMIN_PASSWORD;
let generated = false;
if (!password && !existing) {
  password = `Adm1n-${randomBytes(12).toString("base64url")}`;
  generated = true;
}
if (
  password &&
  (password.length < limits[0] || password.length > limits[1] || !isStrongPassword(password))
) {
  fail(
    `the password needs ${limits[0]}-${limits[1]} characters with an uppercase letter, a lowercase letter and a number`,
  );
}
const pepper =
  process.env.PASSWORD_PEPPER ?? (values.remote ? undefined : devVar("PASSWORD_PEPPER"));
const hash = password ? await hashPassword(password, { pepper }) : null;
const now = "cast(unixepoch('subsecond') * 1000 as integer)";

if (existing) {
  d1(
    `UPDATE users SET role = 'admin', email_verified_at = coalesce(email_verified_at, ${now}), updated_at = ${now}` +
      (hash ? `, password_hash = ${quote(hash)}, session_epoch = session_epoch + 1` : "") +
      ` WHERE id = ${quote(existing.id)};`,
  );
  console.log(
    `${email} is now an admin (${values.remote ? "remote" : "local"} database)${hash ? "; its password was replaced" : ""}.`,
  );
} else {
  d1(
    `INSERT INTO users (id, role, first_name, last_name, email, password_hash, email_verified_at, created_at, updated_at) ` +
      `VALUES (${quote(randomUUID())}, 'admin', ${quote(values["first-name"].trim())}, ${quote(values["last-name"].trim())}, ` +
      `${quote(email)}, ${quote(hash)}, ${now}, ${now}, ${now});`,
  );
  console.log(`Admin created: ${email} (${values.remote ? "remote" : "local"} database)`);
  if (generated) console.log(`Password (shown once, change it after signing in): ${password}`);
}
console.log("Sign in at /admin_dashboard_2025 with the e-mail address as the username.");

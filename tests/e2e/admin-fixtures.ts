/**
 * Fixtures for the admin dashboard browser tests: the seeded demo
 * administrator (app/db/seed.sql), or for the tests that age sessions a fresh
 * administrator of their own (written into the local D1 the way
 * `npm run admin:create` does, with the demo password's hash), signed in
 * through the admin login form's POST so the browser holds the admin cookie.
 * Every admin session is its own, so tests running at once share the demo
 * account safely; writing the local D1 from outside the server is kept to the
 * few tests that need it, since the running server can find it busy then.
 */
import type { Page } from "@playwright/test";
import { ADMIN_PATH } from "../../app/lib/admin";
import { expect, localD1, uniqueEmail } from "./auth-fixtures";

/** The demo accounts' password (app/db/seed.sql stores its hash). */
export const DEMO_PASSWORD = "DemoLearner1";
const DEMO_PASSWORD_HASH =
  "$pbkdf2-sha256$v=1$i=100000,r=6,k=0$wRsQ66hYjke2B5ALI8a6Qg$wULJhJotfv2+8/FzV3i4QhSEFFMlPlP5dMOHRlwR/eA";

const quote = (value: string) => `'${value.replace(/'/g, "''")}'`;
const userIdOf = (email: string) => `(SELECT id FROM users WHERE email = ${quote(email)})`;

export type Admin = { email: string; password: string };

/** The administrator every fresh local database has (app/db/seed.sql). */
export const DEMO_ADMIN: Admin = { email: "demo.admin@medmentor.in", password: DEMO_PASSWORD };

/** A verified administrator account of its own. */
export async function newAdmin(): Promise<Admin> {
  const email = uniqueEmail("admin");
  await localD1(
    `INSERT INTO users (id, role, first_name, last_name, email, password_hash, email_verified_at) VALUES (` +
      `${quote(crypto.randomUUID())}, 'admin', 'Asha', 'Rao', ${quote(email)}, ${quote(DEMO_PASSWORD_HASH)}, ` +
      `cast(unixepoch('subsecond') * 1000 as integer));`,
  );
  return { email, password: DEMO_PASSWORD };
}

/** An administrator (the demo one unless given), signed in in `page`'s browser through the admin login form's POST. */
export async function signedInAdmin(page: Page, admin: Admin = DEMO_ADMIN): Promise<Admin> {
  const response = await page.request.post(ADMIN_PATH, {
    form: { intent: "login", username: admin.email, password: admin.password },
  });
  expect(response.ok()).toBe(true);
  const cookies = await page.context().cookies();
  expect(cookies.some((cookie) => cookie.name === "mm_admin")).toBe(true);
  return admin;
}

/** Moves the end of every session of the admin to `at` (milliseconds since the epoch). */
export async function endAdminSessionsAt(admin: Admin, at: number): Promise<void> {
  await localD1(
    `UPDATE admin_sessions SET expires_at = ${at} WHERE user_id = ${userIdOf(admin.email)};`,
  );
}

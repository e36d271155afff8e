/**
 * Helpers for the admin dashboard tests in the workers pool: admins made
 * straight in D1, signed in through the real admin login (API token or page
 * cookie), and the audit log read back.
 */
import { env } from "cloudflare:test";
import { desc, eq } from "drizzle-orm";
import { expect } from "vitest";
import { createDb } from "~/db/client.server";
import { adminAuditLog } from "~/db/schema";
import { ADMIN_PATH } from "~/lib/admin";
import { callJson, cookiesFrom, makeUser, postForm } from "./auth";

export function makeAdmin() {
  return makeUser({ role: "admin" });
}

/** Signs in through POST /api/admin/login and returns the Bearer token. */
export async function adminToken(
  admin: { email: string; plainPassword: string },
  ip?: string,
): Promise<string> {
  const { status, body } = await callJson("/api/admin/login", {
    body: { username: admin.email, password: admin.plainPassword },
    ip,
  });
  expect(status, JSON.stringify(body)).toBe(200);
  return (body as unknown as { sessionToken: string }).sessionToken;
}

/** Signs in through the dashboard's login form and returns the Cookie header it leads to. */
export async function adminCookie(admin: { email: string; plainPassword: string }) {
  const response = await postForm(ADMIN_PATH, {
    intent: "login",
    username: admin.email,
    password: admin.plainPassword,
  });
  expect(response.status).toBe(302);
  return cookiesFrom(response);
}

/** The audit entries about `target` (a code) or by `actorEmail`, newest first. */
export async function auditEntries(filter: { target?: string; actorEmail?: string }) {
  const rows = await createDb(env.DB)
    .select()
    .from(adminAuditLog)
    .where(
      filter.target
        ? eq(adminAuditLog.target, filter.target)
        : eq(adminAuditLog.actorEmail, filter.actorEmail!.toLowerCase()),
    )
    .orderBy(desc(adminAuditLog.id));
  return rows.map((row) => ({
    ...row,
    details: JSON.parse(row.details) as Record<string, unknown>,
  }));
}

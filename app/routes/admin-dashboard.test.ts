/**
 * The admin dashboard page as a browser without JavaScript uses it, through
 * the real worker: its own login form and cookie, the tabs and counts from the
 * address, creating, toggling and deleting with a confirmation step, Logout,
 * an expired session, a learner kept out, and the load failure with Try Again.
 */
import { env } from "cloudflare:test";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { createDb } from "~/db/client.server";
import { adminSessions, promoCodes } from "~/db/schema";
import { ADMIN_MESSAGES, ADMIN_PATH, indiaDate } from "~/lib/admin";
import { adminCookie, auditEntries, makeAdmin } from "../../tests/support/admin";
import { call, cookiesFrom, makeUser, postForm } from "../../tests/support/auth";
import { makePromo } from "../../tests/support/payments";

vi.setConfig({ testTimeout: 30_000 });

const db = () => createDb(env.DB);
const html = (text: string) =>
  text
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"');

async function page(path: string, cookie?: string) {
  const response = await call(path, { headers: cookie ? { Cookie: cookie } : {} });
  return { status: response.status, response, body: html(await response.text()) };
}

/** Follows an action's redirect with its cookies (the flashed toast among them). */
async function follow(response: Response, cookie: string) {
  expect(response.status).toBe(302);
  const location = response.headers.get("Location")!;
  return { location, ...(await page(location, cookiesFrom(response, cookie))) };
}

let counter = 0;
const freshCode = (prefix: string) =>
  `${prefix}${Date.now().toString(36).toUpperCase()}${++counter}`;

describe("the admin login page", () => {
  it("shows its own login form, and needs both fields", async () => {
    const { status, response, body } = await page(ADMIN_PATH);
    expect(status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(body).toContain("Admin Login");
    expect(body).toContain('name="username"');
    expect(body).toContain('name="password"');
    expect(body).toContain('content="noindex, nofollow"');

    const missing = await postForm(ADMIN_PATH, { intent: "login", username: "", password: "" });
    expect(missing.status).toBe(400);
    expect(html(await missing.text())).toContain(ADMIN_MESSAGES.loginFieldsRequired);
  });

  it("says 'Invalid credentials' to a learner's right password, and sets no cookie", async () => {
    const learner = await makeUser();
    const response = await postForm(ADMIN_PATH, {
      intent: "login",
      username: learner.email,
      password: learner.plainPassword,
    });
    expect(response.status).toBe(401);
    expect(html(await response.text())).toContain(ADMIN_MESSAGES.invalidCredentials);
    expect(response.headers.getSetCookie().join()).not.toContain("mm_admin");
  });

  // A signed-in learner used to get the login form with 403. The admin guard sends
  // non-admins home to /, and the panel's own login is for visitors without a
  // session; so a learner is redirected, whatever they ask for or post.
  it("sends a signed-in learner home to /, whatever they ask for or post", async () => {
    const learner = await makeUser();
    const login = await postForm("/login", {
      email: learner.email,
      password: learner.plainPassword,
    });
    const cookie = cookiesFrom(login);
    for (const path of [ADMIN_PATH, `${ADMIN_PATH}?tab=10`, `${ADMIN_PATH}?create=1`]) {
      const view = await page(path, cookie);
      expect(view.status, path).toBe(302);
      expect(view.response.headers.get("Location"), path).toBe("/");
      expect(view.body, path).not.toContain("Promo Code Dashboard");
    }

    const code = freshCode("LRN");
    const create = await postForm(
      ADMIN_PATH,
      { intent: "create", code, discountPercentage: "10", count: "1" },
      { cookie },
    );
    expect(create.status).toBe(303);
    expect(create.headers.get("Location")).toBe("/");
    expect(await db().select().from(promoCodes).where(eq(promoCodes.code, code))).toHaveLength(0);

    // Without a session the panel shows its own login form.
    const anonymous = await page(ADMIN_PATH);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).toContain("Admin Login");
  });

  it("signs an admin in with a cookie of its own, and out again with Logout", async () => {
    const admin = await makeAdmin();
    const response = await postForm(ADMIN_PATH, {
      intent: "login",
      username: admin.email,
      password: admin.plainPassword,
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(ADMIN_PATH);
    const setCookie = response.headers.getSetCookie().find((c) => c.startsWith("mm_admin="))!;
    expect(setCookie).toContain("Path=/;");
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Strict");
    expect(setCookie).toContain(`Max-Age=${8 * 3600}`);

    const cookie = cookiesFrom(response);
    const dashboard = await page(ADMIN_PATH, cookie);
    expect(dashboard.status).toBe(200);
    expect(dashboard.body).toContain("Promo Code Dashboard");
    expect(dashboard.body).toContain(`Signed in as ${admin.email}`);

    // Signing in again from the same browser ends the session it held.
    const again = await postForm(
      ADMIN_PATH,
      { intent: "login", username: admin.email, password: admin.plainPassword },
      { cookie },
    );
    expect(again.status).toBe(302);
    expect((await page(ADMIN_PATH, cookie)).body).toContain("Admin Login");
    const second = cookiesFrom(again, cookie);
    expect((await page(ADMIN_PATH, second)).body).toContain("Promo Code Dashboard");

    const logout = await postForm(ADMIN_PATH, { intent: "logout" }, { cookie: second });
    const after = await follow(logout, second);
    expect(after.body).toContain("Admin Login");
    expect(after.body).toContain(ADMIN_MESSAGES.loggedOut);
    // The old cookie no longer opens the dashboard, even if a browser kept it.
    expect((await page(ADMIN_PATH, second)).body).toContain("Admin Login");
    expect((await auditEntries({ actorEmail: admin.email }))[0]).toMatchObject({
      action: "logout",
      details: { via: "page" },
    });
  });

  it("logs out when the session expires, saying so", async () => {
    const admin = await makeAdmin();
    const cookie = await adminCookie(admin);
    await db()
      .update(adminSessions)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(adminSessions.userId, admin.id));
    const view = await page(ADMIN_PATH, cookie);
    expect(view.status).toBe(200);
    expect(view.body).toContain(ADMIN_MESSAGES.sessionExpired);
    expect(view.body).toContain("Admin Login");
    expect(view.response.headers.getSetCookie().join()).toMatch(/mm_admin=;.*Max-Age=0/);

    // A form posted after the expiry comes back to the login with the same message.
    const toggle = await postForm(
      ADMIN_PATH,
      { intent: "toggle", code: "ANY", isActive: "false" },
      { cookie },
    );
    const after = await follow(toggle, cookie);
    expect(after.location).toBe(ADMIN_PATH);
    expect(after.body).toContain(ADMIN_MESSAGES.sessionExpired);
  });
});

describe("the dashboard without JavaScript", () => {
  it("creates a batch from the form, lists it on its tab with counts, toggles and deletes it", async () => {
    const admin = await makeAdmin();
    const cookie = await adminCookie(admin);
    const base = freshCode("PAGE");

    const form = await page(`${ADMIN_PATH}?tab=30&create=1`, cookie);
    expect(form.body).toContain("Create Coupon");
    expect(form.body).toMatch(/value="SAVE30_[A-Z2-9]{3}\d{4}"/);
    expect(form.body).toContain("Used only when creating more than one coupon.");
    expect(form.body).toContain(`min="${indiaDate(Date.now())}"`);

    const created = await postForm(
      `${ADMIN_PATH}?tab=30&create=1`,
      {
        intent: "create",
        code: base.toLowerCase(),
        discountPercentage: "30",
        count: "3",
        namingOption: "unique",
        expiryDate: "",
        description: "",
      },
      { cookie },
    );
    const list = await follow(created, cookie);
    expect(list.location).toBe(`${ADMIN_PATH}?tab=30`);
    expect(list.body).toContain(ADMIN_MESSAGES.created);
    const rows = await db()
      .select()
      .from(promoCodes)
      .where(
        inArray(
          promoCodes.batchId,
          db().select({ id: promoCodes.batchId }).from(promoCodes).where(eq(promoCodes.code, base)),
        ),
      );
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(list.body).toContain(row.code);
      expect(row.description).toBe("30% discount on all plans");
    }
    expect(list.body).toContain('aria-current="page"');
    // The 30% tab's count includes the three (and matches what the list shows).
    const count = Number(
      /30% Off\s*<span[^>]*>(\d+)<span class="sr-only"> codes/.exec(list.body)?.[1],
    );
    expect(count).toBeGreaterThanOrEqual(3);
    expect(list.body.match(/<li class="rounded-xl border/g)).toHaveLength(count);

    const toggled = await postForm(
      `${ADMIN_PATH}?tab=30`,
      { intent: "toggle", code: base, isActive: "false" },
      { cookie },
    );
    const afterToggle = await follow(toggled, cookie);
    expect(afterToggle.body).toContain(ADMIN_MESSAGES.deactivated);
    const [row] = await db().select().from(promoCodes).where(eq(promoCodes.code, base));
    expect(row?.isActive).toBe(false);

    const confirm = await page(`${ADMIN_PATH}?tab=30&confirm=${base}`, cookie);
    expect(confirm.body).toContain("Delete Promo Code");
    expect(confirm.body).toContain(`name="code" value="${base}"`);
    const deleted = await postForm(
      `${ADMIN_PATH}?tab=30`,
      { intent: "delete", code: base },
      { cookie },
    );
    const afterDelete = await follow(deleted, cookie);
    expect(afterDelete.location).toBe(`${ADMIN_PATH}?tab=30`);
    expect(afterDelete.body).toContain(ADMIN_MESSAGES.deleted);
    expect(await db().select().from(promoCodes).where(eq(promoCodes.code, base))).toHaveLength(0);

    const audit = await auditEntries({ target: base });
    expect(audit.map((entry) => [entry.action, entry.details.via ?? null])).toEqual([
      ["promo_delete", null],
      ["promo_toggle", null],
      ["promo_create", null],
    ]);
  });

  it("answers an invalid create in the form, with the spec's message, writing nothing", async () => {
    const cookie = await adminCookie(await makeAdmin());
    const response = await postForm(
      `${ADMIN_PATH}?create=1`,
      { intent: "create", code: "", discountPercentage: "10", count: "1" },
      { cookie },
    );
    expect(response.status).toBe(400);
    const body = html(await response.text());
    expect(body).toContain(ADMIN_MESSAGES.codeRequired);
    expect(body).toContain('id="create-coupon-heading"');

    const taken = await makePromo();
    const duplicate = await postForm(
      `${ADMIN_PATH}?create=1`,
      { intent: "create", code: taken, discountPercentage: "20", count: "1" },
      { cookie },
    );
    expect(duplicate.status).toBe(409);
    const duplicateBody = html(await duplicate.text());
    expect(duplicateBody).toContain(ADMIN_MESSAGES.createFailed);
    expect(duplicateBody).toContain(`A promo code named ${taken} already exists`);
  });

  it("shows the overview: a card per type, recent coupons, and a code's delete step only for live codes", async () => {
    const cookie = await adminCookie(await makeAdmin());
    const overview = await page(ADMIN_PATH, cookie);
    for (const label of [
      "Overview",
      "10% Off",
      "20% Off",
      "30% Off",
      "40% Off",
      "Almost Free (99.97%)",
    ]) {
      expect(overview.body).toContain(label);
    }
    expect(overview.body).toContain("Recent coupons");
    expect(overview.body.match(/Active codes/g)?.length).toBeGreaterThanOrEqual(5);
    const gone = await page(`${ADMIN_PATH}?confirm=NO_SUCH_CODE`, cookie);
    expect(gone.body).not.toContain("Delete Promo Code");
  });

  it("says 'Failed to load dashboard data. Please try again.' with Try Again when the data cannot be read", async () => {
    const cookie = await adminCookie(await makeAdmin());
    await env.DB.exec("ALTER TABLE promo_redemptions RENAME TO promo_redemptions_away");
    try {
      const failed = await page(`${ADMIN_PATH}?tab=20`, cookie);
      expect(failed.status).toBe(503);
      expect(failed.body).toContain(ADMIN_MESSAGES.loadFailed);
      expect(failed.body).toMatch(/href="\/admin_dashboard_2025\?tab=20"[^>]*>Try Again/);
    } finally {
      await env.DB.exec("ALTER TABLE promo_redemptions_away RENAME TO promo_redemptions");
    }
    expect((await page(`${ADMIN_PATH}?tab=20`, cookie)).status).toBe(200);
  });
});

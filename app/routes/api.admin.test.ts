/**
 * The admin API (docs/api.md) through the real worker: who may call each
 * route, the login and its throttle, creating codes (every invalid field, 50
 * at once, duplicates), toggling and deleting and what that does to the plans
 * page's validation at once, soft deletes that keep redemptions, sessions that
 * expire or end, and the audit log.
 */
import { env } from "cloudflare:test";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { createDb } from "~/db/client.server";
import { adminSessions, paymentOrders, promoCodes, promoRedemptions, users } from "~/db/schema";
import { ADMIN_MESSAGES, indiaDate } from "~/lib/admin";
import { PROMO_MESSAGES } from "~/lib/pricing";
import { sha256Hex } from "~/models/auth-crypto.server";
import { adminToken, auditEntries, makeAdmin } from "../../tests/support/admin";
import { apiLogin, call, callJson, makeUser, uniqueIp } from "../../tests/support/auth";
import { api, makePromo, offlineGateway } from "../../tests/support/payments";

vi.setConfig({ testTimeout: 30_000 });

const db = () => createDb(env.DB);
const DAY = 86_400_000;

let codeCounter = 0;
function freshCode(prefix = "ADM") {
  codeCounter += 1;
  return `${prefix}${Date.now().toString(36).toUpperCase()}${codeCounter}`;
}

async function learnerToken() {
  const learner = await makeUser();
  return { learner, token: await apiLogin(learner.email, learner.plainPassword) };
}

async function createCodes(token: string, body: Record<string, unknown>) {
  return callJson("/api/admin/promo-codes", { token, body });
}

async function storedCodes(codes: string[]) {
  return db().select().from(promoCodes).where(inArray(promoCodes.code, codes));
}

/** What the plans page's validation answers a learner for `code` (POST /api/payments/promo-code/validate). */
async function validate(token: string, code: string) {
  const { status, body } = await api("/api/payments/promo-code/validate", {
    token,
    body: { promoCode: code, planId: "plus" },
  });
  return { status, valid: body.valid, message: body.message };
}

/** A learner pays for Starter with `code` through the API and the offline checkout. */
async function redeem(code: string) {
  const { token } = await learnerToken();
  const created = await api("/api/payments/order/create", {
    token,
    body: { planId: "starter", promoCode: code },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const orderId = (created.body.order as { id: string }).id;
  const paid = await offlineGateway().simulate(orderId, "pay");
  const verified = await api("/api/payments/payment/verify", {
    token,
    body: { ...paid!.result, planId: "starter" },
  });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
}

describe("who may call the admin API", () => {
  it("answers every admin route: admin token yes, learner token or cookie 403, nothing 401", async () => {
    const admin = await makeAdmin();
    const token = await adminToken(admin);
    const { learner, token: learnerBearer } = await learnerToken();
    const code = await makePromo();
    const toggleMe = await makePromo();
    const deleteMe = await makePromo();

    const routes: Array<{ path: string; method: string; body?: unknown; ok: number }> = [
      { path: "/api/admin/dashboard/stats", method: "GET", ok: 200 },
      {
        path: "/api/admin/promo-codes",
        method: "POST",
        body: { code: freshCode(), discountPercentage: 10 },
        ok: 201,
      },
      { path: `/api/admin/promo-codes/${toggleMe}/toggle`, method: "PATCH", ok: 200 },
      { path: `/api/admin/promo-codes/${deleteMe}`, method: "DELETE", ok: 200 },
    ];
    const cookieResponse = await call("/login", {
      method: "POST",
      rawBody: new URLSearchParams({
        email: learner.email,
        password: learner.plainPassword,
      }).toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    const learnerCookie = cookieResponse.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect(learnerCookie).toContain("mm_session=");

    for (const route of routes) {
      const anonymous = await callJson(route.path, { method: route.method, body: route.body });
      expect(anonymous.status, route.path).toBe(401);
      expect(anonymous.body).toEqual({ success: false, message: ADMIN_MESSAGES.notAuthenticated });

      const byLearner = await callJson(route.path, {
        method: route.method,
        body: route.body,
        token: learnerBearer,
      });
      expect(byLearner.status, route.path).toBe(403);
      expect(byLearner.body.message).toBe(ADMIN_MESSAGES.adminOnly);

      const byLearnerCookie = await callJson(route.path, {
        method: route.method,
        body: route.body,
        headers: { Cookie: learnerCookie, Origin: "http://localhost" },
      });
      expect(byLearnerCookie.status, route.path).toBe(403);
      expect(byLearnerCookie.body.message, route.path).toBe(ADMIN_MESSAGES.adminOnly);

      // An admin's own learner session is not an admin session either.
      const adminAsUser = await apiLogin(admin.email, admin.plainPassword);
      const byAdminUserSession = await callJson(route.path, {
        method: route.method,
        body: route.body,
        token: adminAsUser,
      });
      expect(byAdminUserSession.status, route.path).toBe(403);

      const garbage = await callJson(route.path, {
        method: route.method,
        body: route.body,
        token: "not-a-real-token",
      });
      expect(garbage.status, route.path).toBe(401);

      const byAdmin = await callJson(route.path, {
        method: route.method,
        body: route.body,
        token,
      });
      expect(byAdmin.status, `${route.path} ${JSON.stringify(byAdmin.body)}`).toBe(route.ok);
      expect(byAdmin.body.success).toBe(true);
    }
    // Refused calls changed nothing: the code nobody deleted is still there.
    expect(await storedCodes([code])).toHaveLength(1);
  });

  it("answers other methods with 405", async () => {
    const stats = await call("/api/admin/dashboard/stats", { method: "POST", body: {} });
    expect(stats.status).toBe(405);
    const login = await call("/api/admin/login");
    expect(login.status).toBe(405);
  });
});

describe("POST /api/admin/login", () => {
  it("signs an admin in with the e-mail as username and an expiry in milliseconds", async () => {
    const admin = await makeAdmin();
    const { status, body } = await callJson("/api/admin/login", {
      body: { username: `  ${admin.email.toUpperCase()} `, password: admin.plainPassword },
    });
    expect(status).toBe(200);
    const answer = body as unknown as Record<string, unknown>;
    expect(answer).toMatchObject({
      success: true,
      message: ADMIN_MESSAGES.loginSucceeded,
      expiresIn: 8 * 3_600_000,
    });
    expect(answer.sessionToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [session] = await db()
      .select()
      .from(adminSessions)
      .where(eq(adminSessions.id, await sha256Hex(answer.sessionToken as string)));
    expect(session?.userId).toBe(admin.id);
    expect(session!.expiresAt.getTime() - session!.createdAt.getTime()).toBe(8 * 3_600_000);

    const [entry] = await auditEntries({ actorEmail: admin.email });
    expect(entry).toMatchObject({ action: "login", actorId: admin.id, details: { via: "api" } });
  });

  it("needs both fields, and says 'Invalid credentials' to a wrong password and to a learner", async () => {
    for (const body of [{}, { username: "a@b.co" }, { username: " ", password: "x" }]) {
      const missing = await callJson("/api/admin/login", { body });
      expect(missing.status).toBe(400);
      expect(missing.body.message).toBe(ADMIN_MESSAGES.loginFieldsRequired);
    }
    const admin = await makeAdmin();
    const wrong = await callJson("/api/admin/login", {
      body: { username: admin.email, password: "Wrong-password-1" },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ success: false, message: ADMIN_MESSAGES.invalidCredentials });

    const learner = await makeUser();
    const asLearner = await callJson("/api/admin/login", {
      body: { username: learner.email, password: learner.plainPassword },
    });
    expect(asLearner.status).toBe(401);
    expect(asLearner.body).toEqual({ success: false, message: ADMIN_MESSAGES.invalidCredentials });

    const nobody = await callJson("/api/admin/login", {
      body: { username: "nobody.here@example.com", password: "Whatever1" },
    });
    expect(nobody.body).toEqual(asLearner.body);

    expect((await auditEntries({ actorEmail: admin.email }))[0]).toMatchObject({
      action: "login_failed",
      actorId: null,
      details: { reason: "invalid" },
    });
    expect((await auditEntries({ actorEmail: learner.email }))[0]).toMatchObject({
      action: "login_failed",
      actorId: learner.id,
      details: { reason: "not_admin" },
    });
    const unverified = await makeUser({ role: "admin", verified: false });
    const pending = await callJson("/api/admin/login", {
      body: { username: unverified.email, password: unverified.plainPassword },
    });
    expect(pending.status).toBe(401);
  });

  it("is throttled like the learner login: after 10 wrong passwords from one IP even the right one waits there, not elsewhere", async () => {
    const admin = await makeAdmin();
    const ip = uniqueIp();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const wrong = await callJson("/api/admin/login", {
        body: { username: admin.email, password: `Wrong-${attempt}-A` },
        ip,
      });
      expect(wrong.status).toBe(401);
    }
    const locked = await callJson("/api/admin/login", {
      body: { username: admin.email, password: admin.plainPassword },
      ip,
    });
    expect(locked.status).toBe(429);
    expect(locked.response.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(locked.body.message).toMatch(
      /^Too many sign-in attempts\. Try again in 15 minutes, or reset your password to sign in now\.$/,
    );
    // The learner login counts the same account's tries from that IP.
    const viaLearnerLogin = await callJson("/api/auth/login", {
      body: { email: admin.email, password: admin.plainPassword },
      ip,
    });
    expect(viaLearnerLogin.status).toBe(429);
    // Someone else's guesses do not lock the admin out from their own address.
    await adminToken(admin, uniqueIp());
  });

  it("checks at most 10 passwords when 60 wrong ones arrive at once; the rest wait (429, Retry-After)", async () => {
    const admin = await makeAdmin();
    const ip = uniqueIp();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, attempt) =>
        callJson("/api/admin/login", {
          body: { username: admin.email, password: `Wrong-${attempt}-B` },
          ip,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(50);
    for (const answer of answers.filter((each) => each.status === 429)) {
      expect(answer.response.headers.get("Retry-After")).toMatch(/^\d+$/);
    }
    // Every checked password is audited: exactly 10 were checked.
    const failures = await auditEntries({ actorEmail: admin.email });
    expect(failures.filter((entry) => entry.action === "login_failed")).toHaveLength(10);
  });
});

describe("admin sessions", () => {
  it("end at their expiry, at Logout, and when the password changes", async () => {
    const admin = await makeAdmin();
    const expired = await adminToken(admin);
    await db()
      .update(adminSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(adminSessions.id, await sha256Hex(expired)));
    const afterExpiry = await callJson("/api/admin/dashboard/stats", { token: expired });
    expect(afterExpiry.status).toBe(401);
    expect(afterExpiry.body.message).toBe(ADMIN_MESSAGES.sessionExpired);

    const loggedOut = await adminToken(admin);
    expect((await callJson("/api/admin/dashboard/stats", { token: loggedOut })).status).toBe(200);
    const logout = await callJson("/api/admin/logout", { method: "POST", token: loggedOut });
    expect(logout.status).toBe(200);
    const afterLogout = await callJson("/api/admin/dashboard/stats", { token: loggedOut });
    expect(afterLogout.status).toBe(401);
    expect(afterLogout.body.message).toBe(ADMIN_MESSAGES.notAuthenticated);
    expect((await auditEntries({ actorEmail: admin.email }))[0]).toMatchObject({
      action: "logout",
      details: { via: "api" },
    });

    const beforeChange = await adminToken(admin);
    await db()
      .update(users)
      .set({ sessionEpoch: admin.sessionEpoch + 1 })
      .where(eq(users.id, admin.id));
    expect((await callJson("/api/admin/dashboard/stats", { token: beforeChange })).status).toBe(
      401,
    );
  });

  it("stop working when the account is no longer an admin", async () => {
    const admin = await makeAdmin();
    const token = await adminToken(admin);
    await db().update(users).set({ role: "learner" }).where(eq(users.id, admin.id));
    expect((await callJson("/api/admin/dashboard/stats", { token })).status).toBe(401);
  });
});

describe("POST /api/admin/promo-codes", () => {
  it("refuses each invalid field with its message and writes nothing", async () => {
    const token = await adminToken(await makeAdmin());
    const base = { code: freshCode("BAD"), discountPercentage: 20 };
    const yesterday = indiaDate(Date.now() - DAY);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...base, code: undefined }, ADMIN_MESSAGES.codeRequired],
      [{ ...base, code: "   " }, ADMIN_MESSAGES.codeRequired],
      [{ ...base, code: "no spaces allowed" }, ADMIN_MESSAGES.codePattern],
      [{ ...base, code: "X" }, ADMIN_MESSAGES.codePattern],
      [{ ...base, code: "A".repeat(41) }, ADMIN_MESSAGES.codePattern],
      [{ ...base, discountPercentage: 15 }, ADMIN_MESSAGES.discountChoice],
      [{ ...base, discountPercentage: 100 }, ADMIN_MESSAGES.discountChoice],
      [{ ...base, discountPercentage: undefined }, ADMIN_MESSAGES.discountChoice],
      [{ ...base, count: 0 }, ADMIN_MESSAGES.countRange],
      [{ ...base, count: 51 }, ADMIN_MESSAGES.countRange],
      [{ ...base, count: 2.5 }, ADMIN_MESSAGES.countRange],
      // Wrong JSON types are refused, not converted.
      [{ ...base, count: true }, ADMIN_MESSAGES.countRange],
      [{ ...base, count: "3" }, ADMIN_MESSAGES.countRange],
      [{ ...base, discountPercentage: "10" }, ADMIN_MESSAGES.discountChoice],
      [{ ...base, discountPercentage: [10] }, ADMIN_MESSAGES.discountChoice],
      [{ ...base, expiryDate: yesterday }, ADMIN_MESSAGES.expiryPast],
      [{ ...base, expiryDate: "2030-02-30" }, ADMIN_MESSAGES.expiryFormat],
      [{ ...base, expiryDate: "31/12/2030" }, ADMIN_MESSAGES.expiryFormat],
      [{ ...base, description: "d".repeat(201) }, ADMIN_MESSAGES.descriptionTooLong],
      [{ ...base, namingOption: "random" }, ADMIN_MESSAGES.namingChoice],
      [
        { ...base, code: "B".repeat(34), count: 2, namingOption: "unique" },
        ADMIN_MESSAGES.codeTooLongForSuffix,
      ],
    ];
    for (const [body, message] of cases) {
      const { status, body: answer } = await createCodes(token, body);
      expect(status, JSON.stringify(body)).toBe(400);
      expect(answer.message, JSON.stringify(body)).toBe(message);
    }
    const malformed = await call("/api/admin/promo-codes", { token, rawBody: "{not json" });
    expect(malformed.status).toBe(400);
    expect(await storedCodes([base.code])).toHaveLength(0);
  });

  it("creates one code with the defaults, today's expiry allowed, valid through the day in India", async () => {
    const admin = await makeAdmin();
    const token = await adminToken(admin);
    const code = freshCode("ONE");
    const today = indiaDate(Date.now());
    const { status, body } = await createCodes(token, {
      code: code.toLowerCase(),
      discountPercentage: 99.97,
      expiryDate: today,
    });
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.data).toMatchObject({ codes: [code], discountPercentage: 99.97, maxUses: 1 });
    const [row] = await storedCodes([code]);
    expect(row).toMatchObject({
      discountBasisPoints: 9997,
      description: "99.97% discount on all plans",
      isActive: true,
      maxUses: 1,
      createdBy: admin.id,
    });
    // Through the end of today, India time: the next midnight IST.
    expect(indiaDate(row!.expiresAt!.getTime() - 1)).toBe(today);
    expect(indiaDate(row!.expiresAt!.getTime())).not.toBe(today);
  });

  it("makes 50 codes in one request with unique suffixes, all in one batch, audited once", async () => {
    const admin = await makeAdmin();
    const token = await adminToken(admin);
    const base = freshCode("BULK");
    const { status, body } = await createCodes(token, {
      code: base,
      discountPercentage: 30,
      count: 50,
      namingOption: "unique",
      description: "Exam season",
    });
    expect(status, JSON.stringify(body)).toBe(201);
    const codes = (body.data as { codes: string[] }).codes;
    expect(codes).toHaveLength(50);
    expect(new Set(codes).size).toBe(50);
    expect(codes[0]).toBe(base);
    for (const code of codes.slice(1)) expect(code).toMatch(new RegExp(`^${base}_[A-Z2-9]{6}$`));

    const rows = await storedCodes(codes);
    expect(rows).toHaveLength(50);
    expect(new Set(rows.map((row) => row.batchId)).size).toBe(1);
    expect(rows.every((row) => row.maxUses === 1 && row.discountBasisPoints === 3000)).toBe(true);
    expect(rows.every((row) => row.description === "Exam season")).toBe(true);

    const audit = await auditEntries({ target: base });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "promo_create",
      actorId: admin.id,
      actorEmail: admin.email,
      details: { count: 50, namingOption: "unique", discountPercentage: 30 },
    });
    expect(audit[0]!.details.codes).toEqual(codes);
  });

  it("with 'same name for all' makes one code usable once per coupon", async () => {
    const token = await adminToken(await makeAdmin());
    const code = freshCode("SAME");
    const { status } = await createCodes(token, {
      code,
      discountPercentage: 10,
      count: 5,
      namingOption: "same",
    });
    expect(status).toBe(201);
    const rows = await storedCodes([code]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.maxUses).toBe(5);
    const stats = await callJson("/api/admin/dashboard/stats", { token });
    const listed = (
      stats.body.data as { discountTypes: Array<{ codes: Array<Record<string, unknown>> }> }
    ).discountTypes
      .flatMap((type) => type.codes)
      .find((entry) => entry.code === code);
    expect(listed).toMatchObject({
      totalInstances: 5,
      maxUses: 5,
      usedInstances: 0,
      currentUses: 0,
      isActive: true,
    });
  });

  it("refuses a name already taken with 409 and writes none of the batch", async () => {
    const token = await adminToken(await makeAdmin());
    const taken = await makePromo();
    const duplicate = await createCodes(token, {
      code: taken,
      discountPercentage: 20,
      count: 10,
      namingOption: "unique",
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toContain(taken);
    const { results } = await env.DB.prepare(
      "SELECT count(*) AS n FROM promo_codes WHERE code LIKE ?1",
    )
      .bind(`${taken}\\_%`)
      .all<{ n: number }>();
    expect(results[0]!.n).toBe(0);
    expect(await auditEntries({ target: taken })).toHaveLength(0);
  });
});

describe("the dashboard figures", () => {
  it("counts codes, active codes, uses per type, and leaves deleted codes out", async () => {
    const token = await adminToken(await makeAdmin());
    const used = freshCode("USED");
    expect(
      (await createCodes(token, { code: used, discountPercentage: 40, count: 3 })).status,
    ).toBe(201);
    await redeem(used);
    const stats = await callJson("/api/admin/dashboard/stats", { token });
    expect(stats.status).toBe(200);
    const data = stats.body.data as {
      overview: { totalActiveCoupons: number; lastUpdated: string };
      discountTypes: Array<{
        percentage: number;
        count: number;
        usageStats: Record<string, number>;
        codes: Array<Record<string, unknown>>;
      }>;
    };
    expect(data.discountTypes.map((type) => type.percentage)).toEqual(
      expect.arrayContaining([10, 20, 30, 40, 99.97]),
    );
    const forty = data.discountTypes.find((type) => type.percentage === 40)!;
    expect(forty.count).toBe(forty.codes.length);
    expect(forty.usageStats.totalCoupons).toBe(forty.codes.length);
    expect(forty.codes.find((entry) => entry.code === used)).toMatchObject({
      totalInstances: 3,
      usedInstances: 1,
      currentUses: 1,
      maxUses: 3,
      expiryDate: null,
    });
    expect(forty.usageStats.usedCoupons).toBeGreaterThanOrEqual(1);
    expect(forty.usageStats.totalUses).toBe(
      forty.codes.reduce((sum, entry) => sum + (entry.currentUses as number), 0),
    );
    expect(data.overview.totalActiveCoupons).toBe(
      data.discountTypes.reduce((sum, type) => sum + type.usageStats.activeCoupons!, 0),
    );
    const deleted = await makePromo({ deleted: true, basisPoints: 4000 });
    const again = await callJson("/api/admin/dashboard/stats", { token });
    expect(JSON.stringify(again.body)).not.toContain(deleted);
  });
});

describe("toggling and deleting", () => {
  it("an inactive code stops validating on the plans page at once, and works again when reactivated", async () => {
    const admin = await makeAdmin();
    const token = await adminToken(admin);
    const { token: learner } = await learnerToken();
    const code = freshCode("TOG");
    await createCodes(token, { code, discountPercentage: 20, count: 5 });
    expect(await validate(learner, code)).toMatchObject({ status: 200, valid: true });

    const off = await callJson(`/api/admin/promo-codes/${code}/toggle`, { method: "PATCH", token });
    expect(off.status).toBe(200);
    expect(off.body.data).toEqual({ code, isActive: false });
    expect(await validate(learner, code)).toEqual({
      status: 400,
      valid: false,
      message: PROMO_MESSAGES.inactive,
    });
    // The plans page itself (a form post without JavaScript) says the same.
    const page = await call("/plans", {
      method: "POST",
      token: learner,
      rawBody: new URLSearchParams({
        intent: "apply-promo",
        planId: "plus",
        promoCode: code,
      }).toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(page.status).toBe(400);
    expect(await page.text()).toContain(PROMO_MESSAGES.inactive);

    // Setting a state is idempotent; the path's code is read in any case.
    const set = await callJson(`/api/admin/promo-codes/${code.toLowerCase()}/toggle`, {
      method: "PATCH",
      token,
      body: { isActive: true },
    });
    expect(set.body.data).toEqual({ code, isActive: true });
    const again = await callJson(`/api/admin/promo-codes/${code}/toggle`, {
      method: "PATCH",
      token,
      body: { isActive: true },
    });
    expect(again.body.data).toEqual({ code, isActive: true });
    expect(await validate(learner, code)).toMatchObject({ status: 200, valid: true });

    const audit = await auditEntries({ target: code });
    expect(audit.map((entry) => [entry.action, entry.details])).toEqual([
      ["promo_toggle", { isActive: true }],
      ["promo_toggle", { isActive: true }],
      ["promo_toggle", { isActive: false }],
      ["promo_create", expect.objectContaining({ codes: [code] })],
    ]);
    expect(audit[0]).toMatchObject({ actorId: admin.id, actorEmail: admin.email });

    const badBody = await callJson(`/api/admin/promo-codes/${code}/toggle`, {
      method: "PATCH",
      token,
      body: { isActive: "yes" },
    });
    expect(badBody.status).toBe(400);
  });

  it("removes a code never redeemed, which then no longer validates and frees its name", async () => {
    const token = await adminToken(await makeAdmin());
    const { token: learner } = await learnerToken();
    const code = freshCode("DEL");
    await createCodes(token, { code, discountPercentage: 10 });
    expect(await validate(learner, code)).toMatchObject({ valid: true });

    const deleted = await callJson(`/api/admin/promo-codes/${code}`, { method: "DELETE", token });
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toEqual({ code, mode: "hard" });
    expect(await storedCodes([code])).toHaveLength(0);
    expect(await validate(learner, code)).toEqual({
      status: 400,
      valid: false,
      message: PROMO_MESSAGES.notValid,
    });
    const twice = await callJson(`/api/admin/promo-codes/${code}`, { method: "DELETE", token });
    expect(twice.status).toBe(404);
    expect(twice.body.message).toBe(ADMIN_MESSAGES.notFound);
    expect(
      (await callJson(`/api/admin/promo-codes/${code}/toggle`, { method: "PATCH", token })).status,
    ).toBe(404);
    expect(
      (await callJson("/api/admin/promo-codes/not%20a%20code", { method: "DELETE", token })).status,
    ).toBe(404);
    expect((await createCodes(token, { code, discountPercentage: 10 })).status).toBe(201);
    expect((await auditEntries({ target: code }))[1]).toMatchObject({
      action: "promo_delete",
      details: { mode: "hard", paidUses: 0 },
    });
  });

  it("soft deletes a redeemed code: the payment and redemption stay, the code no longer applies", async () => {
    const token = await adminToken(await makeAdmin());
    const { token: learner } = await learnerToken();
    const code = freshCode("SOFT");
    await createCodes(token, { code, discountPercentage: 20, count: 10 });
    await redeem(code);

    const deleted = await callJson(`/api/admin/promo-codes/${code}`, { method: "DELETE", token });
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toEqual({ code, mode: "soft" });

    const [row] = await storedCodes([code]);
    expect(row?.deletedAt).toBeInstanceOf(Date);
    const redemptions = await db()
      .select()
      .from(promoRedemptions)
      .where(eq(promoRedemptions.code, code));
    expect(redemptions.map((entry) => entry.state)).toEqual(["committed"]);
    const orders = await db().select().from(paymentOrders).where(eq(paymentOrders.promoCode, code));
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ status: "paid", discountPaise: 9980 });

    expect(await validate(learner, code)).toEqual({
      status: 400,
      valid: false,
      message: PROMO_MESSAGES.notValid,
    });
    const order = await api("/api/payments/order/create", {
      token: learner,
      body: { planId: "starter", promoCode: code },
    });
    expect(order.status).toBe(400);

    const stats = await callJson("/api/admin/dashboard/stats", { token });
    expect(JSON.stringify(stats.body)).not.toContain(`"${code}"`);
    const reuse = await createCodes(token, { code, discountPercentage: 20 });
    expect(reuse.status).toBe(409);
    expect((await auditEntries({ target: code }))[0]).toMatchObject({
      action: "promo_delete",
      details: { mode: "soft", paidUses: 1 },
    });
  });
});

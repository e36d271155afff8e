/**
 * The hidden admin dashboard: its own
 * login, creating a batch, copying, toggling and deleting with a confirmation
 * (and what that does to a learner's promo validation at once), the counts
 * per tab, the session ending on expiry, a learner kept out, the forms with
 * JavaScript off, and an accessibility scan. Tests tagged @nojs run again with
 * JavaScript off.
 */
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { ADMIN_MESSAGES, ADMIN_PATH } from "../../app/lib/admin";
import { PROMO_MESSAGES } from "../../app/lib/pricing";
import { signedInLearner } from "./access-fixtures";
import { DEMO_ADMIN, endAdminSessionsAt, newAdmin, signedInAdmin } from "./admin-fixtures";
import { expect, expectFlash, test, verifiedUser } from "./auth-fixtures";
import { seriousViolations } from "./axe";

const noJavaScript = () => test.info().project.use.javaScriptEnabled === false;

let counter = 0;
function freshCode(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36).toUpperCase()}${counter}${Math.floor(Math.random() * 900 + 100)}`;
}

/** Opens the dashboard; with JavaScript, waits until React has taken over the page. */
async function openDashboard(page: Page, path = ADMIN_PATH) {
  await page.goto(path);
  await expect(page.getByRole("heading", { name: "Promo Code Dashboard" })).toBeVisible();
  if (!noJavaScript()) {
    await expect(page.getByRole("link", { name: "Create Coupon" })).toHaveAttribute(
      "aria-haspopup",
      "dialog",
    );
  }
}

function tabs(page: Page) {
  return page.getByRole("navigation", { name: "Discount types" });
}

function codeItem(page: Page, code: string): Locator {
  return page
    .getByRole("listitem")
    .filter({ has: page.locator("code", { hasText: new RegExp(`^${code}$`) }) });
}

/** The count a tab shows, e.g. "20% Off 4 codes" → 4. */
async function tabCount(page: Page, label: string): Promise<number> {
  const name = await tabs(page)
    .getByRole("link", { name: new RegExp(`^${label.replace(/[()%.]/g, "\\$&")} \\d+ codes$`) })
    .textContent();
  return Number(/(\d+) codes$/.exec(name ?? "")?.[1]);
}

/** A learner's promo validation (what the plans page asks the server), for codes the admin changes. */
async function learnerValidation(request: APIRequestContext, ip: string) {
  const learner = await verifiedUser(request, ip, "buyer");
  const login = await request.post("/api/auth/login", {
    headers: { "CF-Connecting-IP": ip },
    data: { email: learner.email, password: learner.password },
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  return async (code: string) => {
    const response = await request.post("/api/payments/promo-code/validate", {
      headers: { Authorization: `Bearer ${token}`, "CF-Connecting-IP": ip },
      data: { promoCode: code, planId: "plus" },
    });
    const body = (await response.json()) as { valid: boolean; message: string };
    return { status: response.status(), valid: body.valid, message: body.message };
  };
}

test.describe("admin login", () => {
  test("needs both fields, refuses a learner, signs an admin in and out @nojs", async ({
    page,
    request,
    ip,
  }) => {
    const learner = await verifiedUser(request, ip, "not-admin");
    const admin = DEMO_ADMIN;
    await page.goto(ADMIN_PATH);
    await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
    // The panel's own top bar: none of the learners' navigation, account links or footer.
    const banner = page.getByRole("banner");
    await expect(banner).toContainText("Admin");
    await expect(banner.getByRole("link", { name: "MedMentor home" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("link", { name: "Login", exact: true })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Register", exact: true })).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).toHaveCount(0);

    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByText(ADMIN_MESSAGES.loginFieldsRequired).first()).toBeVisible();

    await page.getByLabel("Username").fill(learner.email);
    await page.getByLabel("Password", { exact: true }).fill(learner.password);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByText(ADMIN_MESSAGES.invalidCredentials).first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "Promo Code Dashboard" })).toHaveCount(0);

    await page.getByLabel("Username").fill(admin.email);
    await page.getByLabel("Password", { exact: true }).fill(admin.password);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("heading", { name: "Promo Code Dashboard" })).toBeVisible();
    await expect(page.getByText(`Signed in as ${admin.email}.`)).toBeVisible();
    await expect(page.getByRole("link", { name: "Login", exact: true })).toHaveCount(0);

    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
    await expectFlash(page, ADMIN_MESSAGES.loggedOut);
    await page.goto(ADMIN_PATH);
    await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
  });

  // The admin guard sends non-admins home (it used to answer a learner with the
  // login form and 403); the API still answers 403.
  test("a signed-in learner is sent home from the dashboard and refused by its API @nojs", async ({
    page,
    ip,
  }) => {
    await signedInLearner(page, ip, "curious");
    const response = await page.goto(ADMIN_PATH);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { name: "Promo Code Dashboard" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Admin Login" })).toHaveCount(0);
    const stats = await page.request.get("/api/admin/dashboard/stats");
    expect(stats.status()).toBe(403);
  });

  test("an expired session logs out on its own, saying so @localdb", async ({ page }) => {
    test.skip(noJavaScript(), "the page asks the server again when the session ends");
    test.slow();
    // A fresh administrator: aging the sessions must not end other tests' ones.
    const admin = await signedInAdmin(page, await newAdmin());
    // Room for the local D1 write (a wrangler process, several seconds on a busy machine).
    await endAdminSessionsAt(admin, Date.now() + 15_000);
    await openDashboard(page);
    await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByText(ADMIN_MESSAGES.sessionExpired)).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(ADMIN_PATH);
  });

  test("without JavaScript the next page after the expiry is the login @nojs-only @localdb", async ({
    page,
  }) => {
    const admin = await signedInAdmin(page, await newAdmin());
    await openDashboard(page);
    await endAdminSessionsAt(admin, Date.now() - 1_000);
    await page.reload();
    await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
    await expect(page.getByText(ADMIN_MESSAGES.sessionExpired)).toBeVisible();
  });
});

test.describe("managing codes", () => {
  test("create a batch, copy, deactivate and reactivate, delete after confirming; validation follows at once", async ({
    page,
    context,
    request,
    ip,
    baseURL,
  }) => {
    test.skip(noJavaScript(), "the dialog, Copy and the in-place confirmation need JavaScript");
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    await signedInAdmin(page);
    const validate = await learnerValidation(request, ip);
    await openDashboard(page, `${ADMIN_PATH}?tab=20`);

    // Create: four single-use codes, the first as typed, the others with suffixes.
    const base = freshCode("BATCH");
    await page.getByRole("link", { name: "Create Coupon" }).click();
    const dialog = page.getByRole("dialog", { name: "Create Coupon" });
    await expect(dialog.getByLabel("Discount")).toHaveValue("20");
    await expect(dialog.getByLabel("Promo code")).toHaveValue(/^SAVE20_[A-Z2-9]{3}\d{4}$/);
    await expect(dialog.getByRole("group", { name: "Naming" })).toHaveCount(0);
    await dialog.getByLabel("Promo code").fill(base.toLowerCase());
    await dialog.getByLabel("Number of coupons").fill("4");
    await dialog.getByLabel("First as given, the others with random suffixes").check();
    await dialog.getByRole("button", { name: "Create Coupon" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText(ADMIN_MESSAGES.created)).toBeVisible();
    await expect(page).toHaveURL(`${ADMIN_PATH}?tab=20`);
    await expect(codeItem(page, base)).toBeVisible();
    await expect(
      page.locator("code", { hasText: new RegExp(`^${base}_[A-Z2-9]{6}$`) }),
    ).toHaveCount(3);
    expect(await tabCount(page, "20% Off")).toBe(
      await page.locator("section[aria-labelledby='codes-heading'] li").count(),
    );
    expect(await validate(base)).toMatchObject({ status: 200, valid: true });

    // Copy.
    await codeItem(page, base)
      .getByRole("button", { name: `Copy ${base}` })
      .click();
    await expect(page.getByText(ADMIN_MESSAGES.copied)).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(base);

    // Deactivate: the learner's validation says so at once; reactivate: it applies again.
    await codeItem(page, base)
      .getByRole("button", { name: `Deactivate ${base}` })
      .click();
    await expect(codeItem(page, base).getByText("Inactive")).toBeVisible();
    expect(await validate(base)).toEqual({
      status: 400,
      valid: false,
      message: PROMO_MESSAGES.inactive,
    });
    await codeItem(page, base)
      .getByRole("button", { name: `Activate ${base}` })
      .click();
    await expect(codeItem(page, base).getByText("Active", { exact: true })).toBeVisible();
    expect(await validate(base)).toMatchObject({ status: 200, valid: true });

    // Delete, after the confirmation (Cancel first changes nothing).
    await codeItem(page, base)
      .getByRole("link", { name: `Delete ${base}` })
      .click();
    const confirm = page.getByRole("dialog", { name: "Delete Promo Code" });
    await expect(confirm).toContainText(base);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(codeItem(page, base)).toBeVisible();
    await codeItem(page, base)
      .getByRole("link", { name: `Delete ${base}` })
      .click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText(ADMIN_MESSAGES.deleted)).toBeVisible();
    await expect(codeItem(page, base)).toHaveCount(0);
    expect(await validate(base)).toEqual({
      status: 400,
      valid: false,
      message: PROMO_MESSAGES.notValid,
    });
  });

  test("the create dialog keeps its errors in place and suggests a code per tier", async ({
    page,
  }) => {
    test.skip(noJavaScript(), "the dialog needs JavaScript");
    await signedInAdmin(page);
    await openDashboard(page);
    await page.getByRole("link", { name: "Create Coupon" }).click();
    const dialog = page.getByRole("dialog", { name: "Create Coupon" });
    await expect(dialog.getByLabel("Promo code")).toHaveValue(/^SAVE10_/);
    await dialog.getByLabel("Discount").selectOption("99.97");
    await expect(dialog.getByLabel("Promo code")).toHaveValue(/^ALMOSTFREE_[A-Z2-9]{3}\d{4}$/);
    await expect(dialog.getByLabel("Description (optional)")).toHaveAttribute(
      "placeholder",
      "99.97% discount on all plans",
    );
    await dialog.getByLabel("Promo code").fill("");
    await dialog.getByRole("button", { name: "Create Coupon" }).click();
    await expect(dialog.getByText(ADMIN_MESSAGES.codeRequired)).toBeVisible();
    await dialog.getByRole("button", { name: "Suggest a code" }).click();
    await dialog.getByLabel("Number of coupons").fill("51");
    await dialog.getByRole("button", { name: "Create Coupon" }).click();
    await expect(dialog.getByText(ADMIN_MESSAGES.countRange)).toBeVisible();

    // A name that is taken comes back from the server, still in the dialog.
    await dialog.getByLabel("Number of coupons").fill("1");
    await dialog.getByLabel("Promo code").fill("WELCOME10");
    await dialog.getByRole("button", { name: "Create Coupon" }).click();
    await expect(
      dialog.getByText(/A promo code named WELCOME10 already exists/).first(),
    ).toBeVisible();
    await expect(dialog).toBeVisible();
  });

  test("every tab shows a count that matches its list, and the overview adds them up @nojs", async ({
    page,
  }) => {
    await signedInAdmin(page);
    await openDashboard(page);
    const totals = await page
      .locator("section[aria-labelledby^='type-'] dl")
      .evaluateAll((lists) =>
        lists.map((list) => Number(list.querySelectorAll("dd")[1]?.textContent?.replace(/,/g, ""))),
      );
    expect(totals).toHaveLength(5);
    expect(await tabCount(page, "Overview")).toBe(totals.reduce((sum, total) => sum + total, 0));
    await expect(page.getByRole("heading", { name: "Recent coupons" })).toBeVisible();
    expect(await page.locator("#recent-heading + ul > li").count()).toBeLessThanOrEqual(5);

    for (const label of ["10% Off", "20% Off", "30% Off", "40% Off", "Almost Free (99.97%)"]) {
      await tabs(page)
        .getByRole("link", { name: new RegExp(`^${label.replace(/[()%.]/g, "\\$&")}`) })
        .click();
      await expect(page.getByRole("heading", { name: `${label} codes` })).toBeVisible();
      const items = await page.locator("section[aria-labelledby='codes-heading'] li").count();
      expect(await tabCount(page, label), label).toBe(items);
      await expect(
        tabs(page).getByRole("link", { name: new RegExp(`^${label.replace(/[()%.]/g, "\\$&")}`) }),
      ).toHaveAttribute("aria-current", "page");
    }
  });

  test("without JavaScript: create from the page, select the code, deactivate, delete with a confirmation step @nojs-only", async ({
    page,
  }) => {
    await signedInAdmin(page);
    await openDashboard(page, `${ADMIN_PATH}?tab=10`);
    await page.getByRole("link", { name: "Create Coupon" }).click();
    await expect(page).toHaveURL(`${ADMIN_PATH}?tab=10&create=1`);
    await expect(page.getByText("Used only when creating more than one coupon.")).toBeVisible();
    const base = freshCode("NOJS");
    await page.getByLabel("Promo code").fill(base);
    await page.getByLabel("Number of coupons").fill("2");
    await page.getByLabel("First as given, the others with random suffixes").check();
    await page.getByRole("button", { name: "Create Coupon" }).click();
    await expect(page).toHaveURL(`${ADMIN_PATH}?tab=10`);
    await expectFlash(page, ADMIN_MESSAGES.created);
    await expect(codeItem(page, base)).toBeVisible();
    // No Copy button without JavaScript: the code is text to select.
    await expect(page.getByRole("button", { name: `Copy ${base}` })).toHaveCount(0);
    await expect(codeItem(page, base).locator("code")).toHaveClass(/select-all/);

    await codeItem(page, base)
      .getByRole("button", { name: `Deactivate ${base}` })
      .click();
    await expectFlash(page, ADMIN_MESSAGES.deactivated);
    await expect(codeItem(page, base).getByText("Inactive")).toBeVisible();

    await codeItem(page, base)
      .getByRole("link", { name: `Delete ${base}` })
      .click();
    await expect(page).toHaveURL(`${ADMIN_PATH}?tab=10&confirm=${base}`);
    const step = page.getByRole("region", { name: "Delete Promo Code" });
    await expect(step).toContainText(base);
    await step.getByRole("button", { name: "Delete" }).click();
    await expectFlash(page, ADMIN_MESSAGES.deleted);
    await expect(codeItem(page, base)).toHaveCount(0);
  });
});

test.describe("accessibility", () => {
  test("the login form, the overview, a tier's list and the create dialog pass axe", async ({
    page,
  }) => {
    test.skip(noJavaScript(), "scanned once, with JavaScript");
    await page.goto(ADMIN_PATH);
    expect(await seriousViolations(page)).toEqual([]);
    await signedInAdmin(page);
    await openDashboard(page);
    expect(await seriousViolations(page)).toEqual([]);
    await openDashboard(page, `${ADMIN_PATH}?tab=99.97`);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("link", { name: "Create Coupon" }).click();
    await expect(page.getByRole("dialog", { name: "Create Coupon" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("the dashboard fits a 390 px screen @nojs", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signedInAdmin(page);
    await openDashboard(page, `${ADMIN_PATH}?tab=40`);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

/**
 * Fixtures for the access browser tests: a signed-in learner (registered and
 * verified through the JSON API, so the free trial starts as it does for real,
 * then signed in through the login form's POST so the browser holds the
 * session cookie), and changes to that learner's trial or subscription written
 * straight into the local D1 database the server uses, the way auth-fixtures
 * ages codes. Uses are recorded through the product's check-and-record API.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import type { Page } from "@playwright/test";
import { getPlan, type PlanId } from "../../app/lib/plans";
import type { FeatureKey } from "../../app/lib/features";
import { expect, test, verifiedUser } from "./auth-fixtures";

export { expect, test };

const root = path.resolve(import.meta.dirname, "../..");
const DAY_MS = 86_400_000;

/**
 * Runs SQL against the local D1 database of the server under test. The
 * database file is shared with the running server, so a busy database is
 * tried again.
 */
export async function d1(sql: string, attempts = 3): Promise<void> {
  try {
    await runD1(sql);
  } catch (error) {
    if (attempts <= 1) throw error;
    await new Promise((resolve) => setTimeout(resolve, 500));
    await d1(sql, attempts - 1);
  }
}

async function runD1(sql: string): Promise<void> {
  await promisify(execFile)(
    "npx",
    [
      "wrangler",
      "d1",
      "execute",
      "DB",
      "--local",
      "--persist-to",
      `.wrangler/e2e-state-${process.env.E2E_PORT}`,
      "--command",
      sql,
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        WRANGLER_SEND_METRICS: "false",
        CLOUDFLARE_CF_FETCH_ENABLED: "false",
        WRANGLER_HIDE_BANNER: "true",
      },
    },
  );
}

const quote = (value: string) => `'${value.replace(/'/g, "''")}'`;
const userIdOf = (email: string) => `(SELECT id FROM users WHERE email = ${quote(email)})`;
const randomId = (prefix: string) =>
  `${prefix}${crypto.randomUUID().replace(/-/g, "").slice(0, 14)}`;

export type Learner = { email: string; password: string; firstName: string };

/**
 * A verified learner (whose 30-day trial started at verification), signed in
 * in `page`'s browser context.
 */
export async function signedInLearner(page: Page, ip: string, label = "access"): Promise<Learner> {
  const learner = await verifiedUser(page.request, ip, label);
  const response = await page.request.post("/login", {
    form: { email: learner.email, password: learner.password },
  });
  expect(response.ok()).toBe(true);
  const cookies = await page.context().cookies();
  expect(cookies.some((cookie) => cookie.name === "mm_session")).toBe(true);
  return learner;
}

/** The learner never had a trial: no plan, no trial. */
export async function removeTrial(email: string): Promise<void> {
  await d1(`DELETE FROM trials WHERE user_id = ${userIdOf(email)};`);
}

/** The learner's trial ran out `daysAgo` days ago. */
export async function expireTrial(email: string, daysAgo = 1): Promise<Date> {
  const endsAt = Date.now() - daysAgo * DAY_MS;
  await d1(
    `UPDATE trials SET started_at = ${endsAt - 30 * DAY_MS}, ends_at = ${endsAt} WHERE user_id = ${userIdOf(email)};`,
  );
  return new Date(endsAt);
}

/**
 * A paid subscription, as a verified payment leaves it: a paid order and the
 * subscription it granted, starting now. Returns the payment id.
 */
export async function giveSubscription(
  email: string,
  planId: PlanId,
  paymentId = randomId("pay_"),
): Promise<string> {
  const plan = getPlan(planId);
  const orderId = crypto.randomUUID();
  const now = Date.now();
  await d1(
    `INSERT INTO payment_orders (id, user_id, plan_id, provider, provider_order_id, original_paise, discount_paise, amount_paise, status, payment_id, paid_at)
       SELECT ${quote(orderId)}, id, ${quote(planId)}, 'offline', ${quote(randomId("order_"))}, ${plan.pricePaise}, 0, ${plan.pricePaise}, 'paid', ${quote(paymentId)}, ${now}
       FROM users WHERE email = ${quote(email)};
     INSERT INTO subscriptions (id, user_id, plan_id, order_id, payment_id, starts_at, ends_at, created_at)
       SELECT ${quote(crypto.randomUUID())}, id, ${quote(planId)}, ${quote(orderId)}, ${quote(paymentId)}, ${now - 60_000}, ${now + plan.durationMonths * 30 * DAY_MS}, ${now}
       FROM users WHERE email = ${quote(email)};`,
  );
  return paymentId;
}

/**
 * Uses a feature `times` times through the combined check-and-record call the
 * screens make (POST /api/usage/check-and-record/{feature}), with the page's
 * session cookie. Skips the test when the server does not answer that path.
 */
export async function useFeature(page: Page, feature: FeatureKey, times = 1): Promise<void> {
  for (let index = 0; index < times; index += 1) {
    const response = await page.request.post(`/api/usage/check-and-record/${feature}`, {
      data: { topic: "Acute coronary syndrome", numberOfScenarios: 1 },
    });
    test.skip(
      response.status() === 404,
      "POST /api/usage/check-and-record/{feature} is not served by this build",
    );
    expect(response.status(), await response.text()).toBe(200);
    const body = (await response.json()) as { success: boolean; hasAccess: boolean };
    expect(body).toMatchObject({ success: true, hasAccess: true });
  }
}

/** The account menu in the navigation bar (desktop layout), opened. */
export async function openAccountMenu(page: Page, firstName: string) {
  const label = `Account menu for ${firstName}`;
  await page.getByRole("navigation", { name: "Main" }).getByLabel(label).click();
  return page
    .getByRole("navigation", { name: "Main" })
    .locator("details")
    .filter({ has: page.getByLabel(label) });
}

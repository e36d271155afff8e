/**
 * Fixtures for the access browser tests: the signed-in learner (auth-fixtures'
 * `signedInLearner`, re-exported for the specs that import it from here);
 * plans bought through the local test checkout; uses recorded through the
 * product's check-and-record API; and the two trial states no product path
 * reaches quickly (none, ended) written into the local D1.
 */
import type { Page } from "@playwright/test";
import type { PlanId } from "../../app/lib/plans";
import type { FeatureKey } from "../../app/lib/features";
import { expect, localD1 } from "./auth-fixtures";

export { expect, signedInLearner, test } from "./auth-fixtures";

const DAY_MS = 86_400_000;

const quote = (value: string) => `'${value.replace(/'/g, "''")}'`;
const userIdOf = (email: string) => `(SELECT id FROM users WHERE email = ${quote(email)})`;

/** The learner never had a trial: no plan, no trial. */
export async function removeTrial(email: string): Promise<void> {
  await localD1(`DELETE FROM trials WHERE user_id = ${userIdOf(email)};`);
}

/** The learner's trial ran out `daysAgo` days ago. */
export async function expireTrial(email: string, daysAgo = 1): Promise<Date> {
  const endsAt = Date.now() - daysAgo * DAY_MS;
  await localD1(
    `UPDATE trials SET started_at = ${endsAt - 30 * DAY_MS}, ends_at = ${endsAt} WHERE user_id = ${userIdOf(email)};`,
  );
  return new Date(endsAt);
}

/**
 * Buys a plan for the learner signed in in `page` the way the plans page does:
 * an order from the server, paid in the local test checkout, verified by the
 * server. Returns the payment id.
 */
/** What the page's own fetch says: cookie-authenticated API writes must come from this site. */
const SAME_ORIGIN = { "Sec-Fetch-Site": "same-origin" };

export async function giveSubscription(page: Page, planId: PlanId): Promise<string> {
  const created = await page.request.post("/api/payments/order/create", {
    data: { planId },
    headers: SAME_ORIGIN,
  });
  expect(created.status(), await created.text()).toBe(201);
  const { order } = (await created.json()) as { order: { id: string } };
  const paid = await page.request.post("/dev/checkout.json", {
    data: { order_id: order.id, outcome: "pay" },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const { result } = (await paid.json()) as {
    result: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
  };
  const verified = await page.request.post("/api/payments/payment/verify", {
    data: result,
    headers: SAME_ORIGIN,
  });
  expect(verified.status(), await verified.text()).toBe(200);
  return result.razorpay_payment_id;
}

/**
 * Uses a feature `times` times through the combined check-and-record call the
 * screens make (POST /api/usage/check-and-record/{feature}), with the page's
 * session cookie. Every use must be granted: any other answer (a missing
 * route included) fails the test.
 */
export async function useFeature(page: Page, feature: FeatureKey, times = 1): Promise<void> {
  for (let index = 0; index < times; index += 1) {
    const response = await page.request.post(`/api/usage/check-and-record/${feature}`, {
      data: { topic: "Acute coronary syndrome", numberOfScenarios: 1 },
      headers: SAME_ORIGIN,
    });
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

/**
 * Buying a plan, as a learner does it: choose a plan, apply a promo code,
 * pay in the local test checkout (the offline stand-in for Razorpay, whose
 * signed results and webhooks go through the same verification as
 * Razorpay's), and land on /payment-success with the plan active. Also the
 * failure, cancel and blocked-script paths, the whole purchase with
 * JavaScript off (@nojs-only), and an accessibility scan of both pages.
 */
import { seriousViolations } from "./axe";
import type { Locator, Page } from "@playwright/test";
import { formatRupees, getPlan, type PlanId } from "../../app/lib/plans";
import { priceFor } from "../../app/lib/pricing";
import { accountMenu, expect, expectFlash, signedInLearner, test } from "./auth-fixtures";
import { giveSubscription } from "./access-fixtures";
import { demoPromo } from "./payment-fixtures";

const longDate = new Intl.DateTimeFormat("en-IN", { dateStyle: "long", timeZone: "Asia/Kolkata" });

/** The end date a plan bought now shows: its months added to today (as the server adds them). */
function validUntilFromNow(planId: PlanId): string {
  const end = new Date();
  end.setUTCMonth(end.getUTCMonth() + getPlan(planId).durationMonths);
  return longDate.format(end);
}

function toast(page: Page, title: string): Locator {
  return page.locator("[data-sonner-toast]").filter({ hasText: title }).first();
}

async function expectToast(page: Page, title: string, description: string) {
  await expect(toast(page, title)).toBeVisible();
  await expect(toast(page, title)).toContainText(description);
}

const promoField = (page: Page) => page.getByRole("textbox", { name: "Promo code" });
const subscribeButton = (page: Page) =>
  page.getByRole("button", { name: "Subscribe", exact: true });
const testCheckout = (page: Page) => page.getByRole("dialog", { name: "Test checkout" });

async function choosePlan(page: Page, planId: PlanId) {
  await page.getByTestId(`plan-${planId}`).click();
  await expect(page.getByRole("radio", { name: new RegExp(getPlan(planId).name) })).toBeChecked();
}

// Each flow signs up a learner (register, mailed code, log in) before it starts paying.
const FLOW_TIMEOUT_MS = 90_000;

test.describe("buying a plan with JavaScript", () => {
  test.describe.configure({ timeout: FLOW_TIMEOUT_MS });

  test("a learner buys Plus with a promo code through the test checkout and becomes a subscriber", async ({
    page,
    ip,
  }) => {
    const code = demoPromo(20);
    const price = priceFor("plus", 2000);
    const user = await signedInLearner(page, ip, "buyer", { landOn: "/plans" });
    await expect(accountMenu(page, user.firstName)).toBeVisible();

    await choosePlan(page, "plus");
    // Typed in lower case, shown (and sent) in capitals; Enter applies it.
    await promoField(page).pressSequentially(code.toLowerCase());
    await expect(promoField(page)).toHaveValue(code);
    await promoField(page).press("Enter");
    await expectToast(
      page,
      "Promo Code Applied",
      `20% off: you save ${formatRupees(price.savingsPaise)}`,
    );
    const summary = page.getByTestId("order-summary");
    await expect(summary).toContainText(`Original price${formatRupees(price.originalPaise)}`);
    await expect(summary).toContainText(`You save ${formatRupees(price.savingsPaise)}`);
    await expect(summary).toContainText(`Discounted price${formatRupees(price.amountPaise)}`);

    await subscribeButton(page).click();
    const checkout = testCheckout(page);
    await expect(checkout).toBeVisible();
    await expect(checkout).toContainText("Test mode — no money moves");
    // The order was priced on the server, with the code.
    await expect(checkout).toContainText(formatRupees(price.amountPaise));
    await expect(checkout).toContainText("Plus plan · 6 months");
    await expect(checkout.getByRole("button", { name: "Pay", exact: true })).toBeFocused();
    await checkout.getByRole("button", { name: "Pay", exact: true }).click();

    await expect(page).toHaveURL(
      (url) =>
        url.pathname === "/payment-success" &&
        /^pay_[A-Za-z0-9]+$/.test(url.searchParams.get("payment_id") ?? "") &&
        url.searchParams.get("plan_id") === "plus" &&
        url.searchParams.get("promo_code") === code &&
        url.searchParams.get("status") === "success",
    );
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment successful");
    const details = page.getByTestId("subscription-details");
    await expect(details).toContainText("PlanPlus");
    await expect(details).toContainText("StatusActive");
    await expect(details).toContainText(`Valid until${validUntilFromNow("plus")}`);
    await expect(details).toContainText(
      `Payment ID${new URL(page.url()).searchParams.get("payment_id")}`,
    );
    await expect(page.getByText("Test mode: no real money was charged.")).toBeVisible();
    await expectToast(page, "Payment Successful", "Your Plus plan is active until");
    await expect(page.getByRole("link", { name: "Go to Homepage" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("link", { name: "View Plans" })).toHaveAttribute("href", "/plans");

    // The navigation bar now shows the subscriber's menu.
    await accountMenu(page, user.firstName).click();
    await expect(page.getByRole("link", { name: "Your Flashcards" }).first()).toBeVisible();

    // The plans page shows the current plan, and Continue returns where the learner came from.
    await page.goto("/plans?from=/flashcards");
    const current = page.getByRole("region", { name: "Your current plan" });
    await expect(current).toContainText("Plus");
    await expect(current).toContainText(/\d+ days remaining/);
    await expect(current).toContainText(`Valid until ${validUntilFromNow("plus")}`);
    await expect(page.getByTestId("order-summary")).toHaveCount(0);
    await choosePlan(page, "starter");
    await expect(page.getByRole("region", { name: "Order summary" })).toContainText(
      `after your current plan ends on ${validUntilFromNow("plus")}`,
    );
    await current.getByRole("link", { name: "Continue" }).click();
    await expect(page).toHaveURL("/flashcards");

    // With no payment data, the success page checks the subscription.
    await page.goto("/payment-success");
    await expect(page.getByRole("heading", { name: "Welcome back!" })).toBeVisible();
  });

  test("a Starter subscriber upgrades to Pro: the credit shows before paying and Pro starts at once", async ({
    page,
    ip,
  }) => {
    await signedInLearner(page, ip, "upgrader", { landOn: "/plans" });
    await giveSubscription(page, "starter");
    await page.goto("/plans");
    await choosePlan(page, "pro");
    const summary = page.getByTestId("order-summary");
    const credit = page.getByTestId("upgrade-credit");
    await expect(credit).toContainText(
      /Credit for your unused Starter plan \((29|30|31) days left\)/,
    );
    // Almost the whole ₹499 month is unused.
    const creditText = (await credit.locator("dd").textContent()) ?? "";
    const creditPaise = Math.round(Number(creditText.replace(/[^0-9.]/g, "")) * 100);
    expect(creditPaise).toBeGreaterThan(48_000);
    expect(creditPaise).toBeLessThanOrEqual(49_900);
    const total = formatRupees(getPlan("pro").pricePaise - creditPaise);
    await expect(summary).toContainText(`Total${total}`);
    await expect(page.getByRole("region", { name: "Order summary" })).toContainText(
      "Pro starts as soon as you pay and replaces your Starter plan",
    );

    await subscribeButton(page).click();
    const checkout = testCheckout(page);
    await expect(checkout).toContainText(total);
    await checkout.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/payment-success");
    await expect(page.getByRole("main")).toContainText(
      `Welcome to MedMentor Pro. It replaces your Starter plan from today, and everything in Pro is unlocked now. The unused part of your Starter plan, ${formatRupees(creditPaise)}, was taken off the price.`,
    );
    await expect(page.getByTestId("subscription-details")).toContainText(
      `Valid until${validUntilFromNow("pro")}`,
    );
  });

  test("the promo box and Subscribe explain what is missing, and another plan clears the code", async ({
    page,
    ip,
  }) => {
    const code = demoPromo(30);
    const starter = priceFor("starter", 3000);
    await signedInLearner(page, ip, "buyer", { landOn: "/plans" });

    await page.getByRole("button", { name: "Apply" }).click();
    await expectToast(page, "Enter Promo Code", "Please enter a promo code to validate.");

    await promoField(page).fill(code);
    await page.getByRole("button", { name: "Apply" }).click();
    await expectToast(page, "Select a Plan", "Please select a plan first to apply promo code.");

    await subscribeButton(page).click();
    await expectToast(page, "Select a Plan", "Please select a plan to continue.");
    await expect(testCheckout(page)).toHaveCount(0);

    await choosePlan(page, "starter");
    await promoField(page).fill("NOSUCHCODE1");
    await promoField(page).press("Enter");
    await expectToast(page, "Invalid Promo Code", "The promo code you entered is not valid.");
    await expect(page.getByTestId("applied-promo")).toHaveCount(0);

    await promoField(page).fill(code);
    await page.getByRole("button", { name: "Apply" }).click();
    await expectToast(
      page,
      "Promo Code Applied",
      `30% off: you save ${formatRupees(starter.savingsPaise)}`,
    );
    await expect(page.getByTestId("order-summary")).toContainText(
      `Discounted price${formatRupees(starter.amountPaise)}`,
    );

    await page.getByRole("button", { name: `Remove promo code ${code}` }).click();
    await expect(toast(page, "Promo Code Removed")).toBeVisible();
    await expect(promoField(page)).toHaveValue("");
    await expect(page.getByTestId("order-summary")).toContainText(
      `Total${formatRupees(starter.originalPaise)}`,
    );

    // Applied again, then another plan: the code is cleared.
    await promoField(page).fill(code);
    await promoField(page).press("Enter");
    await expect(page.getByTestId("applied-promo")).toBeVisible();
    await choosePlan(page, "pro");
    await expect(promoField(page)).toHaveValue("");
    await expect(page.getByTestId("applied-promo")).toHaveCount(0);
    await expect(page.getByTestId("order-summary")).toContainText(
      `Total${formatRupees(getPlan("pro").pricePaise)}`,
    );
  });

  test("a failed test payment says so and grants nothing", async ({ page, ip }) => {
    const user = await signedInLearner(page, ip, "buyer", { landOn: "/plans" });
    await choosePlan(page, "starter");
    await subscribeButton(page).click();
    const checkout = testCheckout(page);
    await checkout.getByRole("button", { name: "Fail", exact: true }).click();
    await expectToast(page, "Payment Failed", "Payment could not be processed. Please try again.");
    await expect(checkout.getByTestId("test-checkout-status")).toContainText("Payment failed");

    // As in Razorpay's window, the learner may pay again or leave.
    await checkout.getByRole("button", { name: "Cancel", exact: true }).click();
    await expect(checkout).toHaveCount(0);
    await expectToast(page, "Payment Cancelled", "Payment was cancelled by user.");

    await page.reload();
    await accountMenu(page, user.firstName).click();
    await expect(page.getByRole("link", { name: "Your Flashcards" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Upgrade to Pro" }).first()).toBeVisible();
    await page.goto("/payment-success");
    await expect(page.getByRole("heading", { name: "No payment to show" })).toBeVisible();
  });

  test("cancelling the checkout says nothing was charged and leaves the page ready", async ({
    page,
    ip,
  }) => {
    await signedInLearner(page, ip, "buyer", { landOn: "/plans" });
    await choosePlan(page, "pro");
    // Slow the order down a little to see the overlay while it is created.
    await page.route("**/plans.data**", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await subscribeButton(page).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Processing Payment..." }),
    ).toBeVisible();
    await expect(testCheckout(page)).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Processing Payment..." })).toHaveCount(
      0,
    );
    await page.unroute("**/plans.data**");
    // Closing the checkout closes the order on the server (its promo use is free again at once).
    const released = page.waitForResponse(
      (response) =>
        response.url().endsWith("/api/payments/order/cancel") &&
        response.request().method() === "POST",
    );
    await testCheckout(page).getByRole("button", { name: "Cancel", exact: true }).click();
    expect((await released).status()).toBe(200);
    await expectToast(page, "Payment Cancelled", "Payment was cancelled by user.");
    await expect(subscribeButton(page)).toBeFocused();
    await expect(subscribeButton(page)).toBeEnabled();
    await expect(page).toHaveURL("/plans");

    // Escape closes it too.
    await subscribeButton(page).click();
    await expect(testCheckout(page)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(testCheckout(page)).toHaveCount(0);
  });

  test("a blocked checkout script shows the ad-blocker message, Retry Payment and Close", async ({
    page,
    ip,
  }) => {
    await signedInLearner(page, ip, "buyer", { landOn: "/plans" });
    await page.route("**/dev/checkout.js", (route) => route.abort("blockedbyclient"));
    await choosePlan(page, "plus");
    await subscribeButton(page).click();

    const blocked = page.getByRole("dialog", { name: "Payment Gateway Issue" });
    await expect(blocked).toBeVisible();
    await expect(blocked).toContainText(
      "Payment gateway blocked by ad blocker. Please disable ad blocker and try again.",
    );
    await expectToast(
      page,
      "Payment Gateway Issue",
      "Payment gateway blocked by ad blocker. Please disable ad blocker and try again.",
    );
    await blocked.getByRole("button", { name: "Close" }).click();
    await expect(blocked).toHaveCount(0);

    // Retry after the blocker is turned off: checkout opens for the same order.
    await subscribeButton(page).click();
    await expect(blocked).toBeVisible();
    await page.unroute("**/dev/checkout.js");
    await blocked.getByRole("button", { name: "Retry Payment" }).click();
    await expect(testCheckout(page)).toBeVisible();
    await expect(testCheckout(page)).toContainText(formatRupees(getPlan("plus").pricePaise));
    await testCheckout(page).getByRole("button", { name: "Cancel", exact: true }).click();
    await expectToast(page, "Payment Cancelled", "Payment was cancelled by user.");
  });
});

test.describe("buying a plan without JavaScript", () => {
  test.describe.configure({ timeout: FLOW_TIMEOUT_MS });

  test("promo code by form post, the hosted test checkout, Pay, and the plan is active @nojs-only", async ({
    page,
    ip,
  }) => {
    const code = demoPromo(10);
    const pro = priceFor("pro", 1000);
    await signedInLearner(page, ip, "buyer", { landOn: "/plans" });
    for (const planId of ["starter", "plus", "pro"] as const) {
      await expect(page.getByTestId(`plan-${planId}`)).toContainText(
        formatRupees(getPlan(planId).pricePaise),
      );
    }

    await choosePlan(page, "pro");
    await promoField(page).fill(code.toLowerCase());
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Promo Code Applied" })).toContainText(
      `10% off: you save ${formatRupees(pro.savingsPaise)}`,
    );
    await expect(page.getByRole("radio", { name: /Pro/ })).toBeChecked();
    await expect(promoField(page)).toHaveValue(code);
    await expect(page.getByTestId("order-summary")).toContainText(
      `Discounted price${formatRupees(pro.amountPaise)}`,
    );

    await subscribeButton(page).click();
    await expect(page.getByRole("heading", { name: "Continue to secure payment" })).toBeVisible();
    await expect(page.getByTestId("hosted-order")).toContainText(
      `Total${formatRupees(pro.amountPaise)}`,
    );
    await page.getByRole("button", { name: "Continue to payment" }).click();

    await expect(page).toHaveURL("/dev/checkout");
    await expect(page.getByTestId("test-mode-banner")).toHaveText("Test mode — no money moves");
    const order = page.getByTestId("test-checkout-order");
    await expect(order).toContainText("MerchantMedMentor");
    await expect(order).toContainText("PlanPro");
    await expect(order).toContainText(`Amount${formatRupees(pro.amountPaise)}`);
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(page.getByRole("status")).toContainText("Test payment captured");
    await page.getByRole("button", { name: "Continue" }).click();

    await expect(page).toHaveURL(
      (url) =>
        url.pathname === "/payment-success" &&
        url.searchParams.get("plan_id") === "pro" &&
        url.searchParams.get("status") === "success",
    );
    const details = page.getByTestId("subscription-details");
    await expect(details).toContainText("PlanPro");
    await expect(details).toContainText("StatusActive");
    await expect(details).toContainText(`Valid until${validUntilFromNow("pro")}`);
    await expectFlash(page, "Payment Successful");
  });

  test("the hosted test checkout's Fail and Cancel return without a plan @nojs-only", async ({
    page,
    ip,
  }) => {
    await signedInLearner(page, ip, "buyer", { landOn: "/plans" });
    await choosePlan(page, "starter");
    await subscribeButton(page).click();
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await page.getByRole("button", { name: "Fail", exact: true }).click();
    await expect(page.getByRole("alert")).toContainText("Payment failed");
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByRole("button", { name: "Pay", exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Fail", exact: true }).click();
    await page.getByRole("button", { name: "Back to plans" }).click();
    await expect(page).toHaveURL("/plans");
    await expectFlash(page, "Payment could not be processed. Please try again.");

    await choosePlan(page, "starter");
    await subscribeButton(page).click();
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await page.getByRole("button", { name: "Cancel", exact: true }).click();
    await expect(page).toHaveURL(/\/payment-cancelled\?order_id=order_/);
    await expect(page.getByText("nothing was charged")).toBeVisible();
    await expect(page.getByTestId("order-released")).toBeVisible();

    await page.goto("/payment-success");
    await expect(page.getByRole("heading", { name: "No payment to show" })).toBeVisible();
  });
});

test.describe("payment pages", () => {
  test.describe.configure({ timeout: FLOW_TIMEOUT_MS });

  test("the success page sends visitors to log in and back @nojs", async ({ page }) => {
    await page.goto("/payment-success?payment_id=pay_ABCDEF123456&plan_id=plus&status=success");
    await expect(page).toHaveURL(
      (url) =>
        url.pathname === "/login" &&
        url.searchParams.get("redirectTo") ===
          "/payment-success?payment_id=pay_ABCDEF123456&plan_id=plus&status=success",
    );
  });

  test("an unknown payment id is not taken for a payment @nojs", async ({ page, ip }) => {
    await signedInLearner(page, ip, "buyer", {
      landOn: "/payment-success?payment_id=pay_NOTREAL123456&plan_id=bogus",
    });
    await expect(
      page.getByRole("heading", { name: "We could not confirm this payment" }),
    ).toBeVisible();
    await expect(page.getByTestId("subscription-details")).toHaveCount(0);
  });

  for (const width of [1280, 390]) {
    test(`/plans while paying and /payment-success at ${width}px have no serious accessibility violations`, async ({
      page,
      ip,
    }) => {
      const code = demoPromo(40);
      await page.setViewportSize({ width, height: 900 });
      await signedInLearner(page, ip, "buyer", { landOn: "/plans" });
      const scan = () => seriousViolations(page);
      await choosePlan(page, "plus");
      await promoField(page).fill(code);
      await promoField(page).press("Enter");
      await expect(page.getByTestId("applied-promo")).toBeVisible();
      expect(await scan()).toEqual([]);

      await subscribeButton(page).click();
      await expect(testCheckout(page)).toBeVisible();
      expect(await scan()).toEqual([]);
      await testCheckout(page).getByRole("button", { name: "Pay", exact: true }).click();
      await expect(page.getByTestId("subscription-details")).toBeVisible();
      expect(await scan()).toEqual([]);
    });
  }
});

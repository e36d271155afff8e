/**
 * What the screens show about access: the navigation bar and account menu for
 * trial users, subscribers and learners without either; the guarded screens'
 * Choose Your Plan card, allowance and limit banner; the debug page's numbers;
 * and the home page after a payment. Tests tagged @nojs run again with
 * JavaScript off.
 */
import { seriousViolations } from "./axe";
import type { Page } from "@playwright/test";
import {
  expect,
  expireTrial,
  giveSubscription,
  openAccountMenu,
  removeTrial,
  signedInLearner,
  test,
  useFeature,
} from "./access-fixtures";

const nav = (page: Page) => page.getByRole("navigation", { name: "Main" });
const desktopLinks = (page: Page) => nav(page).locator("ul").first();

const MEMBER_LINKS = [
  ["Home", "/"],
  ["Chat with AI Mentor", "/chatbot"],
  ["Our Features", "/features"],
  ["Clinical Simulations", "/clinical-simulations"],
  ["Clinical Quizzes", "/clinical-quizzes"],
  ["Flashcards", "/flashcards"],
] as const;

async function expectMemberLinks(page: Page) {
  const links = desktopLinks(page).getByRole("link");
  await expect(links).toHaveText(MEMBER_LINKS.map(([label]) => label));
  for (const [label, href] of MEMBER_LINKS) {
    await expect(
      desktopLinks(page).getByRole("link", { name: label, exact: true }),
    ).toHaveAttribute("href", href);
  }
}

async function expectPublicLinks(page: Page) {
  await expect(desktopLinks(page).getByRole("link")).toHaveText([
    "Home",
    "About Us",
    "Our Features",
    "Support",
    "Contact Us",
  ]);
}

test.describe("navigation bar and account menu", () => {
  test("a new trial user sees the member links and Free Trial Active: 0 of 20 uses, 30 days left @nojs", async ({
    page,
    ip,
  }) => {
    const learner = await signedInLearner(page, ip, "trial-nav");
    await page.goto("/");
    await expectMemberLinks(page);

    const menu = await openAccountMenu(page, learner.firstName);
    await expect(menu.getByText(`${learner.firstName} Verma`)).toBeVisible();
    await expect(menu.getByText(learner.email)).toBeVisible();
    const box = menu.getByTestId("trial-box");
    await expect(box).toBeVisible();
    await expect(box.getByText("Free Trial Active")).toBeVisible();
    await expect(box.getByText("0 of 20 uses")).toBeVisible();
    await expect(box.getByText("30 days left")).toBeVisible();
    const progress = box.getByRole("progressbar", { name: "Free trial uses" });
    await expect(progress).toHaveAttribute("aria-valuenow", "0");
    await expect(progress).toHaveAttribute("aria-valuemin", "0");
    await expect(progress).toHaveAttribute("aria-valuemax", "20");
    await expect(menu.getByRole("link", { name: "Upgrade to Pro" })).toHaveAttribute(
      "href",
      "/plans",
    );
    await expect(menu.getByRole("link", { name: "Choose Plan" })).toHaveCount(0);
    await expect(menu.getByRole("link", { name: "Your Flashcards" })).toHaveCount(0);
    await expect(menu.getByRole("button", { name: "Logout" })).toBeVisible();
  });

  test("a use of a feature is counted in the trial box, on the screen and on /debug", async ({
    page,
    ip,
  }) => {
    const learner = await signedInLearner(page, ip, "trial-count");
    await useFeature(page, "clinicalQuizzes");

    await page.goto("/");
    const menu = await openAccountMenu(page, learner.firstName);
    await expect(menu.getByTestId("trial-box").getByText("1 of 20 uses")).toBeVisible();
    await expect(menu.getByRole("progressbar", { name: "Free trial uses" })).toHaveAttribute(
      "aria-valuenow",
      "1",
    );

    await page.goto("/clinical-quizzes");
    await expect(page.getByRole("heading", { name: "Clinical Quizzes", level: 1 })).toBeVisible();
    await expect(page.getByTestId("feature-allowance")).toContainText(
      "Free trial: 4 of 5 clinical quizzes left",
    );
    await expect(page.getByTestId("limit-banner")).toHaveCount(0);

    await page.goto("/debug");
    const trial = page.locator("section", {
      has: page.getByRole("heading", { name: "Trial", exact: true }),
    });
    await expect(trial.getByText("1 of 20 (5%)")).toBeVisible();
    const access = page.locator("section", {
      has: page.getByRole("heading", { name: "Feature access" }),
    });
    const quizzes = access.getByRole("row", { name: /Clinical quizzes/ });
    await expect(quizzes.getByRole("cell")).toHaveText(["Allowed", "1", "5", "4", "Free trial"]);
    await expect(page.getByText("Durable Object (read fresh)")).toBeVisible();
  });

  test("without plan or trial: public links, Choose Plan, and the Choose Your Plan card @nojs @localdb", async ({
    page,
    ip,
  }) => {
    const learner = await signedInLearner(page, ip, "no-plan");
    await removeTrial(learner.email);

    await page.goto("/");
    await expectPublicLinks(page);
    const menu = await openAccountMenu(page, learner.firstName);
    await expect(menu.getByTestId("trial-box")).toHaveCount(0);
    await expect(menu.getByRole("link", { name: "Choose Plan" })).toHaveAttribute("href", "/plans");

    for (const path of ["/clinical-quizzes", "/clinical-simulations", "/chatbot", "/flashcards"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { name: "Choose Your Plan" })).toBeVisible();
      await expect(page.getByTestId("trial-ended")).toHaveCount(0);
      const main = page.getByRole("main");
      await expect(main.getByRole("link", { name: "Choose Plan" })).toHaveAttribute(
        "href",
        "/plans",
      );
      await expect(main.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
    }
    await page.getByRole("main").getByRole("link", { name: "Choose Plan" }).click();
    await expect(page).toHaveURL("/plans");
  });

  test("an expired trial says so on the Choose Your Plan card @nojs @localdb", async ({
    page,
    ip,
  }) => {
    const learner = await signedInLearner(page, ip, "expired");
    await expireTrial(learner.email, 2);

    await page.goto("/clinical-simulations");
    await expect(page.getByRole("heading", { name: "Choose Your Plan" })).toBeVisible();
    const note = page.getByTestId("trial-ended");
    await expect(note).toContainText("Your free trial has ended");
    await expect(note).toContainText(/Your 30-day free trial ended on \d{1,2} \w+ \d{4}\./);
    await page.goto("/");
    await expectPublicLinks(page);
  });

  test("a subscriber sees the member links, the plan and Your Flashcards, and no demo chat", async ({
    page,
    ip,
  }) => {
    const learner = await signedInLearner(page, ip, "subscriber");
    await giveSubscription(page, "plus");

    await page.goto("/");
    await expectMemberLinks(page);
    await expect(page.getByRole("heading", { name: /Ask Dr\. Mentor/ })).toHaveCount(0);
    const menu = await openAccountMenu(page, learner.firstName);
    await expect(menu.getByTestId("plan-line")).toContainText("Plus plan");
    await expect(menu.getByTestId("plan-line")).toContainText(/\d+ days left · until/);
    await expect(menu.getByTestId("trial-box")).toHaveCount(0);
    await expect(menu.getByRole("link", { name: "Upgrade to Pro" })).toHaveCount(0);
    await menu.getByRole("link", { name: "Your Flashcards" }).click();
    await expect(page).toHaveURL("/flashcards");
    await expect(page.getByTestId("feature-allowance")).toHaveText(
      "Flashcards are unlimited on your Plus plan",
    );

    await page.goto("/clinical-simulations");
    await expect(page.getByTestId("feature-allowance")).toHaveText(
      "Plus plan: 5 of 5 clinical simulations left this week",
    );
  });

  test("the mobile menu at 390 px shows the trial box and the account links @nojs", async ({
    page,
    ip,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const learner = await signedInLearner(page, ip, "mobile");
    await page.goto("/");
    const mobile = page.getByTestId("mobile-menu");
    await mobile.getByLabel("Open menu").click();
    for (const [label] of MEMBER_LINKS) {
      await expect(mobile.getByRole("link", { name: label, exact: true })).toBeVisible();
    }
    await expect(mobile.getByText(learner.email)).toBeVisible();
    const box = mobile.getByTestId("trial-box");
    await expect(box).toBeVisible();
    await expect(box.getByText("0 of 20 uses")).toBeVisible();
    await expect(box.getByText("30 days left")).toBeVisible();
    await expect(box.getByRole("progressbar", { name: "Free trial uses" })).toBeVisible();
    await expect(mobile.getByRole("link", { name: "Upgrade to Pro" })).toBeVisible();
    await expect(mobile.getByRole("button", { name: "Logout" })).toBeVisible();
    // The page does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  });
});

test.describe("limit banner", () => {
  test("a trial feature used up shows the banner with Buy Now; other features stay open @nojs", async ({
    page,
    ip,
  }) => {
    await signedInLearner(page, ip, "exhausted");
    await useFeature(page, "clinicalQuizzes", 5);

    await page.goto("/clinical-quizzes");
    const banner = page.getByTestId("limit-banner");
    await expect(banner).toHaveAttribute("role", "status");
    await expect(banner).toContainText("Limit Reached");
    await expect(banner).toContainText(
      "Trial usage exhausted for clinical quizzes. Please upgrade to continue.",
    );
    await expect(banner).not.toContainText("Resets");
    await banner.getByRole("link", { name: "Buy Now" }).click();
    await expect(page).toHaveURL("/plans");

    await page.goto("/flashcards");
    await expect(page.getByTestId("limit-banner")).toHaveCount(0);
    await expect(page.getByTestId("feature-allowance")).toContainText(
      "Free trial: 5 of 5 flashcards left",
    );
  });

  test("a Starter subscriber's simulations for the week used up: Resets weekly, and Buy Now to /plans", async ({
    page,
    ip,
  }) => {
    await signedInLearner(page, ip, "week-full");
    await giveSubscription(page, "starter");
    await useFeature(page, "clinicalSimulations", 2);

    await page.goto("/clinical-simulations");
    const banner = page.getByTestId("limit-banner");
    await expect(banner).toContainText("This week's usage is full, try again next week.");
    await expect(banner).toContainText("Resets weekly");
    // The spec's banner: 'Buy Now' to /plans (a higher plan has more simulations a week).
    await expect(banner.getByRole("link", { name: "Buy Now" })).toHaveAttribute("href", "/plans");
    await expect(banner).not.toContainText("Compare plans");

    await page.goto("/clinical-quizzes");
    await expect(page.getByTestId("limit-banner")).toHaveCount(0);
  });
});

test.describe("debug page", () => {
  test("shows the signed-in learner's trial, per-feature access and the meter; refreshes at most every 2 s", async ({
    page,
    ip,
  }) => {
    const learner = await signedInLearner(page, ip, "debug");
    await page.goto("/debug");
    const panel = (name: string) =>
      page.locator("section", { has: page.getByRole("heading", { name, exact: true }) });

    await expect(panel("Authentication").getByText("Signed in")).toBeVisible();
    await expect(panel("Authentication").getByText(learner.email)).toBeVisible();
    await expect(panel("Subscription").getByText("No active subscription")).toBeVisible();
    await expect(panel("Trial").getByText("Active", { exact: true })).toBeVisible();
    await expect(panel("Trial").getByText("0 of 20 (0%)")).toBeVisible();
    await expect(panel("Trial").getByText("30", { exact: true })).toBeVisible();
    await expect(panel("Usage meter").getByText("Healthy")).toBeVisible();
    await expect(panel("Usage meter").getByText("Durable Object (read fresh)")).toBeVisible();
    const access = panel("Feature access");
    for (const name of [
      "AI mentor chat",
      "Clinical quizzes",
      "Flashcards",
      "Clinical simulations",
    ]) {
      await expect(
        access.getByRole("row", { name: new RegExp(name) }).getByRole("cell"),
      ).toHaveText(["Allowed", "0", "5", "5", "Free trial"]);
    }
    await expect(
      panel("Trial uses by feature")
        .getByRole("row", { name: /Clinical simulations/ })
        .getByRole("cell"),
    ).toHaveText(["0", "5", "5"]);

    // A subscription appears on Refresh.
    await giveSubscription(page, "pro");
    const checked = await page.locator("time").first().getAttribute("datetime");
    await page.getByRole("link", { name: "Refresh" }).click();
    await expect
      .poll(() => page.locator("time").first().getAttribute("datetime"))
      .not.toBe(checked);
    await expect(panel("Subscription").getByText("Pro (pro)")).toBeVisible();
    await expect(panel("Subscription").getByText("Active", { exact: true })).toBeVisible();
    await expect(
      access.getByRole("row", { name: /Clinical simulations/ }).getByRole("cell"),
    ).toHaveText(["Allowed", "0", "Unlimited", "Unlimited", "Subscription (Pro)"]);

    // A second refresh within 2 seconds is turned away.
    await page.getByRole("link", { name: "Refresh" }).click();
    await expect(
      page.getByText("Refreshed moments ago; one refresh every 2 seconds."),
    ).toBeVisible();

    const logged = page.waitForEvent("console", (message) =>
      message.text().includes("[debug] state"),
    );
    await page.getByRole("button", { name: "Log" }).click();
    const message = await logged;
    const [, state] = message.args();
    expect(JSON.stringify(await state!.jsonValue())).toContain(learner.email);
  });

  test("works without JavaScript: Refresh reloads the page @nojs-only", async ({ page, ip }) => {
    const learner = await signedInLearner(page, ip, "debug-nojs");
    await page.goto("/debug");
    const main = page.getByRole("main");
    await expect(main.getByText(learner.email)).toBeVisible();
    await main.getByRole("link", { name: "Refresh" }).click();
    await expect(page).toHaveURL("/debug");
    await expect(main.getByText("Durable Object (read fresh)")).toBeVisible();
  });
});

test.describe("home page after a payment", () => {
  test("with the payment's ids it confirms the subscription @nojs", async ({ page, ip }) => {
    await signedInLearner(page, ip, "paid");
    const paymentId = await giveSubscription(page, "plus");

    await page.goto(`/?payment_id=${paymentId}&plan_id=plus`);
    const notice = page.getByTestId("payment-return");
    await expect(notice).toContainText("Subscription Activated");
    await expect(notice).toContainText(/Your Plus plan is active until \d{1,2} \w+ \d{4}/);
    if (test.info().project.use.javaScriptEnabled !== false) {
      await expect(
        page.locator("[data-sonner-toast]").filter({ hasText: "Subscription Activated" }),
      ).toBeVisible();
    }
    await expectMemberLinks(page);
    // The rest of the home page is still there.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "A clinical mentor on call whenever you study",
    );
  });

  test("while the payment is confirmed it checks again every 2 seconds, then confirms", async ({
    page,
    ip,
  }) => {
    test.slow();
    await signedInLearner(page, ip, "pending");
    const paymentId = `pay_${Date.now().toString(36)}Pending`;

    await page.goto(`/?payment_id=${paymentId}&plan_id=pro`);
    const notice = page.getByTestId("payment-return");
    await expect(notice).toContainText("Confirming your payment…");

    await giveSubscription(page, "pro");
    // The purchase lands while the page is waiting; it keeps checking for 20 seconds.
    await expect(notice).toContainText("Subscription Activated", { timeout: 20_000 });
    await expect(notice).toContainText("Your Pro plan is active until");
    // The toast says it too, and the navigation bar now shows the subscriber's links.
    await expect(
      page.locator("[data-sonner-toast]").filter({ hasText: "Subscription Activated" }),
    ).toBeVisible();
    await expectMemberLinks(page);
  });

  test("without JavaScript a payment not yet confirmed offers Check again @nojs-only", async ({
    page,
    ip,
  }) => {
    await signedInLearner(page, ip, "pending-nojs");
    await page.goto("/?payment_id=pay_NotConfirmed1&plan_id=plus");
    const notice = page.getByTestId("payment-return");
    await expect(notice).toContainText("We are still waiting for the payment confirmation");
    await notice.getByRole("link", { name: "Check again" }).click();
    await expect(page).toHaveURL("/?payment_id=pay_NotConfirmed1&plan_id=plus");
  });

  test("coming back from the plans page without paying shows nothing extra", async ({
    page,
    ip,
  }) => {
    await signedInLearner(page, ip, "from-plans");
    await page.goto("/plans");
    await page.goto("/", { referer: new URL("/plans", page.url()).href });
    await expect(page.getByTestId("payment-return")).toHaveCount(0);
    await expect(page.getByText("Subscription Activated")).toHaveCount(0);

    // Arriving from the plans page once a subscription exists (paid in Checkout): confirmed once.
    await giveSubscription(page, "starter");
    await page.goto("/", { referer: new URL("/plans", page.url()).href });
    await expect(page.getByTestId("payment-return")).toContainText("Subscription Activated");
    await expect(page.getByTestId("payment-return")).toContainText("Your Starter plan");
  });

  test("Go to Homepage from the payment-success page does not announce the plan a second time", async ({
    page,
    ip,
  }) => {
    await signedInLearner(page, ip, "from-success");
    const paymentId = await giveSubscription(page, "plus");
    await page.goto(`/payment-success?payment_id=${paymentId}&plan_id=plus`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment successful");
    await page.getByRole("link", { name: "Go to Homepage" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "A clinical mentor on call whenever you study",
    );
    await expectMemberLinks(page);
    await expect(page.getByText("Subscription Activated")).toHaveCount(0);
  });
});

test.describe("accessibility", () => {
  async function expectNoSeriousViolations(page: Page) {
    expect(await seriousViolations(page)).toEqual([]);
  }

  for (const width of [1280, 390]) {
    test(`the trial menu, allowance, debug page and Choose Your Plan card at ${width}px @localdb`, async ({
      page,
      ip,
    }) => {
      // Four full-page axe scans: on a busy machine this takes longer than one journey.
      test.slow();
      await page.setViewportSize({ width, height: 900 });
      const learner = await signedInLearner(page, ip, `a11y-${width}`);
      await page.goto("/");
      if (width < 1024) await page.getByTestId("mobile-menu").getByLabel("Open menu").click();
      else await openAccountMenu(page, learner.firstName);
      await expect(page.getByTestId("trial-box").locator("visible=true")).toBeVisible();
      await expectNoSeriousViolations(page);

      await page.goto("/clinical-quizzes");
      await expect(page.getByTestId("feature-allowance")).toBeVisible();
      await expectNoSeriousViolations(page);

      await page.goto("/debug");
      await expect(page.getByText("Durable Object (read fresh)")).toBeVisible();
      await expectNoSeriousViolations(page);

      await expireTrial(learner.email);
      await page.goto("/chatbot");
      await expect(page.getByTestId("trial-ended")).toBeVisible();
      await expectNoSeriousViolations(page);
    });
  }
});

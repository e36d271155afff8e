/**
 * The public site: home, features, about, support, privacy, terms, plans and
 * payment-cancelled, seen by a visitor. Tests tagged @nojs run again with
 * JavaScript off; @nojs-only runs only there.
 */
import { seriousViolations } from "./axe";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { formatRupees, monthlyPricePaise, PLANS, UNLIMITED } from "../../app/lib/plans";
import { SITE } from "../../app/lib/site";

/** Path and query compared by meaning, so `/login?redirectTo=%2Fx` equals `/login?redirectTo=/x`. */
function sameTarget(actual: URL, expected: string): boolean {
  const wanted = new URL(expected, actual.origin);
  return (
    actual.pathname === wanted.pathname &&
    actual.searchParams.toString() === wanted.searchParams.toString()
  );
}

async function expectHref(link: Locator, expected: string) {
  const href = await link.getAttribute("href");
  expect(href, `href of ${link}`).not.toBeNull();
  expect(
    sameTarget(new URL(href!, "http://localhost"), expected),
    `${href} should lead to ${expected}`,
  ).toBe(true);
}

async function clickAndExpectUrl(page: Page, link: Locator, ...expected: string[]) {
  await link.click();
  await expect(page).toHaveURL((url) => expected.some((target) => sameTarget(url, target)));
}

const loginFor = (path: string) => `/login?${new URLSearchParams({ redirectTo: path })}`;

const PAGES = [
  {
    path: "/",
    title: "Your AI clinical mentor · MedMentor",
    h1: "A clinical mentor on call whenever you study",
  },
  {
    path: "/features",
    title: "Features · MedMentor",
    h1: "Everything you need between lectures and the ward",
  },
  { path: "/about", title: "About · MedMentor", h1: "About MedMentor" },
  { path: "/support", title: "Support · MedMentor", h1: "How can we help?" },
  { path: "/privacy", title: "Privacy Policy · MedMentor", h1: "Privacy Policy" },
  { path: "/terms", title: "Terms of Service · MedMentor", h1: "Terms of Service" },
  { path: "/plans", title: "Plans · MedMentor", h1: "Choose your plan" },
  { path: "/payment-cancelled", title: "Payment cancelled · MedMentor", h1: "Payment cancelled" },
] as const;

test.describe("every public page", () => {
  for (const { path, title, h1 } of PAGES) {
    test(`${path} has its title, a description and exactly one h1 @nojs`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{40,}/);
      await expect(page.locator("h1")).toHaveCount(1);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
    });
  }
});

test.describe("home", () => {
  test("shows the hero, the example conversation, features, testimonials and the plan teaser @nojs", async ({
    page,
  }) => {
    await page.goto("/");
    for (const heading of [
      "Ask Dr. Mentor",
      "Learn it, test it, apply it",
      "How students use it",
      "Simple prices in rupees",
    ]) {
      await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
    }
    await expect(page.getByText("Example conversation")).toBeVisible();
    const testimonials = page
      .getByRole("region", { name: "How students use it" })
      .getByRole("listitem");
    expect(await testimonials.count()).toBeGreaterThanOrEqual(4);
    expect(await testimonials.count()).toBeLessThanOrEqual(6);
    await expect(testimonials.first()).toContainText("Ananya");
    await expect(testimonials.first()).toContainText("3rd Year MBBS, Pune");
  });

  test("the hero's chat button asks visitors to log in; Explore Features opens the features page @nojs", async ({
    page,
  }) => {
    await page.goto("/");
    const hero = page.getByRole("region", { name: "A clinical mentor on call whenever you study" });
    await clickAndExpectUrl(
      page,
      hero.getByRole("link", { name: "Chat with Dr. Mentor" }),
      loginFor("/chatbot"),
    );
    await page.goto("/");
    await clickAndExpectUrl(
      page,
      hero.getByRole("link", { name: "Explore Features" }),
      "/features",
    );
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("the demo chat asks visitors to log in and offers no fake input @nojs", async ({ page }) => {
    await page.goto("/");
    const demo = page.getByRole("region", { name: "Ask Dr. Mentor" });
    await expect(
      demo.getByRole("heading", { name: "Log in to ask your own questions" }),
    ).toBeVisible();
    await expect(demo.getByRole("textbox")).toHaveCount(0);
    await expect(demo.getByRole("link", { name: "Create an account" })).toHaveAttribute(
      "href",
      "/register",
    );
    await clickAndExpectUrl(
      page,
      demo.getByRole("link", { name: "Log in to chat" }),
      loginFor("/chatbot"),
    );
  });

  test("feature cards send visitors to log in before simulations and quizzes @nojs", async ({
    page,
  }) => {
    await page.goto("/");
    const grid = page.getByRole("region", { name: "Learn it, test it, apply it" });
    await expectHref(grid.getByRole("link", { name: "Try AI Mentor Chat" }), "/chatbot");
    await expect(grid.getByText("Log in to use this feature")).toHaveCount(2);
    await clickAndExpectUrl(
      page,
      grid.getByRole("link", { name: "Try Clinical Simulations" }),
      loginFor("/clinical-simulations"),
    );
    await page.goto("/");
    await clickAndExpectUrl(
      page,
      grid.getByRole("link", { name: "Try Clinical Quizzes" }),
      loginFor("/clinical-quizzes"),
    );
  });

  test("the plan teaser lists the catalogue and its buttons go to log in @nojs", async ({
    page,
  }) => {
    await page.goto("/");
    const teaser = page.getByRole("region", { name: "Simple prices in rupees" });
    for (const plan of PLANS) {
      const card = teaser
        .getByRole("listitem")
        .filter({ has: page.getByRole("heading", { name: plan.name, exact: true }) });
      await expect(card).toContainText(formatRupees(plan.pricePaise));
      await expect(card).toContainText(`for ${plan.duration}`);
      await expect(card.getByText("Most Popular")).toHaveCount(plan.mostPopular ? 1 : 0);
      await expectHref(card.getByRole("link", { name: `Choose ${plan.name}` }), loginFor("/plans"));
    }
    await clickAndExpectUrl(
      page,
      teaser.getByRole("link", { name: "Choose Plus" }),
      loginFor("/plans"),
    );
  });

  test("Watch demo opens the walkthrough in a modal from the keyboard; Escape closes it", async ({
    page,
  }) => {
    const dialogChunk = page.waitForRequest(/demo-video-dialog/);
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    const trigger = page.getByRole("link", { name: "Watch demo" });
    await trigger.focus();
    await page.keyboard.press("Enter");

    const dialog = page.getByRole("dialog", { name: "A quick tour of MedMentor" });
    await expect(dialog).toBeVisible();
    await dialogChunk;
    await expect(dialog).toContainText("A short tour of MedMentor");
    const video = dialog.locator("video");
    await expect(video).toHaveAttribute("src", "/media/walkthrough.webm");
    await expect(video).toHaveAttribute("poster", "/media/walkthrough-poster.webp");
    await expect(video).toHaveAttribute("preload", "none");
    await expect(video).toHaveAttribute("controls", "");
    // The script handled it: no fragment navigation happened.
    expect(new URL(page.url()).hash).toBe("");

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();

    await trigger.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Close video" }).click();
    await expect(dialog).toBeHidden();
  });

  test("the open video modal has no serious accessibility violations", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Watch demo" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    expect(
      await seriousViolations(page, { include: '[role="dialog"]', tags: ["wcag2a", "wcag2aa"] }),
    ).toEqual([]);
  });

  test("the walkthrough video, its poster and its captions are served", async ({ page }) => {
    for (const [path, type] of [
      ["/media/walkthrough.webm", "video/webm"],
      ["/media/walkthrough-poster.webp", "image/webp"],
      ["/media/walkthrough.en.vtt", "text/vtt"],
    ] as const) {
      const response = await page.request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()["content-type"], path).toContain(type);
      expect((await response.body()).length, path).toBeGreaterThan(100);
    }
  });

  test("the video modal's code is not part of the home page's first download", async ({ page }) => {
    const html = await (await page.request.get("/")).text();
    expect(html).not.toContain("demo-video-dialog");
    expect(html).not.toContain("react-dialog");
  });

  test("Watch demo still shows the walkthrough with JavaScript off @nojs-only", async ({
    page,
  }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Watch demo" }).click();
    await expect(page).toHaveURL(/#demo-video$/);
    const overlay = page.getByRole("dialog", { name: "A quick tour of MedMentor" });
    await expect(overlay).toBeVisible();
    await expect(overlay.locator("video")).toHaveAttribute("src", "/media/walkthrough.webm");
    await overlay.getByRole("link", { name: "Close video" }).click();
    await expect(overlay).toBeHidden();
  });
});

test.describe("features page", () => {
  const TRY_TARGETS = [
    ["AI Mentor Chat", "/chatbot", false],
    ["Clinical Simulations", "/clinical-simulations", true],
    ["Clinical Quizzes", "/clinical-quizzes", true],
    ["Flashcards", "/flashcards", true],
    ["Study Planner", "/chatbot?function=studySchedule", false],
    ["CV & SOP Help", "/chatbot?function=cvSopHelp", false],
    ["Career Guidance", "/chatbot?function=careerGuidance", false],
    ["Exam Preparation", "/clinical-quizzes", true],
  ] as const;

  test("lists the eight features, each with a Try button going where the spec says @nojs", async ({
    page,
  }) => {
    await page.goto("/features");
    await expect(page.getByRole("link", { name: /^Try / })).toHaveCount(8);
    for (const [title, path, needsLogin] of TRY_TARGETS) {
      await expect(page.getByRole("heading", { name: title, exact: true })).toBeVisible();
      await expectHref(
        page.getByRole("link", { name: `Try ${title}` }),
        needsLogin ? loginFor(path) : path,
      );
    }
    await expect(page.getByText("Log in to use this feature")).toHaveCount(4);
    await expect(page.getByText(/progress analytics/i).first()).toBeVisible();
  });

  test("Try buttons lead visitors to log in first for login-only features @nojs", async ({
    page,
  }) => {
    await page.goto("/features");
    await clickAndExpectUrl(
      page,
      page.getByRole("link", { name: "Try Flashcards" }),
      loginFor("/flashcards"),
    );
    await page.goto("/features");
    await clickAndExpectUrl(
      page,
      page.getByRole("link", { name: "Try Exam Preparation" }),
      loginFor("/clinical-quizzes"),
    );
    // The chat modes open the chat, whose own guard may ask a visitor to log in.
    await page.goto("/features");
    const planner = "/chatbot?function=studySchedule";
    await clickAndExpectUrl(
      page,
      page.getByRole("link", { name: "Try Study Planner" }),
      planner,
      loginFor(planner),
    );
  });
});

test.describe("about page", () => {
  test("shows mission, vision, values, stats, team and contact details @nojs", async ({ page }) => {
    await page.goto("/about");
    for (const heading of [
      "Our mission",
      "Our vision",
      "Our core values",
      "Our team",
      "Contact us",
    ]) {
      await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
    }
    for (const value of ["Excellence", "Innovation", "Accessibility", "Integrity"]) {
      await expect(page.getByRole("heading", { level: 3, name: value })).toBeVisible();
    }
    const stats = page.getByRole("region", { name: "MedMentor in numbers" });
    for (const figure of ["10,000+", "50,000+", "95%", "24/7"]) {
      await expect(stats.getByText(figure, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole("link", { name: "support@medmentor.in" })).toHaveAttribute(
      "href",
      "mailto:support@medmentor.in",
    );
    await expect(page.getByText(SITE.phone)).toBeVisible();
    for (const network of SITE.social) {
      await expect(
        page.getByRole("main").getByRole("link", { name: network.name }),
      ).toHaveAttribute("href", network.href);
    }
    await clickAndExpectUrl(
      page,
      page.getByRole("main").getByRole("link", { name: "Explore Features" }),
      "/features",
    );
  });
});

test.describe("support page", () => {
  test("groups the FAQ in three sections that open without JavaScript @nojs", async ({ page }) => {
    await page.goto("/support");
    for (const group of ["Account & Billing", "Using the AI mentor", "Premium Features"]) {
      await expect(page.getByRole("heading", { level: 2, name: group })).toBeVisible();
    }
    const answer = page.getByText("The free trial lasts 30 days");
    await expect(answer).toBeHidden();
    await page.getByText("Is there a free trial?").click();
    await expect(answer).toBeVisible();
    await expect(answer).toContainText("5 uses of each feature");
    await expect(answer).toContainText("20 uses in all");
  });

  test("answers agree with the plan catalogue and the product rules @nojs", async ({ page }) => {
    await page.goto("/support");
    const open = async (question: string) => {
      const item = page.locator("details").filter({ hasText: question });
      await item.locator("summary").click();
      return item;
    };
    const prices = await open("What plans are there and what do they cost?");
    for (const plan of PLANS) {
      await expect(prices).toContainText(
        `${plan.name} ${formatRupees(plan.pricePaise)} for ${plan.duration}`,
      );
    }
    await expect(prices).toContainText("(our most popular)");

    const simulations = await open("How many clinical simulations can I run?");
    for (const plan of PLANS) {
      const allowance =
        plan.simulationsPerWeek === UNLIMITED ? "unlimited" : `${plan.simulationsPerWeek} a week`;
      await expect(simulations).toContainText(`${plan.name}: ${allowance}`);
    }
    await expect(await open("Will my plan renew automatically?")).toContainText(
      "do not renew automatically",
    );
    await expect(await open("How do I cancel")).toContainText(
      "keep full access until your plan’s end date",
    );
    await expect(await open("How do I pay")).toContainText("Razorpay");
    await expect(await open("Can I rely on its answers for patient care?")).toContainText(
      "not medical advice",
    );
  });

  test("support buttons go to About and Contact @nojs", async ({ page }) => {
    for (const [label, path] of [
      ["Community Support", "/about"],
      ["Premium Support", "/contact"],
      ["Contact Support", "/contact"],
    ] as const) {
      await page.goto("/support");
      await clickAndExpectUrl(page, page.getByRole("link", { name: label, exact: true }), path);
    }
  });
});

test.describe("legal pages", () => {
  test("the privacy policy covers data, Razorpay, DPDP rights and under-13s @nojs", async ({
    page,
  }) => {
    await page.goto("/privacy");
    await expect(page.getByText("Last updated: January 2025")).toBeVisible();
    const main = page.getByRole("main");
    await expect(main).toContainText("Digital Personal Data Protection Act, 2023");
    await expect(main).toContainText("your card details never touch our servers");
    await expect(main).toContainText("not for anyone under 13");
    await expect(main).toContainText("Data Protection Board of India");
    await expect(main.getByRole("link", { name: "support@medmentor.in" }).first()).toHaveAttribute(
      "href",
      "mailto:support@medmentor.in",
    );
  });

  test("the terms cover fees, refunds, price changes, renewal, cancellation and liability @nojs", async ({
    page,
  }) => {
    await page.goto("/terms");
    await expect(page.getByText("Last updated: January 2025")).toBeVisible();
    const main = page.getByRole("main");
    await expect(main).toContainText("billed in advance");
    await expect(main).toContainText("from monthly to annual");
    await expect(main).toContainText("non-refundable, except where a refund is required by law");
    await expect(main).toContainText("at least 30 days’ notice");
    await expect(main).toContainText("Auto-renewal");
    await expect(main).toContainText("You can cancel at any time");
    await expect(main).toContainText(
      "the amount you paid us in the 12 months before the claim arose",
    );

    await page
      .getByRole("navigation", { name: "Contents" })
      .getByRole("link", { name: "Refunds" })
      .click();
    await expect(page).toHaveURL(/#refunds$/);
    await expect(page.getByRole("heading", { name: /Refunds/ })).toBeInViewport();
  });
});

test.describe("plans page", () => {
  test("shows the three plans from the catalogue with prices, durations and monthly equivalents @nojs", async ({
    page,
  }) => {
    await page.goto("/plans");
    for (const plan of PLANS) {
      const card = page.getByTestId(`plan-${plan.id}`);
      await expect(card.getByRole("heading", { level: 2 })).toHaveText(plan.name);
      await expect(card).toContainText(formatRupees(plan.pricePaise));
      await expect(card).toContainText(`for ${plan.duration}`);
      if (plan.durationMonths > 1) {
        await expect(card).toContainText(
          `Works out to ${formatRupees(monthlyPricePaise(plan))} a month`,
        );
      }
      for (const highlight of plan.highlights) await expect(card).toContainText(highlight);
      await expect(card.getByText("Most Popular")).toHaveCount(plan.mostPopular ? 1 : 0);
      await expectHref(
        card.getByRole("link", { name: `Subscribe to ${plan.name}` }),
        loginFor("/plans"),
      );
    }
  });

  test("Subscribe sends a visitor to log in and back to the plans @nojs", async ({ page }) => {
    await page.goto("/plans");
    await clickAndExpectUrl(
      page,
      page.getByRole("link", { name: "Subscribe to Pro" }),
      loginFor("/plans"),
    );
  });
});

test.describe("payment cancelled page", () => {
  test("says nothing was charged and offers to try again or go home @nojs", async ({ page }) => {
    await page.goto("/payment-cancelled");
    await expect(page.getByText("nothing was charged")).toBeVisible();
    await clickAndExpectUrl(page, page.getByRole("link", { name: "Try Payment Again" }), "/plans");
    await page.goto("/payment-cancelled");
    await clickAndExpectUrl(page, page.getByRole("link", { name: "Back to Homepage" }), "/");
  });
});

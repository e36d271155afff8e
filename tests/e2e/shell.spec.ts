import { expect, test } from "@playwright/test";

test.describe("app shell", () => {
  test("an unknown path answers 404 with the not-found screen @nojs", async ({ page }) => {
    const response = await page.goto("/this/page/does-not-exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL("/");
  });

  test("an unknown path is logged as an error in the browser", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await page.goto("/missing-page-for-console");
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
    await expect.poll(() => errors.join("\n")).toContain("/missing-page-for-console");
  });

  test("the navigation bar shows the public links and Login / Register to visitors @nojs", async ({
    page,
  }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const [label, path] of [
      ["About Us", "/about"],
      ["Our Features", "/features"],
      ["Support", "/support"],
      ["Contact Us", "/contact"],
      ["Home", "/"],
    ] as const) {
      const link = nav.getByRole("link", { name: label, exact: true }).first();
      await expect(link).toBeVisible();
      await link.click();
      await expect(page).toHaveURL(path);
    }
    await expect(nav.getByRole("link", { name: "Login", exact: true }).first()).toHaveAttribute(
      "href",
      "/login",
    );
    await expect(nav.getByRole("link", { name: "Register", exact: true }).first()).toHaveAttribute(
      "href",
      "/register",
    );
    // Member links are not offered to visitors.
    await expect(nav.getByRole("link", { name: "Clinical Quizzes" })).toHaveCount(0);
  });

  test("the footer links every static page @nojs", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    for (const label of ["About", "Privacy Policy", "Terms of Service", "Support", "Contact"]) {
      await expect(footer.getByRole("link", { name: label, exact: true })).toBeVisible();
    }
  });

  test("the mobile menu opens, mirrors the links and navigates @nojs", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    const desktopLinks = page.getByRole("navigation", { name: "Main" }).locator("ul").first();
    await expect(desktopLinks).toBeHidden();

    const menu = page.getByTestId("mobile-menu");
    await menu.getByLabel("Open menu").click();
    for (const label of [
      "Home",
      "About Us",
      "Our Features",
      "Support",
      "Contact Us",
      "Login",
      "Register",
    ]) {
      await expect(menu.getByRole("link", { name: label, exact: true })).toBeVisible();
    }
    await menu.getByRole("link", { name: "Support", exact: true }).click();
    await expect(page).toHaveURL("/support");
  });

  test("the mobile menu closes after navigating and on Escape", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    const menu = page.getByTestId("mobile-menu");
    await menu.getByLabel("Open menu").click();
    await menu.getByRole("link", { name: "About Us", exact: true }).click();
    await expect(page).toHaveURL("/about");
    await expect(menu.getByRole("link", { name: "Contact Us", exact: true })).toBeHidden();

    await menu.getByLabel("Open menu").click();
    await expect(menu.getByRole("link", { name: "Contact Us", exact: true })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu.getByRole("link", { name: "Contact Us", exact: true })).toBeHidden();
  });

  test("guarded learning screens send visitors to log in, remembering the page", async ({
    page,
  }) => {
    const response = await page.request.get("/clinical-quizzes", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe("/login?redirectTo=%2Fclinical-quizzes");
  });

  test("flashcards and chat history explain to visitors how to get in @nojs", async ({ page }) => {
    await page.goto("/flashcards");
    await expect(page.getByRole("heading", { name: "Access Flashcards" })).toBeVisible();
    await expect(
      page.getByText(
        "Please log in to access your personalized flashcard collection and study materials.",
      ),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Log In" })).toHaveAttribute("href", /^\/login/);
    await expect(page.getByRole("main").getByRole("link", { name: "Sign up" })).toHaveAttribute(
      "href",
      "/register",
    );

    await page.goto("/chat-history");
    await expect(page.getByRole("heading", { name: "Authentication Required" })).toBeVisible();
    await expect(page.getByText("Please log in to view your chat history.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to Login" })).toHaveAttribute(
      "href",
      /^\/login/,
    );
  });

  test("the debug page shows auth, subscription, trial, access and the meter; Refresh reloads it", async ({
    page,
  }) => {
    await page.goto("/debug");
    for (const heading of [
      "Authentication",
      "Subscription",
      "Trial",
      "Usage meter",
      "Feature access",
    ]) {
      await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    }
    await expect(page.getByText("Not signed in")).toBeVisible();
    await expect(page.getByText("Healthy")).toBeVisible();
    await expect(page.getByRole("row", { name: /Clinical quizzes/ })).toContainText(
      "Sign in required",
    );

    const checked = await page.locator("time").first().getAttribute("datetime");
    await page.getByRole("link", { name: "Refresh" }).click();
    await expect
      .poll(() => page.locator("time").first().getAttribute("datetime"))
      .not.toBe(checked);

    const logged = page.waitForEvent("console", (message) =>
      message.text().includes("[debug] state"),
    );
    await page.getByRole("button", { name: "Log" }).click();
    await logged;
  });

  test("responses carry the security headers and the page runs under the CSP", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    const response = await page.goto("/");
    const headers = response!.headers();
    // A visitor's / comes from the edge cache: its inline scripts are allowed by their hashes.
    expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'sha256-[^']+'/);
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    // Hydration proves the inline scripts ran: client-side navigation works.
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "About Us" })
      .click();
    await expect(page).toHaveURL("/about");
    expect(violations).toEqual([]);
  });
});

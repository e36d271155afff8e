/**
 * Accounts in the browser: register, verify, login, remember me, logout, forgot
 * and reset. Tests tagged @nojs run again with JavaScript off.
 */
import type { Page } from "@playwright/test";
import {
  accountMenu,
  codeBoxes,
  enterCode,
  expect,
  expectFlash,
  expireCodes,
  logIn,
  mailedCode,
  PASSWORD,
  test,
  uniqueEmail,
  unverifiedUser,
  verifiedUser,
} from "./auth-fixtures";

const alert = (page: Page) => page.getByTestId("form-alert");

test.describe("register and verify", () => {
  test("register → code from the mailbox → verify → signed in on / @nojs", async ({
    page,
    request,
  }) => {
    const email = uniqueEmail("register");
    await page.goto("/register");
    await page.getByLabel("First name").fill("  Aditi ");
    await page.getByLabel("Last name").fill("Kulkarni");
    await page.getByLabel("Email", { exact: true }).fill(` ${email} `);
    await page.getByLabel("Medical school").fill("BJ Medical College, Pune");
    await page.getByLabel("Current year").selectOption("3rd Year");
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password", { exact: true }).fill(PASSWORD);
    await page.getByLabel(/I agree to the/).check();
    await page.getByRole("button", { name: "Create Account" }).click();

    await expect(page).toHaveURL("/verify-email");
    await expect(page.getByRole("heading", { name: "Verify your email" })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByTestId("code-expiry")).toContainText(/Code expires in (10:00|9:\d\d)/);

    await enterCode(page, await mailedCode(request, email));
    await page.getByRole("button", { name: "Verify Email" }).click();

    await expect(page).toHaveURL("/");
    await expect(accountMenu(page, "Aditi")).toBeVisible();
  });

  test("register shows the password rules' messages @nojs", async ({ page }) => {
    await page.goto("/register");
    await page.getByLabel("First name").fill("Aditi");
    await page.getByLabel("Last name").fill("Kulkarni");
    await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("rules"));
    await page.getByLabel("Medical school").fill("BJ Medical College");
    await page.getByLabel("Current year").selectOption("Intern");
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password", { exact: true }).fill(`${PASSWORD}x`);
    await page.getByLabel(/I agree to the/).check();
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("Passwords do not match. Please try again.").first()).toBeVisible();

    await page.getByLabel("Password", { exact: true }).fill("weakpass");
    await page.getByLabel("Confirm password", { exact: true }).fill("weakpass");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(
      page
        .getByText(
          "Password must contain at least one uppercase letter, one lowercase letter, and one number.",
        )
        .first(),
    ).toBeVisible();
    await expect(page).toHaveURL("/register");
  });

  test("verify-email without a registration goes to /register @nojs", async ({ page }) => {
    await page.goto("/verify-email");
    await expect(page).toHaveURL("/register");
    await expectFlash(page, "Registration Required");
    await expectFlash(page, "Please complete the registration process first.");
  });

  test("a wrong code says so and clears the boxes; then the right one works @nojs", async ({
    page,
    request,
    ip,
  }) => {
    const user = await unverifiedUser(request, ip);
    // Logging in to an unverified account leads to the code screen.
    await page.goto("/login");
    await logIn(page, user.email, user.password);
    await expect(page).toHaveURL("/verify-email");
    const code = await mailedCode(request, user.email);

    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    await enterCode(page, wrong);
    await page.getByRole("button", { name: "Verify Email" }).click();
    await expect(alert(page)).toContainText("Verification failed. Please try again.");
    await expect.poll(() => codeBoxes(page)).toEqual(["", "", "", "", "", ""]);

    const toasts = page.locator("[data-sonner-toast]");
    if (test.info().project.use.javaScriptEnabled !== false) {
      await expect(toasts.filter({ hasText: "Verification Failed" })).toBeVisible();
    }

    await enterCode(page, code);
    await page.getByRole("button", { name: "Verify Email" }).click();
    await expect(page).toHaveURL("/");
    await expect(accountMenu(page, user.firstName)).toBeVisible();
    if (test.info().project.use.javaScriptEnabled !== false) {
      // The verify page's failure goes with its page: only the success shows on the home page.
      await expect(toasts.filter({ hasText: "Email Verified" })).toBeVisible();
      await expect(toasts.filter({ hasText: "Verification Failed" })).toHaveCount(0);
    }
    // The code screen once signed in: nothing to verify, and no "Registration Required".
    await page.goto("/verify-email");
    await expect(page).toHaveURL("/");
    await expect(page.getByText("Registration Required")).toHaveCount(0);
  });

  test("an expired code is refused @nojs @localdb", async ({ page, request, ip }) => {
    const user = await unverifiedUser(request, ip, "expired");
    await page.goto("/login");
    await logIn(page, user.email, user.password);
    await expect(page).toHaveURL("/verify-email");
    const code = await mailedCode(request, user.email);
    await expireCodes(user.email);

    await enterCode(page, code);
    await page.getByRole("button", { name: "Verify Email" }).click();
    await expect(alert(page)).toContainText("This code has expired. Please request a new one.");
    await expect(page).toHaveURL("/verify-email");
  });

  test("the countdown runs from 10:00 to expired, and resend waits out its 60 s cooldown", async ({
    page,
    request,
    ip,
  }) => {
    await page.clock.install();
    const user = await unverifiedUser(request, ip, "countdown");
    await page.goto("/login");
    await logIn(page, user.email, user.password);
    await expect(page).toHaveURL("/verify-email");

    const resend = page.getByRole("button", { name: /Resend code/ });
    await expect(resend).toBeDisabled();
    await expect(resend).toContainText(/in \d+s/);
    await page.clock.fastForward(61_000);
    await expect(resend).toBeEnabled();

    await page.clock.fastForward(600_000);
    await expect(page.getByTestId("code-expiry")).toContainText("Code expired");
  });

  test("six boxes take digits only, and a pasted code fills them all", async ({
    page,
    request,
    ip,
  }) => {
    const user = await unverifiedUser(request, ip, "paste");
    await page.goto("/login");
    await logIn(page, user.email, user.password);
    await expect(page).toHaveURL("/verify-email");

    const first = page.getByLabel("Digit 1 of 6");
    await first.pressSequentially("a1");
    await expect(first).toHaveValue("1");
    await expect(page.getByLabel("Digit 2 of 6")).toBeFocused();

    const code = await mailedCode(request, user.email);
    await first.evaluate(
      (box, text) => {
        const data = new DataTransfer();
        data.setData("text/plain", text);
        box.dispatchEvent(
          new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
        );
      },
      ` ${code.slice(0, 3)}-${code.slice(3)} `,
    );
    await expect.poll(() => codeBoxes(page)).toEqual([...code]);
    await page.getByRole("button", { name: "Verify Email" }).click();
    await expect(page).toHaveURL("/");
  });

  test("resend after the cooldown mails a new code, restarts the timer and clears the boxes", async ({
    page,
    request,
    ip,
  }) => {
    test.setTimeout(120_000);
    const user = await unverifiedUser(request, ip, "resend");
    await page.goto("/login");
    await logIn(page, user.email, user.password);
    await expect(page).toHaveURL("/verify-email");
    const firstCode = await mailedCode(request, user.email);
    await enterCode(page, "12");

    // The server holds the cooldown for a real minute.
    await page.waitForTimeout(61_000);
    await page.getByRole("button", { name: /Resend code/ }).click();
    await expect(alert(page)).toContainText("A new verification code has been sent to your email.");
    await expect.poll(() => codeBoxes(page)).toEqual(["", "", "", "", "", ""]);
    await expect(page.getByTestId("code-expiry")).toContainText(/Code expires in (10:00|9:5\d)/);
    await expect(page.getByRole("button", { name: /Resend code/ })).toBeDisabled();

    const secondCode = await mailedCode(request, user.email, firstCode);
    await enterCode(page, secondCode);
    await page.getByRole("button", { name: "Verify Email" }).click();
    await expect(page).toHaveURL("/");
  });

  test("resend before the cooldown is refused by the server @nojs-only", async ({
    page,
    request,
    ip,
  }) => {
    const user = await unverifiedUser(request, ip, "early");
    await page.goto("/login");
    await logIn(page, user.email, user.password);
    await expect(page).toHaveURL("/verify-email");
    await page.getByRole("button", { name: /Resend code/ }).click();
    await expect(alert(page)).toContainText(
      /Please wait \d+ seconds? before requesting a new code\./,
    );
  });
});

test.describe("login", () => {
  test("a wrong password, then the right one @nojs", async ({ page, request, ip }) => {
    const user = await verifiedUser(request, ip);
    await page.goto("/login");
    await logIn(page, user.email, "Wrong-Password-1");
    await expect(alert(page)).toContainText("Login Failed");
    await expect(alert(page)).toContainText("Invalid email or password.");

    await logIn(page, ` ${user.email.toUpperCase()} `, user.password);
    await expect(page).toHaveURL("/");
    await expect(accountMenu(page, user.firstName)).toBeVisible();
  });

  test("Sign In stays disabled while a field is empty; the password can be shown", async ({
    page,
  }) => {
    await page.goto("/login");
    const signIn = page.getByRole("button", { name: "Sign In" });
    await expect(signIn).toBeDisabled();
    await page.getByLabel("Email", { exact: true }).fill("someone@example.com");
    await expect(signIn).toBeDisabled();
    const password = page.getByLabel("Password", { exact: true });
    await password.fill("Secret123");
    await expect(signIn).toBeEnabled();
    await page.getByLabel("Email", { exact: true }).fill("   ");
    await expect(signIn).toBeDisabled();

    await expect(password).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(password).toHaveAttribute("type", "text");
  });

  test("an empty form answers Validation Error without JavaScript @nojs-only", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(alert(page)).toContainText("Validation Error");
    await expect(alert(page)).toContainText("Please fill in all required fields.");
  });

  test("remember me keeps the session cookie for 30 days; otherwise it ends with the browser @nojs", async ({
    page,
    context,
    request,
    ip,
  }) => {
    const user = await verifiedUser(request, ip);
    await page.goto("/login");
    await logIn(page, user.email, user.password);
    await expect(page).toHaveURL("/");
    const browserSession = (await context.cookies()).find(
      (cookie) => cookie.name === "mm_session",
    )!;
    expect(browserSession.expires).toBe(-1);
    expect(browserSession.httpOnly).toBe(true);
    expect(browserSession.sameSite).toBe("Lax");

    await context.clearCookies();
    await page.goto("/login");
    await logIn(page, user.email, user.password, { remember: true });
    await expect(page).toHaveURL("/");
    const remembered = (await context.cookies()).find((cookie) => cookie.name === "mm_session")!;
    const days = (remembered.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  test("returns to the page the visitor came from @nojs", async ({ page, request, ip }) => {
    const user = await verifiedUser(request, ip);
    await page.goto("/account");
    await expect(page).toHaveURL("/login?redirectTo=%2Faccount");
    await logIn(page, user.email, user.password);
    await expect(page).toHaveURL("/account");
    await expect(page.getByRole("heading", { name: "Your account" })).toBeVisible();
    await expect(page.getByText(`Signed in as ${user.email}`, { exact: true })).toBeVisible();
  });

  test("logout, then Back shows no private page @nojs", async ({ page, request, ip }) => {
    const user = await verifiedUser(request, ip);
    await page.goto("/login?redirectTo=%2Faccount");
    await logIn(page, user.email, user.password);
    await expect(page).toHaveURL("/account");

    await accountMenu(page, user.firstName).click();
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("button", { name: "Logout" })
      .click();
    await expect(page).toHaveURL("/");
    await expect(
      page
        .getByRole("navigation", { name: "Main" })
        .getByRole("link", { name: "Login", exact: true })
        .first(),
    ).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL("/login?redirectTo=%2Faccount");
    await expect(page.getByText(user.email)).toHaveCount(0);
  });
});

test.describe("forgot and reset password", () => {
  test("forgot → confirmation → reset page → log in with the new password @nojs", async ({
    page,
    request,
    ip,
  }) => {
    const user = await verifiedUser(request, ip);
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL("/forgot-password");
    await page.getByLabel("Email", { exact: true }).fill(user.email);
    await page.getByRole("button", { name: "Send Reset Code" }).click();

    await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Resend Code" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Continue" })).toBeVisible();
    // It moves on to the reset page by itself after 2 seconds.
    await expect(page).toHaveURL("/reset-password", { timeout: 10_000 });
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(user.email);
    await expect(page.getByTestId("code-expiry")).toContainText(/Code expires in (15:00|14:\d\d)/);

    await enterCode(page, await mailedCode(request, user.email));
    await page.getByLabel("New password", { exact: true }).fill("Physiology42");
    await page.getByLabel("Confirm new password", { exact: true }).fill("Physiology42");
    await page.getByRole("button", { name: "Reset Password" }).click();

    await expect(page).toHaveURL("/login");
    await expectFlash(page, "Your password has been reset. Please log in with your new password.");
    await logIn(page, user.email, user.password);
    await expect(alert(page)).toContainText("Invalid email or password.");
    await logIn(page, user.email, "Physiology42");
    await expect(page).toHaveURL("/");
    await expect(accountMenu(page, user.firstName)).toBeVisible();
  });

  test("a wrong reset code is refused and the boxes clear @nojs", async ({ page, request, ip }) => {
    const user = await verifiedUser(request, ip);
    await page.goto("/forgot-password");
    await page.getByLabel("Email", { exact: true }).fill(user.email);
    await page.getByRole("button", { name: "Send Reset Code" }).click();
    await expect(page).toHaveURL("/reset-password", { timeout: 10_000 });
    const code = await mailedCode(request, user.email);
    await enterCode(page, String((Number(code) + 1) % 1_000_000).padStart(6, "0"));
    await page.getByLabel("New password", { exact: true }).fill("Physiology42");
    await page.getByLabel("Confirm new password", { exact: true }).fill("Physiology42");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(alert(page)).toContainText("The reset code is incorrect or has expired.");
    await expect.poll(() => codeBoxes(page)).toEqual(["", "", "", "", "", ""]);
  });

  test("forgot password gives the same answer for an address with no account", async ({ page }) => {
    await page.goto("/forgot-password");
    await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("nobody"));
    await page.getByRole("button", { name: "Send Reset Code" }).click();
    await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
    await expect(page).toHaveURL("/reset-password", { timeout: 10_000 });
  });
});

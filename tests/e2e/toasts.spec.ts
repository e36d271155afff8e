/**
 * Toasts that must appear exactly once. The password rules' toasts ('Password
 * Mismatch', 'Password Too Short', 'Password Too Weak') appear the same with
 * JavaScript on (a toast, before anything is sent) and off (the server's
 * answer in the page). Tests tagged @nojs run again with JavaScript off.
 */
import type { Page } from "@playwright/test";
import { AUTH_MESSAGES, AUTH_TITLES } from "../../app/lib/auth-messages";
import { expect, PASSWORD, test, uniqueEmail } from "./auth-fixtures";

const javaScriptOn = () => test.info().project.use.javaScriptEnabled !== false;

/** Where a form's outcome shows: a toast with JavaScript, the page's alert without. */
function outcomes(page: Page, title: string) {
  return javaScriptOn()
    ? page.locator("[data-sonner-toast]").filter({ hasText: title })
    : page.getByTestId("form-alert").filter({ hasText: title });
}

async function fillRegistration(page: Page, password: string, confirm: string) {
  await page.getByLabel("First name").fill("Aditi");
  await page.getByLabel("Last name").fill("Kulkarni");
  await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("toasts"));
  await page.getByLabel("Medical school").fill("BJ Medical College");
  await page.getByLabel("Current year").selectOption("Intern");
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password", { exact: true }).fill(confirm);
  await page.getByLabel(/I agree to the/).check();
}

test.describe("the password rules' toasts on register", () => {
  for (const [title, message, password, confirm] of [
    [AUTH_TITLES.passwordMismatch, AUTH_MESSAGES.passwordsDoNotMatch, PASSWORD, `${PASSWORD}x`],
    [AUTH_TITLES.passwordTooShort, AUTH_MESSAGES.passwordTooShort, "Ab1", "Ab1"],
    [AUTH_TITLES.passwordTooWeak, AUTH_MESSAGES.passwordTooWeak, "weakpass", "weakpass"],
  ] as const) {
    test(`'${title}' appears exactly once @nojs`, async ({ page }) => {
      await page.goto("/register");
      await fillRegistration(page, password, confirm);
      await page.getByRole("button", { name: "Create Account" }).click();
      const shown = outcomes(page, title);
      await expect(shown).toHaveCount(1);
      await expect(shown).toContainText(message);
      await expect(page).toHaveURL("/register");

      // Trying again replaces it rather than adding another.
      if (!javaScriptOn()) await fillRegistration(page, password, confirm);
      await page.getByRole("button", { name: "Create Account" }).click();
      await expect(outcomes(page, title)).toHaveCount(1);
    });
  }
});

/**
 * Google sign-in against the local fake identity provider
 * (tests/fakes/google-idp-server.mjs, started by the Playwright config; it signs
 * ID tokens with a key it generates and serves the matching JWKS).
 */
import type { Page } from "@playwright/test";
import { accountMenu, expect, expectFlash, test, uniqueEmail, verifiedUser } from "./auth-fixtures";

async function chooseAccount(page: Page, account: { email: string; firstName?: string }) {
  await expect(page.getByRole("heading", { name: "Choose an account" })).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill(account.email);
  if (account.firstName)
    await page.getByLabel("First name", { exact: true }).fill(account.firstName);
  await page.getByRole("button", { name: "Continue" }).click();
}

test.describe("Google sign-in", () => {
  test("a new Google user is signed in and lands back on the page they wanted @nojs", async ({
    page,
  }) => {
    await page.goto("/account");
    await expect(page).toHaveURL("/login?redirectTo=%2Faccount");
    await page.getByRole("link", { name: "Sign in with Google" }).click();
    await chooseAccount(page, { email: uniqueEmail("google"), firstName: "Zoya" });
    await expect(page).toHaveURL("/account");
    await expect(page.getByText("linked to Google")).toBeVisible();
    await expect(accountMenu(page, "Zoya")).toBeVisible();
  });

  test("signs up from the register page and links an existing account with the same e-mail", async ({
    page,
    request,
    ip,
  }) => {
    const user = await verifiedUser(request, ip, "linked");
    await page.goto("/register");
    await page.getByRole("link", { name: "Sign up with Google" }).click();
    await chooseAccount(page, { email: user.email });
    await expect(page).toHaveURL("/");
    await expect(accountMenu(page, user.firstName)).toBeVisible();
  });

  test("cancelling at Google comes back to login with an explanation", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("link", { name: "Sign in with Google" }).click();
    await expect(page.getByRole("heading", { name: "Choose an account" })).toBeVisible();
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page).toHaveURL("/login");
    await expectFlash(page, "Google Login Error");
  });
});

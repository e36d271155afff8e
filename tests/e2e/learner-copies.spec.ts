/**
 * A learner's kept pages in the browser (docs/decisions/053-learner-page-copies.md):
 * a page loaded again in a second tab comes from the learner's copy, yet its
 * forms are its own — the two tabs start two tests; what one tab writes the
 * other shows on its next load; signing out in one tab signs the other out
 * at its next load. Tagged @nojs: it runs again with JavaScript off.
 */
import { expect, giveSubscription, signedInLearner, test } from "./access-fixtures";
import { accountMenu, expectFlash } from "./auth-fixtures";

test.describe.configure({ timeout: 90_000 });

const BUILDER = "/practice?subject=ENT&count=2&mode=tutor";

test("two tabs from one kept page start two tests, and signing out in one ends the other @nojs", async ({
  page,
  ip,
}) => {
  const learner = await signedInLearner(page, ip, "copies");
  await giveSubscription(page, "plus");
  // Rendered and kept (a load carrying a flashed message would be rendered and not kept: twice).
  await page.goto(BUILDER);
  await page.goto(BUILDER);

  const other = await page.context().newPage();
  const copy = await other.goto(BUILDER);
  expect(copy?.headers()["x-cache"]).toBe("HIT");
  await expect(other.getByTestId("match-count")).toContainText(
    "questions match. Your test will have 2.",
  );

  await page.getByRole("button", { name: "Start test" }).click();
  await expectFlash(page, "Your practice test is ready.");
  await expect(page).toHaveURL(/\/practice\/[^/?]+/);
  await other.getByRole("button", { name: "Start test" }).click();
  await expectFlash(other, "Your practice test is ready.");
  await expect(other).toHaveURL(/\/practice\/[^/?]+/);
  // Each tab's form carried its own key: two tests, not one answered twice.
  expect(new URL(other.url()).pathname).not.toBe(new URL(page.url()).pathname);

  // What one tab wrote, the other shows at its next load: both tests are listed.
  await page.goto("/practice");
  const listed = await other.goto("/practice");
  expect(listed?.headers()["x-cache"]).toBe("HIT");
  await expect(other.getByTestId("past-tests").getByRole("listitem")).toHaveCount(2);

  await accountMenu(page, learner.firstName).click();
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("button", { name: "Logout" })
    .click();
  await expect(page).toHaveURL("/");
  await other.reload();
  await expect(other).toHaveURL(/\/login\?redirectTo=%2Fpractice/);
  await expect(other.getByText(learner.email)).toHaveCount(0);
});

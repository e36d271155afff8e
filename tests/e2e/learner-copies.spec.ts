/**
 * A learner's kept pages in the browser (docs/decisions/053-learner-page-copies.md):
 * a page loaded again in a second tab comes from the learner's copy, yet its
 * forms are its own — the two tabs start two tests; what one tab writes the
 * other shows on its next load; signing out in one tab signs the other out
 * at its next load. Tagged @nojs: it runs again with JavaScript off. With
 * JavaScript, a navigation's page data comes from the learner's copy the same
 * way, and still shows what another tab wrote.
 */
import type { Page } from "@playwright/test";
import {
  expect,
  giveSubscription,
  openAccountMenu,
  signedInLearner,
  test,
  useFeature,
} from "./access-fixtures";
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

/** Opens the Study menu (if it is closed) and follows one of its links: a navigation with JavaScript. */
async function study(page: Page, label: string) {
  const menu = page.getByTestId("study-menu").first();
  if (!(await menu.evaluate((element) => (element as HTMLDetailsElement).open))) {
    await menu.locator("summary").click();
  }
  await menu.getByRole("link", { name: label }).click();
}

test("a navigation's page data comes from the learner's copy, yet shows what another tab wrote", async ({
  page,
  ip,
}) => {
  await signedInLearner(page, ip, "navcopies");
  await giveSubscription(page, "plus");
  await page.goto("/progress");
  await page.goto("/progress");
  const answers: { path: string; cache: string | undefined }[] = [];
  page.on("response", (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.endsWith(".data"))
      answers.push({ path: pathname, cache: response.headers()["x-cache"] });
  });

  // There and back twice: the second time each page's data is the copy kept the first time.
  for (let round = 0; round < 2; round += 1) {
    await study(page, "Practice Tests");
    await expect(page).toHaveURL("/practice");
    await expect(page.getByText(/No practice tests yet/)).toBeVisible();
    await study(page, "Progress");
    await expect(page).toHaveURL("/progress");
  }
  expect(
    answers.filter((answer) => answer.path === "/practice.data").map((a) => a.cache),
  ).toContain("HIT");

  // Another tab starts a test; this tab's next navigation shows it.
  const other = await page.context().newPage();
  await other.goto(BUILDER);
  await other.getByRole("button", { name: "Start test" }).click();
  await expectFlash(other, "Your practice test is ready.");
  await expect(other).toHaveURL(/\/practice\/[^/?]+/);

  await study(page, "Practice Tests");
  await expect(page).toHaveURL("/practice");
  await expect(page.getByTestId("past-tests").getByRole("listitem")).toHaveCount(1);
});

test("a trial learner's page comes from the copy until a use changes the trial box @nojs", async ({
  page,
  ip,
}) => {
  const learner = await signedInLearner(page, ip, "trialcopies");
  // Once the counts' KV copy is written (after the first page, which asked the meter), the
  // page is kept and the next load is its copy.
  await expect
    .poll(async () => (await page.goto("/progress"))?.headers()["x-cache"], { timeout: 10_000 })
    .toBe("HIT");
  let menu = await openAccountMenu(page, learner.firstName);
  await expect(menu.getByTestId("trial-box").getByText("0 of 20 uses")).toBeVisible();

  await useFeature(page, "clinicalQuizzes");
  // Within moments of the use, the page is made again with the new count, and kept again.
  await expect
    .poll(
      async () => {
        await page.goto("/progress");
        return page.getByTestId("trial-box").first().textContent();
      },
      { timeout: 10_000 },
    )
    .toContain("1 of 20 uses");
  const again = await page.goto("/progress");
  expect(again?.headers()["x-cache"]).toBe("HIT");
  menu = await openAccountMenu(page, learner.firstName);
  await expect(menu.getByTestId("trial-box").getByText("1 of 20 uses")).toBeVisible();
});

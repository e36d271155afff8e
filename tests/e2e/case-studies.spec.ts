/**
 * Case studies in the browser: a Pro learner works the krait-bite case end
 * to end with JavaScript (history from the list and in free text, an
 * examination, a test whose result comes once its time has passed, the
 * critical treatments, the diagnosis and the disposition) and reads the
 * scored debrief; a short path as plain pages without JavaScript
 * (@nojs-only); and the upgrade view a Plus learner gets.
 */
import type { Page } from "@playwright/test";
import { giveSubscription } from "./access-fixtures";
import { expect, signedInLearner, test } from "./auth-fixtures";
import { seriousViolations } from "./axe";

test.describe.configure({ timeout: 120_000 });

const TITLE = "Belly pain and heavy eyelids before dawn";

async function startKrait(page: Page, ip: string, label: string) {
  await signedInLearner(page, ip, label);
  await giveSubscription(page, "pro");
  await page.goto("/case-studies?specialty=emergency");
  await page.getByRole("button", { name: `Start case: ${TITLE}` }).click();
  await expect(page).toHaveURL(/\/case-studies\/[0-9a-f-]{36}/);
  await expect(page.getByRole("heading", { name: TITLE, level: 1 })).toBeVisible();
}

const clock = (page: Page) => page.getByTestId("case-clock");

async function decideAndFinish(page: Page) {
  const dx = page.locator("#diagnosis");
  await dx
    .getByRole("group", { name: /Differential/ })
    .getByLabel("Organophosphate poisoning")
    .check();
  await dx
    .getByRole("group", { name: /Differential/ })
    .getByLabel("Neurotoxic snake envenomation (probable common krait)")
    .check();
  await dx.getByRole("button", { name: "Save differential" }).click();
  await dx
    .getByRole("group", { name: "Final diagnosis" })
    .getByLabel("Neurotoxic snake envenomation (probable common krait)")
    .check();
  await dx.getByRole("button", { name: "Save final diagnosis" }).click();
  await expect(page.getByTestId("case-choices")).toContainText(
    "Final diagnosis: Neurotoxic snake envenomation",
  );
  await dx
    .getByRole("group", { name: "Disposition" })
    .getByLabel(/Admit to the district hospital ICU/)
    .check();
  await dx.getByRole("button", { name: "Save disposition" }).click();
  await expect(page.getByTestId("case-choices")).toContainText(
    "Disposition: Admit to the district",
  );
  await page.getByRole("button", { name: "Finish and see the debrief" }).click();
  await expect(page.getByRole("heading", { name: `Debrief: ${TITLE}` })).toBeVisible();
}

test.describe("case studies", () => {
  test("a Pro learner works a case end to end and reads the scored debrief", async ({
    page,
    ip,
  }) => {
    await startKrait(page, ip, "case-js");
    await expect(clock(page)).toHaveText("Minute 0");
    expect(await seriousViolations(page)).toEqual([]);

    await page
      .getByRole("button", { name: "Ask: When did this start and what happened first?" })
      .click();
    await expect(
      page.locator("#history").getByText(/Around 3 he woke up with bad pain/),
    ).toBeVisible();
    await expect(clock(page)).toHaveText("Minute 2");

    await page
      .getByLabel("Your question to the patient")
      .fill("Did he feel a bite during the night?");
    await page.getByRole("button", { name: "Ask", exact: true }).click();
    await expect(page.getByTestId("free-text")).toContainText("something may have pricked");
    await expect(page.getByLabel("Your question to the patient")).toBeFocused();

    await page.getByRole("button", { name: "Examine: Neurological: Cranial nerves" }).click();
    await expect(
      page.locator("#examination").getByText(/Bilateral ptosis covering half of each pupil/),
    ).toBeVisible();
    // The finding takes the focus and is read out.
    await expect(
      page
        .getByTestId("exam-item")
        .filter({ hasText: "Bilateral ptosis" })
        .locator("[tabindex='-1']"),
    ).toBeFocused();
    await expect(page.getByTestId("case-announcer")).toContainText("Bilateral ptosis");

    await page.getByRole("button", { name: "Order: 20-minute whole blood clotting test" }).click();
    await expect(
      page.locator("#investigations").getByText(/Pending, due at minute \d+\./),
    ).toBeVisible();
    await expect(
      page.locator("#investigations").getByText("Blood clotted firmly at 20 minutes (normal)."),
    ).toHaveCount(0);

    await page.getByRole("button", { name: /^Do: Polyvalent anti-snake venom/ }).click();
    await expect(page.locator("#management")).toContainText(/Done at minute \d+/);
    await page.getByRole("button", { name: /^Do: Move to a monitored ICU bed/ }).click();
    // ASV and the ICU bed take 20 minutes: the test, due at minute 26, is back by then.
    await expect(clock(page)).toHaveText("Minute 27");
    await expect(
      page.locator("#investigations").getByText("Blood clotted firmly at 20 minutes (normal)."),
    ).toBeVisible();
    await expect(page.getByTestId("deterioration")).toBeEmpty();
    await expect(page.getByTestId("case-timeline")).toContainText(
      "Ordered: 20-minute whole blood clotting test",
    );

    await decideAndFinish(page);
    await expect(page.getByTestId("case-score")).toHaveText(/^\d+ %$/);
    await expect(page.getByRole("rowheader", { name: "Investigations" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "The ideal path" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await expect(page.getByText(/The critical actions were done within 60 minutes/)).toBeVisible();

    await page.goto("/progress");
    await expect(page.getByTestId("progress-cases")).toContainText(TITLE);
  });

  test("a short path as plain pages @nojs-only", async ({ page, ip }) => {
    await startKrait(page, ip, "case-plain");
    await page
      .getByRole("button", { name: "Ask: Did he feel any bite or sting during the night?" })
      .click();
    await expect(
      page
        .locator("#history")
        .getByText(/something may have pricked/)
        .first(),
    ).toBeVisible();
    await page.getByRole("button", { name: "Order: 20-minute whole blood clotting test" }).click();
    await expect(
      page.locator("#investigations").getByText("Pending, due at minute 21."),
    ).toBeVisible();
    await page.getByRole("button", { name: "Wait for the next result (minute 21)" }).click();
    await expect(
      page.locator("#investigations").getByText("Blood clotted firmly at 20 minutes (normal)."),
    ).toBeVisible();
    await expect(clock(page)).toHaveText("Minute 21");
    await decideAndFinish(page);
    await expect(page.getByTestId("case-score")).toHaveText(/^\d+ %$/);
  });

  test("a Plus learner sees what case studies are and Buy Now with Pro chosen", async ({
    page,
    ip,
  }) => {
    await signedInLearner(page, ip, "case-plus");
    await giveSubscription(page, "plus");
    await page.goto("/case-studies");
    await expect(
      page.getByRole("heading", { name: "Case studies: unlock it with Pro" }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: /Start case/ })).toHaveCount(0);
    await page.getByRole("link", { name: "Buy Now" }).click();
    await expect(page).toHaveURL(/\/plans\?plan=pro$/);
  });
});

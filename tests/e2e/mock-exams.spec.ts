/**
 * Mock exams in the browser, for a Pro learner: a quarter NEET-PG mock with
 * JavaScript (the palette's states, the keys, a section locking when its
 * time ends and the paper submitting itself at time-out — the clock moved
 * on in the server's D1, @localdb — and the results); a reload mid-exam and
 * a lost connection that lose no answer (with the full NEET-PG paper's
 * shape); the same mock as plain pages without JavaScript (@nojs), opened
 * pre-filled as a planner's task opens it; and the upgrade view a Plus
 * learner gets.
 */
import type { Page } from "@playwright/test";
import { giveSubscription } from "./access-fixtures";
import { expect, localD1, signedInLearner, test } from "./auth-fixtures";
import { seriousViolations } from "./axe";

// Each test signs up a learner and buys a plan first.
test.describe.configure({ timeout: 120_000 });
test.use({ timezoneId: "Asia/Kolkata" });

const javaScriptOff = () => test.info().project.use.javaScriptEnabled === false;

async function proLearner(page: Page, ip: string, label: string) {
  const learner = await signedInLearner(page, ip, label);
  await giveSubscription(page, "pro");
  return learner;
}

async function startMock(
  page: Page,
  choice: { exam: "NEET-PG" | "INI-CET" | "FMGE"; length: string; paper: string },
) {
  await page.goto("/mock-exams");
  await page.getByRole("group", { name: "Exam" }).getByText(choice.exam, { exact: true }).click();
  await page.getByRole("radio", { name: choice.length }).check();
  await page.getByRole("radio", { name: choice.paper }).check();
  await page.getByRole("button", { name: "Start mock exam" }).click();
  await expect(page).toHaveURL(/\/mock-exams\/[0-9a-f-]{36}/);
  return page.url().match(/mock-exams\/([0-9a-f-]{36})/)![1]!;
}

const questionHeading = (page: Page, number: number, of: number) =>
  page.getByRole("heading", { name: `Question ${number} of ${of}` });
const paletteButton = (page: Page, number: number) =>
  page.getByRole("button", { name: new RegExp(`^Question ${number}: `) });
const saveStatus = (page: Page) => page.getByTestId("save-status");

/** The learner's running sitting, as the API reads it (the page's own session). */
async function sittingOf(page: Page, id: string) {
  const response = await page.request.get(`/api/mock-exams/${id}`);
  expect(response.status()).toBe(200);
  return (await response.json()).data as {
    sectionIndex: number;
    questions: { position: number; choice: number | null; marked: boolean }[];
  };
}

/** Moves the sitting's open section (and so the paper) to end `ms` from now, in the server's D1. */
async function endSectionIn(email: string, ms: number, alsoPaper = false) {
  const at = Date.now() + ms;
  const paperEnd = alsoPaper ? `${at}` : `ends_at - (section_ends_at - ${at})`;
  await localD1(
    `UPDATE mock_attempts SET ends_at = ${paperEnd}, section_ends_at = ${at}
     WHERE status = 'active' AND user_id = (SELECT id FROM users WHERE email = '${email}');`,
  );
}

test.describe("mock exams", () => {
  test("a quarter NEET-PG mock with keys, a section locking on time and a time-out submit @localdb", async ({
    page,
    ip,
  }) => {
    const learner = await proLearner(page, ip, "mock-js");
    await startMock(page, {
      exam: "NEET-PG",
      length: "Quarter mock (25 %)",
      paper: "A fresh random paper",
    });
    await expect(questionHeading(page, 1, 50)).toBeVisible();
    await expect(
      page.getByRole("timer", { name: /^Section A time left: 10 minutes/ }),
    ).toBeVisible();
    await expect(page.getByRole("list", { name: "Sections" })).toContainText(
      "Section A (open now)",
    );

    // Keys: 1 chooses A; N moves on; M marks; B answers; the palette opens question 5.
    await page.keyboard.press("1");
    await expect(page.getByRole("radio").first()).toBeChecked();
    await page.keyboard.press("n");
    await expect(questionHeading(page, 2, 50)).toBeFocused();
    await page.keyboard.press("m");
    await expect(paletteButton(page, 2)).toHaveAccessibleName(
      "Question 2: Marked for review (showing)",
    );
    await page.keyboard.press("b");
    await paletteButton(page, 5).click();
    await expect(questionHeading(page, 5, 50)).toBeVisible();
    await expect(paletteButton(page, 1)).toHaveAccessibleName("Question 1: Answered");
    await expect(paletteButton(page, 2)).toHaveAccessibleName(
      "Question 2: Answered and marked for review",
    );
    await expect(paletteButton(page, 3)).toHaveAccessibleName("Question 3: Not visited");
    await expect(saveStatus(page)).toHaveText("All answers saved");
    expect(await seriousViolations(page)).toEqual([]);
    const saved = await sittingOf(page, page.url().match(/mock-exams\/([0-9a-f-]{36})/)![1]!);
    expect(saved.questions.slice(0, 2)).toMatchObject([
      { choice: 0, marked: false },
      { choice: 1, marked: true },
    ]);

    // Section A's time runs out while the learner is on it: it locks and Section B opens.
    await endSectionIn(learner.email, 12_000);
    await page.reload();
    await expect(questionHeading(page, 5, 50)).toBeVisible();
    await expect(questionHeading(page, 11, 50)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole("list", { name: "Sections" })).toContainText("Section A (locked)");
    await expect(paletteButton(page, 5)).toHaveCount(0);

    // The paper's time runs out: it submits itself with what was saved.
    await page.keyboard.press("4");
    await expect(saveStatus(page)).toHaveText("All answers saved");
    await endSectionIn(learner.email, 10_000, true);
    await page.reload();
    await expect(page.getByText("Time ran out: the mock was submitted")).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByTestId("mock-score")).toContainText("/ 200");
    await expect(page.getByTestId("guessing")).toContainText("marked");
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("a reload mid-exam loses no answer, even one the server never got", async ({ page, ip }) => {
    await proLearner(page, ip, "mock-reload");
    const id = await startMock(page, {
      exam: "INI-CET",
      length: "Quarter mock (25 %)",
      paper: "Your next numbered paper",
    });
    await expect(questionHeading(page, 1, 50)).toBeVisible();
    // The saves fail (as if the tab closed before they went): the answers stay in the browser.
    await page.route("**/api/mock-exams/*/answers", (route) => route.abort("connectionreset"));
    await page.getByRole("radio").nth(2).check();
    await page.getByRole("button", { name: "Save & Mark for Review" }).click();
    await page.keyboard.press("d");
    await expect(saveStatus(page)).toContainText("answers kept");
    await page.unroute("**/api/mock-exams/*/answers");
    await page.reload();
    await expect(questionHeading(page, 2, 50)).toBeVisible();
    await expect(page.getByRole("radio").nth(3)).toBeChecked();
    await expect(paletteButton(page, 1)).toHaveAccessibleName(
      "Question 1: Answered and marked for review",
    );
    await expect(saveStatus(page)).toHaveText("All answers saved");
    const sitting = await sittingOf(page, id);
    expect(sitting.questions.slice(0, 2)).toMatchObject([
      { choice: 2, marked: true },
      { choice: 3, marked: false },
    ]);
  });

  test("the full NEET-PG paper's shape, and a lost connection that keeps answers and sends them after", async ({
    page,
    ip,
  }) => {
    await proLearner(page, ip, "mock-offline");
    await page.goto("/mock-exams");
    await expect(
      page.getByText("200 questions in 3 h 30 min (5 × 40 questions, 42 min each)", {
        exact: true,
      }),
    ).toBeVisible();
    const id = await startMock(page, {
      exam: "NEET-PG",
      length: "Full mock",
      paper: "Your next numbered paper",
    });
    await expect(page.getByRole("heading", { name: "NEET-PG full mock · Paper 1" })).toBeVisible();
    await expect(questionHeading(page, 1, 200)).toBeVisible();
    await expect(page.getByRole("list", { name: "Sections" }).getByRole("listitem")).toHaveText(
      ["A", "B", "C", "D", "E"].map((letter) =>
        letter === "A" ? "Section A (open now)" : `Section ${letter} (to come)`,
      ),
    );
    await expect(
      page.getByRole("navigation", { name: "Question palette, Section A" }).getByRole("button"),
    ).toHaveCount(40);
    await expect(
      page.getByRole("timer", { name: /^Section A time left: 4[12] minutes/ }),
    ).toBeVisible();
    await expect(
      page.getByRole("timer", { name: /^Paper time left: 3 hours (29|30) minutes/ }),
    ).toBeVisible();

    await page.context().setOffline(true);
    await page.getByRole("radio").nth(1).check();
    await page.getByRole("button", { name: "Save & Next" }).click();
    await page.getByRole("radio").nth(0).check();
    await expect(saveStatus(page)).toContainText("answers kept");
    await expect(paletteButton(page, 1)).toHaveAccessibleName("Question 1: Answered");
    await page.context().setOffline(false);
    await expect(saveStatus(page)).toHaveText("All answers saved", { timeout: 20_000 });
    const sitting = await sittingOf(page, id);
    expect(sitting.questions.slice(0, 2).map((question) => question.choice)).toEqual([1, 0]);
  });

  test("a mock taken as plain pages, submitted after its summary @nojs", async ({ page, ip }) => {
    await proLearner(page, ip, "mock-plain");
    // Where a planner's mock exam task opens: its exam and length already chosen.
    await page.goto("/mock-exams?pattern=fmge&length=quarter");
    await expect(page.getByRole("radio", { name: /^FMGE/ })).toBeChecked();
    await expect(page.getByRole("radio", { name: "Quarter mock (25 %)" })).toBeChecked();
    await startMock(page, {
      exam: "FMGE",
      length: "Quarter mock (25 %)",
      paper: "A fresh random paper",
    });
    await expect(questionHeading(page, 1, 75)).toBeVisible();
    await expect(page.getByRole("timer", { name: /^Part A time left/ })).toBeVisible();
    await page.getByRole("radio").nth(1).check();
    await page.getByRole("button", { name: "Save & Next" }).click();
    await expect(questionHeading(page, 2, 75)).toBeVisible();
    await page.getByRole("button", { name: "Save & Mark for Review" }).click();
    await expect(questionHeading(page, 3, 75)).toBeVisible();
    await paletteButton(page, 10).click();
    await expect(questionHeading(page, 10, 75)).toBeVisible();
    await expect(paletteButton(page, 1)).toHaveAccessibleName("Question 1: Answered");
    await expect(paletteButton(page, 2)).toHaveAccessibleName("Question 2: Marked for review");
    await expect(paletteButton(page, 3)).toHaveAccessibleName("Question 3: Not answered");

    await page.getByRole("link", { name: "Submit mock exam" }).click();
    const summary = javaScriptOff() ? page.locator("main") : page.getByRole("dialog");
    await expect(summary.getByRole("heading", { name: "Submit the mock exam?" })).toBeVisible();
    await expect(summary.getByRole("row", { name: /^Part A 38 1 37 1 / })).toBeVisible();
    await summary.getByRole("button", { name: "Submit mock exam" }).click();

    await expect(
      page.getByRole("heading", { name: /FMGE quarter mock · Fresh random paper: results/ }),
    ).toBeVisible();
    await expect(page.getByTestId("mock-score")).toContainText("/ 75");
    await expect(page.getByText(/Below the pass mark: 38 needed/)).toBeVisible();
    await expect(page.getByTestId("percentile")).toContainText(
      "A fresh random paper is yours alone",
    );
    await expect(page.getByTestId("guessing")).toContainText("no negative marking");
    const review = page.getByTestId("review-item");
    await expect(review).toHaveCount(20);
    await expect(page.getByText("Questions 1–20 of the 38 that match")).toBeVisible();
    await page.getByRole("link", { name: "Marked for review", exact: true }).click();
    await expect(review).toHaveCount(1);
    await review.getByRole("button", { name: "Add to flashcards" }).click();
    await expect(page.getByText("Added to your flashcards.")).toBeVisible();
  });

  test("a Plus learner sees what mocks are and Buy Now with Pro chosen", async ({ page, ip }) => {
    await signedInLearner(page, ip, "mock-plus");
    await giveSubscription(page, "plus");
    await page.goto("/mock-exams");
    await expect(
      page.getByRole("heading", { name: "Mock exams: unlock it with Pro" }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Start mock exam" })).toHaveCount(0);
    await page.getByRole("link", { name: "Buy Now" }).click();
    await expect(page).toHaveURL(/\/plans\?plan=pro$/);
  });
});

/**
 * Flashcards in the browser: the visitor prompt; create
 * and edit dialogs (the create-new category path and back), archive and
 * delete; the study card's flip, wrap-around, random pick and the category
 * filter's reset; a review session graded with keys and buttons; CSV export
 * then import with a preview; the same journeys as plain pages with
 * JavaScript off; and an accessibility scan. Tests tagged @nojs run again
 * with JavaScript off; @nojs-only run only there.
 */
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expectFlash } from "./auth-fixtures";
import { seriousViolations } from "./axe";
import { addCards, cardHeading, expect, flashcardLearner, test } from "./flashcards-fixtures";

// Each test signs up a learner (register, mailed code, log in, a plan) first.
test.describe.configure({ timeout: 90_000 });
test.use({ timezoneId: "Asia/Kolkata" });

const studyArea = (page: Page) => page.locator("section[aria-labelledby='study-heading']");
const studyCard = (page: Page) => page.getByTestId("study-card");

async function expectSide(page: Page, side: "question" | "answer", text: string) {
  await expect(studyCard(page)).toHaveAttribute("data-side", side);
  await expect(studyCard(page)).toContainText(text);
}

test.describe("flashcards", () => {
  test("visitors are asked to log in or sign up @nojs", async ({ page }) => {
    await page.goto("/flashcards");
    await expect(page.getByRole("heading", { name: "Access Flashcards" })).toBeVisible();
    await expect(
      page.getByText(
        "Please log in to access your personalized flashcard collection and study materials.",
      ),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Log In" })).toHaveAttribute(
      "href",
      "/login?redirectTo=%2Fflashcards",
    );
    await expect(page.getByRole("link", { name: "Sign up" })).toHaveAttribute("href", "/register");
  });

  test("create, edit through the create-new category and back, archive, restore and delete", async ({
    page,
    ip,
  }) => {
    await flashcardLearner(page, ip, "fc-crud");
    await page.goto("/flashcards");
    await expect(page.getByRole("heading", { name: "No flashcards yet" })).toBeVisible();

    // The dialog checks the fields with the spec's messages before anything is sent.
    await page.getByRole("link", { name: "Create New Card" }).click();
    const create = page.getByRole("dialog", { name: "Create New Card" });
    await create.getByRole("button", { name: "Create Card" }).click();
    await expect(create.getByText("Please fill in both question and answer fields.")).toHaveCount(
      2,
    );
    await create.getByLabel("Question").fill("Why?");
    await create.getByLabel("Answer").fill("NAC");
    await create.getByRole("button", { name: "Create Card" }).click();
    await expect(create.getByText("Question must be at least 5 characters long.")).toBeVisible();
    await expect(create.getByText("Answer must be at least 5 characters long.")).toBeVisible();

    // Closing resets it.
    await page.keyboard.press("Escape");
    await expect(create).toHaveCount(0);
    await page.getByRole("link", { name: "Create New Card" }).click();
    await expect(create.getByLabel("Question")).toHaveValue("");
    await expect(create.getByLabel("Category")).toHaveValue("General");

    await create.getByLabel("Question").fill("What is the antidote to paracetamol overdose?");
    await create.getByLabel("Answer").fill("N-acetylcysteine");
    await create.getByLabel("Category").selectOption("create-new");
    await expect(create.getByLabel("New category")).toBeFocused();
    await create.getByLabel("New category").fill("Toxicology");
    await create.getByRole("button", { name: "Create Card" }).click();
    await expect(create).toHaveCount(0);
    await expect(page.getByText("Flashcard created successfully.")).toBeVisible();
    await expect(cardHeading(page, 1, 1)).toBeVisible();
    await expect(studyArea(page).getByText("Toxicology", { exact: true })).toBeVisible();
    await expectSide(page, "question", "What is the antidote to paracetamol overdose?");

    // Edit: 'create-new' switches to a new name; '← Back' restores the card's category.
    await studyArea(page)
      .getByRole("link", { name: /^Edit card:/ })
      .click();
    const edit = page.getByRole("dialog", { name: "Edit Card" });
    await expect(edit.getByLabel("Category")).toHaveValue("Toxicology");
    await edit.getByLabel("Category").selectOption("create-new");
    await edit.getByLabel("New category").fill("Temporary");
    await edit.getByRole("button", { name: "← Back to existing categories" }).click();
    await expect(edit.getByLabel("New category")).toHaveCount(0);
    await expect(edit.getByLabel("Category")).toHaveValue("Toxicology");
    await edit.getByLabel("Answer").fill("N-acetylcysteine (NAC), best within 8 hours");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(edit).toHaveCount(0);
    await expect(page.getByText("Flashcard updated successfully.")).toBeVisible();
    await studyCard(page).click();
    await expectSide(page, "answer", "N-acetylcysteine (NAC), best within 8 hours");

    // Archive: out of the deck, into the archive; restore brings it back.
    await studyArea(page)
      .getByRole("button", { name: /^Archive card:/ })
      .click();
    await expect(page.getByText("Flashcard archived.", { exact: false })).toBeVisible();
    await expect(page.getByRole("heading", { name: "No flashcards yet" })).toBeVisible();
    await page.getByRole("link", { name: "Archived (1)" }).click();
    await expect(page.getByTestId("card-row")).toHaveCount(1);
    await page
      .getByTestId("card-row")
      .getByRole("button", { name: /^Restore card:/ })
      .click();
    await expect(page.getByText("Flashcard restored to your deck.")).toBeVisible();
    await page.getByRole("link", { name: "Deck (1)" }).click();
    await expect(page.getByTestId("card-row")).toHaveCount(1);

    // Delete, after the confirmation.
    await studyArea(page)
      .getByRole("link", { name: /^Delete card:/ })
      .click();
    const confirm = page.getByRole("dialog", { name: "Delete Card" });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(cardHeading(page, 1, 1)).toBeVisible();
    await studyArea(page)
      .getByRole("link", { name: /^Delete card:/ })
      .click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Flashcard deleted successfully.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "No flashcards yet" })).toBeVisible();
  });

  test("flip by tap and Space, wrap-around both ways, random, and the category filter's reset", async ({
    page,
    ip,
  }) => {
    await flashcardLearner(page, ip, "fc-study");
    await addCards(page, [
      {
        question: "Cardiology question one?",
        answer: "Cardiology answer one",
        category: "Cardiology",
      },
      {
        question: "Cardiology question two?",
        answer: "Cardiology answer two",
        category: "Cardiology",
      },
      { question: "Renal question three?", answer: "Renal answer three", category: "Renal" },
    ]);
    await page.goto("/flashcards");
    await expect(cardHeading(page, 1, 3)).toBeVisible();
    await expectSide(page, "question", "Cardiology question one?");
    await studyCard(page).click();
    await expectSide(page, "answer", "Cardiology answer one");
    await page.keyboard.press("Space");
    await expectSide(page, "question", "Cardiology question one?");

    await page.keyboard.press("ArrowRight");
    await expect(cardHeading(page, 2, 3)).toBeVisible();
    await studyArea(page).getByRole("link", { name: "Next" }).click();
    await expect(cardHeading(page, 3, 3)).toBeVisible();
    await studyArea(page).getByRole("link", { name: "Next" }).click();
    await expect(cardHeading(page, 1, 3)).toBeVisible();
    await studyArea(page).getByRole("link", { name: "Previous" }).click();
    await expect(cardHeading(page, 3, 3)).toBeVisible();
    await expectSide(page, "question", "Renal question three?");
    await page.keyboard.press("ArrowLeft");
    await expect(cardHeading(page, 2, 3)).toBeVisible();

    // Random picks another card.
    await studyArea(page).getByRole("link", { name: "Random" }).click();
    await expect(cardHeading(page, 2, 3)).toHaveCount(0);
    await expect(studyArea(page).getByRole("heading", { name: /^Card [13] of 3$/ })).toBeVisible();

    // A category change starts again at the first card, question side.
    await studyCard(page).click();
    await expect(studyCard(page)).toHaveAttribute("data-side", "answer");
    await page.getByLabel("Category", { exact: true }).selectOption("Cardiology");
    await expect(page).toHaveURL(/\/flashcards\?category=Cardiology$/);
    await expect(cardHeading(page, 1, 2)).toBeVisible();
    await expectSide(page, "question", "Cardiology question one?");
    await page.keyboard.press("ArrowRight");
    await expect(cardHeading(page, 2, 2)).toBeVisible();
    await page.getByRole("link", { name: /^Renal/ }).click();
    await expect(cardHeading(page, 1, 1)).toBeVisible();
    await expectSide(page, "question", "Renal question three?");

    // Search narrows the deck and the list.
    await page.getByRole("link", { name: /^All/ }).click();
    await page.getByLabel("Search cards").fill("question two");
    await expect(page.getByTestId("card-row")).toHaveCount(1);
    await expect(cardHeading(page, 1, 1)).toBeVisible();
  });

  test("a review session: due and new cards graded with keys and buttons, then all caught up", async ({
    page,
    ip,
  }) => {
    await flashcardLearner(page, ip, "fc-review");
    await addCards(page, [
      {
        question: "Which nerve causes wrist drop?",
        answer: "The radial nerve",
        category: "Anatomy",
      },
      {
        question: "Normal adult respiratory rate?",
        answer: "12 to 20 per minute",
        category: "Physiology",
      },
    ]);
    await page.goto("/flashcards");
    const summary = page.getByTestId("review-summary");
    await expect(summary).toContainText("New cards2");
    await page.getByRole("link", { name: "Review due (2)" }).click();
    const review = page.getByTestId("review-card");
    await expect(review).toContainText("Which nerve causes wrist drop?");
    await expect(review).not.toContainText("The radial nerve");
    await page.keyboard.press("Space");
    await expect(review).toContainText("The radial nerve");
    const grades = page.getByRole("group", { name: "How well did you remember it?" });
    for (const [grade, interval] of [
      ["Again", "1 min"],
      ["Hard", "6 min"],
      ["Good", "10 min"],
    ]) {
      await expect(
        grades.getByRole("button", { name: new RegExp(`^${grade} ${interval}`) }),
      ).toBeVisible();
    }
    await page.keyboard.press("3");
    await expect(review).toContainText("Normal adult respiratory rate?");
    await page.getByRole("link", { name: "Show answer" }).click();
    await grades.getByRole("button", { name: /^Easy/ }).click();
    await expect(page.getByRole("heading", { name: "All caught up" })).toBeVisible();
    await expect(page.getByText("Your next review is due in 10 min.")).toBeVisible();
    await expect(summary).toContainText("Reviewed today2");
    await expect(summary).toContainText("New cards0");
    await expect(page.getByRole("link", { name: "Review due (0)" })).toBeVisible();
  });

  test("export a category as CSV, then import it into another learner's deck through the preview", async ({
    page,
    ip,
    browser,
  }) => {
    await flashcardLearner(page, ip, "fc-export");
    await addCards(page, [
      {
        question: "=Is this a formula?",
        answer: 'No, it is "text", with a comma',
        category: "Cardiology",
      },
      {
        question: "Second cardiology card?",
        answer: "Yes, the second one",
        category: "Cardiology",
      },
      { question: "Not exported, renal card?", answer: "Left behind", category: "Renal" },
    ]);
    await page.goto("/flashcards");
    const exporting = page.locator("form[action='/flashcards/export.csv']");
    await exporting.getByLabel("Cards to export").selectOption("Cardiology");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      exporting.getByRole("button", { name: "Download CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^medmentor-flashcards-cardiology-.*\.csv$/);
    const csv = await readFile((await download.path())!, "utf8");
    expect(csv).toBe(
      '\uFEFFquestion,answer,category\r\n\'=Is this a formula?,"No, it is ""text"", with a comma",Cardiology\r\nSecond cardiology card?,"Yes, the second one",Cardiology\r\n',
    );

    const otherContext = await browser.newContext({ extraHTTPHeaders: { "CF-Connecting-IP": ip } });
    const other = await otherContext.newPage();
    await flashcardLearner(other, ip, "fc-import");
    await other.goto("/flashcards");
    await other.getByLabel("CSV file").setInputFiles({
      name: "cardiology.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(`${csv}Why?,Too short a question,Cardiology\r\n`),
    });
    await other.getByRole("button", { name: "Preview import" }).click();
    const preview = other.getByTestId("import-preview");
    await expect(
      preview.getByText("2 cards ready to import. 1 row will not be imported."),
    ).toBeVisible();
    const rows = preview.getByTestId("import-row");
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText("=Is this a formula?");
    await expect(rows.nth(0)).toContainText("Will import");
    await expect(rows.nth(2)).toContainText(
      "Not imported: Question must be at least 5 characters long.",
    );
    await expect(other.getByTestId("card-row")).toHaveCount(0);
    await preview.getByRole("button", { name: "Import 2 cards" }).click();
    await expect(other.getByText("2 cards imported. 1 row was not imported.")).toBeVisible();
    await expect(other.getByTestId("card-row")).toHaveCount(2);
    await expect(cardHeading(other, 1, 2)).toBeVisible();
    await expect(studyCard(other)).toContainText("=Is this a formula?");
    await otherContext.close();
  });

  test("every journey as plain pages without JavaScript @nojs-only", async ({ page, ip }) => {
    await flashcardLearner(page, ip, "fc-nojs");
    await page.goto("/flashcards");

    // Create, choosing a new category through its link, and open the card.
    await page.getByRole("link", { name: "Create New Card" }).click();
    await expect(page).toHaveURL(/new=1/);
    const form = page.locator("section[aria-labelledby='step-heading']");
    await form.getByRole("button", { name: "Create Card" }).click();
    await expect(form.getByText("Please fill in both question and answer fields.")).toHaveCount(2);
    await form.getByRole("link", { name: "Create new category" }).click();
    await form.getByLabel("Question").fill("Which nerve is damaged in wrist drop?");
    await form.getByLabel("Answer").fill("The radial nerve");
    await form.getByLabel("New category").fill("Anatomy");
    await form.getByRole("button", { name: "Create Card" }).click();
    await expectFlash(page, "Flashcard created successfully.");
    await expect(cardHeading(page, 1, 1)).toBeVisible();
    await studyCard(page).click();
    await expectSide(page, "answer", "The radial nerve");

    // Edit: to a new category and back to the card's own.
    await studyArea(page)
      .getByRole("link", { name: /^Edit card:/ })
      .click();
    await form.getByRole("link", { name: "Create new category" }).click();
    await expect(form.getByLabel("New category")).toBeVisible();
    await form.getByRole("link", { name: "← Back to existing categories" }).click();
    await expect(form.getByLabel("Category")).toHaveValue("Anatomy");
    await form.getByLabel("Answer").fill("The radial nerve, at the spiral groove");
    await form.getByRole("button", { name: "Save Changes" }).click();
    await expectFlash(page, "Flashcard updated successfully.");

    // Next and Previous wrap; Random picks the other card.
    await addCards(page, [
      { question: "Normal serum potassium range?", answer: "3.5 to 5.0 mmol/L", category: "Renal" },
    ]);
    await page.goto("/flashcards");
    await studyArea(page).getByRole("link", { name: "Next" }).click();
    await expect(cardHeading(page, 2, 2)).toBeVisible();
    await studyArea(page).getByRole("link", { name: "Next" }).click();
    await expect(cardHeading(page, 1, 2)).toBeVisible();
    await studyArea(page).getByRole("link", { name: "Previous" }).click();
    await expect(cardHeading(page, 2, 2)).toBeVisible();
    await studyArea(page).getByRole("link", { name: "Random" }).click();
    await expect(cardHeading(page, 1, 2)).toBeVisible();
    await page.getByLabel("Category", { exact: true }).selectOption("Renal");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(cardHeading(page, 1, 1)).toBeVisible();
    await expectSide(page, "question", "Normal serum potassium range?");

    // A review, graded by its button.
    await page.getByRole("link", { name: "Review due (1)" }).click();
    await page.getByRole("link", { name: "Show answer" }).click();
    await page.getByRole("button", { name: /^Good/ }).click();
    await expect(page.getByRole("heading", { name: "All caught up" })).toBeVisible();

    // Archive, then delete after the confirmation step.
    await page.goto("/flashcards");
    await studyArea(page)
      .getByRole("button", { name: /^Archive card:/ })
      .click();
    await expectFlash(page, "Flashcard archived.");
    await expect(cardHeading(page, 1, 1)).toBeVisible();
    await studyArea(page)
      .getByRole("link", { name: /^Delete card:/ })
      .click();
    const confirm = page.locator("section[aria-labelledby='confirm-title']");
    await expect(confirm.getByRole("heading", { name: "Delete Card" })).toBeVisible();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expectFlash(page, "Flashcard deleted successfully.");

    // Import: upload, preview page, confirm.
    await page.getByLabel("CSV file").setInputFiles({
      name: "more.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("question,answer,category\nWhat is the GCS range?,3 to 15,Neurology\n"),
    });
    await page.getByRole("button", { name: "Preview import" }).click();
    await expect(page.getByText("1 card ready to import.")).toBeVisible();
    await page.getByRole("button", { name: "Import 1 card" }).click();
    await expectFlash(page, "1 card imported.");
    await expect(
      page.getByTestId("card-row").filter({ hasText: "What is the GCS range?" }),
    ).toHaveCount(1);
  });

  test("the screen and its dialog pass an accessibility scan", async ({ page, ip }) => {
    await flashcardLearner(page, ip, "fc-a11y");
    await addCards(page, [
      {
        question: "Which nerve causes wrist drop?",
        answer: "The radial nerve",
        category: "Anatomy",
      },
    ]);
    await page.goto("/flashcards");
    await expect(cardHeading(page, 1, 1)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("link", { name: "Create New Card" }).click();
    await expect(page.getByRole("dialog", { name: "Create New Card" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await page.getByRole("link", { name: /^Review due/ }).click();
    await page.getByRole("link", { name: "Show answer" }).click();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

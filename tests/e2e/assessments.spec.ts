/**
 * Clinical quizzes and patient simulations in the browser: create, watch
 * generation, answer, results, Retake, Retest incorrect,
 * Back; validation; the limit and the access guard. The app talks to the fake
 * Gemini server: a topic carrying `[[fake items=quiz peritem=MS]]` gets valid
 * items whose correct option reads "Right answer", written at MS per item;
 * a plain topic gets the fake's chat reply, which is no quiz, so the offline
 * question bank answers. Tests tagged @nojs run again with JavaScript off.
 */
import type { Page } from "@playwright/test";
import { fakeDirective } from "../fakes/gemini.mjs";
import { expect, removeTrial, signedInLearner, test, useFeature } from "./access-fixtures";
import { signedInAdmin } from "./admin-fixtures";
import { expectFlash } from "./auth-fixtures";
import { seriousViolations } from "./axe";

const questionHeading = (page: Page, n: number, total: number, noun = "Question") =>
  page.getByRole("heading", { name: `${noun} ${n} of ${total}`, exact: true });

async function openCreate(page: Page, label = "Create custom quiz") {
  await page.getByRole("link", { name: label }).click();
}

/** Picks the option with this text (the radios are labelled by their text). */
async function choose(page: Page, option: string | RegExp) {
  await page.getByRole("radio", { name: option }).first().check();
}

test.describe("clinical quizzes", () => {
  test("a quiz end to end: progress, answering while the rest arrive, results, Retest incorrect, Retake, Back", async ({
    page,
    ip,
  }) => {
    test.setTimeout(60_000);
    await signedInLearner(page, ip, "quiz-js");
    await page.goto("/clinical-quizzes");
    await expect(page.getByRole("heading", { name: "Create custom quiz" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    const topic = `Heart failure ${fakeDirective({ items: "quiz", peritem: 1000 })}`;
    await openCreate(page);
    const dialog = page.getByRole("dialog", { name: "Create custom quiz" });
    await dialog.getByLabel("Topic").fill(topic);
    await expect(dialog.getByLabel("Number of questions")).toHaveValue("5");
    await dialog.getByLabel("Number of questions").fill("6");
    await dialog.getByRole("button", { name: "Generate Quiz" }).click();

    // Question 1 shows after the first batch while the rest are still being written.
    await expect(questionHeading(page, 1, 6)).toBeVisible();
    await expect(questionHeading(page, 1, 6)).toBeFocused();
    await expect(
      page.getByRole("status").filter({ hasText: "Generating question 3 of 6…" }),
    ).toBeVisible();
    await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "2");

    // Right, right, then ahead of the generator: Next waits for question 3.
    await choose(page, "Right answer");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(questionHeading(page, 2, 6)).toBeVisible();
    await choose(page, "Right answer");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Generating the next question…")).toBeVisible();
    await expect(questionHeading(page, 3, 6)).toBeVisible();
    await expect(page.getByText("Quiz Generated!")).toBeVisible();
    await expect(page.getByText(`Successfully created 6 questions about ${topic}`)).toBeVisible();
    // Wrong, wrong, right, right.
    for (const [n, option] of [
      [3, /Wrong answer/],
      [4, /Wrong answer/],
      [5, "Right answer"],
    ] as const) {
      await expect(questionHeading(page, n, 6)).toBeVisible();
      await choose(page, option);
      await page.getByRole("button", { name: "Next" }).click();
    }
    await expect(questionHeading(page, 6, 6)).toBeVisible();
    await choose(page, "Right answer");
    await expect(page.getByRole("button", { name: "Next" })).toHaveCount(0);
    await page.getByRole("button", { name: "Finish Quiz" }).click();

    await expect(page.getByRole("heading", { name: "Results", exact: true })).toBeVisible();
    await expect(page.getByTestId("score")).toHaveText("You scored 4 / 6 (67%)");
    const items = page.getByTestId("result-item");
    await expect(items).toHaveCount(6);
    const third = items.nth(2);
    await expect(third.getByText("Incorrect", { exact: true })).toBeVisible();
    await expect(third.getByText(/^Your answer:/).locator("..")).toContainText("Wrong answer");
    await expect(third.getByText(/^Correct answer:/).locator("..")).toContainText("Right answer");
    await expect(third.getByText("This one is right.")).toHaveCount(1);
    await expect(third.getByText("This one is wrong.")).toHaveCount(3);
    await expect(third.getByText(/Takeaway: Remember fake item \d+\./)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // Retest incorrect: only the two missed questions.
    await page.getByRole("button", { name: "Retest incorrect" }).click();
    await expect(questionHeading(page, 1, 2)).toBeVisible();
    await choose(page, "Right answer");
    await page.getByRole("button", { name: "Next" }).click();
    await choose(page, "Right answer");
    await page.getByRole("button", { name: "Finish Quiz" }).click();
    await expect(page.getByTestId("score")).toHaveText("You scored 2 / 2 (100%)");
    await expect(page.getByRole("button", { name: "Retest incorrect" })).toHaveCount(0);

    // Retake: the same two questions again.
    const firstQuestion = await items.first().locator("p").nth(0).textContent();
    await page.getByRole("button", { name: "Retake" }).click();
    await expect(questionHeading(page, 1, 2)).toBeVisible();
    await expect(page.getByText(firstQuestion!.trim())).toBeVisible();
    await choose(page, /Wrong answer/);
    await page.getByRole("button", { name: "Next" }).click();
    await choose(page, "Right answer");
    await page.getByRole("button", { name: "Finish Quiz" }).click();
    await expect(page.getByTestId("score")).toHaveText("You scored 1 / 2 (50%)");

    // Back resets everything, and the attempts are listed.
    await page.getByRole("button", { name: "Back" }).click();
    const past = page.getByTestId("past-attempts");
    await expect(past.getByRole("listitem")).toHaveCount(3);
    await expect(past.getByRole("listitem").first()).toContainText("1 / 2 (50%)");
    await expect(past.getByRole("listitem").nth(1)).toContainText("2 / 2 (100%)");
    await expect(past.getByRole("listitem").nth(2)).toContainText("4 / 6 (67%)");
    await openCreate(page);
    await expect(dialog.getByLabel("Topic")).toHaveValue("");
    await expect(dialog.getByLabel("Number of questions")).toHaveValue("5");
    await page.keyboard.press("Escape");

    // A past attempt opens on its results.
    await past.getByRole("link").nth(2).click();
    await expect(page.getByTestId("score")).toHaveText("You scored 4 / 6 (67%)");
  });

  test("validation: an empty topic, 21 questions, and keys the count does not take", async ({
    page,
    ip,
  }) => {
    await signedInLearner(page, ip, "quiz-valid");
    await page.goto("/clinical-quizzes");
    await openCreate(page);
    const dialog = page.getByRole("dialog", { name: "Create custom quiz" });
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Validation Error" });
    // Leaving the empty topic marks the field; only pressing the button toasts.
    await dialog.getByLabel("Topic").fill("C");
    await dialog.getByLabel("Topic").fill("");
    await dialog.getByLabel("Topic").press("Tab");
    await expect(dialog.getByText("Please enter a topic for the quiz.")).toBeVisible();
    // A toast would come within a frame or two of the check (sonner is already loaded).
    await page.waitForTimeout(500);
    await expect(toast).toHaveCount(0);
    await dialog.getByRole("button", { name: "Generate Quiz" }).click();
    await expect(toast).toBeVisible();
    await expect(toast).toContainText("Please enter a topic for the quiz.");

    await dialog.getByLabel("Topic").fill("Cardiology");
    const count = dialog.getByLabel("Number of questions");
    // The field only takes 0 to 20: the keystroke that would make 21 (or 200) is refused.
    await count.fill("");
    await count.pressSequentially("21");
    await expect(count).toHaveValue("2");
    await count.pressSequentially("0");
    await expect(count).toHaveValue("20");
    await count.fill("0");
    await dialog.getByRole("button", { name: "Generate Quiz" }).click();
    await expect(dialog.getByText("Number of questions must be between 1 and 20.")).toBeVisible();

    await count.fill("");
    await count.pressSequentially("1-.+e2");
    await expect(count).toHaveValue("12");
    await expect(dialog.getByText("Number of questions must be between 1 and 20.")).toHaveCount(0);
  });

  test("a trial learner who used 5 quizzes sees the limit banner and 'Limit Reached'", async ({
    page,
    ip,
  }) => {
    await signedInLearner(page, ip, "quiz-limit");
    await useFeature(page, "clinicalQuizzes", 5);
    await page.goto("/clinical-quizzes");
    await expect(page.getByTestId("limit-banner")).toBeVisible();
    await openCreate(page);
    const dialog = page.getByRole("dialog", { name: "Create custom quiz" });
    await dialog.getByLabel("Topic").fill("Cardiology");
    await dialog.getByRole("button", { name: "Generate Quiz" }).click();
    await expect(
      page.locator("[data-sonner-toast]").filter({ hasText: "Limit Reached" }),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: /Question 1 of/ })).toHaveCount(0);
  });

  test("a learner without plan or trial gets the Choose Your Plan card @nojs @localdb", async ({
    page,
    ip,
  }) => {
    const learner = await signedInLearner(page, ip, "quiz-none");
    await removeTrial(learner.email);
    for (const path of ["/clinical-quizzes", "/clinical-simulations"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { name: "Choose Your Plan" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Choose Plan" })).toHaveAttribute(
        "href",
        "/plans",
      );
      await expect(page.getByRole("heading", { name: /Create/ })).toHaveCount(0);
    }
  });

  test("a quiz as pages, step by step: create, answer, finish, Retake, Back @nojs", async ({
    page,
    ip,
  }) => {
    await signedInLearner(page, ip, "quiz-nojs");
    await page.goto("/clinical-quizzes");
    await openCreate(page);
    await page.getByLabel("Topic").fill("Cardiology");
    await page.getByLabel("Number of questions").fill("3");
    await page.getByRole("button", { name: "Generate Quiz" }).click();

    for (const n of [1, 2]) {
      await expect(questionHeading(page, n, 3)).toBeVisible();
      await page.getByRole("radio").first().check();
      await page.getByRole("button", { name: "Next" }).click();
    }
    await expect(questionHeading(page, 3, 3)).toBeVisible();
    await page.getByRole("radio").nth(1).check();
    await page.getByRole("button", { name: "Finish Quiz" }).click();

    await expect(page.getByRole("heading", { name: "Results", exact: true })).toBeVisible();
    await expect(page.getByTestId("score")).toHaveText(/You scored \d \/ 3 \(\d+%\)/);
    await expect(page.getByTestId("result-item")).toHaveCount(3);
    await expect(page.getByTestId("result-item").first()).toContainText("Your answer:");
    await expect(page.getByTestId("result-item").first()).toContainText("Takeaway:");

    await page.getByRole("button", { name: "Retake" }).click();
    await expect(questionHeading(page, 1, 3)).toBeVisible();
    await page.goto("/clinical-quizzes");
    await expect(page.getByTestId("past-attempts").getByRole("listitem")).toHaveCount(2);
  });

  test("without JavaScript a long quiz goes on generating, and the waiting page looks again by itself @nojs-only", async ({
    page,
    ip,
  }) => {
    await signedInLearner(page, ip, "quiz-nojs-long");
    await page.goto("/clinical-quizzes?new=1");
    await page
      .getByLabel("Topic")
      .fill(`Heart failure ${fakeDirective({ items: "quiz", peritem: 400 })}`);
    await page.getByLabel("Number of questions").fill("10");
    await page.getByRole("button", { name: "Generate Quiz" }).click();
    await expect(questionHeading(page, 1, 10)).toBeVisible();
    // The last question, asked for before it exists: the page shows progress and reloads itself.
    const last = new URL(page.url());
    last.searchParams.set("q", "9");
    await page.goto(last.href);
    await expect(questionHeading(page, 10, 10)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole("radio")).toHaveCount(4);
  });

  test("a quiz with JavaScript off: an answer is required, and Back returns to an empty form @nojs-only", async ({
    page,
    ip,
  }) => {
    await signedInLearner(page, ip, "quiz-nojs-valid");
    await page.goto("/clinical-quizzes?new=1");
    await page.getByLabel("Number of questions").fill("21");
    await page.getByRole("button", { name: "Generate Quiz" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "Validation Error" });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText("Please enter a topic for the quiz.");
    await expect(page.getByText("Please enter a topic for the quiz.").first()).toBeVisible();
    await expect(
      page.getByText("Number of questions must be between 1 and 20.").first(),
    ).toBeVisible();

    await page.getByLabel("Topic").fill("Cardiology");
    await page.getByLabel("Number of questions").fill("1");
    await page.getByRole("button", { name: "Generate Quiz" }).click();
    await expect(questionHeading(page, 1, 1)).toBeVisible();
    await page.getByRole("button", { name: "Finish Quiz" }).click();
    await expect(page.getByText("Please choose an answer.")).toBeVisible();
    await page.getByRole("radio").first().check();
    await page.getByRole("button", { name: "Finish Quiz" }).click();
    await expect(page.getByTestId("score")).toBeVisible();
    await page.getByRole("link", { name: "Back" }).click();
    await openCreate(page);
    await expect(page.getByLabel("Topic")).toHaveValue("");
    await expect(page.getByLabel("Number of questions")).toHaveValue("5");
  });
});

test.describe("reporting a question", () => {
  test("a bank question says where it comes from; the learner reports it and an admin retires it @nojs", async ({
    page,
    ip,
    browser,
  }) => {
    await signedInLearner(page, ip, "quiz-report");
    await page.goto("/clinical-quizzes?new=1");
    // A plain topic is no quiz for the fake AI, so the question bank answers.
    await page.getByLabel("Topic").fill("Ophthalmology");
    await page.getByLabel("Number of questions").fill("1");
    await page.getByRole("button", { name: "Generate Quiz" }).click();
    await expect(questionHeading(page, 1, 1)).toBeVisible();
    await expect(page.getByTestId("bank-source")).toHaveText(
      "The AI is unavailable for this question: it comes from our question bank.",
    );
    const question = (await page.locator("#quiz-question-0").textContent())!.trim();
    await page.getByRole("radio").first().check();
    await page.getByRole("button", { name: "Finish Quiz" }).click();
    await expect(page.getByTestId("score")).toBeVisible();

    const result = page.getByTestId("result-item").first();
    await result.getByText("Report a problem with this question").click();
    await result.getByRole("radio", { name: "The marked answer is wrong" }).check();
    await result
      .getByLabel("What should it say? (optional)")
      .fill("Option B fits the findings better.");
    await result.getByRole("button", { name: "Send report" }).click();
    await expect(result.getByRole("status")).toHaveText(
      "Thanks: we review every report, and the question is checked before it is used again.",
    );

    // The admin sees it in the review queue with the report, and retires it.
    const adminContext = await browser.newContext({
      javaScriptEnabled: test.info().project.use.javaScriptEnabled !== false,
      baseURL: test.info().project.use.baseURL,
    });
    const admin = await adminContext.newPage();
    await signedInAdmin(admin);
    await admin.goto("/admin_dashboard_2025/questions");
    await expect(admin.getByRole("heading", { name: "Question reports" })).toBeVisible();
    const queued = admin.getByTestId("review-item").filter({ hasText: question });
    await expect(queued).toHaveCount(1);
    await expect(queued).toContainText("Reports (1)");
    await expect(queued).toContainText("The marked answer is wrong");
    await expect(queued).toContainText("Option B fits the findings better.");
    await queued.getByRole("button", { name: "Retire" }).click();
    await expectFlash(admin, "Retired");
    await expect(admin.getByTestId("review-item").filter({ hasText: question })).toHaveCount(0);
    await adminContext.close();
  });
});

test.describe("clinical simulations", () => {
  test("a simulation end to end: the patient case above each question, results with the case", async ({
    page,
    ip,
  }) => {
    await signedInLearner(page, ip, "sim-js");
    await page.goto("/clinical-simulations");
    await openCreate(page, "Create simulation");
    const dialog = page.getByRole("dialog", { name: "Create simulation" });
    const count = dialog.getByLabel("Number of scenarios");
    await expect(count).toHaveValue("5");
    await dialog.getByLabel("Medical topic or condition").fill("Sepsis");
    // The field takes 0 to 10 only: the keystroke that would make 11 is refused.
    await count.fill("");
    await count.pressSequentially("11");
    await expect(count).toHaveValue("1");
    await count.fill("0");
    await dialog.getByRole("button", { name: "Generate Simulation" }).click();
    await expect(dialog.getByText("Number of scenarios must be between 1 and 10.")).toBeVisible();
    await count.fill("2");
    await dialog.getByRole("button", { name: "Generate Simulation" }).click();

    await expect(questionHeading(page, 1, 2, "Scenario")).toBeVisible();
    const patientCase = page.getByRole("region", { name: "Patient case" });
    await expect(patientCase.getByRole("heading", { name: "History" })).toBeVisible();
    await expect(patientCase.getByRole("heading", { name: "Examination" })).toBeVisible();
    await expect(patientCase.getByRole("heading", { name: "Key results" })).toBeVisible();
    await page.getByRole("radio").first().focus();
    await page.keyboard.press("Space");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(questionHeading(page, 2, 2, "Scenario")).toBeVisible();
    await page.getByRole("radio").nth(2).check();
    await page.getByRole("button", { name: "Finish Simulation" }).click();
    await expect(page.getByText("Simulation Generated!")).toBeVisible();

    await expect(page.getByRole("heading", { name: "Results", exact: true })).toBeVisible();
    await expect(page.getByTestId("score")).toHaveText(/You scored \d \/ 2 \(\d+%\)/);
    await expect(page.getByTestId("result-item")).toHaveCount(2);
    await expect(
      page.getByTestId("result-item").first().getByRole("region", { name: "Patient case" }),
    ).toBeVisible();
    await expect(page.getByTestId("result-item").first()).toContainText("Reference:");
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page.getByTestId("past-attempts").getByRole("listitem")).toHaveCount(1);
  });

  test("a simulation as pages, step by step @nojs", async ({ page, ip }) => {
    await signedInLearner(page, ip, "sim-nojs");
    await page.goto("/clinical-simulations");
    await openCreate(page, "Create simulation");
    await page.getByLabel("Medical topic or condition").fill("Diabetic ketoacidosis");
    await page.getByLabel("Number of scenarios").fill("3");
    await page.getByRole("button", { name: "Generate Simulation" }).click();
    for (const n of [1, 2]) {
      await expect(questionHeading(page, n, 3, "Scenario")).toBeVisible();
      await expect(page.getByRole("region", { name: "Patient case" })).toBeVisible();
      await page.getByRole("radio").nth(n).check();
      await page.getByRole("button", { name: "Next" }).click();
    }
    await expect(questionHeading(page, 3, 3, "Scenario")).toBeVisible();
    await page.getByRole("radio").first().check();
    await page.getByRole("button", { name: "Finish Simulation" }).click();
    await expect(page.getByTestId("score")).toHaveText(/You scored \d \/ 3 \(\d+%\)/);
    await expect(page.getByTestId("result-item")).toHaveCount(3);
  });
});

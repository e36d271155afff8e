/**
 * Practice tests in the browser: a Plus learner builds a tutor test from
 * the questions they got wrong (counted before it starts), answers with the
 * keyboard, marks, adds a flashcard and tags the mistake; a timed test
 * whose countdown and answers survive a reload, marked the INI-CET way; the
 * same one-question-a-page journey with JavaScript on and off (@nojs); and
 * a Starter learner's upgrade view. Tests tagged @nojs run again with
 * JavaScript off.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, giveSubscription, signedInLearner, test } from "./access-fixtures";
import { expectFlash } from "./auth-fixtures";
import { seriousViolations } from "./axe";

// Each test signs up a learner (register, mailed code, log in, a plan) first.
test.describe.configure({ timeout: 90_000 });
test.use({ timezoneId: "Asia/Kolkata" });

/** What the page's own fetch says: cookie-authenticated API writes must come from this site. */
const SAME_ORIGIN = { "Sec-Fetch-Site": "same-origin" };
const LETTERS = ["A", "B", "C", "D"] as const;

const questionHeading = (page: Page, n: number, total: number) =>
  page.getByRole("heading", { name: `Question ${n} of ${total}`, exact: true });

/** A square of the question navigator, by what it says to a screen reader. */
const square = (page: Page, name: string | RegExp) =>
  page.getByTestId("navigator").getByRole("button", { name });

type KeyedQuestion = { question: string; reveal: { correctIndex: number; correct: boolean } };

/**
 * Answers a timed test of `count` Pharmacology questions all with A through
 * the JSON API and submits it: the questions got wrong, with their keys.
 */
async function answerAllWithA(request: APIRequestContext, count: number) {
  const created = await request.post("/api/practice-tests", {
    data: { subject: "Pharmacology", count, mode: "timed" },
    headers: SAME_ORIGIN,
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = ((await created.json()) as { data: { test: { id: string } } }).data.test;
  for (let index = 0; index < count; index++) {
    const saved = await request.post(`/api/practice-tests/${id}/answers`, {
      data: { index, choice: 0 },
      headers: SAME_ORIGIN,
    });
    expect(saved.status()).toBe(200);
  }
  const submitted = await request.post(`/api/practice-tests/${id}/submit`, {
    headers: SAME_ORIGIN,
  });
  const { questions } = ((await submitted.json()) as { data: { questions: KeyedQuestion[] } }).data;
  return questions.filter((question) => !question.reveal.correct);
}

test.describe("practice tests", () => {
  test("a tutor test on my wrong answers: counted first, keys, explanations, a flashcard and the error log", async ({
    page,
    ip,
  }) => {
    await signedInLearner(page, ip, "practice-tutor");
    await giveSubscription(page, "plus");
    const wrong = await answerAllWithA(page.request, 10);
    expect(wrong.length).toBeGreaterThanOrEqual(2);
    const keyOf = (stem: string) => wrong.find((question) => question.question === stem)!.reveal;

    await page.goto("/practice");
    await expect(page.getByRole("heading", { name: "Build a test" })).toBeVisible();
    const builder = page.getByTestId("test-builder");
    await builder.getByRole("checkbox", { name: /^Pharmacology/ }).check();
    await builder.getByRole("radio", { name: /Incorrect before/ }).check();
    await builder.getByLabel("Number of questions").fill("5");
    const expected = Math.min(5, wrong.length);
    await expect(page.getByTestId("match-count")).toHaveText(
      wrong.length >= 5
        ? `${wrong.length} questions match. Your test will have 5.`
        : `Only ${wrong.length} questions match: the test will have ${wrong.length}.`,
    );
    await expect(page).toHaveURL(/status=incorrect/);
    expect(await seriousViolations(page)).toEqual([]);
    await builder.getByRole("button", { name: "Start test" }).click();

    await expect(questionHeading(page, 1, expected)).toBeFocused();
    await expect(page.getByText("Keyboard shortcuts")).toBeVisible();
    // Question 1: a wrong answer chosen with the keyboard, then checked.
    const firstStem = (await page.locator("#question-stem").textContent())!;
    const first = keyOf(firstStem);
    const wrongLetter = LETTERS[(first.correctIndex + 1) % 4]!;
    await page.keyboard.press(wrongLetter.toLowerCase());
    await expect(
      page.getByRole("radio", { name: new RegExp(`^${wrongLetter}\\. `) }),
    ).toBeChecked();
    await page.getByRole("button", { name: "Check answer" }).click();
    const answer = page.getByTestId("tutor-answer");
    await expect(answer.getByText("Incorrect", { exact: true })).toBeVisible();
    await expect(answer).toContainText(`The answer is ${LETTERS[first.correctIndex]}:`);
    await expect(answer.getByRole("heading", { name: "Why each option" })).toBeVisible();
    await expect(answer).toContainText("Takeaway:");
    await expect(square(page, "Question 1, answered wrong, current question")).toBeVisible();
    // The answer is final.
    await expect(page.getByRole("radio").first()).toBeDisabled();

    await answer.getByRole("button", { name: "Add to flashcards" }).click();
    await expect(answer.getByText("Added to your flashcards.")).toBeVisible();
    await expect(answer.getByText("In your flashcards.")).toBeVisible();
    await answer.getByRole("radio", { name: "Misread the question" }).check();
    await answer.getByRole("button", { name: "Save to error log" }).click();
    await expect(answer.getByText("Saved to your error log.")).toBeVisible();
    // Typing in a text box is text, not shortcuts.
    await answer.getByText("Report a problem with this question").click();
    const note = answer.getByLabel("What should it say? (optional)");
    await note.pressSequentially("mnp");
    await expect(note).toHaveValue("mnp");
    await expect(square(page, "Question 1, answered wrong, current question")).toBeVisible();
    await page.getByRole("heading", { name: "Questions" }).click();
    await page.keyboard.press("m");
    await expect(
      square(page, "Question 1, answered wrong, marked for review, current question"),
    ).toBeVisible();

    // Question 2: right, with a number key.
    await page.keyboard.press("n");
    await expect(questionHeading(page, 2, expected)).toBeFocused();
    const second = keyOf((await page.locator("#question-stem").textContent())!);
    await page.keyboard.press(String(second.correctIndex + 1));
    await page.getByRole("button", { name: "Check answer" }).click();
    await expect(
      page.getByTestId("tutor-answer").getByText("Correct", { exact: true }),
    ).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Review & submit" }).click();
    await expect(page.getByTestId("submit-summary")).toHaveText(
      `You have answered 2 of ${expected} questions.`,
    );
    await expect(page.getByRole("heading", { name: "Marked for review (1)" })).toBeVisible();
    await page.getByRole("button", { name: "Submit test" }).click();

    await expect(page.getByRole("heading", { name: "Results", exact: true })).toBeFocused();
    await expect(page.getByTestId("practice-score")).toHaveText(
      `Score 3 / ${4 * expected} (+4 / −1 / 0)`,
    );
    const counts = page.getByTestId("practice-counts");
    await expect(counts).toContainText("Correct1");
    await expect(counts).toContainText("Wrong1");
    await expect(counts).toContainText(`Not attempted${expected - 2}`);
    await expect(page.getByRole("table", { name: "Accuracy by subject" })).toContainText(
      "Pharmacology",
    );
    await page.getByRole("link", { name: "Wrong (1)" }).click();
    await expect(page.getByTestId("result-item")).toHaveCount(1);
    const missed = page.getByTestId("result-item");
    await expect(missed.getByText("In your flashcards.")).toBeVisible();
    await expect(missed.getByRole("radio", { name: "Misread the question" })).toBeChecked();
    expect(await seriousViolations(page)).toEqual([]);

    // The card is in the deck: the question's stem, filed under its subject.
    await page.goto("/flashcards?category=Pharmacology");
    await expect(page.getByTestId("study-card")).toContainText(firstStem.slice(0, 60));
  });

  test("a timed test: the countdown and answers survive a reload; INI-CET marks in thirds", async ({
    page,
    ip,
  }) => {
    await signedInLearner(page, ip, "practice-timed");
    await giveSubscription(page, "plus");
    await page.goto("/practice?subject=Anatomy&count=3&mode=timed&exam=ini-cet");
    await expect(page.getByTestId("match-count")).toContainText("Your test will have 3.");
    await page.getByRole("button", { name: "Start test" }).click();
    await expect(questionHeading(page, 1, 3)).toBeVisible();

    const timer = page.getByRole("timer");
    const seconds = async () => {
      const [minutes, rest] = (await timer.textContent())!.split(":").map(Number);
      return minutes! * 60 + rest!;
    };
    const atStart = await seconds();
    expect(atStart).toBeLessThanOrEqual(162);
    expect(atStart).toBeGreaterThan(140);
    const deadline = await page.getByText(/Submits itself at/).textContent();
    // Choosing saves at once; striking out too.
    await page.getByRole("radio", { name: /^B\. / }).check();
    await expect(square(page, "Question 1, answered, current question")).toBeVisible();
    await page.getByRole("checkbox", { name: "Strike out option A" }).check();
    await expect(page.getByRole("radio", { name: /^A\. / })).toBeVisible();
    await page.waitForTimeout(1500);
    await page.reload();
    await expect(questionHeading(page, 1, 3)).toBeVisible();
    await expect(page.getByText(/Submits itself at/)).toHaveText(deadline!);
    expect(await seconds()).toBeLessThan(atStart);
    await expect(page.getByRole("radio", { name: /^B\. / })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Strike out option A" })).toBeChecked();

    // Keys: next, mark, choose C, back, and change question 1 to D (answers change until submit).
    await page.keyboard.press("n");
    await expect(questionHeading(page, 2, 3)).toBeVisible();
    await page.keyboard.press("m");
    await expect(
      square(page, "Question 2, unanswered, marked for review, current question"),
    ).toBeVisible();
    await page.keyboard.press("3");
    await expect(
      square(page, "Question 2, answered, marked for review, current question"),
    ).toBeVisible();
    await page.keyboard.press("p");
    await expect(questionHeading(page, 1, 3)).toBeVisible();
    await page.keyboard.press("d");
    await expect(page.getByRole("radio", { name: /^D\. / })).toBeChecked();
    await expect(page.getByTestId("navigator-summary")).toHaveText(
      "2 answered · 1 unanswered · 1 marked",
    );
    // Nothing tells the answer before submit.
    await expect(page.getByText("Why each option")).toHaveCount(0);

    await page.getByRole("button", { name: "Review & submit" }).click();
    await expect(page.getByTestId("submit-summary")).toHaveText(
      "You have answered 2 of 3 questions.",
    );
    await expect(
      page.getByText("A wrong answer costs 0.33 marks; a blank one costs nothing."),
    ).toBeVisible();
    await page.getByRole("button", { name: "Submit test" }).click();
    await expect(page.getByRole("heading", { name: "Results", exact: true })).toBeVisible();
    const counts = page.getByTestId("practice-counts");
    const count = async (label: string) =>
      Number(
        (await counts
          .getByText(label, { exact: true })
          .locator("xpath=..")
          .locator("dd")
          .textContent())!,
      );
    const correct = await count("Correct");
    const wrong = await count("Wrong");
    expect(correct + wrong).toBe(2);
    expect(await count("Not attempted")).toBe(1);
    const score = Math.round((correct - wrong / 3) * 100) / 100;
    await expect(page.getByTestId("practice-score")).toHaveText(`Score ${score} / 3 (+1 / −⅓ / 0)`);
  });

  test("one question a page: build from the address, answer, mark, move, review and submit @nojs", async ({
    page,
    ip,
  }) => {
    await signedInLearner(page, ip, "practice-pages");
    await giveSubscription(page, "plus");
    await page.goto("/practice?subject=ENT&count=2&mode=timed");
    await expect(page.getByTestId("match-count")).toContainText(
      "questions match. Your test will have 2.",
    );
    await page.getByRole("button", { name: "Start test" }).click();
    await expectFlash(page, "Your practice test is ready.");
    await expect(questionHeading(page, 1, 2)).toBeVisible();
    await expect(page.getByText("Time left")).toBeVisible();

    await page.getByRole("radio").first().check();
    await page.getByRole("button", { name: "Save & next" }).click();
    await expect(questionHeading(page, 2, 2)).toBeVisible();
    await page.getByLabel("Mark for review").check();
    await square(page, /^Question 1, answered/).click();
    await expect(questionHeading(page, 1, 2)).toBeVisible();
    await expect(square(page, "Question 2, unanswered, marked for review")).toBeVisible();
    await expect(page.getByRole("radio").first()).toBeChecked();

    await page.getByRole("button", { name: "Review & submit" }).click();
    await expect(page.getByTestId("submit-summary")).toHaveText(
      "You have answered 1 of 2 questions.",
    );
    await expect(page.getByRole("heading", { name: "Unanswered (1)" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Marked for review (1)" })).toBeVisible();
    await page.getByRole("button", { name: "Submit test" }).click();
    await expectFlash(page, "Test submitted");
    await expect(page.getByRole("heading", { name: "Results", exact: true })).toBeVisible();
    await expect(page.getByTestId("practice-score")).toHaveText(
      /^Score (4|-1) \/ 8 \(\+4 \/ −1 \/ 0\)$/,
    );
    await expect(page.getByTestId("result-item")).toHaveCount(2);
    await expect(page.getByTestId("result-item").first()).toContainText("Takeaway:");

    await page.goto("/practice");
    const past = page.getByTestId("past-tests");
    await expect(past.getByRole("listitem")).toHaveCount(1);
    await expect(past).toContainText("Submitted");
    await expect(past).toContainText("Review results");
  });

  test("pick topics: a subject's topics drawn as it opens, ticked, counted and kept @nojs", async ({
    page,
    ip,
    javaScriptEnabled,
  }) => {
    await signedInLearner(page, ip, "practice-topics");
    await giveSubscription(page, "plus");
    await page.goto("/practice?count=100");
    const builder = page.getByTestId("test-builder");
    const topics = builder.locator('input[name="topic"]');
    await expect(topics).toHaveCount(0);

    // Open ENT's topics: drawn at once with JavaScript, through its Show button without.
    await builder.getByText("Topics in ENT").click();
    if (!javaScriptEnabled) {
      await builder.getByRole("button", { name: /^Show the \d+ topics of ENT$/ }).click();
      await expect(page).toHaveURL(/show=ent/);
    }
    const ent = builder.locator("#topics-ent");
    await expect(ent).toHaveAttribute("open", "");
    const first = ent.locator('input[name="topic"]').first();
    await expect(first).toBeVisible();
    await expect(topics).toHaveCount(await ent.locator('input[name="topic"]').count());
    const label = ent.locator("label").first();
    const available = Number(await label.locator("span").innerText());
    await first.check();
    if (!javaScriptEnabled) await builder.getByRole("button", { name: "Update count" }).click();
    await expect(page.getByTestId("match-count")).toHaveText(
      available === 1
        ? "Only 1 question matches: the test will have 1."
        : `Only ${available} questions match: the test will have ${available}.`,
    );
    // Another subject opened after: ENT's tick is kept.
    await builder.getByText("Topics in Anatomy").click();
    if (!javaScriptEnabled) {
      await builder.getByRole("button", { name: /^Show the \d+ topics of Anatomy$/ }).click();
    }
    await expect(builder.locator('#topics-anatomy input[name="topic"]').first()).toBeVisible();
    await expect(ent.locator('input[name="topic"]').first()).toBeChecked();

    // Enter in the count starts the test (the form's default button is Start).
    await builder.getByLabel("Number of questions").fill("2");
    await builder.getByLabel("Number of questions").press("Enter");
    await expectFlash(page, "Your practice test is ready.");
    await expect(questionHeading(page, 1, Math.min(2, available))).toBeVisible();
  });

  test("a Starter learner sees what practice tests do, from their own answers, and Buy Now", async ({
    page,
    ip,
  }) => {
    await signedInLearner(page, ip, "practice-starter");
    await giveSubscription(page, "starter");
    await page.goto("/practice");
    await expect(
      page.getByRole("heading", { name: "Practice tests: unlock it with Plus" }),
    ).toBeVisible();
    await expect(page.getByTestId("practice-preview")).toContainText(
      /You have not answered any of the pool's 1,\d{3} questions yet/,
    );
    await expect(page.getByRole("heading", { name: "Build a test" })).toHaveCount(0);
    const refused = await page.request.get("/api/practice-tests");
    expect(refused.status()).toBe(403);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("link", { name: "Buy Now" }).click();
    await expect(page).toHaveURL("/plans?plan=plus");
  });
});

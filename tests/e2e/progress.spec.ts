/**
 * Progress analytics in the browser: a Plus learner with no answers gets
 * what to do first; after a quiz, the figures, the charts with their tables
 * (behind "Show the numbers": a button, or without JavaScript a link that loads them), the
 * sortable subject table, another exam, and a weak topic's one-click
 * practice test posted to /practice; a Starter learner gets the upgrade view
 * with their own figures, Buy Now choosing Plus, and a 403 from the API.
 * Answers come from real quizzes taken through the product's JSON API (a
 * plain topic, so the question bank sets them).
 */
import type { Page } from "@playwright/test";
import { expect, giveSubscription, signedInLearner, test } from "./access-fixtures";
import { seriousViolations } from "./axe";

test.describe.configure({ timeout: 90_000 });

/** Cookie-authenticated API writes say they come from this site, as the page's own fetch does. */
const SAME_ORIGIN = { "Sec-Fetch-Site": "same-origin" };

/**
 * A quiz of `count` bank questions on `topic`, generated, answered (option
 * A, B, C, D in turn) and finished through /api/quizzes, as the quiz screen
 * does: its answers join the learner's answer log.
 */
async function takeQuiz(page: Page, topic: string, count: number): Promise<number> {
  const generated = await page.request.post("/api/quizzes/generate", {
    data: { topic, count },
    headers: SAME_ORIGIN,
  });
  expect(generated.status(), await generated.text()).toBe(200);
  const stream = await generated.text();
  const attempt = JSON.parse(/event: attempt\ndata: (.+)\n/.exec(stream)![1]!) as { id: string };
  const read = await page.request.get(`/api/quizzes/attempts/${attempt.id}`);
  const items = ((await read.json()) as { data: { items: unknown[] } }).data.items;
  for (const index of items.keys()) {
    const answered = await page.request.post(`/api/quizzes/attempts/${attempt.id}/answers`, {
      data: { index, choice: index % 4 },
      headers: SAME_ORIGIN,
    });
    expect(answered.status(), await answered.text()).toBe(200);
  }
  const finished = await page.request.post(`/api/quizzes/attempts/${attempt.id}/finish`, {
    headers: SAME_ORIGIN,
  });
  expect(finished.status(), await finished.text()).toBe(200);
  return items.length;
}

async function plusLearnerWithAnswers(page: Page, ip: string, label: string) {
  await signedInLearner(page, ip, label);
  await giveSubscription(page, "plus");
  return takeQuiz(page, "Heart failure", 10);
}

const firstWeakTopic = (page: Page) =>
  page.getByTestId("weak-topics").getByRole("listitem").first();

test.describe("progress analytics", () => {
  test("a Plus learner: what to do first, then the figures, charts with their numbers, sorting, another exam and a weak topic's practice test", async ({
    page,
    ip,
  }) => {
    await signedInLearner(page, ip, "progress-js");
    await giveSubscription(page, "plus");
    await page.goto("/progress");
    await expect(page.getByRole("heading", { name: "Progress", level: 1 })).toBeVisible();
    const empty = page.getByTestId("progress-empty");
    await expect(empty.getByRole("heading", { name: "No answers yet" })).toBeVisible();
    await expect(empty.getByRole("link", { name: "Take a clinical quiz" })).toHaveAttribute(
      "href",
      "/clinical-quizzes",
    );
    await expect(empty.getByRole("link", { name: "Build a practice test" })).toHaveAttribute(
      "href",
      "/practice",
    );

    const answered = await takeQuiz(page, "Heart failure", 10);
    expect(answered).toBeGreaterThan(0);
    await page.goto("/progress");
    const totals = page.getByTestId("progress-totals");
    await expect(totals.getByText("Questions answered")).toBeVisible();
    await expect(totals.getByRole("definition").first()).toHaveText(String(answered));

    // The weekly chart is one image with its figures in its name; its numbers are a table.
    const chart = page.getByRole("img", { name: /^All subjects, last 12 weeks: \d+ answers/ });
    await expect(chart).toBeVisible();
    await expect(chart).toHaveAccessibleName(new RegExp(`: ${answered} answers`));
    const weekly = page.getByTestId("weekly-table");
    const show = page.getByRole("button", { name: "Show the numbers" }).first();
    await expect(show).toHaveAttribute("aria-expanded", "false");
    // Until then the table is there for screen readers only.
    const numbers = page.locator(`[id="${await show.getAttribute("aria-controls")}"]`);
    await expect(numbers).toHaveClass(/sr-only/);
    await expect(numbers.getByTestId("weekly-table")).toHaveCount(1);
    await show.click();
    await expect(numbers).not.toHaveClass(/sr-only/);
    await expect(page.getByRole("button", { name: "Hide the numbers" }).first()).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    await expect(weekly).toBeVisible();
    await expect(weekly.getByRole("row").last()).toContainText(String(answered));

    // The subject table sorts by a column on request.
    const subjects = page.getByTestId("subject-table");
    const accuracy = subjects.getByRole("columnheader", { name: /Accuracy/ });
    await accuracy.getByRole("button").click();
    await expect(accuracy).toHaveAttribute("aria-sort", "descending");
    await accuracy.getByRole("button").click();
    await expect(accuracy).toHaveAttribute("aria-sort", "ascending");

    // A subject's topics are drawn when it is opened, with no page load.
    const groups = page.getByTestId("topic-groups");
    await expect(groups.getByRole("table")).toHaveCount(0);
    await groups.locator("summary").first().click();
    // The subject's topics are asked for as it opens, and drawn with their figures.
    await expect(groups.getByRole("table")).toHaveCount(1);
    await expect(groups.getByRole("table")).toBeVisible();
    const topicRows = groups.getByRole("table").getByRole("row");
    await expect(topicRows.nth(1)).toContainText("%");
    await expect(groups.getByText(/^Loading the topics of /)).toHaveCount(0);
    await expect(page).not.toHaveURL(/topics=/);

    // Too few answers for a readiness estimate: said plainly, never a made-up score.
    const readiness = page.getByTestId("readiness");
    await expect(readiness.getByText("Not enough answers yet")).toBeVisible();
    await expect(readiness).toContainText(`you have ${answered}`);

    // A weak topic's practice test: one form post to /practice with the contract's fields.
    const topic = firstWeakTopic(page);
    const name = await topic.getByTestId("weak-topic-name").innerText();
    const form = topic.locator("form");
    await expect(form).toHaveAttribute("method", "post");
    await expect(form).toHaveAttribute("action", "/practice");
    const fields = await form.evaluate((element) =>
      Object.fromEntries(new FormData(element as HTMLFormElement)),
    );
    expect(fields).toMatchObject({
      intent: "start",
      topic: name,
      count: "20",
      mode: "tutor",
      exam: "neet-pg",
    });
    expect(fields.subject).toBeTruthy();
    await expect(
      topic.getByRole("button", { name: `Practise 20 questions on ${name}` }),
    ).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // Another exam: the readiness and the marks are for it.
    await page.getByLabel("Target exam").selectOption("fmge");
    await page.getByRole("button", { name: "Show", exact: true }).click();
    await expect(page).toHaveURL(/\/progress\?exam=fmge$/);
    await expect(page.getByRole("heading", { name: "Readiness for FMGE" })).toBeVisible();
    await expect(firstWeakTopic(page).locator('input[name="exam"]')).toHaveValue("fmge");
  });

  test("without JavaScript the charts' numbers load with a link, and a weak topic's button posts its practice test to /practice @nojs-only", async ({
    page,
    ip,
  }) => {
    const answered = await plusLearnerWithAnswers(page, ip, "progress-nojs");
    await page.goto("/progress");
    await expect(page.getByRole("img", { name: /^All subjects, last 12 weeks/ })).toBeVisible();
    // The tables are not in the page until asked for; the link keeps the page as it was.
    const weekly = page.getByTestId("weekly-table");
    await expect(weekly).toHaveCount(0);
    await expect(page.getByTestId("subject-weeks-table")).toHaveCount(0);
    await page.getByRole("link", { name: "Show the numbers" }).first().click();
    await expect(page).toHaveURL(/[?&]numbers=1#trends-heading$/);
    await expect(weekly).toBeVisible();
    await expect(weekly.getByRole("row")).toHaveCount(13);
    await expect(weekly.getByRole("row").last()).toContainText(String(answered));
    await expect(page.getByTestId("subject-weeks-table")).toBeVisible();
    await expect(page.getByRole("button", { name: "Show the numbers" })).toHaveCount(0);
    // The topics of a subject open without JavaScript too: the opened subject loads them.
    const groups = page.getByTestId("topic-groups");
    await expect(groups.getByRole("table")).toHaveCount(0);
    await groups.locator("summary").first().click();
    await groups
      .getByRole("link", { name: /^Show the \d+ topics? of / })
      .first()
      .click();
    await expect(page).toHaveURL(/[?&]topics=/);
    await expect(groups.getByRole("table")).toHaveCount(1);
    await expect(groups.getByRole("table").first()).toBeVisible();

    // The practice builder is its own page: here only the post it receives is checked.
    const posted: { method: string; path: string; body: URLSearchParams }[] = [];
    await page.route("**/practice", async (route) => {
      const request = route.request();
      posted.push({
        method: request.method(),
        path: new URL(request.url()).pathname,
        body: new URLSearchParams(request.postData() ?? ""),
      });
      await route.fulfill({
        status: 200,
        contentType: "text/html",
        body: "<h1>Practice test</h1>",
      });
    });
    const topic = firstWeakTopic(page);
    const name = await topic.getByTestId("weak-topic-name").innerText();
    await topic.getByRole("button", { name: `Practise 20 questions on ${name}` }).click();
    await expect(page.getByRole("heading", { name: "Practice test" })).toBeVisible();
    expect(posted).toHaveLength(1);
    expect(posted[0]!.method).toBe("POST");
    expect(posted[0]!.path).toBe("/practice");
    expect(Object.fromEntries(posted[0]!.body)).toMatchObject({
      intent: "start",
      topic: name,
      count: "20",
      mode: "tutor",
      exam: "neet-pg",
    });
  });

  test("a Starter learner sees what it does with their own figures, Buy Now with Plus chosen, and the API refuses @nojs", async ({
    page,
    ip,
  }) => {
    await signedInLearner(page, ip, "progress-starter");
    await giveSubscription(page, "starter");
    const answered = await takeQuiz(page, "Pneumonia", 5);
    await page.goto("/progress");
    await expect(
      page.getByRole("heading", { name: "Progress analytics: unlock it with Plus" }),
    ).toBeVisible();
    const preview = page.getByTestId("progress-preview");
    await expect(preview.getByRole("definition").first()).toHaveText(String(answered));
    await expect(preview.getByText("With Plus")).toHaveCount(3);
    await expect(page.getByTestId("weak-topics")).toHaveCount(0);
    await expect(page.getByRole("img", { name: /last 12 weeks/ })).toHaveCount(0);

    const api = await page.request.get("/api/progress");
    expect(api.status()).toBe(403);
    expect(await api.json()).toMatchObject({
      success: false,
      requiredPlan: "plus",
      upgradeUrl: "/plans?plan=plus",
    });

    await page.getByRole("link", { name: "Buy Now" }).click();
    await expect(page).toHaveURL(/\/plans\?plan=plus$/);
  });
});

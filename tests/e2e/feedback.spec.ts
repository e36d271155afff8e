/**
 * Mentor feedback in the browser: a Pro learner with answers opens /feedback,
 * reads the figures (the same as /progress writes them), is told to make a
 * study plan first, then adds a task to it and finds it on /planner marked
 * as from mentor feedback, with JavaScript on and off (@nojs: real form
 * posts). A Plus learner gets the upgrade view with Buy Now for Pro.
 */
import type { Page } from "@playwright/test";
import { giveSubscription } from "./access-fixtures";
import { expect, expectFlash, signedInLearner, test } from "./auth-fixtures";
import { seriousViolations } from "./axe";

test.describe.configure({ timeout: 120_000 });
test.use({ timezoneId: "Asia/Kolkata" });

const SAME_ORIGIN = { "Sec-Fetch-Site": "same-origin" };

function indiaDay(offset = 0): string {
  return new Date(Date.now() + 330 * 60_000 + offset * 86_400_000).toISOString().slice(0, 10);
}

/** A quiz of `count` questions generated, answered and finished through /api/quizzes. */
async function takeQuiz(page: Page, topic: string, count: number): Promise<number> {
  const generated = await page.request.post("/api/quizzes/generate", {
    data: { topic, count },
    headers: SAME_ORIGIN,
  });
  expect(generated.status(), await generated.text()).toBe(200);
  const attempt = JSON.parse(/event: attempt\ndata: (.+)\n/.exec(await generated.text())![1]!) as {
    id: string;
  };
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

test.describe("mentor feedback", () => {
  test("a Pro learner reads the figures and adds a task to the study planner @nojs", async ({
    page,
    ip,
  }) => {
    const javaScript = test.info().project.use.javaScriptEnabled !== false;
    await signedInLearner(page, ip, javaScript ? "feedback-js" : "feedback-nojs");
    await giveSubscription(page, "pro");
    const answered = await takeQuiz(page, "Heart failure", 10);

    await page.goto("/feedback");
    await expect(page.getByRole("heading", { level: 1, name: "Mentor feedback" })).toBeVisible();
    const report = page.getByTestId("feedback-report");
    await expect(report.getByText(/^Weekly feedback · week of /)).toBeVisible();
    await expect(page.getByTestId("week-answered")).toHaveText(String(answered));
    // The marks at stake read as /progress reads them.
    const weak = page.getByTestId("feedback-weak-topics").getByRole("listitem").first();
    const stake = (await weak.locator("strong").textContent())!;
    expect(stake).toMatch(/^≈ [\d.]+ marks at stake$/);
    await expect(page.getByTestId("feedback-list").getByRole("listitem")).toHaveCount(1);
    if (javaScript) expect(await seriousViolations(page)).toEqual([]);

    // No plan yet: it says so and where to make one.
    await expect(page.getByTestId("feedback-no-plan")).toBeVisible();
    await expect(page.getByRole("button", { name: "Add to my plan" })).toHaveCount(0);
    const plan = await page.request.post("/api/planner", {
      data: { exam: "neet-pg", examDate: indiaDay(60), hoursPerDay: 4, daysOff: [] },
      headers: SAME_ORIGIN,
    });
    expect(plan.status(), await plan.text()).toBe(201);

    await page.goto("/feedback");
    const first = page.locator("#feedback-task-0");
    await expect(first.getByTestId("feedback-task")).toHaveText(/^\d+-question |^Revise |^Review /);
    await first.getByRole("button", { name: "Add to my plan" }).click();
    await expect(first.getByTestId("feedback-task-added")).toContainText("In your plan for");
    await expectFlash(page, "Added to your plan");
    // Nothing more to add: the button is gone.
    await expect(first.getByRole("button", { name: "Add to my plan" })).toHaveCount(0);

    await page.goto("/progress");
    await expect(page.getByTestId("weak-topics")).toContainText(stake);

    await page.goto("/planner");
    const today = page.getByRole("list", { name: "Today's tasks" });
    const added = today.getByRole("listitem").filter({ hasText: "From mentor feedback" });
    await expect(added).toHaveCount(1);
    await expect(added.getByRole("link", { name: "From mentor feedback" })).toHaveAttribute(
      "href",
      "/feedback",
    );
  });

  test("a Plus learner sees what it is and Buy Now with Pro chosen", async ({ page, ip }) => {
    await signedInLearner(page, ip, "feedback-plus");
    await giveSubscription(page, "plus");
    await page.goto("/feedback");
    await expect(
      page.getByRole("heading", { name: "AI mentor feedback: unlock it with Pro" }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Buy Now" })).toHaveAttribute(
      "href",
      "/plans?plan=pro",
    );
    await expect(page.getByRole("button", { name: "Get feedback now" })).toHaveCount(0);
  });
});

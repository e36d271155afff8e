/**
 * The study planner in the browser: a Plus learner sets up a plan and ticks a
 * task (the tick shows at once and stays after a reload; today's plan shows on
 * the home page), the same set-up and tick as plain form posts with
 * JavaScript off, missed days rebalanced and shown (tasks moved into the past
 * in the local D1), and a Starter learner's upgrade view.
 */
import type { Page } from "@playwright/test";
import { expectFlash } from "./auth-fixtures";
import { expect, giveSubscription, signedInLearner, test } from "./access-fixtures";
import { localD1 } from "./auth-fixtures";
import { seriousViolations } from "./axe";

test.describe.configure({ timeout: 90_000 });
test.use({ timezoneId: "Asia/Kolkata" });

/** India's date `offset` days from now, YYYY-MM-DD. */
function indiaDay(offset = 0): string {
  return new Date(Date.now() + 330 * 60_000 + offset * 86_400_000).toISOString().slice(0, 10);
}

async function fillSettings(
  page: Page,
  options: { exam: string; examDate: string; hours: string; daysOff: string[] },
) {
  await page.getByLabel("Exam", { exact: true }).selectOption({ label: options.exam });
  await page.getByLabel("Exam date").fill(options.examDate);
  await page.getByLabel("Hours of study a day").fill(options.hours);
  for (const day of options.daysOff) await page.getByLabel(day).check();
}

const todaysTasks = (page: Page) => page.getByRole("list", { name: "Today's tasks" });

test.describe("study planner", () => {
  test("a Plus learner sets up a plan, ticks a task and sees today's plan at home", async ({
    page,
    ip,
  }) => {
    await signedInLearner(page, ip, "planner-js");
    await giveSubscription(page, "plus");
    await page.goto("/planner");
    await expect(page.getByRole("heading", { name: "Set up your plan" })).toBeVisible();

    // The form checks itself before anything is sent.
    await page.getByRole("button", { name: "Build my plan" }).click();
    await expect(page.getByLabel("Exam", { exact: true })).toHaveAccessibleDescription(
      "Choose the exam you are preparing for.",
    );
    await expect(page.getByLabel("Exam date")).toHaveAccessibleDescription(
      "Enter the date of your exam.",
    );

    await fillSettings(page, {
      exam: "NEET-PG",
      examDate: indiaDay(60),
      hours: "3",
      daysOff: [],
    });
    await page.getByRole("button", { name: "Build my plan" }).click();
    await expect(page.getByText("Your study plan is ready.").first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "Today", exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "The next seven days" })).toBeVisible();

    const first = todaysTasks(page).getByRole("checkbox").first();
    await expect(first).toHaveAttribute("aria-checked", "false");
    const title = (await page
      .locator(`#${await first.getAttribute("aria-labelledby")}`)
      .textContent())!;
    // Start opens the task's screen, pre-filled.
    const start = todaysTasks(page).getByRole("link", { name: title });
    await expect(start).toHaveText(/^Start/);
    await expect(start).toHaveAttribute(
      "href",
      /^\/(practice\?.*(mode=tutor|status=incorrect|mode=timed)|flashcards$)/,
    );

    await first.click();
    await expect(first).toHaveAttribute("aria-checked", "true");
    await expect(page.getByTestId("today-count")).toContainText("1 of");
    await page.reload();
    await expect(todaysTasks(page).getByRole("checkbox").first()).toHaveAttribute(
      "aria-checked",
      "true",
    );
    // The navigation counts what is left of today, from the same tasks.
    const left = (await todaysTasks(page).getByRole("checkbox").count()) - 1;
    await expect(page.getByTestId("study-menu").first()).toContainText(
      `${left} ${left === 1 ? "task" : "tasks"} left today`,
    );
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto("/");
    const home = page.getByRole("region", { name: "Today's plan" });
    await expect(home).toContainText(`Done: ${title}`);
    await expect(home.getByRole("link", { name: "Open your study planner" })).toHaveAttribute(
      "href",
      "/planner",
    );
  });

  test("set-up with a mistake, then a tick, as plain form posts @nojs-only", async ({
    page,
    ip,
  }) => {
    await signedInLearner(page, ip, "planner-nojs");
    await giveSubscription(page, "pro");
    await page.goto("/planner");
    // Tomorrow is the day off: today always has tasks to tick.
    const tomorrow = new Date(`${indiaDay(1)}T00:00:00Z`).toLocaleDateString("en-GB", {
      weekday: "long",
      timeZone: "UTC",
    });
    await fillSettings(page, {
      exam: "FMGE",
      examDate: indiaDay(0),
      hours: "2.5",
      daysOff: [tomorrow],
    });
    await page.getByRole("button", { name: "Build my plan" }).click();
    await expect(page.getByText("Your exam date must be after today.")).toBeVisible();

    await page.getByLabel("Exam date").fill(indiaDay(30));
    await page.getByRole("button", { name: "Build my plan" }).click();
    await expectFlash(page, "Your study plan is ready.");
    const week = page.getByRole("region", { name: "The next seven days" });
    await expect(week.getByRole("listitem").first()).toContainText("Day off");
    const first = todaysTasks(page).getByRole("checkbox").first();
    await expect(first).toHaveAttribute("aria-checked", "false");
    await first.click();
    await expect(page).toHaveURL(/\/planner#task-[0-9a-f]{32}$/);
    await expect(todaysTasks(page).getByRole("checkbox").first()).toHaveAttribute(
      "aria-checked",
      "true",
    );
    await expect(page.getByTestId("today-count")).toContainText("1 of");
  });

  test("missed days are moved into the coming days and the planner says what moved @localdb", async ({
    page,
    ip,
  }) => {
    const learner = await signedInLearner(page, ip, "planner-missed");
    await giveSubscription(page, "plus");
    const saved = await page.request.put("/api/planner", {
      data: { exam: "ini-cet", examDate: indiaDay(40), hoursPerDay: 2, daysOff: [] },
      headers: { "Sec-Fetch-Site": "same-origin" },
    });
    expect(saved.status(), await saved.text()).toBe(201);

    // Today's and tomorrow's tasks become two missed days, three and two days ago.
    const user = `(SELECT id FROM users WHERE email = '${learner.email}')`;
    await localD1(
      `UPDATE study_tasks SET day = '${indiaDay(-3)}' WHERE user_id = ${user} AND day = '${indiaDay(0)}';
       UPDATE study_tasks SET day = '${indiaDay(-2)}' WHERE user_id = ${user} AND day = '${indiaDay(1)}';`,
    );
    const missedDay = new Date(`${indiaDay(-3)}T00:00:00Z`).toLocaleDateString("en-GB", {
      weekday: "short",
      day: "numeric",
      month: "short",
      timeZone: "UTC",
    });

    await page.goto("/planner");
    const notice = page.getByTestId("rebalance-notice");
    await expect(notice).toContainText("Your plan was rebalanced around missed days");
    await expect(notice).toContainText(
      new RegExp(`\\d+ tasks? from ${missedDay.replace(",", "")} moved to`),
    );
    await expect(page.getByText(/Moved from /).first()).toBeVisible();

    // The notice stays for the day, and nothing moves twice.
    const before = await page.request.get(`/api/planner?from=${indiaDay(-5)}&to=${indiaDay(14)}`);
    await page.reload();
    await expect(page.getByTestId("rebalance-notice")).toBeVisible();
    const after = await page.request.get(`/api/planner?from=${indiaDay(-5)}&to=${indiaDay(14)}`);
    const days = async (response: typeof before) =>
      ((await response.json()) as { data: { days: { tasks: unknown[] }[] } }).data.days;
    expect(await days(after)).toEqual(await days(before));
    expect((await days(after)).slice(0, 5).every((day) => day.tasks.length === 0)).toBe(true);
  });

  test("a Starter learner sees what the planner does, a week of their own, and Buy Now", async ({
    page,
    ip,
  }) => {
    await signedInLearner(page, ip, "planner-starter");
    await giveSubscription(page, "starter");
    await page.goto("/planner");
    await expect(
      page.getByRole("heading", { name: "Study planner: unlock it with Plus" }),
    ).toBeVisible();
    await expect(page.getByTestId("planner-preview")).toContainText("Your first week");
    await expect(page.getByRole("link", { name: "Buy Now" })).toHaveAttribute(
      "href",
      "/plans?plan=plus",
    );
    await expect(page.getByRole("button", { name: "Build my plan" })).toHaveCount(0);
    const api = await page.request.get("/api/planner");
    expect(api.status()).toBe(403);
    expect(await api.json()).toMatchObject({ upgradeUrl: "/plans?plan=plus" });
  });
});

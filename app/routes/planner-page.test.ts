/**
 * The study planner through the real worker: who gets what (visitors to
 * /login, trial and Starter learners the upgrade view and 403s, Plus the
 * planner), the no-JavaScript form posts (settings with their messages, a
 * tick), the rebalance notice after missed days, the .ics export, the JSON
 * API, today's plan on the home page, and a Pro learner's weekly paper as a
 * mock exam.
 */
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { createDb } from "~/db/client.server";
import { indiaDate } from "~/lib/admin";
import { PLAN_FEATURES } from "~/lib/plan-features";
import { addDays, formatDay, STUDY_PLAN_MESSAGES, weekdayOf } from "~/lib/study-plan";
import { saveStudyPlan } from "~/models/study-plan.server";
import { startTrial } from "~/models/subscription.server";
import { call, cookiesFrom, makeUser, postForm } from "../../tests/support/auth";
import { api, apiLearner, buyPlanThroughApi } from "../../tests/support/payments";

vi.setConfig({ testTimeout: 60_000 });

const db = () => createDb(env.DB);
const DAY_MS = 86_400_000;
const today = () => indiaDate(Date.now());

const escape = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;");

async function signIn(email: string, password: string) {
  const response = await postForm("/login", { email, password });
  expect(response.status).toBe(302);
  return cookiesFrom(response);
}

async function learnerWith(planId: "starter" | "plus" | "pro" | null) {
  const { user, token } = await apiLearner({ trial: true });
  if (planId) await buyPlanThroughApi(token, planId);
  return { user, token, cookie: await signIn(user.email, user.plainPassword) };
}

const page = (path: string, cookie: string) =>
  call(path, { headers: { Cookie: cookie } }).then((response) => response.text());

async function follow(response: Response, cookie: string): Promise<string> {
  expect(response.status).toBe(302);
  const location = response.headers.get("Location")!;
  return page(location, cookiesFrom(response, cookie));
}

async function tasksOf(userId: string) {
  const { results } = await env.DB.prepare(
    "SELECT id, day, kind, done_at FROM study_tasks WHERE user_id = ?1 ORDER BY day, position",
  )
    .bind(userId)
    .all<{ id: string; day: string; kind: string; done_at: number | null }>();
  return results;
}

const settingsForm = (overrides: Record<string, string | string[]> = {}) => ({
  intent: "settings",
  exam: "neet-pg",
  examDate: addDays(today(), 45),
  hoursPerDay: "4",
  daysOff: ["0"],
  ...overrides,
});

describe("who gets the planner", () => {
  it("sends visitors to sign in and back", async () => {
    const response = await call("/planner");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fplanner");
    expect((await call("/planner.ics")).headers.get("Location")).toBe(
      "/login?redirectTo=%2Fplanner.ics",
    );
  });

  it("shows trial learners the upgrade view with a week built from their answers", async () => {
    const user = await makeUser();
    await startTrial(db(), user.id, Date.now());
    await env.DB.prepare(
      `INSERT INTO progress_topics (user_id, subject, topic, answered, correct, timed, seconds, last_at)
       VALUES (?1, 'Pharmacology', 'General pharmacology', 8, 2, 0, 0, ?2)`,
    )
      .bind(user.id, Date.now())
      .run();
    const html = await page("/planner", await signIn(user.email, user.plainPassword));
    expect(html).toContain('data-testid="plan-upgrade"');
    expect(html).toContain('href="/plans?plan=plus"');
    expect(html).toContain('data-testid="planner-preview"');
    expect(html).toContain("Pharmacology (25 % right)");
    expect(html).not.toContain('name="intent" value="settings"');
  });

  it("refuses Starter learners' posts, calendar and API calls with the upgrade message", async () => {
    const { user, token, cookie } = await learnerWith("starter");
    expect(await page("/planner", cookie)).toContain('data-testid="plan-upgrade"');
    const posted = await postForm("/planner", settingsForm(), { cookie });
    expect(await follow(posted, cookie)).toContain(escape(PLAN_FEATURES.studyPlanner.refusal));
    expect(await tasksOf(user.id)).toEqual([]);

    const calendar = await call("/planner.ics", { headers: { Cookie: cookie } });
    expect(calendar.status).toBe(403);
    expect(await calendar.text()).toBe(PLAN_FEATURES.studyPlanner.refusal);

    for (const [path, method] of [
      ["/api/planner", "GET"],
      ["/api/planner", "PUT"],
      ["/api/planner/tasks/0123456789abcdef0123456789abcdef", "POST"],
    ] as const) {
      const { status, body } = await api(path, {
        token,
        method,
        ...(method === "GET" ? {} : { body: { done: true } }),
      });
      expect(status, path).toBe(403);
      expect(body).toMatchObject({
        success: false,
        message: PLAN_FEATURES.studyPlanner.refusal,
        requiredPlan: "plus",
        upgradeUrl: "/plans?plan=plus",
      });
    }
  });

  it("answers 401 to API calls without a session", async () => {
    const { status, body } = await api("/api/planner");
    expect(status).toBe(401);
    expect(body.success).toBe(false);
  });
});

describe("the page without JavaScript", () => {
  it("sets up a plan: errors by field first, then the plan with today's checklist", async () => {
    const { user, cookie } = await learnerWith("plus");
    const setup = await page("/planner", cookie);
    expect(setup).toContain("Set up your plan");
    expect(setup).toContain('name="intent" value="settings"');

    const refused = await postForm(
      "/planner",
      settingsForm({ exam: "", examDate: today(), hoursPerDay: "20" }),
      { cookie },
    );
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain(escape(STUDY_PLAN_MESSAGES.examRequired));
    expect(html).toContain(escape(STUDY_PLAN_MESSAGES.datePast));
    expect(html).toContain(escape(STUDY_PLAN_MESSAGES.hoursInvalid));
    expect(await tasksOf(user.id)).toEqual([]);

    const allOff = await postForm(
      "/planner",
      settingsForm({ daysOff: ["0", "1", "2", "3", "4", "5", "6"] }),
      { cookie },
    );
    expect(allOff.status).toBe(400);
    expect(await allOff.text()).toContain(escape(STUDY_PLAN_MESSAGES.allDaysOff));

    const saved = await postForm("/planner", settingsForm(), { cookie });
    expect(saved.headers.get("Location")).toBe("/planner");
    const planner = await follow(saved, cookie);
    expect(planner).toContain(STUDY_PLAN_MESSAGES.created);
    expect(planner).toContain("The next seven days");
    expect(planner).toContain("Add to calendar (.ics)");
    const rows = await tasksOf(user.id);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows.filter((task) => task.day === today())) {
      expect(planner).toContain(`id="task-${row.id}"`);
    }
  });

  it("ticks a task done and back, and refuses someone else's", async () => {
    const { user, cookie } = await learnerWith("plus");
    await postForm("/planner", settingsForm({ daysOff: [] }), { cookie });
    const [first] = await tasksOf(user.id);
    const ticked = await postForm(
      "/planner?week=1",
      { intent: "tick", taskId: first!.id, done: "1" },
      { cookie },
    );
    expect(ticked.status).toBe(302);
    expect(ticked.headers.get("Location")).toBe(`/planner?week=1#task-${first!.id}`);
    expect((await tasksOf(user.id))[0]!.done_at).not.toBeNull();
    const html = await page("/planner", cookie);
    expect(html).toMatch(
      new RegExp(`aria-checked="true"[^>]*aria-labelledby="task-title-${first!.id}"`),
    );

    await postForm("/planner", { intent: "tick", taskId: first!.id, done: "0" }, { cookie });
    expect((await tasksOf(user.id))[0]!.done_at).toBeNull();

    const other = await learnerWith("plus");
    const refused = await postForm(
      "/planner",
      { intent: "tick", taskId: first!.id, done: "1" },
      { cookie: other.cookie },
    );
    expect(await follow(refused, other.cookie)).toContain(escape(STUDY_PLAN_MESSAGES.taskInvalid));
    expect((await tasksOf(user.id))[0]!.done_at).toBeNull();
  });

  it("shows what moved after missed days, once", async () => {
    const { user, cookie } = await learnerWith("pro");
    await saveStudyPlan(
      db(),
      user.id,
      { exam: "fmge", examDate: addDays(today(), 40), hoursPerDay: 2, daysOff: [] },
      Date.now() - 2 * DAY_MS,
      "pro",
    );
    const missedDay = addDays(today(), -2);
    const html = await page("/planner", cookie);
    expect(html).toContain("Your plan was rebalanced around missed days");
    expect(html).toMatch(new RegExp(`\\d+ tasks? from ${formatDay(missedDay)} moved to`));
    expect(html).toContain("Moved from");
    const after = await tasksOf(user.id);
    expect(after.filter((row) => row.day < today())).toEqual([]);
    // A second visit the same day moves nothing more and says the same.
    expect(await page("/planner", cookie)).toContain("Your plan was rebalanced around missed days");
    expect(await tasksOf(user.id)).toEqual(after);
  });

  it("asks for the next exam date once the exam has passed", async () => {
    const { user, cookie } = await learnerWith("plus");
    await saveStudyPlan(
      db(),
      user.id,
      { exam: "ini-cet", examDate: addDays(today(), -1), hoursPerDay: 2, daysOff: [] },
      Date.now() - 5 * DAY_MS,
      "plus",
    );
    const html = await page("/planner", cookie);
    expect(html).toContain("has passed. When is your next exam?");
    expect(html).toContain("Plan for your next exam");
  });
});

describe("the calendar export", () => {
  it("is an RFC 5545 file with one all-day event per study day and stable UIDs", async () => {
    const { user, cookie } = await learnerWith("plus");
    await postForm("/planner", settingsForm({ examDate: addDays(today(), 10) }), { cookie });
    const response = await call("/planner.ics", { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(
      'attachment; filename="medmentor-study-plan.ics"',
    );
    const text = await response.text();
    expect(text.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of text.split("\r\n")) {
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    }
    const days = new Set((await tasksOf(user.id)).map((row) => row.day));
    const uids = text.match(/^UID:.*$/gm)!;
    expect(uids).toHaveLength(days.size + 1);
    expect(uids).toContain(`UID:study-day-${today()}-${user.id}@medmentor`);
    expect(uids).toContain(`UID:exam-day-${user.id}@medmentor`);
    const again = await (await call("/planner.ics", { headers: { Cookie: cookie } })).text();
    expect(again.match(/^UID:.*$/gm)).toEqual(uids);
  });
});

describe("the JSON API", () => {
  it("sets up, reads and rebuilds a plan and ticks its tasks", async () => {
    const { user, token } = await learnerWith("plus");
    const empty = await api("/api/planner", { token });
    expect(empty.body).toMatchObject({ success: true, data: { plan: null, days: [] } });

    const invalid = await api("/api/planner", {
      token,
      method: "PUT",
      body: { exam: "neet-pg", examDate: "2020-01-01", hoursPerDay: 3.3, daysOff: [] },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({
      success: false,
      message: STUDY_PLAN_MESSAGES.datePast,
      errors: {
        examDate: [STUDY_PLAN_MESSAGES.datePast],
        hoursPerDay: [STUDY_PLAN_MESSAGES.hoursStep],
      },
    });

    const settings = {
      exam: "neet-pg",
      examDate: addDays(today(), 30),
      hoursPerDay: 3,
      daysOff: [6],
    };
    const created = await api("/api/planner", { token, method: "PUT", body: settings });
    expect(created.status).toBe(201);
    const data = created.body.data as {
      plan: Record<string, unknown>;
      days: {
        day: string;
        dayOff: boolean;
        tasks: { id: string; href: string; done: boolean }[];
      }[];
    };
    expect(data.plan).toMatchObject({ ...settings, examName: "NEET-PG", phase: "ahead" });
    expect(data.days).toHaveLength(14);
    const task = data.days.find((day) => day.tasks.length > 0)!.tasks[0]!;
    expect(task.href).toMatch(/^\/(practice|flashcards)/);

    const rebuilt = await api("/api/planner", {
      token,
      method: "POST",
      body: { ...settings, hoursPerDay: 2 },
    });
    expect(rebuilt.status).toBe(200);
    expect(rebuilt.body.message).toBe(STUDY_PLAN_MESSAGES.updated);

    const [first] = await tasksOf(user.id);
    const ticked = await api(`/api/planner/tasks/${first!.id}`, { token, body: { done: true } });
    expect(ticked.status).toBe(200);
    expect(ticked.body.data).toMatchObject({ task: { id: first!.id, done: true } });

    expect(
      (await api(`/api/planner/tasks/${first!.id}`, { token, body: { done: "yes" } })).body,
    ).toMatchObject({ success: false, message: STUDY_PLAN_MESSAGES.doneInvalid });
    expect((await api("/api/planner/tasks/nope", { token, body: { done: true } })).status).toBe(
      400,
    );
    const other = await learnerWith("plus");
    const notTheirs = await api(`/api/planner/tasks/${first!.id}`, {
      token: other.token,
      body: { done: false },
    });
    expect(notTheirs.status).toBe(404);
    expect(notTheirs.body.message).toBe(STUDY_PLAN_MESSAGES.taskNotFound);

    const range = await api(`/api/planner?from=${addDays(today(), 2)}&to=${addDays(today(), 5)}`, {
      token,
    });
    expect((range.body.data as { days: unknown[] }).days).toHaveLength(3);
    expect((await api("/api/planner?from=tomorrow", { token })).status).toBe(400);
  });
});

describe("the home page", () => {
  it("shows Plus learners today's plan and nobody else", async () => {
    const plus = await learnerWith("plus");
    await postForm("/planner", settingsForm({ daysOff: [] }), { cookie: plus.cookie });
    const [first] = (await tasksOf(plus.user.id)).filter((row) => row.day === today());
    const home = await page("/", plus.cookie);
    expect(home).toContain("Today&#x27;s plan");
    expect(home).toContain("Open your study planner");
    expect(home).toContain("NEET-PG on");
    expect(first).toBeDefined();

    const trial = await learnerWith(null);
    expect(await page("/", trial.cookie)).not.toContain("Today&#x27;s plan");
  });
});

describe("the weekly paper", () => {
  /** Days off after today to the week's Sunday, so today is the week's last study day: the paper's. */
  const todayLast = () => {
    const weekday = weekdayOf(today());
    return weekday === 0 ? [] : [0, ...[1, 2, 3, 4, 5, 6].filter((day) => day > weekday)];
  };
  const settings = () => ({
    exam: "neet-pg",
    examDate: addDays(today(), 30),
    hoursPerDay: 2,
    daysOff: todayLast(),
  });
  type ApiTask = {
    kind: string;
    title: string;
    questionCount: number;
    minutes: number;
    href: string;
  };
  const todaysTasks = (body: Record<string, unknown>) =>
    (body.data as { days: { day: string; tasks: ApiTask[] }[] }).days.find(
      (day) => day.day === today(),
    )!.tasks;

  it("is a quarter mock for a Pro learner at 2 h a day, opening /mock-exams pre-filled", async () => {
    const { token, cookie } = await learnerWith("pro");
    const created = await api("/api/planner", { token, method: "PUT", body: settings() });
    expect(created.status).toBe(201);
    const mock = todaysTasks(created.body).find((task) => task.kind === "mock-exam");
    expect(mock).toMatchObject({
      title: "NEET-PG quarter mock (exam conditions)",
      questionCount: 50,
      minutes: 55,
      href: "/mock-exams?pattern=neet-pg&length=quarter",
    });
    expect(todaysTasks(created.body).some((task) => task.kind === "mock")).toBe(false);

    const link = 'href="/mock-exams?pattern=neet-pg&amp;length=quarter"';
    const planner = await page("/planner", cookie);
    expect(planner).toContain("NEET-PG quarter mock (exam conditions)");
    expect(planner).toContain("50 questions · 55 min");
    expect(planner).toContain(link);
    const home = await page("/", cookie);
    expect(home).toContain("NEET-PG quarter mock (exam conditions)");
    expect(home).toContain(link);
    const calendar = await (await call("/planner.ics", { headers: { Cookie: cookie } })).text();
    expect(calendar.replace(/\r\n /g, "")).toContain(
      "NEET-PG quarter mock (exam conditions) (50 questions · 55 min): http://localhost/mock-exams?pattern=neet-pg&length=quarter",
    );
  });

  it("stays the timed practice paper for a Plus learner", async () => {
    const { token, cookie } = await learnerWith("plus");
    const created = await api("/api/planner", { token, method: "PUT", body: settings() });
    const tasks = todaysTasks(created.body);
    expect(tasks.some((task) => task.kind === "mock-exam")).toBe(false);
    expect(tasks.find((task) => task.kind === "mock")).toMatchObject({
      title: "Timed practice paper (exam pace)",
      questionCount: 57,
      minutes: 60,
      href: "/practice?mode=timed&count=57&exam=neet-pg",
    });
    const planner = await page("/planner", cookie);
    expect(planner).toContain('href="/practice?mode=timed&amp;count=57&amp;exam=neet-pg"');
    expect(planner).not.toContain("/mock-exams?pattern=");
  });
});

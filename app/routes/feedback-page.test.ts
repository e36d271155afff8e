/**
 * /feedback, /feedback/:id and /api/feedback* through the real worker (no AI
 * key here: the rules write): plan access; every figure of a report equal to
 * /api/progress and written on the page as /progress writes it; the empty
 * state; the weekly report made once under concurrent first visits; the
 * day's on-demand limit under concurrent requests; tasks into the planner
 * once, shown there as from mentor feedback, kept when the plan is rebuilt.
 */
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { createDb } from "~/db/client.server";
import { indiaDate } from "~/lib/admin";
import { FEEDBACK_LIMITS, FEEDBACK_MESSAGES, type FeedbackFigures } from "~/lib/feedback";
import { PLAN_FEATURES } from "~/lib/plan-features";
import type { ProgressView } from "~/lib/progress";
import { addDays, mondayOf } from "~/lib/study-plan";
import { saveStudyPlan } from "~/models/study-plan.server";
import { call, callJson, cookiesFrom, postForm } from "../../tests/support/auth";
import { apiLearner, buyPlanThroughApi } from "../../tests/support/payments";
import { topicAnswers } from "../../tests/support/practice";

vi.setConfig({ testTimeout: 90_000 });

const db = () => createDb(env.DB);

async function learner(plan: "trial" | "plus" | "pro") {
  const { user, token } = await apiLearner({ trial: true });
  if (plan !== "trial") await buyPlanThroughApi(token, plan);
  const login = await postForm("/login", { email: user.email, password: user.plainPassword });
  expect(login.status).toBe(302);
  return { user, token, cookie: cookiesFrom(login) };
}

const page = (path: string, cookie: string) => call(path, { headers: { Cookie: cookie } });
const htmlOf = async (response: Response) =>
  (await response.text()).replace(/<!-- -->/g, "").replace(/&#x27;/g, "'");

type ApiReport = {
  id: string;
  kind: string;
  author: string;
  feedback: { headline: string };
  tasks: Array<{ index: number; label: string; kind: string; planner: { added: boolean } }>;
  figures: FeedbackFigures;
};

async function weeklyCount(userId: string): Promise<number> {
  const row = await env.DB.prepare(
    "SELECT count(*) AS n FROM feedback_reports WHERE user_id = ?1 AND kind = 'weekly'",
  )
    .bind(userId)
    .first<{ n: number }>();
  return row!.n;
}

describe("/feedback: who may use it", () => {
  it("sends visitors to sign in (401 from the API) and shows a Plus learner the upgrade view (403)", async () => {
    const visitor = await call("/feedback");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe("/login?redirectTo=%2Ffeedback");
    expect((await callJson("/api/feedback")).status).toBe(401);

    const { user, token, cookie } = await learner("plus");
    await topicAnswers(user.id, "Medicine", "Cardiology", 10, 5);
    const html = await htmlOf(await page("/feedback", cookie));
    expect(html).toContain("AI mentor feedback: unlock it with Pro");
    expect(html).toContain('href="/plans?plan=pro"');
    expect(html).not.toContain("Get feedback now");
    expect(await weeklyCount(user.id)).toBe(0);

    const refusal = {
      success: false,
      message: PLAN_FEATURES.mentorFeedback.refusal,
      requiredPlan: "pro",
      upgradeUrl: "/plans?plan=pro",
    };
    const calls = [
      callJson("/api/feedback", { token }),
      callJson("/api/feedback", { token, body: {} }),
      callJson(`/api/feedback/${"a".repeat(32)}`, { token }),
      callJson(`/api/feedback/${"a".repeat(32)}/tasks`, { token, body: { task: 0 } }),
    ];
    for (const answer of await Promise.all(calls)) {
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual(refusal);
    }
    // A form post without Pro writes nothing.
    const posted = await postForm("/feedback", { intent: "generate" }, { cookie });
    expect(posted.status).toBe(302);
    const stored = await env.DB.prepare(
      "SELECT count(*) AS n FROM feedback_reports WHERE user_id = ?1",
    )
      .bind(user.id)
      .first<{ n: number }>();
    expect(stored!.n).toBe(0);
  });

  it("shows a Pro learner without answers what to do first, and writes nothing", async () => {
    const { user, token, cookie } = await learner("pro");
    const html = await htmlOf(await page("/feedback", cookie));
    expect(html).toContain("Nothing to give feedback on yet");
    expect(html).toContain('href="/practice"');
    expect(await weeklyCount(user.id)).toBe(0);
    const now = await callJson("/api/feedback", { token, body: {} });
    expect(now.status).toBe(400);
    expect(now.body.message).toBe(FEEDBACK_MESSAGES.noAnswers);
    const list = await callJson("/api/feedback", { token });
    expect(list.body).toEqual({ success: true, data: [] });
  });
});

describe("/feedback: a Pro learner's report", () => {
  it("writes this week's report once, even on concurrent first visits, with every figure as /progress has it", async () => {
    const { user, token, cookie } = await learner("pro");
    await topicAnswers(user.id, "Medicine", "Cardiology", 40, 30, 75);
    await topicAnswers(user.id, "Pathology", "Inflammation", 20, 6, 40);

    const visits = await Promise.all([
      page("/feedback", cookie),
      page("/feedback", cookie),
      callJson("/api/feedback", { token }).then((answer) => answer.response),
      page("/feedback", cookie),
    ]);
    for (const visit of visits) expect(visit.status).toBe(200);
    expect(await weeklyCount(user.id)).toBe(1);

    const list = await callJson("/api/feedback", { token });
    const [summary] = list.body.data as unknown as Array<{
      id: string;
      kind: string;
      period: string;
    }>;
    expect(list.body.data).toHaveLength(1);
    expect(summary).toMatchObject({ kind: "weekly", period: mondayOf(indiaDate(Date.now())) });

    const one = await callJson(`/api/feedback/${summary!.id}`, { token });
    expect(one.status).toBe(200);
    const report = one.body.data as unknown as ApiReport;
    expect(report.author).toBe("rules");
    expect(report.tasks).toHaveLength(3);

    // Every figure equals the /progress view's.
    const progress = (await callJson("/api/progress", { token })).body
      .data as unknown as ProgressView;
    const figures = report.figures;
    expect(figures.thisWeek).toEqual(progress.weekly.overall.at(-1));
    expect(figures.lastWeek).toEqual(progress.weekly.overall.at(-2));
    expect(figures.weekBySubject).toEqual(
      progress.weekly.bySubject.flatMap((series) => {
        const last = series.weeks.at(-1)!;
        return last.answered > 0
          ? [
              {
                subject: series.subject,
                answered: last.answered,
                correct: last.correct,
                accuracy: last.accuracy,
              },
            ]
          : [];
      }),
    );
    expect(figures.weakTopics).toEqual(progress.weakTopics);
    expect(figures.errorLog).toEqual(progress.errorLog);
    expect(figures.readiness).toEqual(progress.readiness);
    expect(figures.flashcardsDue).toBe(progress.flashcards.dueToday);
    expect(figures.notStarted).toEqual(progress.notStarted);
    expect(figures.totals).toEqual({
      answered: progress.totals.answered,
      correct: progress.totals.correct,
      accuracy: progress.totals.accuracy,
      averageSeconds: progress.totals.averageSeconds,
    });
    for (const slow of figures.slowSubjects) {
      const subject = progress.subjects.find((row) => row.subject === slow.subject)!;
      expect(slow).toEqual({
        subject: subject.subject,
        averageSeconds: subject.averageSeconds,
        timed: subject.timed,
      });
    }
    expect(figures.slowSubjects.map((row) => row.subject)).toEqual(["Medicine"]);
    expect(figures.activity).toMatchObject({ practiceTests: 2, mockExams: 0 });
    expect(figures.thisWeek).toMatchObject({ answered: 60, correct: 36 });

    // The page writes the figures as /progress writes them.
    const feedbackHtml = await htmlOf(await page("/feedback", cookie));
    const progressHtml = await htmlOf(await page("/progress", cookie));
    for (const topic of progress.weakTopics) {
      const shown = new RegExp(
        `${topic.subject} · ${topic.topic}</span>: (\\d+% of [\\d,]+ answers? right) · <strong>(≈ [\\d.]+ marks at stake)</strong>`,
      ).exec(feedbackHtml);
      expect(shown, topic.topic).not.toBeNull();
      expect(progressHtml).toContain(shown![1]);
      expect(progressHtml).toContain(shown![2]);
    }
    expect(feedbackHtml).toContain(report.feedback.headline);
    expect(feedbackHtml).toContain("This week: 60 answers at 60% accuracy");
    for (const task of report.tasks) expect(feedbackHtml).toContain(task.label);
    // No plan yet: the page says so and links to the planner, and adding is refused.
    expect(feedbackHtml).toContain('data-testid="feedback-no-plan"');
    const refused = await callJson(`/api/feedback/${report.id}/tasks`, {
      token,
      body: { task: 0 },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(FEEDBACK_MESSAGES.noPlan);
  });

  it(`allows exactly ${FEEDBACK_LIMITS.onDemandPerDay} reports on demand a day, however many are asked for at once`, async () => {
    const { user, token, cookie } = await learner("pro");
    await topicAnswers(user.id, "Surgery", "Hernia and abdominal wall", 12, 7);
    const asked = await Promise.all(
      Array.from({ length: 6 }, () => callJson("/api/feedback", { token, body: {} })),
    );
    const statuses = asked.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429]);
    const limited = asked.find((answer) => answer.status === 429)!;
    expect(limited.body.message).toBe(FEEDBACK_MESSAGES.rateLimited);
    expect(Number(limited.response.headers.get("Retry-After"))).toBeGreaterThan(0);
    const stored = await env.DB.prepare(
      "SELECT count(*) AS n FROM feedback_reports WHERE user_id = ?1 AND kind = 'on-demand'",
    )
      .bind(user.id)
      .first<{ n: number }>();
    expect(stored!.n).toBe(FEEDBACK_LIMITS.onDemandPerDay);
    // The form says so too, and its post is refused with the same message.
    const html = await htmlOf(await page("/feedback", cookie));
    expect(html).toContain(
      `You have used today's ${FEEDBACK_LIMITS.onDemandPerDay} on-demand reports`,
    );
    const posted = await postForm("/feedback", { intent: "generate" }, { cookie });
    expect(posted.status).toBe(302);
    // The list: the weekly report and the three on demand, newest first; each opens.
    const list = (await callJson("/api/feedback", { token })).body.data as unknown as Array<{
      id: string;
      createdAt: string;
    }>;
    expect(list).toHaveLength(4);
    const times = list.map((item) => item.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const opened = await page(`/feedback/${list[3]!.id}`, cookie);
    expect(opened.status).toBe(200);
    expect(await htmlOf(opened)).toContain('data-testid="feedback-report"');
  });

  it("puts a task into the planner once, shows it there as from mentor feedback, and keeps it when the plan is rebuilt", async () => {
    const { user, token, cookie } = await learner("pro");
    await topicAnswers(user.id, "Medicine", "Cardiology", 20, 8);
    const today = indiaDate(Date.now());
    const settings = {
      exam: "neet-pg" as const,
      examDate: addDays(today, 60),
      hoursPerDay: 4,
      daysOff: [],
    };
    await saveStudyPlan(db(), user.id, settings, Date.now(), "pro");
    const created = await callJson("/api/feedback", { token, body: {} });
    expect(created.status).toBe(201);
    const report = created.body.data as unknown as ApiReport;

    const adds = await Promise.all([
      callJson(`/api/feedback/${report.id}/tasks`, { token, body: { task: 0 } }),
      callJson(`/api/feedback/${report.id}/tasks`, { token, body: { task: 0 } }),
      postForm(
        `/feedback/${report.id}`,
        { intent: "add-task", reportId: report.id, task: "0" },
        { cookie },
      ).then((response) => ({ status: response.status, body: {} })),
    ]);
    for (const answer of adds.slice(0, 2)) expect([200, 201]).toContain(answer.status);
    expect(adds[2]!.status).toBe(302);
    const rows = await env.DB.prepare(
      "SELECT id, day, title, origin FROM study_tasks WHERE user_id = ?1 AND origin = 'feedback'",
    )
      .bind(user.id)
      .all<{ id: string; day: string; title: string; origin: string }>();
    expect(rows.results).toHaveLength(1);
    expect(rows.results[0]!.day).toBe(today);

    const planner = await htmlOf(await page("/planner", cookie));
    expect(planner).toContain(rows.results[0]!.title);
    expect(planner).toContain("From mentor feedback");

    // The feedback page: the week's first visit writes its report; the next shows it (its reads with
    // the page's chrome), with a task added from it and the day's on-demand reports left.
    const written = await htmlOf(await page("/feedback", cookie));
    expect(written).toContain('data-testid="feedback-report"');
    const weekly = (
      (await callJson("/api/feedback", { token })).body.data as unknown as Array<{
        id: string;
        kind: string;
      }>
    ).find((item) => item.kind === "weekly")!;
    expect(weekly).toBeDefined();
    const before = await htmlOf(await page("/feedback", cookie));
    expect(before).not.toContain('data-testid="feedback-task-added"');
    expect(before).toContain("2 reports on demand left today.");
    const added = await postForm(
      "/feedback",
      { intent: "add-task", reportId: weekly.id, task: "1" },
      { cookie },
    );
    expect(added.status).toBe(302);
    const shown = await htmlOf(await page("/feedback", cookie));
    expect(shown.match(/data-testid="feedback-task-added"/g)).toHaveLength(1);
    expect(shown).toContain("In your plan for");
    expect(shown).toContain("2 reports on demand left today.");
    const again = await callJson(`/api/feedback/${report.id}`, { token });
    expect((again.body.data as unknown as ApiReport).tasks[0]!.planner).toMatchObject({
      added: true,
      day: today,
    });

    // Rebuilding the plan keeps it.
    await saveStudyPlan(db(), user.id, { ...settings, hoursPerDay: 5 }, Date.now(), "pro");
    const kept = await env.DB.prepare("SELECT count(*) AS n FROM study_tasks WHERE id = ?1")
      .bind(rows.results[0]!.id)
      .first<{ n: number }>();
    expect(kept!.n).toBe(1);

    // Malformed input and someone else's report.
    for (const body of [{ task: 3 }, { task: "x" }, {}]) {
      const bad = await callJson(`/api/feedback/${report.id}/tasks`, { token, body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    expect((await callJson("/api/feedback/not-an-id", { token })).status).toBe(400);
    const other = await learner("pro");
    expect((await callJson(`/api/feedback/${report.id}`, { token: other.token })).status).toBe(404);
    expect(
      (
        await callJson(`/api/feedback/${report.id}/tasks`, {
          token: other.token,
          body: { task: 0 },
        })
      ).status,
    ).toBe(404);
    expect((await page(`/feedback/${report.id}`, other.cookie)).status).toBe(404);
  });
});

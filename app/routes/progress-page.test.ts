/**
 * /progress and GET /api/progress through the real worker: visitors go to
 * /login (401 from the API); trial and Starter learners get the upgrade view
 * with their own answer count and accuracy and nothing more (403 from the
 * API); a Plus learner gets the analytics, the API answering exactly what the
 * page's loader shows (the page's topics only for the subject it opens);
 * `?exam=` chooses the exam and anything else is 400
 * (the page drops it).
 */
import { createExecutionContext, env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { PLAN_FEATURES } from "~/lib/plan-features";
import { PROGRESS_MESSAGES } from "~/lib/progress";
import { createAppContext } from "~/load-context";
import { loadProgressPage } from "~/routes/progress.server";
import { call, callJson, cookiesFrom, postForm } from "../../tests/support/auth";
import { apiLearner, buyPlanThroughApi } from "../../tests/support/payments";
import { topicAnswers } from "../../tests/support/practice";

vi.setConfig({ testTimeout: 60_000 });

async function learner(plan: "trial" | "starter" | "plus") {
  const { user, token } = await apiLearner({ trial: true });
  if (plan !== "trial") await buyPlanThroughApi(token, plan);
  const login = await postForm("/login", { email: user.email, password: user.plainPassword });
  expect(login.status).toBe(302);
  return { user, token, cookie: cookiesFrom(login) };
}

const page = (path: string, cookie: string) => call(path, { headers: { Cookie: cookie } });
/** The page's HTML without the markers React puts between pieces of text. */
const htmlOf = async (response: Response) => (await response.text()).replace(/<!-- -->/g, "");

describe("/progress and GET /api/progress", () => {
  it("sends visitors to sign in, and answers the API 401 without a session", async () => {
    const visitor = await call("/progress?exam=fmge");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe("/login?redirectTo=%2Fprogress%3Fexam%3Dfmge");
    const api = await callJson("/api/progress");
    expect(api.status).toBe(401);
    expect(api.body.success).toBe(false);
  });

  it("shows trial and Starter learners the upgrade view with their own two figures, and the API refuses them", async () => {
    for (const plan of ["trial", "starter"] as const) {
      const { user, token, cookie } = await learner(plan);
      await topicAnswers(user.id, "Pharmacology", "Autonomic pharmacology", 8, 6);
      const response = await page("/progress", cookie);
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      const html = await htmlOf(response);
      expect(html).toContain("Progress analytics: unlock it with Plus");
      expect(html).toContain('href="/plans?plan=plus"');
      expect(html).toMatch(/Questions answered<\/dt><dd[^>]*>8<\/dd>/);
      expect(html).toMatch(/Accuracy<\/dt><dd[^>]*>75%<\/dd>/);
      // Nothing else of the analytics reaches the page, nor its data: no topic, no ranking.
      expect(html).not.toContain("Autonomic pharmacology");
      expect(html).not.toContain("weakTopics");
      expect(html).not.toContain('data-testid="weak-topics"');
      expect(html).not.toContain('action="/practice"');

      for (const auth of [{ token }, { headers: { Cookie: cookie } }]) {
        const api = await callJson("/api/progress", auth);
        expect(api.status, plan).toBe(403);
        expect(api.body).toEqual({
          success: false,
          message: PLAN_FEATURES.progressAnalytics.refusal,
          requiredPlan: "plus",
          upgradeUrl: "/plans?plan=plus",
        });
      }
    }
  });

  it("gives a Plus learner the analytics, the API the same figures as the page's loader", async () => {
    const { user, token, cookie } = await learner("plus");
    await topicAnswers(user.id, "Medicine", "Cardiology", 40, 30);
    await topicAnswers(user.id, "Pathology", "Inflammation", 20, 6);

    const api = await callJson("/api/progress", { token });
    expect(api.status).toBe(200);
    expect(api.response.headers.get("Cache-Control")).toBe("no-store");
    const context = createAppContext(env, {
      cspNonce: "n",
      waitUntil: (promise) => createExecutionContext().waitUntil(promise),
    });
    const load = async (path: string) =>
      (await loadProgressPage(
        new Request(`http://localhost${path}`, { headers: { Cookie: cookie } }),
        context,
      )) as unknown as { data: { state: string; view: { topics: { subject: string }[] } } };
    const loaded = await load("/progress");
    expect(loaded.data.state).toBe("analytics");
    // The page carries the topics of the subject opened in its address only; the API has them all.
    const apiTopics = (api.body.data as unknown as { topics: { subject: string }[] }).topics;
    expect(apiTopics.map((row) => row.subject).sort()).toEqual(["Medicine", "Pathology"]);
    expect({ ...api.body.data, topics: [] }).toEqual(JSON.parse(JSON.stringify(loaded.data.view)));
    const opened = await load("/progress?topics=Medicine");
    expect(JSON.parse(JSON.stringify(opened.data.view))).toEqual({
      ...api.body.data,
      topics: apiTopics.filter((row) => row.subject === "Medicine"),
    });

    const view = api.body.data as unknown as {
      exam: { id: string; source: string };
      totals: { answered: number; correct: number };
      weakTopics: Array<{ subject: string; topic: string }>;
      readiness: { state: string; answered: number };
    };
    expect(view.exam).toMatchObject({ id: "neet-pg", source: "default" });
    expect(view.totals).toMatchObject({ answered: 60, correct: 36 });
    expect(view.readiness).toMatchObject({ state: "estimate", answered: 60 });
    expect(view.weakTopics.map((row) => row.topic).sort()).toEqual(["Cardiology", "Inflammation"]);

    const html = await htmlOf(await page("/progress", cookie));
    expect(html).toContain("What to do next");
    expect(html).toContain('role="img"');
    // The weak topic's one-click practice test: a form post to /practice with the contract's fields.
    expect(html).toContain('action="/practice"');
    for (const field of [
      'name="intent" value="start"',
      'name="subject" value="Pathology"',
      'name="topic" value="Inflammation"',
      'name="count" value="20"',
      'name="mode" value="tutor"',
      'name="exam" value="neet-pg"',
    ]) {
      expect(html).toContain(field);
    }
  });

  it("takes ?exam= on both, refuses an unknown exam from the API and drops it from the page", async () => {
    const { user, token, cookie } = await learner("plus");
    await topicAnswers(user.id, "Surgery", "Hernia and abdominal wall", 5, 2);
    const fmge = await callJson("/api/progress?exam=fmge", { token });
    expect(fmge.status).toBe(200);
    expect((fmge.body.data as { exam: unknown }).exam).toMatchObject({
      id: "fmge",
      questions: 300,
      source: "query",
    });
    const html = await htmlOf(await page("/progress?exam=fmge", cookie));
    expect(html).toContain("Readiness for FMGE");

    for (const bad of ["neetpg", "NEET-PG", "fmge%00", "1"]) {
      const refused = await callJson(`/api/progress?exam=${bad}`, { token });
      expect(refused.status, bad).toBe(400);
      expect(refused.body).toEqual({ success: false, message: PROGRESS_MESSAGES.examInvalid });
    }
    const dropped = await page("/progress?exam=mbbs&x=1", cookie);
    expect(dropped.status).toBe(302);
    expect(dropped.headers.get("Location")).toBe("/progress?x=1");

    const posted = await callJson("/api/progress", { token, body: {} });
    expect(posted.status).toBe(405);
  });
});

/**
 * /case-studies and /api/case-studies through the real worker: who may work a
 * case (401 signed out, 403 and the upgrade view below Pro), starts and
 * actions at the same moment, malformed input, other learners' attempts, a
 * case worked with JavaScript off, and the finished case on /progress.
 */
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { CASE_MESSAGES } from "~/lib/case-studies";
import { PLAN_FEATURES } from "~/lib/plan-features";
import { call, cookiesFrom, postForm } from "../../tests/support/auth";
import { api, apiLearner, buyPlanThroughApi } from "../../tests/support/payments";

vi.setConfig({ testTimeout: 60_000 });

const KRAIT = "snakebite-krait-neurotoxic-01";

async function learnerOn(plan: "trial" | "plus" | "pro") {
  const { user, token } = await apiLearner({ trial: true });
  if (plan !== "trial") await buyPlanThroughApi(token, plan);
  const login = await postForm("/login", { email: user.email, password: user.plainPassword });
  expect(login.status).toBe(302);
  return { user, token, cookie: cookiesFrom(login) };
}

const page = (path: string, cookie: string) =>
  call(path, { headers: { Cookie: cookie } }).then(async (response) => ({
    status: response.status,
    location: response.headers.get("Location"),
    html: (await response.text()).replaceAll("<!-- -->", ""),
  }));

type CaseJson = {
  clock: number;
  history: { id: string; answer: string | null }[];
  investigations: { id: string; state: string; dueAt: number | null; result: string | null }[];
  timeline: unknown[];
};

async function startKrait(token: string) {
  const started = await api("/api/case-studies", { token, body: { caseId: KRAIT } });
  expect(started.status).toBe(201);
  return (started.body.data as { attemptId: string }).attemptId;
}

const act = (token: string, id: string, body: unknown) =>
  api(`/api/case-studies/${id}/actions`, { token, body });

describe("who may work a case", () => {
  it("answers 401 signed out and 403 with the refusal on trial and Plus", async () => {
    expect((await api("/api/case-studies")).status).toBe(401);
    for (const plan of ["trial", "plus"] as const) {
      const { token } = await learnerOn(plan);
      const id = crypto.randomUUID();
      for (const [path, method, body] of [
        ["/api/case-studies", "GET", undefined],
        ["/api/case-studies", "POST", { caseId: KRAIT }],
        [`/api/case-studies/${id}`, "GET", undefined],
        [`/api/case-studies/${id}/actions`, "POST", { type: "history", id: "h-onset" }],
        [`/api/case-studies/${id}/finish`, "POST", {}],
        [`/api/case-studies/${id}/results`, "GET", undefined],
      ] as const) {
        const refused = await api(path, { token, method, body });
        expect(refused.status, `${plan} ${method} ${path}`).toBe(403);
        expect(refused.body).toMatchObject({
          success: false,
          message: PLAN_FEATURES.caseStudies.refusal,
          requiredPlan: "pro",
          upgradeUrl: "/plans?plan=pro",
        });
      }
    }
  });

  it("shows a Plus learner the upgrade view with Buy Now for Pro and refuses the start form", async () => {
    const { cookie, user } = await learnerOn("plus");
    const home = await page("/case-studies", cookie);
    expect(home.status).toBe(200);
    expect(home.html).toContain("Case studies: unlock it with Pro");
    expect(home.html).toMatch(/href="\/plans\?plan=pro"[^>]*>Buy Now/);
    expect(home.html).not.toContain("Start case");
    const start = await postForm("/case-studies", { caseId: KRAIT }, { cookie });
    expect(start.status).toBe(302);
    expect(start.headers.get("Location")).toBe("/case-studies");
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM case_attempts WHERE user_id = ?")
      .bind(user.id)
      .first<{ n: number }>();
    expect(rows!.n).toBe(0);
  });
});

describe("the case API", () => {
  it("makes one attempt from concurrent starts, and a second start resumes it", async () => {
    const { token, user } = await learnerOn("pro");
    const starts = await Promise.all(
      [1, 2, 3, 4].map(() => api("/api/case-studies", { token, body: { caseId: KRAIT } })),
    );
    const ids = new Set(starts.map((s) => (s.body.data as { attemptId: string }).attemptId));
    expect(ids.size).toBe(1);
    expect(starts.map((s) => s.status).sort()).toEqual([200, 200, 200, 201]);
    const rows = await env.DB.prepare(
      "SELECT count(*) AS n FROM case_attempts WHERE user_id = ? AND status = 'active'",
    )
      .bind(user.id)
      .first<{ n: number }>();
    expect(rows!.n).toBe(1);
    const list = await api("/api/case-studies", { token });
    const entry = (list.body.data as unknown as { id: string; activeAttemptId: string }[]).find(
      (c) => c.id === KRAIT,
    );
    expect(entry!.activeAttemptId).toBe([...ids][0]);
    expect(JSON.stringify(list.body)).not.toMatch(/"correct"|"value"|reasoning/);
  });

  it("applies concurrent actions once each, never doubling time or cost", async () => {
    const { token } = await learnerOn("pro");
    const id = await startKrait(token);
    const results = await Promise.all([
      act(token, id, { type: "order", id: "i-20wbct" }),
      act(token, id, { type: "order", id: "i-20wbct" }),
      act(token, id, { type: "history", id: "h-onset" }),
      act(token, id, { type: "history", id: "h-onset" }),
      act(token, id, { type: "exam", id: "e-general" }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const read = await api(`/api/case-studies/${id}`, { token });
    const view = (read.body.data as { case: CaseJson }).case;
    // 1 minute to order + 2 for the onset question + 2 for the general examination.
    expect(view.clock).toBe(5);
    expect(view.timeline).toHaveLength(3);
    const test = view.investigations.find((i) => i.id === "i-20wbct")!;
    expect(test.state).toBe("pending");
    expect(test.result).toBeNull();
  });

  it("answers 400 for malformed input, 404 for another learner's attempt, 409 when unfinished", async () => {
    const { token } = await learnerOn("pro");
    const id = await startKrait(token);
    const bad = [
      await api(`/api/case-studies/${id}/actions`, { token, rawBody: "{not json" }),
      await act(token, id, { type: "dance" }),
      await act(token, id, { type: "history" }),
      await act(token, id, { type: "history", id: "h-not-in-case" }),
      await act(token, id, { type: "differential", ids: ["d-krait", "d-op", "d-gbs", "d-mg"] }),
      await act(token, id, { type: "wait", until: "soon" }),
      await api("/api/case-studies/not-a-uuid", { token }),
      await api("/api/case-studies", { token, body: { caseId: "no-such-case" } }),
    ];
    for (const response of bad) {
      expect(response.status, JSON.stringify(response.body)).toBe(400);
      expect(response.body.success).toBe(false);
    }
    const other = await learnerOn("pro");
    expect((await api(`/api/case-studies/${id}`, { token: other.token })).status).toBe(404);
    expect((await act(other.token, id, { type: "history", id: "h-onset" })).status).toBe(404);
    const early = await api(`/api/case-studies/${id}/finish`, { token, method: "POST" });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(CASE_MESSAGES.needDiagnosisAndDisposition);
    expect((await api(`/api/case-studies/${id}/results`, { token })).status).toBe(409);
  });

  it("answers free text offline from the closest listed question, or does not understand", async () => {
    const { token } = await learnerOn("pro");
    const id = await startKrait(token);
    const asked = await act(token, id, { type: "ask", question: "Did he feel a bite at night?" });
    expect(asked.status).toBe(200);
    const data = asked.body.data as { message: string; case: CaseJson };
    expect(data.message).toContain("something may have pricked");
    expect(data.case.history.find((h) => h.id === "h-bite")!.answer).toContain("pricked");
    const lost = await act(token, id, { type: "ask", question: "Who won the cricket?" });
    expect((lost.body.data as { message: string }).message).toBe(CASE_MESSAGES.notUnderstood);
  });

  it("finishes with the saved score, shows the debrief, and lists the case on /progress", async () => {
    const { token } = await learnerOn("pro");
    const id = await startKrait(token);
    for (const body of [
      { type: "treat", id: "m-asv" },
      { type: "treat", id: "m-airway" },
      { type: "differential", ids: ["d-krait"] },
      { type: "diagnosis", id: "d-krait" },
      { type: "disposition", id: "x-icu" },
    ]) {
      expect((await act(token, id, body)).status).toBe(200);
    }
    const [a, b] = await Promise.all([
      api(`/api/case-studies/${id}/finish`, { token, method: "POST" }),
      api(`/api/case-studies/${id}/finish`, { token, method: "POST" }),
    ]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    // History 0, examination 0, investigations 0 (the necessary 20WBCT missed), diagnosis 20,
    // management 20, disposition 5, time 10 = 55.
    expect((a.body.data as { score: number }).score).toBe(55);
    expect((b.body.data as { score: number }).score).toBe(55);
    const row = await env.DB.prepare(
      "SELECT status, score, breakdown FROM case_attempts WHERE id = ?",
    )
      .bind(id)
      .first<{ status: string; score: number; breakdown: string }>();
    expect(row).toMatchObject({ status: "finished", score: 55 });
    expect(JSON.parse(row!.breakdown).investigations.necessaryMissed[0].id).toBe("i-20wbct");
    expect((await act(token, id, { type: "history", id: "h-onset" })).status).toBe(409);
    const results = await api(`/api/case-studies/${id}/results`, { token });
    expect(results.body.data).toMatchObject({ score: 55 });
    const progress = await api("/api/progress", { token });
    expect(progress.status).toBe(200);
    const { cases } = progress.body.data as unknown as { cases: unknown[] };
    expect(cases).toEqual([expect.objectContaining({ attemptId: id, caseId: KRAIT, score: 55 })]);
  });
});

describe("a case with JavaScript off", () => {
  it("starts, asks, orders, waits, decides and finishes through form posts", async () => {
    const { cookie } = await learnerOn("pro");
    const home = await page("/case-studies", cookie);
    expect(home.html).toContain("Belly pain and heavy eyelids before dawn");
    const start = await postForm("/case-studies", { caseId: KRAIT }, { cookie });
    expect(start.status).toBe(302);
    const here = start.headers.get("Location")!;
    expect(here).toMatch(/^\/case-studies\/[0-9a-f-]{36}$/);

    const post = (fields: Record<string, string | string[]>) => postForm(here, fields, { cookie });
    const asked = await post({ intent: "history", id: "h-bite" });
    expect(asked.status).toBe(302);
    expect(asked.headers.get("Location")).toBe(`${here}#history`);
    const ordered = await post({ intent: "order", id: "i-20wbct" });
    expect(ordered.headers.get("Location")).toBe(`${here}#investigations`);
    let shown = await page(here, cookie);
    expect(shown.html).toContain("something may have pricked");
    expect(shown.html).toContain("Pending, due at minute 21");
    const unavailable = await post({ intent: "order", id: "i-mri" });
    expect(unavailable.status).toBe(302);
    expect(unavailable.headers.get("Set-Cookie")).toBeTruthy();

    const malformed = await post({ intent: "exam", id: "E GENERAL!" });
    expect(malformed.status).toBe(400);
    expect((await malformed.text()).replaceAll("<!-- -->", "")).toMatch(
      /role="alert"[^>]*>Choose an item from the case\./,
    );

    await post({ intent: "wait", until: "21" });
    shown = await page(here, cookie);
    expect(shown.html).not.toContain("Pending, due at minute 21");
    expect(shown.html).toContain("Minute 21");

    await post({ intent: "treat", id: "m-asv" });
    await post({ intent: "differential", ids: ["d-krait", "d-op"] });
    await post({ intent: "diagnosis", id: "d-krait" });
    await post({ intent: "disposition", id: "x-icu" });
    const finished = await post({ intent: "finish" });
    expect(finished.status).toBe(302);
    const debrief = await page(here, cookie);
    expect(debrief.html).toContain("Debrief: Belly pain and heavy eyelids before dawn");
    expect(debrief.html).toContain("The ideal path");
    expect(debrief.html).toMatch(/data-testid="case-score"[^>]*>\d+ %/);
  });
});

/**
 * The I/O budget of every page (docs/edge-cost.md, docs/decisions/046-edge-cost.md).
 *
 * Each signed-in GET page of the route table (remix.config.ts) is requested
 * through the app worker's own fetch handler with its D1, KV and Durable
 * Object bindings counted (tests/support/io-count.ts). What the chrome may
 * spend (the viewer, its access and the toast: the root loader) plus what the
 * page itself is allowed (PAGE_ALLOWANCE) is the ceiling; a page the table
 * does not list fails, so a new route has to say what it needs.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { routeTable } from "../../remix.config";
import worker from "../../workers/app";
import { cookiesFrom, postForm } from "../support/auth";
import { countingEnv, type IoCounts } from "../support/io-count";
import { KEPT_ADDRESSES } from "../support/kept-pages";
import { api, apiLearner, buyPlanThroughApi } from "../support/payments";

vi.setConfig({ testTimeout: 120_000 });

type Budget = { d1RoundTrips: number; kvReads: number; kvWrites: number; doCalls: number };

/**
 * What the shell spends on every page for a subscriber: the session from KV
 * (or none, from the isolate's copy of a record read in the last 30 s), then one D1 batch (the session's user with its revocation and epoch check,
 * the access record, today's study-plan tasks). No KV write (the session's
 * touch is throttled) and no Durable Object call (a subscriber's bar shows no counts).
 */
const CHROME: Budget = { d1RoundTrips: 1, kvReads: 1, kvWrites: 0, doCalls: 0 };

const NOTHING: Budget = { d1RoundTrips: 0, kvReads: 0, kvWrites: 0, doCalls: 0 };
const one = (extra: Partial<Budget> = {}): Budget => ({ ...NOTHING, d1RoundTrips: 1, ...extra });

/**
 * What each page needs beyond the chrome, for a Pro learner, once the usage
 * copy is warm. Every signed-in GET page of the route table must be listed.
 */
const PAGE_ALLOWANCE: Record<string, Budget> = {
  "/": NOTHING,
  "/features": NOTHING,
  "/about": NOTHING,
  "/contact": NOTHING,
  "/support": one(), // the learner's tickets (and the access record again, in the same batch)
  "/privacy": NOTHING,
  "/terms": NOTHING,
  // The diagnostics page asks the meter itself, on purpose: its health and a fresh check per feature.
  "/debug": { d1RoundTrips: 5, kvReads: 0, kvWrites: 1, doCalls: 6 },
  "/login": NOTHING, // a signed-in learner is sent to /
  "/register": NOTHING,
  "/verify-email": NOTHING,
  "/forgot-password": NOTHING,
  "/reset-password": NOTHING,
  "/account": NOTHING, // a subscriber's plan card shows no counts
  "/chatbot": NOTHING, // the latest chat with its messages ride with the chrome; chat is unlimited
  "/chat-history": one(),
  // Past attempts ride with the chrome's batch; Pro has no limit on either, so no counts.
  "/clinical-quizzes": NOTHING,
  "/clinical-simulations": NOTHING,
  // The deck, due counts and categories ride with the chrome's batch; flashcards are unlimited.
  "/flashcards": NOTHING,
  "/progress": NOTHING, // the analytics ride with the chrome's batch
  "/planner": NOTHING, // the plan's reads ride with the chrome's batch
  // The tests, the sets and the weak topics' reads ride with the chrome's batch; the builder's count
  // comes from the catalogue (the pool is asked only for a difficulty, a status or a set of items).
  "/practice": NOTHING,
  "/practice/:id": NOTHING, // the test, its items, logged mistakes and flashcards ride with the chrome
  "/mock-exams": NOTHING, // the sittings and the trend ride with the chrome's batch
  "/mock-exams/:id": NOTHING, // the attempt, its answers and the open section ride with the chrome
  "/case-studies": NOTHING, // the case list and the learner's attempts ride with the chrome's batch
  "/case-studies/:id": NOTHING, // the attempt with its case rides with the chrome
  // Once this week's report is written: the week's report, the newest, the list, the day's count and
  // the plan ride with the chrome's batch; the newest report's tasks in the plan are one read more.
  // One report page: the report, the list, the day's count and the plan ride; its tasks, one more.
  "/feedback": one(),
  "/feedback/:id": one(),
  "/plans": NOTHING, // the learner's periods, for the upgrade credit, ride with the chrome's batch
  // Reads the subscription after it may have confirmed the payment itself: not the root's record.
  "/payment-success": one(),
  "/payment-cancelled": NOTHING,
  "/admin_dashboard_2025": NOTHING, // a learner is sent away
  "/admin_dashboard_2025/questions": NOTHING,
  "/admin_dashboard_2025/support": NOTHING,
};

const RENDER = { "Cache-Control": "no-cache" };

/** Every GET page of the route table (not the API, resource routes, local-only pages or the 404). */
function pagePaths(): string[] {
  return routeTable
    .filter(([path, file]) => file.endsWith(".tsx") && path !== "*")
    .filter(([path]) => !path.startsWith("/api/") && !path.startsWith("/dev/"))
    .map(([path]) => path);
}

async function signIn(email: string, password: string) {
  const response = await postForm("/login", { email, password });
  expect(response.status).toBe(302);
  return cookiesFrom(response);
}

async function learner(plan: "pro" | "trial") {
  const { user, token } = await apiLearner({ trial: true });
  if (plan === "pro") await buyPlanThroughApi(token, "pro");
  return { token, email: user.email, cookie: await signIn(user.email, user.plainPassword) };
}

/** A saved conversation with a question and its answer: /chatbot opens it. */
async function savedConversation(email: string) {
  const sessionId = crypto.randomUUID();
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO chat_sessions (id, user_id, function, title, message_count, created_at, last_activity)
       SELECT ?1, id, 'general', 'Krait bite', 2, ?2, ?2 FROM users WHERE email = ?3`,
    ).bind(sessionId, now, email),
    env.DB.prepare(
      `INSERT INTO chat_messages (session_id, user_id, type, text, created_at)
       SELECT ?1, id, 'user', 'Why is there no pain after a krait bite?', ?2 FROM users WHERE email = ?3`,
    ).bind(sessionId, now, email),
    env.DB.prepare(
      `INSERT INTO chat_messages (session_id, user_id, type, text, created_at)
       SELECT ?1, id, 'bot', 'Krait venom is mostly neurotoxic, with little local tissue injury.', ?2
       FROM users WHERE email = ?3`,
    ).bind(sessionId, now, email),
  ]);
}

/**
 * One page load through the worker with its bindings counted. A hard reload
 * (`Cache-Control: no-cache`) is always rendered, never the learner's kept copy.
 */
async function counted(path: string, cookie: string, headers: Record<string, string> = {}) {
  const counting = countingEnv();
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(`http://localhost${path}`, {
      headers: { Cookie: cookie, ...headers },
      redirect: "manual",
    }) as Request<unknown, IncomingRequestCfProperties>,
    counting.env,
    ctx,
  );
  const body = await response.text();
  await waitOnExecutionContext(ctx);
  return {
    status: response.status,
    cache: response.headers.get("X-Cache"),
    body,
    counts: counting.counts,
  };
}

function within(counts: IoCounts, budget: Budget) {
  const spent = {
    d1RoundTrips: counts.d1RoundTrips,
    kvReads: counts.kvReads,
    kvWrites: counts.kvWrites,
    doCalls: counts.doCalls,
  };
  const over = (Object.keys(budget) as (keyof Budget)[]).filter((key) => spent[key] > budget[key]);
  return { spent, over };
}

const plus = (a: Budget, b: Budget): Budget => ({
  d1RoundTrips: a.d1RoundTrips + b.d1RoundTrips,
  kvReads: a.kvReads + b.kvReads,
  kvWrites: a.kvWrites + b.kvWrites,
  doCalls: a.doCalls + b.doCalls,
});

describe("the I/O a signed-in page costs", () => {
  it("keeps every page of the route table within the chrome's budget plus its own allowance", async () => {
    const { token, cookie, email } = await learner("pro");
    await savedConversation(email);
    const practice = await api("/api/practice-tests", { token, body: {} });
    const mock = await api("/api/mock-exams", { token, body: { pattern: "neet-pg" } });
    const practiceId = (practice.body.data as { test: { id: string } }).test.id;
    // One answer in the log, so mentor feedback has something to write about.
    await api(`/api/practice-tests/${practiceId}/answers`, {
      token,
      body: { index: 0, choice: 0 },
    });
    await api(`/api/practice-tests/${practiceId}/submit`, { token, body: {} });
    const feedback = await api("/api/feedback", { token, body: {} });
    const caseStudy = await api("/api/case-studies", {
      token,
      body: { caseId: "snakebite-krait-neurotoxic-01" },
    });
    const ids: Record<string, string> = {
      "/practice/:id": practiceId,
      "/mock-exams/:id": (mock.body.data as { id: string }).id,
      "/case-studies/:id": (caseStudy.body.data as { attemptId: string }).attemptId,
      "/feedback/:id": (feedback.body.data as { id: string }).id,
    };
    const unlisted = pagePaths().filter((path) => !(path in PAGE_ALLOWANCE));
    expect(unlisted, "pages with no I/O allowance in this test").toEqual([]);

    const report: string[] = [];
    for (const route of pagePaths()) {
      const path = ids[route] ? route.replace(":id", ids[route]) : route;
      await counted(path, cookie, RENDER); // warms the usage copy
      const { status, counts } = await counted(path, cookie, RENDER);
      expect(status, path).toBeLessThan(400);
      const { spent, over } = within(counts, plus(CHROME, PAGE_ALLOWANCE[route]!));
      if (over.length > 0)
        report.push(`${route}: ${JSON.stringify(spent)} — ${counts.log.join(" | ")}`);
    }
    expect(report, "pages over their I/O budget").toEqual([]);
  });

  it("answers a learner's next load of a kept page, or of its data, with one D1 statement and nothing else", async () => {
    // The session alone: the sign-in's flash has been shown and cleared, as in a browser.
    const cookie = (await learner("pro")).cookie
      .split("; ")
      .filter((pair) => pair.startsWith("mm_session="))
      .join("; ");
    const problems: string[] = [];
    for (const path of KEPT_ADDRESSES) {
      await counted(path, cookie);
      const again = await counted(path, cookie);
      const { d1RoundTrips, d1Statements, kvReads, kvWrites, doCalls } = again.counts;
      const spent = { d1RoundTrips, d1Statements, kvReads, kvWrites, doCalls };
      const expected = { d1RoundTrips: 1, d1Statements: 1, kvReads: 0, kvWrites: 0, doCalls: 0 };
      if (again.cache !== "HIT" || JSON.stringify(spent) !== JSON.stringify(expected)) {
        problems.push(`${path}: ${again.cache} ${JSON.stringify(spent)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("gives a trial learner's bar its counts from the KV copy, asking the meter only when it is cold", async () => {
    // The session alone: the sign-in's flash has been shown and cleared, as in a browser.
    const cookie = (await learner("trial")).cookie
      .split("; ")
      .filter((pair) => pair.startsWith("mm_session="))
      .join("; ");
    const cold = await counted("/about", cookie);
    expect(cold.status).toBe(200);
    // A cold copy: the meter counts once and the copy is written back.
    expect(within(cold.counts, { ...CHROME, kvReads: 2, doCalls: 1, kvWrites: 1 }).over).toEqual(
      [],
    );
    const warm = await counted("/about", cookie);
    // The session's record comes from the isolate's copy (read a moment ago): the one KV read is the
    // counts' copy.
    expect(within(warm.counts, { ...CHROME, kvReads: 2 }).spent).toEqual({
      d1RoundTrips: 1,
      kvReads: 1,
      kvWrites: 0,
      doCalls: 0,
    });
    // What the bar shows: the trial's allowance.
    expect(warm.body).toMatch(/trial/i);
    // Made from the KV copy, the page was kept: the next load is its copy, after one statement.
    const again = await counted("/about", cookie);
    expect(again.cache).toBe("HIT");
    expect(within(again.counts, CHROME).spent).toEqual({
      d1RoundTrips: 1,
      kvReads: 0,
      kvWrites: 0,
      doCalls: 0,
    });
    expect(again.counts.d1Statements).toBe(1);
  });

  it("still ends a session at once when D1 says so, while KV still holds it", async () => {
    const { cookie, email } = await learner("pro");
    expect((await counted("/account", cookie)).status).toBe(200);
    // What a password change elsewhere does: the user's session epoch moves on.
    await env.DB.prepare("UPDATE users SET session_epoch = session_epoch + 1 WHERE email = ?")
      .bind(email)
      .run();
    const after = await counted("/account", cookie);
    expect(after.status).toBe(302);
    // KV was not even asked (the isolate's copy of the record was fresh): D1 alone ended it.
    expect(after.counts.kvReads).toBe(0);
    expect(after.counts.d1RoundTrips).toBe(1);
  });
});

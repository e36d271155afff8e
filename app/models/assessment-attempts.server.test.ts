/**
 * Quiz and simulation attempts through the models, real D1 and the real
 * per-user usage object, with a small deterministic item generator standing
 * in for the AI: access refusals with the spec's messages, when a use is
 * charged or given back, idempotent starts, batches and the generation lease,
 * stopping and resuming, answering, finishing and scoring, retake and retest,
 * and that one learner never reaches another's attempt.
 */
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { assessmentAttempts } from "~/db/schema";
import { ATTEMPT_MESSAGES, GENERATION_BATCH } from "~/lib/assessment-attempts";
import {
  ASSESSMENT_MESSAGES,
  type AssessmentItem,
  type AssessmentKind,
  type GenerateItems,
} from "~/lib/assessments";
import type { PlanId } from "~/lib/plans";
import {
  BUY_SUBSCRIPTION_MESSAGE,
  trialExhaustedMessage,
  WEEK_FULL_MESSAGE,
} from "~/lib/usage-messages";
import { RESERVATION_TTL_MS } from "~/lib/usage-window";
import { answerItem, getAttempt, listAttempts, startAttempt } from "./assessment-attempts.server";
import { beginGeneration, generateMore, LEASE_MS } from "./assessment-generation-run.server";
import { retakeAttempt, retestIncorrect } from "./assessment-retake.server";
import { finishAttempt } from "./assessment-scoring.server";
import type { AssessmentDeps } from "./assessment-store.server";
import { avoidText } from "./assessment-generation.server";
import { createOrder } from "./payments.server";
import { startTrial } from "./subscription.server";
import { checkFeature, recordUse } from "./usage.server";
import { makeUser, testClock } from "../../tests/support/auth";
import { makePromo, paymentDeps, usageTestDeps } from "../../tests/support/payments";

/** Wednesday 10 June 2026, 17:30 IST. */
const WEDNESDAY = Date.UTC(2026, 5, 10, 12, 0, 0);
const DAY = 86_400_000;

// ---------------------------------------------------------------------------
// A deterministic generator: fixed items, asked for in batches.

function makeItem(n: number, kind: AssessmentKind = "quiz"): AssessmentItem {
  return {
    question: `Question ${n}: which option is right for case ${n}?`,
    options: [`Option A${n}`, `Option B${n}`, `Option C${n}`, `Option D${n}`],
    correctIndex: n % 4,
    explanations: [`Why A${n}`, `Why B${n}`, `Why C${n}`, `Why D${n}`],
    takeaway: `Takeaway ${n}`,
    reference: `Reference ${n}`,
    case:
      kind === "simulation"
        ? { history: `History ${n}`, examination: `Examination ${n}`, results: `Results ${n}` }
        : null,
    source: "ai",
    bankId: null,
  };
}

function pool(size: number, kind: AssessmentKind = "quiz") {
  return Array.from({ length: size }, (_, index) => makeItem(index + 1, kind));
}

type Call = { count: number; avoid: string[]; signal?: AbortSignal };

/** Serves `items` in order, never one in `avoid`; `before` runs first on each call (to hold or fail it). */
function fixedGenerator(
  items: AssessmentItem[],
  before?: (call: Call, index: number) => Promise<void>,
) {
  const calls: Call[] = [];
  const generate: GenerateItems = async ({ count, avoid, signal }) => {
    const call = { count, avoid: avoid.questions, signal };
    calls.push(call);
    await before?.(call, calls.length - 1);
    const avoided = new Set(avoid.questions);
    // The contract: `avoid.questions` holds avoidText(item) of the items already stored.
    const batch = items.filter((item) => !avoided.has(avoidText(item))).slice(0, count);
    return {
      items: batch,
      source: "ai",
      shortfall: batch.length < count ? "The generator had no more questions on this topic." : null,
    };
  };
  return { generate, calls };
}

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** Resolves when `signal` aborts. */
function aborted(signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (!signal || signal.aborted) return resolve();
    signal.addEventListener("abort", () => resolve(), { once: true });
  });
}

function depsFor(
  generate: GenerateItems,
  clock = testClock(WEDNESDAY),
): AssessmentDeps & { clock: ReturnType<typeof testClock> } {
  return { db: createDb(env.DB), usage: usageTestDeps(clock.now), generate, now: clock.now, clock };
}

async function trialUser(now: number) {
  const user = await makeUser();
  await startTrial(createDb(env.DB), user.id, now);
  return user;
}

/** A plan granted at `now` through a 100 % code (the free path of a real order). */
async function subscriber(planId: PlanId, now: () => number) {
  const user = await makeUser();
  const code = await makePromo({ basisPoints: 10_000 });
  const buyer = { id: user.id, firstName: "Priya", lastName: "Sharma", email: user.email };
  const granted = await createOrder(paymentDeps(null, now), buyer, { planId, promoCode: code });
  if (!granted.ok || granted.kind !== "free") throw new Error(JSON.stringify(granted));
  return user;
}

async function used(deps: AssessmentDeps, userId: string, kind: AssessmentKind = "quiz") {
  const feature = kind === "quiz" ? "clinicalQuizzes" : "clinicalSimulations";
  return (await checkFeature(deps.usage, userId, feature)).currentUsage;
}

async function row(id: string) {
  const [found] = await createDb(env.DB)
    .select()
    .from(assessmentAttempts)
    .where(eq(assessmentAttempts.id, id));
  return found!;
}

async function started(
  deps: AssessmentDeps,
  userId: string,
  kind: AssessmentKind = "quiz",
  count = 5,
  idempotencyKey?: string,
) {
  const result = await startAttempt(deps, userId, kind, {
    topic: "Heart failure",
    count,
    idempotencyKey,
  });
  if (!result.ok) throw new Error(result.message);
  return result.attempt;
}

/** A generated, finished attempt: `choices[i]` answered for item i (null leaves it unanswered). */
async function finished(deps: AssessmentDeps, userId: string, choices: (number | null)[]) {
  const attempt = await started(deps, userId, "quiz", choices.length);
  await generateMore(deps, userId, attempt.id);
  for (const [index, choice] of choices.entries()) {
    if (choice !== null) await answerItem(deps, userId, attempt.id, index, choice);
  }
  const result = await finishAttempt(deps, userId, attempt.id);
  if (result.status !== "finished") throw new Error(result.status);
  return result;
}

// ---------------------------------------------------------------------------

describe("starting: access and usage come first", () => {
  it("refuses a learner with no plan or trial with 'Buy Subscription to access this feature' and stores nothing", async () => {
    const deps = depsFor(fixedGenerator(pool(5)).generate);
    const user = await makeUser();
    for (const kind of ["quiz", "simulation"] as const) {
      const result = await startAttempt(deps, user.id, kind, { topic: "Sepsis", count: 3 });
      expect(result).toMatchObject({
        ok: false,
        reason: "none",
        title: "Access Denied",
        message: BUY_SUBSCRIPTION_MESSAGE,
      });
      expect((await listAttempts(deps, user.id, kind)).total).toBe(0);
    }
    const rows = await createDb(env.DB)
      .select()
      .from(assessmentAttempts)
      .where(eq(assessmentAttempts.userId, user.id));
    expect(rows).toHaveLength(0);
  });

  it("refuses a spent trial with its limit message, shown as 'Limit Reached'", async () => {
    const deps = depsFor(fixedGenerator(pool(5)).generate);
    const user = await trialUser(deps.now());
    for (let i = 0; i < 5; i++) {
      await recordUse(deps.usage, user.id, "clinicalQuizzes", `spent-${i}`);
    }
    const result = await startAttempt(deps, user.id, "quiz", { topic: "Asthma", count: 5 });
    expect(result).toMatchObject({
      ok: false,
      reason: "limit",
      title: ASSESSMENT_MESSAGES.limitTitle,
      message: trialExhaustedMessage("clinicalQuizzes"),
    });
    // Simulations still have their own five.
    expect((await startAttempt(deps, user.id, "simulation", { topic: "DKA", count: 2 })).ok).toBe(
      true,
    );
  });

  it("refuses a third simulation in a starter week and a sixth on plus with the week message", async () => {
    for (const [plan, allowed] of [
      ["starter", 2],
      ["plus", 5],
    ] as const) {
      const deps = depsFor(fixedGenerator(pool(3, "simulation")).generate);
      const user = await subscriber(plan, deps.now);
      for (let i = 0; i < allowed; i++) {
        const attempt = await started(deps, user.id, "simulation", 1);
        await generateMore(deps, user.id, attempt.id);
      }
      const refused = await startAttempt(deps, user.id, "simulation", { topic: "MI", count: 1 });
      expect(refused).toMatchObject({
        ok: false,
        reason: "limit",
        title: "Limit Reached",
        message: WEEK_FULL_MESSAGE,
      });
      // Quizzes are unlimited on every plan.
      const quiz = await startAttempt(deps, user.id, "quiz", { topic: "MI", count: 1 });
      expect(quiz).toMatchObject({ ok: true, usage: { accessType: "subscription", limit: -1 } });
    }
  });

  it("stores the attempt as generating with the use reserved, and answers the trial's counts", async () => {
    const deps = depsFor(fixedGenerator(pool(5)).generate);
    const user = await trialUser(deps.now());
    const result = await startAttempt(deps, user.id, "quiz", {
      topic: "  Heart failure ",
      count: 4,
    });
    expect(result).toMatchObject({
      ok: true,
      created: true,
      usage: { accessType: "trial", used: 1, limit: 5, remaining: 4 },
      attempt: {
        kind: "quiz",
        topic: "Heart failure",
        requestedCount: 4,
        itemCount: 0,
        status: "generating",
        origin: "new",
      },
    });
    const stored = await row((result as { attempt: { id: string } }).attempt.id);
    expect(stored.reservationId).toBeTruthy();
    expect(await used(deps, user.id)).toBe(1);
  });

  it("counts a retried start with the same idempotency key once, also when both arrive together", async () => {
    const deps = depsFor(fixedGenerator(pool(5)).generate);
    const user = await trialUser(deps.now());
    const first = await started(deps, user.id, "quiz", 5, "form-post-1");
    const again = await startAttempt(deps, user.id, "quiz", {
      topic: "Heart failure",
      count: 5,
      idempotencyKey: "form-post-1",
    });
    expect(again).toMatchObject({ ok: true, created: false, attempt: { id: first.id } });
    const racing = await Promise.all(
      [1, 2, 3].map(() =>
        startAttempt(deps, user.id, "quiz", {
          topic: "Heart failure",
          count: 5,
          idempotencyKey: "form-post-2",
        }),
      ),
    );
    const ids = new Set(racing.map((result) => (result.ok ? result.attempt.id : null)));
    expect(ids.size).toBe(1);
    expect(racing.filter((result) => result.ok && result.created)).toHaveLength(1);
    expect(await used(deps, user.id)).toBe(2);
    expect((await listAttempts(deps, user.id, "quiz")).total).toBe(0); // no items yet
    // The same key for the other kind is another request.
    const simulation = await started(deps, user.id, "simulation", 1, "form-post-1");
    expect(simulation.id).not.toBe(first.id);
  });
});

describe("generating in batches", () => {
  it("asks for 2 items first, then 4 at a time, avoiding what the attempt holds, and ends ready", async () => {
    const generator = fixedGenerator(pool(20));
    const deps = depsFor(generator.generate);
    const user = await trialUser(deps.now());
    const attempt = await started(deps, user.id, "quiz", 11);
    const result = await generateMore(deps, user.id, attempt.id);
    expect(result).toMatchObject({ status: "generated", added: 11, outcome: "complete" });
    expect(generator.calls.map((call) => call.count)).toEqual([GENERATION_BATCH.first, 4, 4, 1]);
    expect(generator.calls[1]!.avoid).toEqual(pool(2).map(avoidText));
    expect(generator.calls[3]!.avoid).toHaveLength(10);
    const ready = (await getAttempt(deps, user.id, attempt.id))!;
    expect(ready).toMatchObject({
      status: "ready",
      itemCount: 11,
      source: "ai",
      shortfall: null,
      answers: Array(11).fill(null),
    });
    expect(ready.items.map((item) => item.question)).toEqual(pool(11).map((item) => item.question));
    const stored = await row(attempt.id);
    expect(stored.leaseUntil).toBeNull();
  });

  it("stores each batch as it arrives, and charges the use when the first item is stored", async () => {
    const clock = testClock(WEDNESDAY);
    const hold = gate();
    const generator = fixedGenerator(pool(5), async (_call, index) => {
      if (index === 1) await hold.opened;
    });
    const deps = depsFor(generator.generate, clock);
    const user = await trialUser(clock.now());
    const attempt = await started(deps, user.id, "quiz", 5);
    const start = await beginGeneration(deps, user.id, attempt.id);
    if (start.status !== "started") throw new Error(start.status);
    const first = await start.events.next();
    expect(first.value).toMatchObject({ type: "items", start: 0, attempt: { itemCount: 2 } });
    // The first batch is stored before the second is asked for.
    const stored = await getAttempt(deps, user.id, attempt.id);
    expect(stored).toMatchObject({ status: "generating", itemCount: 2 });
    // The use is final: it no longer lapses with the reservation's time.
    clock.advance(RESERVATION_TTL_MS + 60_000);
    expect(await used(deps, user.id)).toBe(1);
    hold.open();
    const rest = [];
    for await (const event of start.events) rest.push(event);
    expect(rest.map((event) => event.type)).toEqual(["items", "end"]);
    expect(rest.at(-1)).toMatchObject({ outcome: "complete", attempt: { itemCount: 5 } });
  });

  it("a reservation that never got an item lapses: nothing is charged before the first item", async () => {
    const clock = testClock(WEDNESDAY);
    const deps = depsFor(fixedGenerator(pool(5)).generate, clock);
    const user = await trialUser(clock.now());
    await started(deps, user.id, "quiz", 5);
    expect(await used(deps, user.id)).toBe(1);
    clock.advance(RESERVATION_TTL_MS + 1);
    expect(await used(deps, user.id)).toBe(0);
  });

  it("fails with the spec's message and gives the use back when nothing can be generated", async () => {
    for (const kind of ["quiz", "simulation"] as const) {
      const failing: GenerateItems = async () => ({ items: [], source: "ai", shortfall: null });
      const deps = depsFor(failing);
      const user = await trialUser(deps.now());
      const attempt = await started(deps, user.id, kind, 3);
      expect(await used(deps, user.id, kind)).toBe(1);
      const result = await generateMore(deps, user.id, attempt.id);
      expect(result).toMatchObject({ status: "generated", outcome: "failed", added: 0 });
      expect(await getAttempt(deps, user.id, attempt.id)).toMatchObject({
        status: "failed",
        itemCount: 0,
      });
      expect(await used(deps, user.id, kind)).toBe(0);
      expect(ASSESSMENT_MESSAGES[kind].failed).toBe(
        kind === "quiz"
          ? "Failed to generate quiz. Please try again."
          : "Failed to generate simulation. Please try again.",
      );
      // A failed attempt is not one of the past attempts.
      expect((await listAttempts(deps, user.id, kind)).total).toBe(0);
    }
  });

  it("treats a generator that throws, or returns only invalid or repeated items, as empty", async () => {
    const throwing: GenerateItems = async () => {
      throw new Error("provider down");
    };
    const deps = depsFor(throwing);
    const user = await trialUser(deps.now());
    const attempt = await started(deps, user.id, "quiz", 2);
    expect(await generateMore(deps, user.id, attempt.id)).toMatchObject({ outcome: "failed" });
    expect(await used(deps, user.id)).toBe(0);

    const broken = {
      ...makeItem(1),
      options: ["only", "three", "options"],
    } as unknown as AssessmentItem;
    const noCase = makeItem(2); // a simulation needs its patient case
    const junk: GenerateItems = async () => ({
      items: [broken, noCase, { ...makeItem(3, "simulation"), correctIndex: 7 }],
      source: "ai",
      shortfall: null,
    });
    const simulation = await started({ ...deps, generate: junk }, user.id, "simulation", 2);
    expect(await generateMore({ ...deps, generate: junk }, user.id, simulation.id)).toMatchObject({
      outcome: "failed",
      added: 0,
    });
    expect(await used(deps, user.id, "simulation")).toBe(0);
  });

  it("ends ready with the shortfall when a batch comes back empty", async () => {
    const generator = fixedGenerator(pool(3));
    const deps = depsFor(generator.generate);
    const user = await trialUser(deps.now());
    const attempt = await started(deps, user.id, "quiz", 6);
    const result = await generateMore(deps, user.id, attempt.id);
    expect(result).toMatchObject({ outcome: "exhausted", added: 3 });
    expect(generator.calls.map((call) => call.count)).toEqual([2, 4, 3]);
    expect(await getAttempt(deps, user.id, attempt.id)).toMatchObject({
      status: "ready",
      itemCount: 3,
      requestedCount: 6,
      shortfall: "The generator had no more questions on this topic.",
    });
    expect(await used(deps, user.id)).toBe(1);
  });

  it("records where the items came from, and drops repeats of a question or bank item", async () => {
    const bankItem = (n: number): AssessmentItem => ({
      ...makeItem(n),
      source: "bank",
      bankId: `cardiology-${n}`,
    });
    const batches: AssessmentItem[][] = [
      [makeItem(1), bankItem(2)],
      [makeItem(1), { ...bankItem(9), bankId: "cardiology-2" }, bankItem(3)],
    ];
    let call = 0;
    const generate: GenerateItems = async () => ({
      items: batches[call++] ?? [],
      source: "mixed",
      shortfall: null,
    });
    const deps = depsFor(generate);
    const user = await trialUser(deps.now());
    const attempt = await started(deps, user.id, "quiz", 4);
    await generateMore(deps, user.id, attempt.id);
    const done = (await getAttempt(deps, user.id, attempt.id))!;
    expect(done.items.map((item) => item.bankId)).toEqual([null, "cardiology-2", "cardiology-3"]);
    expect(done).toMatchObject({ status: "ready", source: "mixed", itemCount: 3 });
    expect(done.shortfall).toBe("Only 3 of 4 questions about Heart failure could be generated.");
  });

  it("generates only up to maxItems when asked, and carries on later", async () => {
    const deps = depsFor(fixedGenerator(pool(8)).generate);
    const user = await trialUser(deps.now());
    const attempt = await started(deps, user.id, "quiz", 8);
    expect(await generateMore(deps, user.id, attempt.id, { maxItems: 3 })).toMatchObject({
      outcome: "stopped",
      added: 3,
      attempt: { status: "generating", itemCount: 3 },
    });
    expect((await row(attempt.id)).leaseUntil).toBeNull();
    expect(await generateMore(deps, user.id, attempt.id)).toMatchObject({
      outcome: "complete",
      added: 5,
    });
    expect(await used(deps, user.id)).toBe(1);
    // Nothing left to do.
    expect(await generateMore(deps, user.id, attempt.id)).toMatchObject({ status: "idle" });
  });
});

describe("the generation lease", () => {
  it("lets only one of two concurrent generators append", async () => {
    const hold = gate();
    const generator = fixedGenerator(pool(6), async () => {
      await hold.opened;
    });
    const deps = depsFor(generator.generate);
    const user = await trialUser(deps.now());
    const attempt = await started(deps, user.id, "quiz", 6);
    const both = Promise.all([
      generateMore(deps, user.id, attempt.id),
      generateMore(deps, user.id, attempt.id),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    hold.open();
    const results = await both;
    expect(results.map((result) => result.status).sort()).toEqual(["busy", "generated"]);
    const done = (await getAttempt(deps, user.id, attempt.id))!;
    expect(done.itemCount).toBe(6);
    expect(new Set(done.items.map((item) => item.question)).size).toBe(6);
    expect(generator.calls.map((call) => call.count)).toEqual([2, 4]);
    expect(await used(deps, user.id)).toBe(1);
  });

  it("is taken over when its holder stops storing, and the old holder's late batch is dropped", async () => {
    const clock = testClock(WEDNESDAY);
    const stuck = gate();
    const slowFirst = fixedGenerator(pool(6), async () => {
      await stuck.opened;
    });
    const deps = depsFor(slowFirst.generate, clock);
    const user = await trialUser(clock.now());
    const attempt = await started(deps, user.id, "quiz", 4);
    const first = generateMore(deps, user.id, attempt.id);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Within the lease a second generator is turned away.
    expect(await generateMore(deps, user.id, attempt.id)).toMatchObject({ status: "busy" });
    clock.advance(LEASE_MS + 1);
    const second = await generateMore(
      { ...deps, generate: fixedGenerator(pool(6)).generate },
      user.id,
      attempt.id,
    );
    expect(second).toMatchObject({ status: "generated", outcome: "complete", added: 4 });
    stuck.open();
    expect(await first).toMatchObject({ status: "generated", outcome: "lost", added: 0 });
    const done = (await getAttempt(deps, user.id, attempt.id))!;
    expect(done).toMatchObject({ status: "ready", itemCount: 4 });
    expect(await used(deps, user.id)).toBe(1);
  });
});

describe("stopping and resuming", () => {
  it("keeps what was stored when the learner goes away, and resumes without another use", async () => {
    const controller = new AbortController();
    const generator = fixedGenerator(pool(6), async (call, index) => {
      if (index !== 1) return;
      await aborted(call.signal);
      throw new DOMException("The operation was aborted.", "AbortError");
    });
    const deps = depsFor(generator.generate);
    const user = await trialUser(deps.now());
    const attempt = await started(deps, user.id, "quiz", 6);
    const start = await beginGeneration(deps, user.id, attempt.id, { signal: controller.signal });
    if (start.status !== "started") throw new Error(start.status);
    expect((await start.events.next()).value).toMatchObject({ type: "items" });
    controller.abort();
    const rest = [];
    for await (const event of start.events) rest.push(event);
    expect(rest).toMatchObject([{ type: "end", outcome: "stopped" }]);
    const stopped = await row(attempt.id);
    expect(stopped).toMatchObject({ status: "generating", itemCount: 2, leaseUntil: null });
    expect(await used(deps, user.id)).toBe(1);

    const resumed = await generateMore(
      { ...deps, generate: fixedGenerator(pool(6)).generate },
      user.id,
      attempt.id,
    );
    expect(resumed).toMatchObject({ outcome: "complete", added: 4, attempt: { itemCount: 6 } });
    expect(await used(deps, user.id)).toBe(1);
  });

  it("gives the use back when stopped before any item, and reserves one again on resuming", async () => {
    const controller = new AbortController();
    const waiting: GenerateItems = async ({ signal }) => {
      await aborted(signal);
      throw new DOMException("The operation was aborted.", "AbortError");
    };
    const deps = depsFor(waiting);
    const user = await trialUser(deps.now());
    const attempt = await started(deps, user.id, "quiz", 3);
    const run = generateMore(deps, user.id, attempt.id, { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 20));
    controller.abort();
    expect(await run).toMatchObject({ outcome: "stopped", added: 0 });
    expect(await row(attempt.id)).toMatchObject({
      status: "generating",
      reservationId: null,
      leaseUntil: null,
    });
    expect(await used(deps, user.id)).toBe(0);

    const resumed = await generateMore(
      { ...deps, generate: fixedGenerator(pool(3)).generate },
      user.id,
      attempt.id,
    );
    expect(resumed).toMatchObject({ outcome: "complete", added: 3 });
    expect((await row(attempt.id)).reservationId).toBeTruthy();
    expect(await used(deps, user.id)).toBe(1);
  });

  it("refuses to resume an empty attempt when the uses ran out meanwhile", async () => {
    const controller = new AbortController();
    const waiting: GenerateItems = async ({ signal }) => {
      await aborted(signal);
      return { items: [], source: "ai", shortfall: null };
    };
    const deps = depsFor(waiting);
    const user = await trialUser(deps.now());
    const attempt = await started(deps, user.id, "quiz", 3);
    const run = generateMore(deps, user.id, attempt.id, { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 20));
    controller.abort();
    await run;
    for (let i = 0; i < 5; i++) {
      await recordUse(deps.usage, user.id, "clinicalQuizzes", `elsewhere-${i}`);
    }
    const resumed = await generateMore(deps, user.id, attempt.id);
    expect(resumed).toMatchObject({
      status: "denied",
      refusal: { reason: "limit", message: trialExhaustedMessage("clinicalQuizzes") },
    });
    expect(await row(attempt.id)).toMatchObject({ status: "generating", leaseUntil: null });
  });
});

describe("answering and finishing", () => {
  it("saves answers for generated questions only, lets them change, and says nothing about correctness", async () => {
    const deps = depsFor(fixedGenerator(pool(4)).generate);
    const user = await trialUser(deps.now());
    const attempt = await started(deps, user.id, "quiz", 4);
    await generateMore(deps, user.id, attempt.id, { maxItems: 2 });

    const saved = await answerItem(deps, user.id, attempt.id, 0, 3);
    expect(saved).toMatchObject({ status: "saved", index: 0, choice: 3 });
    expect(Object.keys(saved).sort()).toEqual(["attempt", "choice", "index", "status"]);
    expect(await answerItem(deps, user.id, attempt.id, 0, 1)).toMatchObject({ status: "saved" });
    expect(await answerItem(deps, user.id, attempt.id, 2, 0)).toMatchObject({
      status: "conflict",
      message: ATTEMPT_MESSAGES.notGenerated,
    });
    expect(await answerItem(deps, user.id, attempt.id, 9, 0)).toMatchObject({
      status: "conflict",
      message: ATTEMPT_MESSAGES.questionInvalid,
    });
    await expect(answerItem(deps, user.id, attempt.id, 0, 4)).rejects.toThrow(RangeError);
    expect((await getAttempt(deps, user.id, attempt.id))!.answers).toEqual([1, null]);
  });

  it("keeps answers given while generation appends more items", async () => {
    const hold = gate();
    const generator = fixedGenerator(pool(6), async (_call, index) => {
      if (index === 1) await hold.opened;
    });
    const deps = depsFor(generator.generate);
    const user = await trialUser(deps.now());
    const attempt = await started(deps, user.id, "quiz", 6);
    const start = await beginGeneration(deps, user.id, attempt.id);
    if (start.status !== "started") throw new Error(start.status);
    await start.events.next();
    await answerItem(deps, user.id, attempt.id, 0, 1);
    await answerItem(deps, user.id, attempt.id, 1, 2);
    hold.open();
    for await (const _event of start.events) void _event;
    const done = (await getAttempt(deps, user.id, attempt.id))!;
    expect(done.status).toBe("ready");
    expect(done.answers).toEqual([1, 2, null, null, null, null]);
  });

  it("scores with unanswered questions counted wrong, and answers the full breakdown", async () => {
    const deps = depsFor(fixedGenerator(pool(4)).generate);
    const user = await trialUser(deps.now());
    // Correct answers are n % 4 for item n: 1, 2, 3, 0.
    const result = await finished(deps, user.id, [1, 0, null, 0]);
    expect(result.attempt).toMatchObject({ status: "completed", score: 2, answeredCount: 3 });
    expect(result.attempt.completedAt).toBe(deps.now());
    expect(result.results).toMatchObject({ score: 2, total: 4, percentage: 50 });
    expect(result.results.items[0]).toEqual({
      index: 0,
      question: makeItem(1).question,
      options: makeItem(1).options,
      case: null,
      choice: 1,
      correctIndex: 1,
      correct: true,
      explanations: makeItem(1).explanations,
      takeaway: "Takeaway 1",
      reference: "Reference 1",
      bankId: makeItem(1).bankId,
    });
    expect(result.results.items.map((item) => [item.choice, item.correct])).toEqual([
      [1, true],
      [0, false],
      [null, false],
      [0, true],
    ]);
    // Finishing again answers the same; answering afterwards is refused.
    const again = await finishAttempt(deps, user.id, result.attempt.id);
    expect(again).toMatchObject({ status: "finished", results: result.results });
    expect(await answerItem(deps, user.id, result.attempt.id, 1, 2)).toMatchObject({
      status: "conflict",
      message: ATTEMPT_MESSAGES.alreadyFinished,
    });
  });

  it("finishes while generation runs, at the items stored so far, and the generator stops", async () => {
    const hold = gate();
    const generator = fixedGenerator(pool(6), async (_call, index) => {
      if (index === 1) await hold.opened;
    });
    const deps = depsFor(generator.generate);
    const user = await trialUser(deps.now());
    const attempt = await started(deps, user.id, "quiz", 6);
    const run = generateMore(deps, user.id, attempt.id);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await answerItem(deps, user.id, attempt.id, 0, 1);
    const result = await finishAttempt(deps, user.id, attempt.id);
    expect(result).toMatchObject({ status: "finished", results: { score: 1, total: 2 } });
    hold.open();
    expect(await run).toMatchObject({ outcome: "lost" });
    expect(await getAttempt(deps, user.id, attempt.id)).toMatchObject({
      status: "completed",
      itemCount: 2,
    });
  });

  it("refuses to finish before any question exists, and refuses a failed attempt", async () => {
    const empty: GenerateItems = async () => ({ items: [], source: "ai", shortfall: null });
    const deps = depsFor(empty);
    const user = await trialUser(deps.now());
    const attempt = await started(deps, user.id, "quiz", 2);
    expect(await finishAttempt(deps, user.id, attempt.id)).toMatchObject({
      status: "conflict",
      message: ATTEMPT_MESSAGES.notStarted,
    });
    await generateMore(deps, user.id, attempt.id);
    expect(await finishAttempt(deps, user.id, attempt.id)).toMatchObject({
      status: "conflict",
      message: ASSESSMENT_MESSAGES.quiz.failed,
    });
  });
});

describe("retake and retest", () => {
  it("retakes the same items unanswered, and retests only the missed ones, at no cost", async () => {
    const deps = depsFor(fixedGenerator(pool(4)).generate);
    const user = await trialUser(deps.now());
    const original = await finished(deps, user.id, [1, 0, null, 0]);
    expect(await used(deps, user.id)).toBe(1);

    deps.clock.advance(1_000);
    const retake = await retakeAttempt(deps, user.id, original.attempt.id);
    if (retake.status !== "created") throw new Error(retake.status);
    expect(retake.attempt).toMatchObject({
      origin: "retake",
      parentId: original.attempt.id,
      status: "ready",
      requestedCount: 4,
      itemCount: 4,
      answers: [null, null, null, null],
      score: null,
      topic: "Heart failure",
    });
    expect(retake.attempt.items).toEqual(original.attempt.items);

    deps.clock.advance(1_000);
    const retest = await retestIncorrect(deps, user.id, original.attempt.id);
    if (retest.status !== "created") throw new Error(retest.status);
    expect(retest.attempt).toMatchObject({ origin: "retest", itemCount: 2, requestedCount: 2 });
    expect(retest.attempt.items).toEqual([makeItem(2), makeItem(3)]);
    expect(await used(deps, user.id)).toBe(1);

    // A retest taken perfectly leaves nothing to retest.
    await answerItem(deps, user.id, retest.attempt.id, 0, makeItem(2).correctIndex);
    await answerItem(deps, user.id, retest.attempt.id, 1, makeItem(3).correctIndex);
    await finishAttempt(deps, user.id, retest.attempt.id);
    expect(await retestIncorrect(deps, user.id, retest.attempt.id)).toMatchObject({
      status: "conflict",
      message: ATTEMPT_MESSAGES.nothingToRetest,
    });
    expect(await used(deps, user.id)).toBe(1);
    const page = await listAttempts(deps, user.id, "quiz");
    expect(page.attempts.map((attempt) => attempt.origin)).toEqual(["retest", "retake", "new"]);
  });

  it("refuses before the attempt is finished, and without a plan or trial", async () => {
    const clock = testClock(WEDNESDAY);
    const deps = depsFor(fixedGenerator(pool(2)).generate, clock);
    const user = await trialUser(clock.now());
    const attempt = await started(deps, user.id, "quiz", 2);
    await generateMore(deps, user.id, attempt.id);
    expect(await retakeAttempt(deps, user.id, attempt.id)).toMatchObject({
      status: "conflict",
      message: ATTEMPT_MESSAGES.finishFirst,
    });
    await finishAttempt(deps, user.id, attempt.id);
    clock.advance(31 * DAY); // the trial has ended
    expect(await retakeAttempt(deps, user.id, attempt.id)).toMatchObject({
      status: "denied",
      refusal: { reason: "none", message: BUY_SUBSCRIPTION_MESSAGE },
    });
    // Their own past attempt stays readable.
    expect(await getAttempt(deps, user.id, attempt.id)).toMatchObject({ status: "completed" });
  });
});

describe("ownership", () => {
  it("never lets another learner read, continue, answer, finish, retake or retest an attempt", async () => {
    const deps = depsFor(fixedGenerator(pool(4)).generate);
    const owner = await trialUser(deps.now());
    const other = await trialUser(deps.now());
    const attempt = await started(deps, owner.id, "quiz", 4);
    await generateMore(deps, owner.id, attempt.id, { maxItems: 2 });
    await answerItem(deps, owner.id, attempt.id, 0, 2);
    const before = await row(attempt.id);

    expect(await getAttempt(deps, other.id, attempt.id)).toBeNull();
    expect(await generateMore(deps, other.id, attempt.id)).toEqual({ status: "not-found" });
    expect(await beginGeneration(deps, other.id, attempt.id)).toEqual({ status: "not-found" });
    expect(await answerItem(deps, other.id, attempt.id, 0, 1)).toEqual({ status: "not-found" });
    expect(await finishAttempt(deps, other.id, attempt.id)).toEqual({ status: "not-found" });
    expect(await retakeAttempt(deps, other.id, attempt.id)).toEqual({ status: "not-found" });
    expect(await retestIncorrect(deps, other.id, attempt.id)).toEqual({ status: "not-found" });
    expect((await listAttempts(deps, other.id, "quiz")).total).toBe(0);
    expect(await row(attempt.id)).toEqual(before);
    expect(await used(deps, other.id)).toBe(0);

    // The other kind's path does not reach it either.
    expect(await getAttempt(deps, owner.id, attempt.id, { kind: "simulation" })).toBeNull();
    expect(await getAttempt(deps, owner.id, attempt.id, { kind: "quiz" })).not.toBeNull();
    // Malformed ids are simply not found.
    expect(await getAttempt(deps, owner.id, "att_nothex")).toBeNull();
  });
});

describe("past attempts", () => {
  it("lists one kind's attempts newest first with their counts, a page at a time", async () => {
    const clock = testClock(WEDNESDAY);
    const deps = depsFor(fixedGenerator(pool(3, "simulation")).generate, clock);
    const user = await subscriber("pro", clock.now);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      clock.advance(60_000);
      const attempt = await started(deps, user.id, "simulation", 3);
      await generateMore(deps, user.id, attempt.id);
      ids.push(attempt.id);
    }
    await answerItem(deps, user.id, ids[2]!, 0, 1);
    await finishAttempt(deps, user.id, ids[2]!);
    const page = await listAttempts(deps, user.id, "simulation", { limit: 2 });
    expect(page).toMatchObject({ total: 3, limit: 2, skip: 0, hasMore: true });
    expect(page.attempts.map((attempt) => attempt.id)).toEqual([ids[2], ids[1]]);
    expect(page.attempts[0]).toMatchObject({
      kind: "simulation",
      topic: "Heart failure",
      status: "completed",
      itemCount: 3,
      answeredCount: 1,
      score: 1,
      origin: "new",
      source: "ai",
    });
    expect(page.attempts[0]).not.toHaveProperty("items");
    const next = await listAttempts(deps, user.id, "simulation", { limit: 2, skip: 2 });
    expect(next).toMatchObject({ hasMore: false });
    expect(next.attempts.map((attempt) => attempt.id)).toEqual([ids[0]]);
    expect((await listAttempts(deps, user.id, "quiz")).total).toBe(0);
  });
});

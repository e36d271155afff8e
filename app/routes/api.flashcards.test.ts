/**
 * /api/flashcards/* through the real worker (docs/api.md): the shapes, the
 * validation messages, FSRS scheduling through the study route with
 * retried grades applied once, the trial's limit on creating, and that
 * another learner can never read, edit, study, archive or delete a card.
 */
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { createDb } from "~/db/client.server";
import { TRIAL } from "~/lib/features";
import { FLASHCARD_LIMITS, FLASHCARD_MESSAGES } from "~/lib/flashcards";
import { BUY_SUBSCRIPTION_MESSAGE, trialExhaustedMessage } from "~/lib/usage-messages";
import { setDesiredRetention } from "~/models/flashcard-review.server";
import { getFlashcard } from "~/models/flashcards.server";
import { api, apiLearner, buyPlanThroughApi } from "../../tests/support/payments";

vi.setConfig({ testTimeout: 30_000 });

type Card = {
  id: string;
  _id: string;
  question: string;
  answer: string;
  category: string;
  isArchived: boolean;
  studyStats: { state: string; due: string; reps: number; scheduledDays: number; isNew: boolean };
};

async function subscriber() {
  const learner = await apiLearner({ trial: true });
  await buyPlanThroughApi(learner.token, "plus");
  return learner;
}

async function create(token: string, body: Record<string, unknown>) {
  const result = await api("/api/flashcards", { token, body });
  return { ...result, card: (result.body.data ?? null) as Card | null };
}

const good = { question: "What is the normal QRS width?", answer: "Under 120 ms", category: "ECG" };

describe("/api/flashcards", () => {
  it("creates, lists, reads, edits and deletes, with both id and _id", async () => {
    const { token } = await subscriber();
    const made = await create(token, good);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ success: true, message: FLASHCARD_MESSAGES.created });
    const card = made.card!;
    expect(card).toMatchObject({ ...good, isArchived: false, _id: card.id });
    expect(card.studyStats).toMatchObject({ state: "new", isNew: true, reps: 0 });

    await create(token, { question: "Loop diuretic example?", answer: "Furosemide" });
    const list = await api("/api/flashcards?limit=1&page=2", { token });
    expect(list.status).toBe(200);
    expect(list.body.data).toMatchObject({
      flashcards: [{ question: "Loop diuretic example?", category: "General" }],
      pagination: { page: 2, limit: 1, total: 2, totalPages: 2, hasMore: false },
    });
    const filtered = await api("/api/flashcards?category=ECG&search=qrs", { token });
    expect(filtered.body.data).toMatchObject({ flashcards: [{ id: card.id }] });
    const all = await api("/api/flashcards?category=All", { token });
    expect((all.body.data as { flashcards: Card[] }).flashcards).toHaveLength(2);

    expect((await api(`/api/flashcards/${card.id}`, { token })).body.data).toMatchObject({
      id: card.id,
      question: good.question,
    });

    const edited = await api(`/api/flashcards/${card.id}`, {
      token,
      method: "PUT",
      body: { _id: card.id, question: "  Normal QRS duration?  ", answer: "Less than 0.12 s" },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      message: FLASHCARD_MESSAGES.updated,
      data: { question: "Normal QRS duration?", answer: "Less than 0.12 s", category: "ECG" },
    });
    const mismatch = await api(`/api/flashcards/${card.id}`, {
      token,
      method: "PUT",
      body: { id: crypto.randomUUID(), question: "Normal QRS duration?", answer: "Under 0.12 s" },
    });
    expect(mismatch).toMatchObject({
      status: 400,
      body: { message: FLASHCARD_MESSAGES.invalidId },
    });

    const removed = await api(`/api/flashcards/${card.id}`, { token, method: "DELETE" });
    expect(removed.body).toMatchObject({
      message: FLASHCARD_MESSAGES.deleted,
      data: { id: card.id, _id: card.id },
    });
    expect((await api(`/api/flashcards/${card.id}`, { token })).status).toBe(404);
  });

  it("answers the spec's validation messages with 400", async () => {
    const { token } = await subscriber();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ question: "", answer: "Furosemide" }, FLASHCARD_MESSAGES.bothRequired],
      [{ question: "Loop diuretic?", answer: "   " }, FLASHCARD_MESSAGES.bothRequired],
      [{ question: " Why ", answer: "Because of this" }, FLASHCARD_MESSAGES.questionTooShort],
      [{ question: "Loop diuretic?", answer: " Lasi " }, FLASHCARD_MESSAGES.answerTooShort],
      [
        { question: "Loop diuretic?", answer: "Lasix!", category: " R " },
        FLASHCARD_MESSAGES.categoryInvalid,
      ],
      [
        { question: "Loop diuretic?", answer: "Lasix!", category: "create-new", newCategory: "" },
        FLASHCARD_MESSAGES.categoryInvalid,
      ],
    ];
    for (const [body, message] of cases) {
      const result = await create(token, body);
      expect(result.status, JSON.stringify(body)).toBe(400);
      expect(result.body.message).toBe(message);
    }
    const created = await create(token, {
      question: "Loop diuretic?",
      answer: "Lasix!",
      category: "create-new",
      newCategory: "  Renal   drugs ",
    });
    expect(created.card).toMatchObject({ category: "Renal drugs" });
    expect((await api("/api/flashcards/not-an-id", { token })).body.message).toBe(
      FLASHCARD_MESSAGES.invalidId,
    );
    const malformed = await api("/api/flashcards", { token, rawBody: "{nope" });
    expect(malformed.status).toBe(400);
  });

  it("makes one card for a retried create with the same idempotency key", async () => {
    const { token } = await subscriber();
    const first = await create(token, { ...good, idempotencyKey: "card-key-0001" });
    const again = await api("/api/flashcards", {
      token,
      body: good,
      headers: { "Idempotency-Key": "card-key-0001" },
    });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect((again.body.data as Card).id).toBe(first.card!.id);
    const list = await api("/api/flashcards", { token });
    expect((list.body.data as { pagination: { total: number } }).pagination.total).toBe(1);
  });

  it("lists categories A-Z with deck and archive counts", async () => {
    const { token } = await subscriber();
    const a = await create(token, { ...good, category: "Renal" });
    await create(token, { ...good, category: "cardiology" });
    await create(token, { ...good, category: "Cardiology" });
    await api(`/api/flashcards/${a.card!.id}/archive`, {
      token,
      method: "PATCH",
      body: { isArchived: true },
    });
    const categories = await api("/api/flashcards/categories", { token });
    expect(categories.body.data).toEqual({
      categories: ["cardiology", "Renal"],
      details: [
        { name: "cardiology", count: 2, archivedCount: 0 },
        { name: "Renal", count: 0, archivedCount: 1 },
      ],
    });
  });

  it("archives and restores; archived cards leave the deck and the review queue", async () => {
    const { token } = await subscriber();
    const card = (await create(token, good)).card!;
    const bad = await api(`/api/flashcards/${card.id}/archive`, {
      token,
      method: "PATCH",
      body: { isArchived: "yes" },
    });
    expect(bad.status).toBe(400);
    const archived = await api(`/api/flashcards/${card.id}/archive`, {
      token,
      method: "PATCH",
      body: { isArchived: true },
    });
    expect(archived.body).toMatchObject({ data: { isArchived: true } });
    const deck = await api("/api/flashcards", { token });
    expect((deck.body.data as { flashcards: Card[] }).flashcards).toEqual([]);
    const queue = await api("/api/flashcards?due=true", { token });
    expect(queue.body.data).toMatchObject({ flashcards: [], review: { newCount: 0 } });
    const archive = await api("/api/flashcards?archived=true", { token });
    expect((archive.body.data as { flashcards: Card[] }).flashcards).toHaveLength(1);
    const restored = await api(`/api/flashcards/${card.id}/archive`, {
      token,
      method: "PATCH",
      body: { isArchived: false, _id: card.id },
    });
    expect(restored.body).toMatchObject({
      message: FLASHCARD_MESSAGES.unarchived,
      data: { isArchived: false },
    });
  });
});

describe("POST /api/flashcards/{id}/study", () => {
  it("schedules with FSRS: each grade further out than the last, Good twice graduates", async () => {
    const { token } = await subscriber();
    const dues: Record<string, number> = {};
    for (const grade of ["again", "hard", "good", "easy"]) {
      const card = (await create(token, good)).card!;
      const started = Date.now();
      const studied = await api(`/api/flashcards/${card.id}/study`, {
        token,
        body: { grade, reviewId: `review-${grade}-${crypto.randomUUID().slice(0, 8)}` },
      });
      expect(studied.status, JSON.stringify(studied.body)).toBe(200);
      const data = studied.body.data as {
        flashcard: Card;
        review: { grade: string; due: string; state: string; previousState: string };
        replayed: boolean;
      };
      expect(data.replayed).toBe(false);
      expect(data.review).toMatchObject({ grade, previousState: "new" });
      expect(data.flashcard.studyStats).toMatchObject({ reps: 1, isNew: false });
      expect(data.flashcard.studyStats.due).toBe(data.review.due);
      dues[grade] = Date.parse(data.review.due) - started;
      if (grade === "easy") expect(data.review.state).toBe("review");
      else expect(data.review.state).toBe("learning");
    }
    expect(dues.again).toBeGreaterThan(50_000);
    expect(dues.again).toBeLessThan(dues.hard!);
    expect(dues.hard).toBeLessThan(dues.good!);
    expect(dues.good).toBeLessThan(dues.easy!);
    expect(dues.easy).toBeGreaterThan(86_400_000);

    const card = (await create(token, good)).card!;
    await api(`/api/flashcards/${card.id}/study`, { token, body: { grade: 3 } });
    const second = await api(`/api/flashcards/${card.id}/study`, {
      token,
      body: { stats: { grade: "Good" } },
    });
    expect(second.body.data).toMatchObject({
      review: { previousState: "learning", state: "review" },
      flashcard: { studyStats: { reps: 2 } },
    });
    expect((second.body.data as { review: { scheduledDays: number } }).review.scheduledDays).toBe(
      (second.body.data as { flashcard: Card }).flashcard.studyStats.scheduledDays,
    );
  });

  it("applies a retried grade once, even when the retries race", async () => {
    const { token, user } = await subscriber();
    const card = (await create(token, good)).card!;
    const body = { grade: "good", reviewId: "retry-0123456789" };
    const results = await Promise.all(
      [1, 2, 3].map(() => api(`/api/flashcards/${card.id}/study`, { token, body })),
    );
    for (const result of results) expect(result.status).toBe(200);
    const dues = new Set(
      results.map((r) => (r.body.data as { review: { due: string } }).review.due),
    );
    expect(dues.size).toBe(1);
    expect(results.filter((r) => (r.body.data as { replayed: boolean }).replayed)).toHaveLength(2);
    const later = await api(`/api/flashcards/${card.id}/study`, {
      token,
      body,
      headers: { "Idempotency-Key": "ignored-when-body-has-one" },
    });
    expect(later.body.data).toMatchObject({ replayed: true });
    const stored = await getFlashcard(createDb(env.DB), user.id, card.id);
    expect(stored?.study.reps).toBe(1);
    const { results: log } = await env.DB.prepare(
      "SELECT count(*) AS n FROM flashcard_reviews WHERE card_id = ?",
    )
      .bind(card.id)
      .all<{ n: number }>();
    expect(log[0]?.n).toBe(1);

    const other = (await create(token, good)).card!;
    const reused = await api(`/api/flashcards/${other.id}/study`, { token, body });
    expect(reused.status).toBe(409);
  });

  it("schedules further out for a lower desired retention", async () => {
    const { token, user } = await subscriber();
    const easyIn = async (retention: number) => {
      await setDesiredRetention(createDb(env.DB), user.id, retention);
      const card = (await create(token, good)).card!;
      const studied = await api(`/api/flashcards/${card.id}/study`, {
        token,
        body: { grade: "easy" },
      });
      return (studied.body.data as { review: { scheduledDays: number; desiredRetention: number } })
        .review;
    };
    const strict = await easyIn(0.97);
    const relaxed = await easyIn(0.8);
    expect(strict.desiredRetention).toBe(0.97);
    expect(relaxed.scheduledDays).toBeGreaterThan(strict.scheduledDays);
  });

  it("refuses malformed grades and review ids", async () => {
    const { token } = await subscriber();
    const card = (await create(token, good)).card!;
    for (const body of [{}, { grade: "perfect" }, { grade: 5 }, { grade: "good", reviewId: "x" }]) {
      const result = await api(`/api/flashcards/${card.id}/study`, { token, body });
      expect(result.status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe("another learner's cards", () => {
  it("can never be read, edited, studied, archived or deleted through the API", async () => {
    const owner = await subscriber();
    const card = (await create(owner.token, good)).card!;
    const intruder = await subscriber();
    const token = intruder.token;
    const path = `/api/flashcards/${card.id}`;
    const attempts = [
      await api(path, { token }),
      await api(path, {
        token,
        method: "PUT",
        body: { question: "Mine now!", answer: "Mine now!" },
      }),
      await api(`${path}/study`, { token, body: { grade: "easy" } }),
      await api(`${path}/archive`, { token, method: "PATCH", body: { isArchived: true } }),
      await api(path, { token, method: "DELETE" }),
    ];
    for (const attempt of attempts) {
      expect(attempt.status).toBe(404);
      expect(attempt.body.message).toBe(FLASHCARD_MESSAGES.notFound);
    }
    const list = await api("/api/flashcards", { token });
    expect((list.body.data as { flashcards: Card[] }).flashcards).toEqual([]);
    expect((await api("/api/flashcards/categories", { token })).body.data).toMatchObject({
      categories: [],
    });
    const stored = await getFlashcard(createDb(env.DB), owner.user.id, card.id);
    expect(stored).toMatchObject({ question: good.question, isArchived: false });
    expect(stored?.study.reps).toBe(0);
    expect((await api(path, { token: "not-a-token" })).status).toBe(401);
  });
});

describe("creating on the trial", () => {
  it("stops at the trial's flashcard allowance, and refuses learners with no access", async () => {
    const { token } = await apiLearner({ trial: true });
    for (let n = 0; n < TRIAL.usesPerFeature; n += 1) {
      expect((await create(token, { ...good, question: `Card ${n} question?` })).status).toBe(201);
    }
    const refused = await create(token, good);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      message: trialExhaustedMessage("flashcards"),
      reason: "limit",
      title: "Limit Reached",
      usage: { used: TRIAL.usesPerFeature, remaining: 0 },
    });
    const none = await apiLearner();
    const denied = await create(none.token, good);
    expect(denied).toMatchObject({
      status: 403,
      body: { message: BUY_SUBSCRIPTION_MESSAGE, reason: "none", title: "Access Denied" },
    });
  });
});

describe("the cards one account may keep", () => {
  it("stops at 10,000, also when creates arrive at once, and writes nothing past it", async () => {
    const { user, token } = await subscriber();
    const max = FLASHCARD_LIMITS.maxCardsPerAccount;
    // Fill the account to three below the ceiling in one statement.
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?2)
       INSERT INTO flashcards (id, user_id, question, answer, category, due, updated_at)
       SELECT 'filler-' || ?1 || '-' || i, ?1, 'Filler question', 'Filler answer', 'Filler', 0, 0 FROM n`,
    )
      .bind(user.id, max - 3)
      .run();
    const count = async () =>
      (await env.DB.prepare("SELECT count(*) AS n FROM flashcards WHERE user_id = ?")
        .bind(user.id)
        .first<{ n: number }>())!.n;
    expect(await count()).toBe(max - 3);

    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        create(token, { ...good, question: `Question number ${index}?` }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 201, 201, 403, 403, 403, 403, 403]);
    for (const answer of answers.filter((answer) => answer.status === 403)) {
      expect(answer.body.message).toBe(FLASHCARD_MESSAGES.storageFull);
    }
    expect(await count()).toBe(max);
  });
});

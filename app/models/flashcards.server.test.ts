/**
 * Flashcards in D1 with the real usage object: the deck's order, categories,
 * editing, archiving and deleting for one owner only, and creation counted
 * against the trial (what fits is made, the rest refused with the limit).
 */
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { createDb } from "~/db/client.server";
import { TRIAL } from "~/lib/features";
import { BUY_SUBSCRIPTION_MESSAGE, trialExhaustedMessage } from "~/lib/usage-messages";
import { startTrial } from "~/models/subscription.server";
import { makeUser } from "../../tests/support/auth";
import { apiLearner, buyPlanThroughApi, usageTestDeps } from "../../tests/support/payments";
import {
  addFlashcards,
  allFlashcards,
  createFlashcard,
  deleteFlashcard,
  type FlashcardDeps,
  getFlashcard,
  listCategories,
  listFlashcards,
  positionOf,
  setFlashcardArchived,
  updateFlashcard,
} from "./flashcards.server";
import { checkFeature } from "./usage.server";

vi.setConfig({ testTimeout: 30_000 });

const db = () => createDb(env.DB);
const deps = (): FlashcardDeps => ({ db: db(), usage: usageTestDeps(), now: Date.now });

async function trialLearner() {
  const user = await makeUser();
  await startTrial(db(), user.id, Date.now());
  return user;
}

async function subscriber() {
  const { user, token } = await apiLearner({ trial: true });
  await buyPlanThroughApi(token, "plus");
  return user;
}

const card = (n: number, category = "Cardiology") => ({
  question: `Question number ${n}?`,
  answer: `Answer number ${n}.`,
  category,
});

describe("flashcards", () => {
  it("keeps the deck in the order cards were made and finds a card's place in a filter", async () => {
    const user = await subscriber();
    const made = await addFlashcards(deps(), user.id, [
      { ...card(1), key: "k1" },
      { ...card(2, "Renal"), key: "k2" },
      { ...card(3), key: "k3" },
    ]);
    expect(made.created.map((c) => c.question)).toEqual([
      "Question number 1?",
      "Question number 2?",
      "Question number 3?",
    ]);
    const page = await listFlashcards(db(), user.id, {}, { offset: 0, limit: 10 });
    expect(page.total).toBe(3);
    expect(page.flashcards.map((c) => c.question)).toEqual(made.created.map((c) => c.question));
    const cardio = await listFlashcards(
      db(),
      user.id,
      { category: "Cardiology" },
      { offset: 1, limit: 10 },
    );
    expect(cardio).toMatchObject({ total: 2, flashcards: [{ question: "Question number 3?" }] });
    expect(await positionOf(db(), user.id, { category: "Cardiology" }, made.created[2]!.id)).toBe(
      1,
    );
    expect(await positionOf(db(), user.id, { category: "Cardiology" }, made.created[1]!.id)).toBe(
      null,
    );
    expect(await positionOf(db(), user.id, {}, made.created[1]!.id)).toBe(1);
  });

  it("searches question, answer and category, with % and _ as plain characters", async () => {
    const user = await subscriber();
    await addFlashcards(deps(), user.id, [
      {
        question: "Normal potassium range?",
        answer: "3.5 to 5.0 mmol/L",
        category: "Renal",
        key: "a",
      },
      {
        question: "Ejection fraction cut-off?",
        answer: "Below 40% is reduced",
        category: "Cardiology",
        key: "b",
      },
      {
        question: "First-line for absence seizures?",
        answer: "Ethosuximide",
        category: "Neuro_logy",
        key: "c",
      },
    ]);
    const find = (search: string) =>
      listFlashcards(db(), user.id, { search }, { offset: 0, limit: 10 }).then((page) =>
        page.flashcards.map((c) => c.question),
      );
    expect(await find("POTASSIUM")).toEqual(["Normal potassium range?"]);
    expect(await find("40%")).toEqual(["Ejection fraction cut-off?"]);
    expect(await find("%")).toEqual(["Ejection fraction cut-off?"]);
    expect(await find("o_l")).toEqual(["First-line for absence seizures?"]);
    expect(await find("renal")).toEqual(["Normal potassium range?"]);
  });

  it("joins categories without regard to case and counts deck and archive apart", async () => {
    const user = await subscriber();
    const first = await createFlashcard(deps(), user.id, card(1, "Cardiology"));
    const second = await createFlashcard(deps(), user.id, card(2, "cardiology"));
    expect(second).toMatchObject({ ok: true, flashcard: { category: "Cardiology" } });
    const imported = await addFlashcards(deps(), user.id, [
      { ...card(3, "renal physiology"), key: "r1" },
      { ...card(4, "Renal Physiology"), key: "r2" },
    ]);
    expect(imported.created.map((c) => c.category)).toEqual([
      "renal physiology",
      "renal physiology",
    ]);
    await setFlashcardArchived(db(), user.id, first.ok ? first.flashcard.id : "", true);
    expect(await listCategories(db(), user.id)).toEqual([
      { name: "Cardiology", count: 1, archivedCount: 1 },
      { name: "renal physiology", count: 2, archivedCount: 0 },
    ]);
  });

  it("edits, archives, restores and deletes only the owner's cards", async () => {
    const owner = await subscriber();
    const other = await subscriber();
    const made = await createFlashcard(deps(), owner.id, card(1));
    if (!made.ok) throw new Error("not made");
    const id = made.flashcard.id;
    const edit = { question: "Changed question", answer: "Changed answer", category: "Renal" };

    expect(await getFlashcard(db(), other.id, id)).toBeNull();
    expect(await updateFlashcard(db(), other.id, id, edit)).toBeNull();
    expect(await setFlashcardArchived(db(), other.id, id, true)).toBeNull();
    expect(await deleteFlashcard(db(), other.id, id)).toBe(false);
    expect(await getFlashcard(db(), owner.id, id)).toMatchObject({
      question: "Question number 1?",
      isArchived: false,
    });

    expect(await updateFlashcard(db(), owner.id, id, edit)).toMatchObject(edit);
    expect(await setFlashcardArchived(db(), owner.id, id, true)).toMatchObject({
      isArchived: true,
    });
    const deck = await listFlashcards(db(), owner.id, {}, { offset: 0, limit: 10 });
    expect(deck.total).toBe(0);
    const archive = await listFlashcards(
      db(),
      owner.id,
      { archived: true },
      { offset: 0, limit: 10 },
    );
    expect(archive.total).toBe(1);
    expect(await allFlashcards(db(), owner.id, {})).toEqual([]);
    expect(await allFlashcards(db(), owner.id, { includeArchived: true })).toHaveLength(1);
    await setFlashcardArchived(db(), owner.id, id, false);
    expect(await deleteFlashcard(db(), owner.id, id)).toBe(true);
    expect(await getFlashcard(db(), owner.id, id)).toBeNull();
  });

  it("makes one card for one key, however often the request is repeated", async () => {
    const user = await trialLearner();
    const key = crypto.randomUUID();
    const [a, b] = await Promise.all([
      createFlashcard(deps(), user.id, card(1), { key }),
      createFlashcard(deps(), user.id, card(1), { key }),
    ]);
    const again = await createFlashcard(deps(), user.id, card(1), { key });
    expect(a.ok && b.ok && again.ok).toBe(true);
    const ids = new Set([a, b, again].map((result) => (result.ok ? result.flashcard.id : "")));
    expect(ids.size).toBe(1);
    expect(again).toMatchObject({ created: false });
    expect((await listFlashcards(db(), user.id, {}, { offset: 0, limit: 10 })).total).toBe(1);
    const check = await checkFeature(usageTestDeps(), user.id, "flashcards");
    expect(check.currentUsage).toBe(1);
  });

  it("counts cards against the trial: what fits is made, the rest is refused", async () => {
    const user = await trialLearner();
    const limit = TRIAL.usesPerFeature;
    await createFlashcard(deps(), user.id, card(0));
    const rows = Array.from({ length: limit + 2 }, (_, n) => ({ ...card(n + 1), key: `row-${n}` }));
    const result = await addFlashcards(deps(), user.id, rows, "import");
    expect(result.created).toHaveLength(limit - 1);
    expect(result.overLimit).toEqual(rows.slice(limit - 1).map((row) => row.key));
    expect(result.refusal).toMatchObject({
      title: "Limit Reached",
      message: trialExhaustedMessage("flashcards"),
    });
    const refused = await createFlashcard(deps(), user.id, card(99));
    expect(refused).toMatchObject({ ok: false, title: "Limit Reached" });
    expect((await listFlashcards(db(), user.id, {}, { offset: 0, limit: 50 })).total).toBe(limit);
    const check = await checkFeature(usageTestDeps(), user.id, "flashcards");
    expect(check).toMatchObject({ currentUsage: limit, remaining: 0 });
  });

  it("refuses learners with neither plan nor trial, and lets subscribers create freely", async () => {
    const nobody = await makeUser();
    expect(await createFlashcard(deps(), nobody.id, card(1))).toMatchObject({
      ok: false,
      title: "Access Denied",
      message: BUY_SUBSCRIPTION_MESSAGE,
    });
    const user = await subscriber();
    const rows = Array.from({ length: TRIAL.usesPerFeature * 3 }, (_, n) => ({
      ...card(n),
      key: `s-${n}`,
    }));
    const result = await addFlashcards(deps(), user.id, rows);
    expect(result.created).toHaveLength(rows.length);
    expect(result.overLimit).toEqual([]);
  });
});

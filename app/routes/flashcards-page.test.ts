/**
 * The /flashcards page's forms as a browser without JavaScript sends them,
 * through the real worker: who sees what, each action's redirect and toast,
 * the trial's limit, CSV export and import with a preview, cards from a
 * quiz's missed questions, and that nobody reaches another learner's cards.
 */
import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { createDb } from "~/db/client.server";
import { TRIAL } from "~/lib/features";
import { parseCsv } from "~/lib/flashcard-csv";
import { FLASHCARD_MESSAGES } from "~/lib/flashcards";
import { trialExhaustedMessage } from "~/lib/usage-messages";
import { getAttempt } from "~/models/assessment-attempts.server";
import { getDesiredRetention } from "~/models/flashcard-review.server";
import { IMPORT_MESSAGES } from "~/models/flashcard-import.server";
import {
  createFlashcard,
  type FlashcardDeps,
  getFlashcard,
  listFlashcards,
} from "~/models/flashcards.server";
import { startTrial } from "~/models/subscription.server";
import { createAppContext } from "~/load-context";
import { loadFlashcardScreen } from "~/routes/flashcards.server";
import { call, cookiesFrom, makeUser, postForm } from "../../tests/support/auth";
import { apiLearner, buyPlanThroughApi, usageTestDeps } from "../../tests/support/payments";

vi.setConfig({ testTimeout: 60_000 });

const db = () => createDb(env.DB);
const deps = (): FlashcardDeps => ({ db: db(), usage: usageTestDeps(), now: Date.now });

async function signIn(email: string, password: string) {
  const response = await postForm("/login", { email, password });
  expect(response.status).toBe(302);
  return cookiesFrom(response);
}

async function trialLearner() {
  const user = await makeUser();
  await startTrial(db(), user.id, Date.now());
  return { user, cookie: await signIn(user.email, user.plainPassword) };
}

async function subscriber() {
  const { user, token } = await apiLearner({ trial: true });
  await buyPlanThroughApi(token, "plus");
  return { user, cookie: await signIn(user.email, user.plainPassword) };
}

/** The page a redirect leads to, with the toast it flashed. */
async function follow(response: Response, cookie: string): Promise<string> {
  expect(response.status).toBe(302);
  const location = response.headers.get("Location")!;
  const page = await call(location, { headers: { Cookie: cookiesFrom(response, cookie) } });
  return page.text();
}

const page = (path: string, cookie: string) =>
  call(path, { headers: { Cookie: cookie } }).then((response) => response.text());

function postMultipart(path: string, form: FormData, cookie: string) {
  return exports.default.fetch(
    new Request(`http://localhost${path}`, {
      method: "POST",
      body: form,
      headers: { Cookie: cookie, "CF-Connecting-IP": "198.51.100.44" },
      redirect: "manual",
    }),
  );
}

const escape = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const card = {
  question: "Normal adult heart rate?",
  answer: "60 to 100 beats per minute",
  category: "Cardiology",
};

describe("/flashcards", () => {
  it("shows visitors the sign-in card, and learners without plan or trial the plans", async () => {
    const visitor = await call("/flashcards");
    expect(visitor.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await visitor.text();
    expect(html).toContain("Access Flashcards");
    expect(html).toContain(
      "Please log in to access your personalized flashcard collection and study materials.",
    );
    expect(html).toContain('href="/login?redirectTo=%2Fflashcards"');
    expect(html).toContain('href="/register"');
    const posted = await postForm("/flashcards", { intent: "create", ...card });
    expect(posted.headers.get("Location")).toBe("/login?redirectTo=%2Fflashcards");

    const nobody = await makeUser();
    const cookie = await signIn(nobody.email, nobody.plainPassword);
    const plans = await page("/flashcards", cookie);
    expect(plans).toContain("Choose Your Plan");
    expect(plans).not.toContain("Create New Card");
  });

  it("creates a card from the form, once per form, and opens it", async () => {
    const { user, cookie } = await subscriber();
    await createFlashcard(deps(), user.id, { ...card, question: "An older card here?" });
    const empty = await postForm(
      "/flashcards?new=1",
      { intent: "create", question: " ", answer: "" },
      { cookie },
    );
    expect(empty.status).toBe(400);
    const html = await empty.text();
    expect(html).toContain(FLASHCARD_MESSAGES.bothRequired);

    const createKey = crypto.randomUUID();
    const fields = { intent: "create", createKey, ...card };
    const created = await postForm("/flashcards?new=1", fields, { cookie });
    expect(created.headers.get("Location")).toBe("/flashcards?card=1");
    const shown = await follow(created, cookie);
    expect(shown).toContain(FLASHCARD_MESSAGES.successTitle);
    expect(shown).toContain(FLASHCARD_MESSAGES.created);
    expect(shown).toContain("Card 2 of 2");
    expect(shown).toContain(escape(card.question));
    const again = await postForm("/flashcards?new=1", fields, { cookie });
    expect(again.headers.get("Location")).toBe("/flashcards?card=1");
    expect((await listFlashcards(db(), user.id, {}, { offset: 0, limit: 10 })).total).toBe(2);

    // In a category view the new card opens there when it belongs to it.
    const inCategory = await postForm(
      "/flashcards?category=Cardiology",
      {
        intent: "create",
        createKey: crypto.randomUUID(),
        ...card,
        question: "Second cardiology card?",
      },
      { cookie },
    );
    // Three Cardiology cards now: the older one, the first new one and this one.
    expect(inCategory.headers.get("Location")).toBe("/flashcards?category=Cardiology&card=2");
  });

  it("stops a trial learner at the flashcard allowance with the limit message", async () => {
    const { user, cookie } = await trialLearner();
    for (let n = 0; n < TRIAL.usesPerFeature; n += 1) {
      await createFlashcard(deps(), user.id, { ...card, question: `Trial card ${n}?` });
    }
    const refused = await postForm(
      "/flashcards",
      { intent: "create", createKey: crypto.randomUUID(), ...card },
      { cookie },
    );
    const html = await follow(refused, cookie);
    expect(html).toContain(FLASHCARD_MESSAGES.limitTitle);
    expect(html).toContain(trialExhaustedMessage("flashcards"));
    expect((await listFlashcards(db(), user.id, {}, { offset: 0, limit: 10 })).total).toBe(
      TRIAL.usesPerFeature,
    );
  });

  it("edits with a new category, archives, restores and deletes with confirmation", async () => {
    const { user, cookie } = await subscriber();
    const made = await createFlashcard(deps(), user.id, card);
    if (!made.ok) throw new Error("not made");
    const id = made.flashcard.id;

    const editForm = await page(`/flashcards?edit=${id}&newCategory=1`, cookie);
    expect(editForm).toContain("← Back to existing categories");
    expect(editForm).toContain('name="newCategory"');
    const back = await page(`/flashcards?edit=${id}`, cookie);
    expect(back).toContain("Create new category");
    expect(back).toMatch(/<option value="Cardiology" selected="">Cardiology<\/option>/);

    const short = await postForm(
      `/flashcards?edit=${id}&newCategory=1`,
      {
        intent: "update",
        id,
        question: card.question,
        answer: card.answer,
        category: "create-new",
        newCategory: "x",
      },
      { cookie },
    );
    expect(short.status).toBe(400);
    expect(await short.text()).toContain(FLASHCARD_MESSAGES.categoryInvalid);
    const bad = await postForm(
      "/flashcards",
      { intent: "update", id: "nope", ...card },
      { cookie },
    );
    expect(await follow(bad, cookie)).toContain(FLASHCARD_MESSAGES.invalidId);

    const saved = await postForm(
      `/flashcards?edit=${id}&newCategory=1`,
      {
        intent: "update",
        id,
        question: "Resting heart rate, adult?",
        answer: card.answer,
        category: "create-new",
        newCategory: "Vital signs",
      },
      { cookie },
    );
    expect(await follow(saved, cookie)).toContain(FLASHCARD_MESSAGES.updated);
    expect(await getFlashcard(db(), user.id, id)).toMatchObject({
      question: "Resting heart rate, adult?",
      category: "Vital signs",
    });

    const archived = await postForm("/flashcards", { intent: "archive", id }, { cookie });
    expect(await follow(archived, cookie)).toContain("Flashcard archived.");
    expect(await getFlashcard(db(), user.id, id)).toMatchObject({ isArchived: true });
    const restored = await postForm(
      "/flashcards?tab=archived",
      { intent: "unarchive", id },
      { cookie },
    );
    expect(restored.headers.get("Location")).toBe("/flashcards?tab=archived");
    expect(await getFlashcard(db(), user.id, id)).toMatchObject({ isArchived: false });

    const confirm = await page(`/flashcards?confirm=delete&target=${id}`, cookie);
    expect(confirm).toContain("Delete Card");
    expect(confirm).toContain("Resting heart rate, adult?");
    const deleted = await postForm("/flashcards", { intent: "delete", id }, { cookie });
    expect(await follow(deleted, cookie)).toContain(FLASHCARD_MESSAGES.deleted);
    expect(await getFlashcard(db(), user.id, id)).toBeNull();
  });

  it("studies: flip and random without JavaScript, grades a review once, saves the retention", async () => {
    const { user, cookie } = await subscriber();
    for (const question of [
      "First card question?",
      "Second card question?",
      "Third card question?",
    ]) {
      await createFlashcard(deps(), user.id, { ...card, question });
    }
    const answer = await page("/flashcards?card=2&side=answer", cookie);
    expect(answer).toContain("Card 3 of 3");
    expect(answer).toMatch(/data-side="answer"/);
    const random = await call("/flashcards?card=1&random=1", { headers: { Cookie: cookie } });
    expect(random.status).toBe(302);
    expect(random.headers.get("Location")).toMatch(/^\/flashcards(\?card=2)?$/);
    const past = await page("/flashcards?card=99", cookie);
    expect(past).toContain("Card 3 of 3");

    const review = await page("/flashcards?mode=review&side=answer", cookie);
    expect(review).toContain("First card question?");
    const reviewId = review.match(/name="reviewId" value="([^"]+)"/)?.[1];
    const id = review.match(/name="id" value="([0-9a-f-]{36})"/)?.[1];
    expect(reviewId && id).toBeTruthy();
    const grade = { intent: "grade", id: id!, grade: "good", reviewId: reviewId! };
    const graded = await postForm("/flashcards?mode=review", grade, { cookie });
    expect(graded.headers.get("Location")).toBe("/flashcards?mode=review");
    await postForm("/flashcards?mode=review", grade, { cookie });
    expect((await getFlashcard(db(), user.id, id!))?.study).toMatchObject({
      reps: 1,
      state: "learning",
    });
    const next = await page("/flashcards?mode=review", cookie);
    expect(next).toContain("Second card question?");

    const invalid = await postForm(
      "/flashcards",
      { intent: "settings", desiredRetention: "101" },
      { cookie },
    );
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain(
      "Desired retention must be a whole percentage from 70 to 99.",
    );
    const setting = await postForm(
      "/flashcards",
      { intent: "settings", desiredRetention: "85" },
      { cookie },
    );
    expect(await follow(setting, cookie)).toContain("Desired retention saved.");
    expect(await getDesiredRetention(db(), user.id)).toBe(0.85);
  });

  it("exports CSV and imports it back through the preview, once", async () => {
    const { user, cookie } = await subscriber();
    await createFlashcard(deps(), user.id, { ...card, question: "=Formula-looking question?" });
    await createFlashcard(deps(), user.id, {
      question: "Loop diuretic, with a comma?",
      answer: 'Furosemide, "Lasix"',
      category: "Renal",
    });
    const exported = await call("/flashcards/export.csv?category=Renal", {
      headers: { Cookie: cookie },
    });
    expect(exported.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(exported.headers.get("Content-Disposition")).toMatch(
      /attachment; filename="medmentor-flashcards-renal-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(parseCsv(await exported.text())).toEqual([
      ["question", "answer", "category"],
      ["Loop diuretic, with a comma?", 'Furosemide, "Lasix"', "Renal"],
    ]);
    const all = await (
      await call("/flashcards/export.csv", { headers: { Cookie: cookie } })
    ).text();
    expect(all).toContain("'=Formula-looking question?");

    const { user: other, cookie: otherCookie } = await subscriber();
    const file = `${all.trimEnd()}\r\nWhy?,Because it is,General\r\nDiuretic class of furosemide?,Loop,Renal\r\nValid new card?,A valid answer,ab\r\n`;
    const form = new FormData();
    form.set("intent", "import-preview");
    form.set("file", new File([file], "deck.csv", { type: "text/csv" }));
    const preview = await postMultipart("/flashcards", form, otherCookie);
    expect(preview.status).toBe(200);
    const html = await preview.text();
    expect(html).toContain("Preview of deck.csv");
    expect(html).toContain("3 cards ready to import.");
    expect(html).toContain("2 rows will not be imported.");
    expect(html).toContain(FLASHCARD_MESSAGES.questionTooShort);
    expect(html).toContain(FLASHCARD_MESSAGES.answerTooShort);
    expect(await listFlashcards(db(), other.id, {}, { offset: 0, limit: 10 })).toMatchObject({
      total: 0,
    });

    const importKey = html.match(/name="importKey" value="([^"]+)"/)?.[1];
    expect(importKey).toBeTruthy();
    const confirm = { intent: "import-confirm", importKey: importKey!, csv: file };
    const imported = await postForm("/flashcards", confirm, { cookie: otherCookie });
    const after = await follow(imported, otherCookie);
    expect(after).toContain(`${IMPORT_MESSAGES.imported(3)} ${IMPORT_MESSAGES.notImported(2)}`);
    await postForm("/flashcards", confirm, { cookie: otherCookie });
    const deck = await listFlashcards(db(), other.id, {}, { offset: 0, limit: 10 });
    expect(deck.flashcards.map((c) => [c.question, c.category])).toEqual([
      ["=Formula-looking question?", "Cardiology"],
      ["Loop diuretic, with a comma?", "Renal"],
      ["Valid new card?", "ab"],
    ]);
    // The same file again: everything is already in the deck.
    const form2 = new FormData();
    form2.set("intent", "import-preview");
    form2.set("file", new File([all], "deck.csv", { type: "text/csv" }));
    const again = await (await postMultipart("/flashcards", form2, otherCookie)).text();
    expect(again).toContain(IMPORT_MESSAGES.duplicateInDeck);
    expect(again).toContain("0 cards ready to import.");

    const notCsv = new FormData();
    notCsv.set("intent", "import-preview");
    notCsv.set("file", new File([new Uint8Array([0xff, 0xfe, 0x00, 0x41])], "deck.csv"));
    const refused = await postMultipart("/flashcards", notCsv, otherCookie);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("The file is not UTF-8 text.");
  });

  it("imports on the trial only what the allowance has room for", async () => {
    const { user, cookie } = await trialLearner();
    const rows = Array.from(
      { length: TRIAL.usesPerFeature + 2 },
      (_, n) => `Imported question ${n}?,Imported answer ${n},Trial`,
    );
    const file = rows.join("\n");
    const form = new FormData();
    form.set("intent", "import-preview");
    form.set("file", new File([file], "trial.csv"));
    const html = await (await postMultipart("/flashcards", form, cookie)).text();
    expect(html).toContain(`${TRIAL.usesPerFeature} cards ready to import.`);
    expect(html).toContain(trialExhaustedMessage("flashcards"));
    const importKey = html.match(/name="importKey" value="([^"]+)"/)![1]!;
    const imported = await postForm(
      "/flashcards",
      { intent: "import-confirm", importKey, csv: file },
      { cookie },
    );
    const after = await follow(imported, cookie);
    expect(after).toContain(IMPORT_MESSAGES.imported(TRIAL.usesPerFeature));
    expect(after).toContain(IMPORT_MESSAGES.notImported(2));
    expect(after).toContain(trialExhaustedMessage("flashcards"));
    expect((await listFlashcards(db(), user.id, {}, { offset: 0, limit: 20 })).total).toBe(
      TRIAL.usesPerFeature,
    );
  });

  it("makes approved cards from a quiz's missed questions, once", async () => {
    const { user, cookie } = await trialLearner();
    const created = await postForm(
      "/clinical-quizzes",
      { intent: "create", topic: "Cardiology", count: "3", startKey: crypto.randomUUID() },
      { cookie },
    );
    const attemptId = new URL(created.headers.get("Location")!, "http://x").searchParams.get(
      "attempt",
    )!;
    for (let index = 0; index < 3; index += 1) {
      // Items arrive in batches: read the attempt again for each question.
      const item = (await getAttempt({ db: db() }, user.id, attemptId))!.items[index]!;
      const choice = index === 0 ? item.correctIndex : (item.correctIndex + 1) % 4;
      const answered = await postForm(
        "/clinical-quizzes",
        { intent: "answer", attemptId, index: String(index), choice: String(choice) },
        { cookie },
      );
      expect(answered.status).toBe(302);
    }
    const attempt = (await getAttempt({ db: db() }, user.id, attemptId))!;
    expect(attempt.status).toBe("completed");
    const results = await page(`/clinical-quizzes?attempt=${attemptId}&view=results`, cookie);
    expect(results).toContain(`href="/flashcards?fromAttempt=${attemptId}"`);

    const drafts = await page(`/flashcards?fromAttempt=${attemptId}`, cookie);
    expect(drafts).toContain("Make flashcards from your quiz: Cardiology");
    const missed = attempt.items[1]!;
    expect(drafts).toContain(escape(missed.question));
    expect(drafts).toContain(
      escape(`${"ABCD"[missed.correctIndex]}. ${missed.options[missed.correctIndex]}`),
    );
    expect(drafts).not.toContain(escape(attempt.items[0]!.question));

    const fields = {
      intent: "save-drafts",
      attemptId,
      draft: ["1", "2"],
      "question-1": "My own wording of question two?",
      "answer-1": "The answer as I want it",
      "category-1": "Cardiology",
      "question-2": attempt.items[2]!.question,
      "answer-2": "no",
      "category-2": "Cardiology",
    };
    const invalid = await postForm(`/flashcards?fromAttempt=${attemptId}`, fields, { cookie });
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain(FLASHCARD_MESSAGES.answerTooShort);
    expect((await listFlashcards(db(), user.id, {}, { offset: 0, limit: 10 })).total).toBe(0);

    const valid = { ...fields, "answer-2": "A long enough answer" };
    const saved = await postForm(`/flashcards?fromAttempt=${attemptId}`, valid, { cookie });
    expect(await follow(saved, cookie)).toContain("2 flashcards saved from your quiz.");
    await postForm(`/flashcards?fromAttempt=${attemptId}`, valid, { cookie });
    const deck = await listFlashcards(db(), user.id, {}, { offset: 0, limit: 10 });
    expect(deck.flashcards.map((c) => [c.question, c.source])).toEqual([
      ["My own wording of question two?", "quiz"],
      [attempt.items[2]!.question, "quiz"],
    ]);
    expect(await page(`/flashcards?fromAttempt=${attemptId}`, cookie)).toContain(
      "already saved as a flashcard",
    );

    const other = await trialLearner();
    const peek = await page(`/flashcards?fromAttempt=${attemptId}`, other.cookie);
    expect(peek).toContain("That quiz result was not found.");
    expect(peek).not.toContain(escape(missed.question));
    const steal = await postForm(`/flashcards?fromAttempt=${attemptId}`, valid, {
      cookie: other.cookie,
    });
    expect(await follow(steal, other.cookie)).toContain("Attempt not found");
  });

  it("lists each page of cards in deck order, whether cut from the study window or read on its own", async () => {
    const { user, cookie } = await subscriber();
    for (let index = 0; index < 75; index += 1) {
      const made = await createFlashcard(deps(), user.id, {
        question: `Card ${index + 1}: normal value?`,
        answer: `Value ${index + 1}`,
        category: index % 3 === 0 ? "Physiology" : "Cardiology",
      });
      expect(made.ok).toBe(true);
    }
    const { results } = await env.DB.prepare(
      "SELECT id, category FROM flashcards WHERE user_id = ?1 AND is_archived = 0 ORDER BY created_at, rowid",
    )
      .bind(user.id)
      .all<{ id: string; category: string }>();
    const deck = results.map((row) => row.id);
    const physiology = results.filter((row) => row.category === "Physiology").map((row) => row.id);
    // Cards whose question holds "card 1": 1, 10–19 and 100+ (none): eleven.
    const searched = [deck[0]!, ...deck.slice(9, 19)];
    const searchedPhysiology = results
      .filter((row, index) => row.category === "Physiology" && searched.includes(deck[index]!))
      .map((row) => row.id);
    const context = createAppContext(env, {
      cspNonce: "n",
      waitUntil: () => undefined,
      method: "GET",
    });
    const screenOf = async (query: string) => {
      const loaded = (await loadFlashcardScreen(
        new Request(`http://localhost/flashcards${query}`, { headers: { Cookie: cookie } }),
        context,
      )) as unknown as {
        data: {
          screen: {
            deck: { start: number; cards: { id: string }[] };
            list: { total: number; cards: { id: string }[] };
            review: { card: { id: string } | null } | null;
          };
        };
      };
      return loaded.data.screen;
    };
    // The window at the start (pages 1 and 2 lie in it; 3 and 4 do not), one further on, a
    // category, and a review (no study window, the list read on its own).
    for (const [query, window, list] of [
      ["", deck.slice(0, 50), deck.slice(0, 20)],
      ["?page=2", deck.slice(0, 50), deck.slice(20, 40)],
      ["?page=3", deck.slice(0, 50), deck.slice(40, 60)],
      ["?page=4", deck.slice(0, 50), deck.slice(60, 75)],
      ["?card=60&page=3", deck.slice(50, 75), deck.slice(40, 60)],
      ["?card=60&page=4", deck.slice(50, 75), deck.slice(60, 75)],
      ["?category=Physiology&page=2", physiology.slice(0, 50), physiology.slice(20, 25)],
      ["?mode=review&page=2", [], deck.slice(20, 40)],
      // A search, alone and with a category ("Card 1" is cards 1 and 10–19; "_" is not a wildcard).
      ["?q=Card+1%3A", [deck[0]!], [deck[0]!]],
      ["?q=card+1", searched, searched.slice(0, 20)],
      ["?q=card+1&category=Physiology", searchedPhysiology, searchedPhysiology],
      ["?q=card_1", [], []],
    ] as const) {
      const screen = await screenOf(query);
      expect(
        screen.deck.cards.map((row) => row.id),
        query,
      ).toEqual(window);
      expect(
        screen.list.cards.map((row) => row.id),
        query,
      ).toEqual(list);
    }
    const review = await screenOf("?mode=review");
    expect(review.review?.card?.id).toBe(deck[0]);
    expect((await screenOf("")).list.total).toBe(75);
  });

  it("never shows, edits, grades, archives or deletes another learner's card", async () => {
    const owner = await subscriber();
    const made = await createFlashcard(deps(), owner.user.id, {
      ...card,
      question: "Owner's private card?",
    });
    if (!made.ok) throw new Error("not made");
    const id = made.flashcard.id;
    const { cookie } = await subscriber();
    const secret = escape("Owner's private card?");

    for (const path of [
      `/flashcards?edit=${id}`,
      `/flashcards?confirm=delete&target=${id}`,
      "/flashcards",
      "/flashcards?mode=review",
    ]) {
      const html = await page(path, cookie);
      expect(html, path).not.toContain(secret);
    }
    expect(
      await (await call("/flashcards/export.csv", { headers: { Cookie: cookie } })).text(),
    ).not.toContain("Owner");

    const attempts: Array<Record<string, string>> = [
      { intent: "update", id, question: "Taken over?", answer: "Taken over!", category: "Mine" },
      { intent: "archive", id },
      { intent: "delete", id },
    ];
    for (const fields of attempts) {
      const response = await postForm("/flashcards", fields, { cookie });
      expect(await follow(response, cookie), fields.intent).toContain(FLASHCARD_MESSAGES.notFound);
    }
    const graded = await postForm(
      "/flashcards?mode=review",
      { intent: "grade", id, grade: "easy", reviewId: "someone-else-0001" },
      { cookie },
    );
    expect(await follow(graded, cookie)).toContain(FLASHCARD_MESSAGES.notFound);
    expect(await getFlashcard(db(), owner.user.id, id)).toMatchObject({
      question: "Owner's private card?",
      isArchived: false,
      study: { reps: 0 },
    });
  });
});

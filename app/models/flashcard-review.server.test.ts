/**
 * The review queue and its counts against D1 with a clock the test sets:
 * due cards first (earliest due), then new ones in the order made; due now,
 * due today (India time), new, next due and reviewed today.
 */
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { createDb } from "~/db/client.server";
import { makeUser } from "../../tests/support/auth";
import { usageTestDeps } from "../../tests/support/payments";
import { endOfDay, intervalLabel, reviewFlashcard, reviewQueue } from "./flashcard-review.server";
import { addFlashcards, type FlashcardDeps, setFlashcardArchived } from "./flashcards.server";
import { startTrial } from "./subscription.server";

vi.setConfig({ testTimeout: 30_000 });

const db = () => createDb(env.DB);
const MINUTE = 60_000;
const DAY = 86_400_000;

describe("the review queue", () => {
  it("puts due cards first by due time, then new cards as made, and counts the day in India time", async () => {
    // 20:00 in India (14:30 UTC): the India day ends 3 h 30 min later.
    const start = Date.UTC(2026, 10, 20, 14, 30);
    const user = await makeUser();
    await startTrial(db(), user.id, start);
    const deps: FlashcardDeps = { db: db(), usage: usageTestDeps(() => start), now: () => start };
    const made = await addFlashcards(
      deps,
      user.id,
      ["one", "two", "three", "four", "five"].map((n) => ({
        question: `Question ${n}?`,
        answer: `Answer ${n}.`,
        category: n === "five" ? "Other" : "Main",
        key: n,
      })),
    );
    const [one, two, three, four, five] = made.created.map((card) => card.id);
    // one: Again → due in 1 min; two: Easy → due in days; three: Good → due in 10 min.
    await reviewFlashcard(db(), user.id, one!, {
      grade: "again",
      reviewId: "review-one-1",
      now: start,
    });
    await reviewFlashcard(db(), user.id, two!, {
      grade: "easy",
      reviewId: "review-two-1",
      now: start,
    });
    await reviewFlashcard(db(), user.id, three!, {
      grade: "good",
      reviewId: "review-three-1",
      now: start,
    });
    await setFlashcardArchived(db(), user.id, five!, true);

    const soon = await reviewQueue(db(), user.id, { now: start + 30_000 });
    expect(soon.cards.map((card) => card.id)).toEqual([four]);
    expect(soon.counts).toEqual({
      dueNow: 0,
      dueToday: 2,
      newCount: 1,
      nextDueAt: start + MINUTE,
      reviewedToday: 3,
    });

    const later = await reviewQueue(db(), user.id, { now: start + 15 * MINUTE });
    expect(later.cards.map((card) => card.id)).toEqual([one, three, four]);
    expect(later.counts).toMatchObject({ dueNow: 2, dueToday: 2, newCount: 1 });
    expect(later.counts.nextDueAt).toBeGreaterThan(start + DAY);

    const inCategory = await reviewQueue(db(), user.id, {
      now: start + 15 * MINUTE,
      category: "Other",
    });
    expect(inCategory.cards).toEqual([]);

    // After midnight in India the grades of the day before no longer count as today's.
    const nextDay = await reviewQueue(db(), user.id, { now: start + 4 * 60 * MINUTE });
    expect(nextDay.counts.reviewedToday).toBe(0);
  });

  it("knows the India-time day and says intervals the way grade buttons show them", () => {
    expect(endOfDay(Date.UTC(2026, 10, 20, 14, 30))).toBe(Date.UTC(2026, 10, 20, 18, 30));
    expect(endOfDay(Date.UTC(2026, 10, 20, 18, 30))).toBe(Date.UTC(2026, 10, 21, 18, 30));
    expect(
      [MINUTE, 10 * MINUTE, 5 * 60 * MINUTE, 3 * DAY, 75 * DAY, 500 * DAY].map(intervalLabel),
    ).toEqual(["1 min", "10 min", "5 h", "3 d", "2.5 mo", "1.4 y"]);
  });
});

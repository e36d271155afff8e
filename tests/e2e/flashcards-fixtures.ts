/**
 * Fixtures for the flashcards browser tests: a signed-in learner on the Plus
 * plan (bought through the local test checkout, so the trial's five cards do
 * not get in the way), and cards made through the product's own JSON API
 * with the page's session cookie.
 */
import type { Page } from "@playwright/test";
import { expect, giveSubscription, signedInLearner, test } from "./access-fixtures";

export { expect, test };

export type CardInput = { question: string; answer: string; category?: string };

/** A learner on the Plus plan, signed in in `page`'s browser context. */
export async function flashcardLearner(page: Page, ip: string, label = "cards") {
  const learner = await signedInLearner(page, ip, label);
  await giveSubscription(page, "plus");
  return learner;
}

/** Cards made through POST /api/flashcards, in order. */
export async function addCards(page: Page, cards: CardInput[]): Promise<string[]> {
  const ids: string[] = [];
  for (const card of cards) {
    // As the page's own fetch would: cookie-authenticated API writes must say they come from this site.
    const response = await page.request.post("/api/flashcards", {
      data: card,
      headers: { "Sec-Fetch-Site": "same-origin" },
    });
    expect(response.status(), await response.text()).toBe(201);
    ids.push(((await response.json()) as { data: { id: string } }).data.id);
  }
  return ids;
}

/** The study card's heading: "Card 2 of 3". */
export function cardHeading(page: Page, n: number, total: number) {
  return page.getByRole("heading", { name: `Card ${n} of ${total}`, exact: true });
}

import { seriousViolations } from "./axe";
import { expect, test } from "@playwright/test";

const PUBLIC_PAGES = [
  "/",
  "/features",
  "/about",
  "/contact",
  "/support",
  "/privacy",
  "/terms",
  "/plans",
  "/payment-cancelled",
  "/flashcards",
  "/chat-history",
  "/debug",
  "/not-a-page",
];

for (const path of PUBLIC_PAGES) {
  for (const width of [1280, 390]) {
    test(`${path} at ${width}px has no serious or critical accessibility violations`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
}

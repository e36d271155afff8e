import AxeBuilder from "@axe-core/playwright";
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
      await page.waitForLoadState("networkidle");
      const results = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
        .analyze();
      const serious = results.violations.filter(
        (violation) => violation.impact === "serious" || violation.impact === "critical",
      );
      expect(
        serious.map(
          (violation) =>
            `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
        ),
      ).toEqual([]);
    });
  }
}

/**
 * The accessibility scan every browser spec uses: axe-core with the WCAG 2.1
 * A and AA rules, reporting serious and critical violations as
 * "rule: selectors" lines (an empty list passes).
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * Scans the page once it is quiet: the network idle and every running
 * animation or transition finished (a toast sliding in is measured at rest,
 * not halfway through its fade).
 */
export async function seriousViolations(
  page: Page,
  options: { include?: string; tags?: string[] } = {},
): Promise<string[]> {
  await page.waitForLoadState("networkidle");
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          // Spinners and skeletons pulse forever; only wait for what ends.
          .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ]),
  );
  let builder = new AxeBuilder({ page }).withTags(options.tags ?? WCAG_TAGS);
  if (options.include) builder = builder.include(options.include);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    );
}

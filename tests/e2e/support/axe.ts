import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

export const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** Fails with a readable list when axe finds any WCAG 2.2 AA violation on the page as it is now. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // Measured on the page as it is meant to look: after a form post the DOM can be read before its stylesheet applies.
  await page.waitForLoadState("load");
  // And with its colours settled: a button that appears under the pointer starts a hover transition, and axe
  // reading its colours mid-way measures a contrast no one sees for long. Finite animations only (a spinner never ends).
  // Two frames first: a control moved under the still pointer by a layout change (a panel closing) gets its hover,
  // and so its transition, only at the next frame, after which getAnimations() lists it.
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity))
        .map((animation) => animation.finished.catch(() => undefined)),
    );
  });
  const { violations } = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  const summary = violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).join("\n  ")}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

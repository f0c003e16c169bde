import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

export const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** Fails with a readable list when axe finds any WCAG 2.2 AA violation on the page as it is now. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // Measured on the page as it is meant to look: after a form post the DOM can be read before its stylesheet applies.
  await page.waitForLoadState("load");
  // And with its colours settled: a button that appears under the pointer starts a hover transition, and axe
  // reading its colours mid-way measures a contrast no one sees for long. So the pointer leaves the page and motion
  // is reduced (the tokens' durations drop to 0 ms, which also cancels a transition already running), rather than
  // waiting a while and hoping. Then finite animations still running are awaited (a spinner never ends).
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.mouse.move(0, 0);
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
  await page.emulateMedia({ reducedMotion: null });
  const summary = violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).join("\n  ")}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

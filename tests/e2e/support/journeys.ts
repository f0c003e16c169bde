import { expect, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";

/*
 * The two widths every demo journey is walked at (issue 23, "Proven by"): a
 * laptop and a phone. A journey that can be walked again on the same seeded
 * site runs once per width (a describe per width); one that changes a demo
 * school for good (its first admin, its first membership) is walked once, and
 * each of its steps is checked at both widths instead.
 */
export const widths = [
  { label: "1280 px", width: 1280, height: 800 },
  { label: "375 px", width: 375, height: 740 },
] as const;

export type Width = (typeof widths)[number];

/** One step of a journey as it looks now: nothing scrolls sideways, and axe finds no WCAG 2.2 AA violation. */
export async function checkStep(page: Page): Promise<void> {
  await page.waitForLoadState("load");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${page.url()} scrolls sideways at ${page.viewportSize()?.width} px`).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
}

/** The same step at both widths, for a journey walked once; the page is left at the width it was walked at. */
export async function checkStepAtBothWidths(page: Page): Promise<void> {
  const walkedAt = page.viewportSize();
  for (const { width, height } of widths) {
    await page.setViewportSize({ width, height });
    await checkStep(page);
  }
  if (walkedAt) await page.setViewportSize(walkedAt);
}

import type { Page } from "@playwright/test";

/**
 * axe cannot run in a page with JavaScript disabled (analyze() never
 * returns), so for accessibility checks we get the same DOM another way: the
 * bundle is blocked and <html> is put back to `no-js`, which is exactly what a
 * browser without JavaScript renders. Behaviour tests use
 * `test.use({ javaScriptEnabled: false })` instead.
 */
export async function showNoJavaScriptRendering(page: Page): Promise<void> {
  await page.evaluate(() => document.documentElement.classList.replace("js-enabled", "no-js"));
}

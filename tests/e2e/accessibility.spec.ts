import { test, expect } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { showNoJavaScriptRendering } from "./support/no-javascript";
import { discoverSitePages } from "./support/site-pages";

// axe on every reachable page, with the widgets mounted and as a browser
// without JavaScript renders it, at desktop and phone widths.
for (const width of [1280, 375]) {
  test.describe(`axe at ${width}px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("every page has zero WCAG 2.2 AA violations with JavaScript", async ({ page }) => {
      test.setTimeout(180_000);
      const paths = await discoverSitePages(page);
      expect(paths.length).toBeGreaterThan(5);
      for (const path of paths) {
        await page.goto(path, { waitUntil: "networkidle" });
        await expect(page.locator('[data-widget-state="error"]')).toHaveCount(0);
        await expectNoAxeViolations(page);
      }
    });

    test("every page has zero WCAG 2.2 AA violations without JavaScript", async ({ page }) => {
      test.setTimeout(180_000);
      const paths = await discoverSitePages(page);
      await page.route("**/static/dist/**/*.js", (route) => route.abort());
      for (const path of paths) {
        await page.goto(path);
        await showNoJavaScriptRendering(page);
        await expectNoAxeViolations(page);
      }
    });
  });
}

import { test, expect } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { showNoJavaScriptRendering } from "./support/no-javascript";
import { discoverSitePages, sitePages } from "./support/site-pages";

// Detail pages (one event, one profile) stand for all of their kind.
const detailPagePattern = /^\/(whats-on|people|resources)\/[^/]+\/([^/]+\.ics)?$/;

test("every page a visitor can reach is in the accessibility list", async ({ page }) => {
  const reachable = await discoverSitePages(page);
  const unlisted = reachable.filter((path) => !sitePages.includes(path) && !detailPagePattern.test(path));
  expect(unlisted).toEqual([]);
});

// axe on every page, with the widgets mounted and as a browser without
// JavaScript renders it, at desktop and phone widths.
for (const width of [1280, 375]) {
  test.describe(`axe at ${width}px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const path of sitePages) {
      test(`${path} with JavaScript`, async ({ page }) => {
        await page.goto(path, { waitUntil: "networkidle" });
        await expect(page.locator('[data-widget-state="error"]')).toHaveCount(0);
        await expectNoAxeViolations(page);
      });

      test(`${path} without JavaScript`, async ({ page }) => {
        await page.route("**/static/dist/**/*.js", (route) => route.abort());
        await page.goto(path);
        await showNoJavaScriptRendering(page);
        await expectNoAxeViolations(page);
      });
    }
  });
}

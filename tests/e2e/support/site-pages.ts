import type { Page } from "@playwright/test";

/**
 * Every page a visitor can reach from the home page's header and footer, and
 * every pattern-library page, so a new page is checked without editing tests.
 */
export async function discoverSitePages(page: Page): Promise<string[]> {
  const paths = new Set<string>(["/", "/patterns/", "/this-page-does-not-exist/"]);
  for (const start of ["/", "/patterns/"]) {
    await page.goto(start);
    const hrefs = await page.$$eval("a[href]", (links) => links.map((a) => (a as HTMLAnchorElement).href));
    for (const href of hrefs) {
      const url = new URL(href);
      if (url.origin !== new URL(page.url()).origin) continue;
      if (url.pathname.startsWith("/static/")) continue;
      paths.add(url.pathname);
    }
  }
  return [...paths].sort();
}

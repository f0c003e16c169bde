import { expect, test, type Page } from "@playwright/test";
import { demoPassword, validMember } from "./support/accounts";
import { discoverSitePages, sitePages } from "./support/site-pages";

/*
 * Every page's <title> is short plain text naming the page, then the site:
 * "<page> – <site name>". A title block that swallowed markup (a whole
 * section once sat inside the home page's) fails here.
 */

const signedInPages = ["/account/my-account/", "/account/dashboard/"];

/** The longest page part of a title we accept: a long resource title, not a paragraph. */
const MAX_PAGE_TITLE_LENGTH = 100;

async function expectPlainShortTitle(page: Page, path: string): Promise<string> {
  await page.goto(path);
  const title = await page.title();
  const siteName = (await page.locator(".site-header__wordmark").first().textContent().catch(() => null))?.trim();
  const [pagePart, ...rest] = title.split(" – ");
  expect(title, `${path}: no markup in the title`).not.toMatch(/[<>]/);
  expect(title, `${path}: one line, single spaces`).not.toMatch(/\s{2,}|[\n\r\t]/);
  expect(rest.length, `${path}: "<page> – <site name>"`).toBeGreaterThanOrEqual(1);
  expect(pagePart!.trim(), `${path}: names the page`).toMatch(/\p{L}{2,}/u);
  expect(pagePart!.length, `${path}: short`).toBeLessThanOrEqual(MAX_PAGE_TITLE_LENGTH);
  if (siteName) expect(title.endsWith(` – ${siteName}`), `${path}: ends with the site name`).toBe(true);
  return title;
}

test.describe("page titles", () => {
  test.use({ javaScriptEnabled: false });

  test("every page a visitor can reach has a short, plain, distinct title", async ({ page }) => {
    const paths = [...new Set([...sitePages, ...(await discoverSitePages(page))])].filter((path) => !path.endsWith(".ics"));
    const titles = new Map<string, string>();
    for (const path of paths) titles.set(path, await expectPlainShortTitle(page, path));
    expect(titles.get("/")).toMatch(/^Theatre, learning and participation – /);
    const repeated = [...titles].filter(([, title], index, all) => all.findIndex(([, other]) => other === title) !== index);
    expect(repeated).toEqual([]);
  });

  test("signed-in pages have short, plain titles", async ({ page }) => {
    await page.goto("/account/login/");
    const token = await page.locator('input[name="_csrf"]').first().inputValue();
    const response = await page.request.post("/account/login/", {
      form: { _csrf: token, email: validMember, password: demoPassword, next: "/account/my-account/" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(303);
    for (const path of signedInPages) await expectPlainShortTitle(page, path);
  });
});

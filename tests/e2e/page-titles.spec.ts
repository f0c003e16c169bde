import { expect, test, type APIRequestContext } from "@playwright/test";
import { demoPassword, validMember } from "./support/accounts";
import { discoverSitePages, sitePages } from "./support/site-pages";

/*
 * Every page's <title> is short plain text naming the page, then the site:
 * "<page> – <site name>". A title block that swallowed markup (a whole
 * section once sat inside the home page's) fails here. Titles are read from
 * the HTML as served, so markup in one shows as `<`.
 */

const siteName = "Greyfriars Playhouse";

/** The longest page part of a title we accept: a long resource title, not a paragraph. */
const MAX_PAGE_TITLE_LENGTH = 100;

const entities: Record<string, string> = { "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'", "&amp;": "&" };

/** The <title> text of a page as served (RCDATA: tags in it stay as text), entities decoded. */
async function titleOf(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path);
  const html = await response.text();
  const match = /<title>([\s\S]*?)<\/title>/.exec(html);
  expect(match, `${path}: has a <title>`).not.toBeNull();
  return match![1]!.replace(/&(lt|gt|quot|#39|amp);/g, (entity) => entities[entity]!);
}

function expectPlainShortTitle(path: string, title: string): void {
  expect(title, `${path}: no markup in the title`).not.toMatch(/[<>]/);
  expect(title, `${path}: one line, single spaces`).not.toMatch(/\s{2,}|[\n\r\t]/);
  expect(title.endsWith(` – ${siteName}`), `${path}: "<page> – ${siteName}", got "${title}"`).toBe(true);
  const pagePart = title.slice(0, -` – ${siteName}`.length);
  expect(pagePart, `${path}: names the page`).toMatch(/\p{L}{2,}/u);
  expect(pagePart.length, `${path}: short`).toBeLessThanOrEqual(MAX_PAGE_TITLE_LENGTH);
}

test.describe("page titles", () => {
  for (const path of sitePages) {
    test(`${path} has a short, plain title`, async ({ request }) => {
      expectPlainShortTitle(path, await titleOf(request, path));
    });
  }

  test("the home page's title is its own", async ({ request }) => {
    expect(await titleOf(request, "/")).toBe(`Theatre, learning and participation – ${siteName}`);
  });

  test("every other page a visitor can reach (each event, person and resource) has one too, and no two pages share one", async ({ page, request }) => {
    const paths = [...new Set([...sitePages, ...(await discoverSitePages(page))])].filter((path) => !path.endsWith(".ics"));
    const pathsByTitle = new Map<string, string[]>();
    for (const path of paths) {
      const title = await titleOf(request, path);
      expectPlainShortTitle(path, title);
      pathsByTitle.set(title, [...(pathsByTitle.get(title) ?? []), path]);
    }
    expect([...pathsByTitle.values()].filter((shared) => shared.length > 1)).toEqual([]);
  });

});

test.describe("page titles when signed in", () => {
  // The plain sign-in form, as a browser without JavaScript posts it.
  test.use({ javaScriptEnabled: false });

  test("My account and the dashboard have short, plain titles", async ({ page }) => {
    await page.goto("/account/login/");
    const token = await page.locator('input[name="_csrf"]').first().inputValue();
    const response = await page.request.post("/account/login/", {
      form: { _csrf: token, email: validMember, password: demoPassword, next: "/account/my-account/" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(303);
    for (const path of ["/account/my-account/", "/account/dashboard/"]) expectPlainShortTitle(path, await titleOf(page.request, path));
  });
});

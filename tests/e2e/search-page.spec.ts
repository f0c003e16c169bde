import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";

/*
 * The full results page, GET /search/?q=&page=, as a browser without
 * JavaScript uses it: a plain GET form, server-rendered results and
 * pagination links. Runs on the seeded demo content.
 */

test.describe("search results page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("search from the form, see marked results, then page 2", async ({ page }) => {
    await page.goto("/search/");
    await expect(page.getByRole("heading", { level: 1, name: "Search" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "What are you looking for?" })).toBeVisible();

    const main = page.getByRole("main");
    await main.getByRole("searchbox", { name: "Search events, resources and pages" }).fill("macbeth");
    await main.getByRole("button", { name: "Search" }).click();

    await expect(page).toHaveURL(/\/search\/\?q=macbeth$/);
    await expect(page).toHaveTitle(/^Search results for “macbeth”/);
    const count = page.getByRole("heading", { level: 2, name: /^\d+ results for “macbeth”, showing 1–10$/ });
    await expect(count).toBeVisible();
    const total = Number((await count.textContent())!.trim().split(" ")[0]);
    expect(total).toBeGreaterThan(10);

    const results = page.locator(".search-results__list > li");
    await expect(results).toHaveCount(10);
    const first = results.first();
    // The production itself comes first, above the events and resources named after it (docs/search.md, Ranking).
    await expect(first.getByRole("heading", { level: 3 }).getByRole("link")).toHaveAttribute("href", "/whats-on/macbeth/");
    await expect(first.getByRole("heading", { level: 3 })).toHaveText("Macbeth");
    await expect(page.locator(".search-result__excerpt mark").first()).toHaveText(/^macbeth$/i);
    // The form keeps the query, so it can be refined.
    await expect(main.getByRole("searchbox")).toHaveValue("macbeth");

    const pagination = page.getByRole("navigation", { name: "Pagination" });
    await expect(pagination.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
    const firstTitles = await results.getByRole("link").allTextContents();
    await pagination.getByRole("link", { name: "Next page" }).click();

    await expect(page).toHaveURL(/\/search\/\?q=macbeth&page=2$/);
    await expect(page.getByRole("heading", { level: 2, name: /showing 11–/ })).toBeVisible();
    await expect(pagination.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
    const secondTitles = await results.getByRole("link").allTextContents();
    expect(secondTitles.length).toBeGreaterThan(0);
    expect(secondTitles.filter((title) => firstTitles.includes(title))).toEqual([]);

    // And a result opens its page.
    const href = await results.first().getByRole("link").getAttribute("href");
    await results.first().getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`${href!.replace(/[/.]/g, "\\$&")}$`));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("says what to try when nothing matches", async ({ page }) => {
    await page.goto("/search/?q=zzyzxqq");
    await expect(page.getByRole("heading", { level: 2, name: "No results for “zzyzxqq”" })).toBeVisible();
    await expect(page.getByText("checking the spelling")).toBeVisible();
  });

  test("explains text that is too long, on a 400 page that keeps the layout", async ({ page }) => {
    const response = await page.goto(`/search/?q=${"a".repeat(300)}`);
    expect(response?.status()).toBe(400);
    await expect(page.getByRole("alert")).toContainText("Search text must be 256 characters or fewer.");
    await expect(page.getByRole("heading", { level: 1, name: "Search" })).toBeVisible();
  });
});

/** A typo, "Did you mean", then the type filter: the same journey with JavaScript and without. */
async function typoAndTypeFilter(page: Page): Promise<void> {
  await page.goto("/search/?q=machbeth");
  const suggestion = page.locator(".search-results__suggestion");
  await expect(suggestion).toHaveText("No results for “machbeth”. Did you mean Macbeth?");
  // The results shown are already Macbeth's, the production first, with its next performance.
  const results = page.locator(".search-results__list > li");
  await expect(results.first().getByRole("heading", { level: 3 })).toHaveText("Macbeth");
  await expect(results.first().locator(".search-result__date time")).toHaveAttribute("datetime", /^\d{4}-\d\d-\d\dT/);
  await expectNoAxeViolations(page);
  await suggestion.getByRole("link", { name: "Macbeth" }).click();
  await expect(page).toHaveURL(/\/search\/\?q=Macbeth$/);
  await expect(page.locator(".search-results__suggestion")).toHaveCount(0);

  const filter = page.getByRole("group", { name: "Show" });
  const events = filter.getByRole("radio", { name: /^Events \(\d+\)$/ });
  // The count is in the radio's own label (a label for= the input, not around it).
  const eventCount = Number(/\((\d+)\)/.exec(await events.evaluate((input: HTMLInputElement) => input.labels?.[0]?.textContent ?? ""))![1]);
  expect(eventCount).toBeGreaterThan(0);
  await expect(filter.getByRole("radio", { name: /^All \(\d+\)$/ })).toBeChecked();
  await events.check();
  await page.getByRole("button", { name: "Filter results" }).click();
  await expect(page).toHaveURL(/\/search\/\?q=Macbeth&type=event$/);
  await expect(page.getByRole("radio", { name: /^Events / })).toBeChecked();
  await expect(page.getByRole("heading", { level: 2, name: new RegExp(`^${eventCount} results? for “Macbeth”`) })).toBeVisible();
  await expect(page.locator(".search-result__kind")).toHaveText(Array(Math.min(eventCount, 10)).fill("Event"));
  await expectNoAxeViolations(page);
}

test.describe("typo and type filter without JavaScript", () => {
  test('"machbeth" finds Macbeth with "Did you mean", and results filter by type', async ({ page }) => {
    // The site's scripts never arrive (axe still runs: with JavaScript switched off in the browser it hangs).
    await page.route("**/static/dist/**/*.js", (route) => route.abort());
    await typoAndTypeFilter(page);
  });
});

test('"machbeth" finds Macbeth with "Did you mean", and results filter by type, with JavaScript', async ({ page }) => {
  await typoAndTypeFilter(page);
});

test("the results page search box works with JavaScript too", async ({ page }) => {
  await page.goto("/search/?q=macbeth");
  const box = page.getByRole("main").locator('[data-widget="search-box"]');
  // It mounts on first interaction (docs/performance.md): a pointer over it.
  await box.hover();
  await expect(box).toHaveAttribute("data-widget-state", "mounted");
  await expect(page.locator(".search-results__list > li")).toHaveCount(10);
  const input = page.getByRole("main").getByRole("combobox");
  await input.fill("tempest");
  await input.press("Enter");
  await expect(page).toHaveURL(/\/search\/\?q=tempest$/);
  await expect(page.getByRole("heading", { level: 2, name: /results? for “tempest”/ })).toBeVisible();
});

for (const width of [375, 1280]) {
  test(`results page at ${width}px has no sideways scroll`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/search/?q=macbeth");
    await expect(page.locator(".search-results__list > li")).toHaveCount(10);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    if (process.env.SEARCH_SCREENSHOTS) await page.screenshot({ path: `${process.env.SEARCH_SCREENSHOTS}/search-${width}.png`, fullPage: true });
  });
}

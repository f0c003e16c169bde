import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";

const mountedSearchBox = '[data-widget="search-box"][data-widget-state="mounted"]';
const headerSearch = (page: Page) => page.getByRole("combobox", { name: "Search the site" });
const suggestions = (page: Page) => page.locator("#site-search-listbox");
const option = (page: Page, index: number) => page.locator(`#site-search-option-${index}`);

/** The search box mounts on first interaction (a pointer over it, a touch, focus). */
async function mountHeaderSearch(page: Page): Promise<void> {
  await page.getByRole("banner").locator('[data-widget="search-box"]').hover();
  await page.waitForSelector(mountedSearchBox);
}

async function typeInHeaderSearch(page: Page, text: string): Promise<void> {
  await page.goto("/");
  await mountHeaderSearch(page);
  await headerSearch(page).click();
  await page.keyboard.type(text);
}

test.describe("header search box with suggestions (1280 px)", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("by keyboard: suggestions for a prefix, Down moves the active option, Enter opens it", async ({ page }) => {
    const asked = page.waitForRequest((request) => request.url().includes("/search/autocomplete/?query=mac"));
    await typeInHeaderSearch(page, "mac");
    await asked;
    await expect(suggestions(page)).toBeVisible();
    await expect(headerSearch(page)).toHaveAttribute("aria-expanded", "true");
    // The Macbeth production is the first suggestion for "mac" (docs/search.md, Ranking).
    await expect(option(page, 0)).toHaveAttribute("href", "/whats-on/macbeth/");
    await expect(page.getByRole("banner").getByRole("status")).toHaveText(/\d+ suggestions? available/);

    await page.keyboard.press("ArrowDown");
    await expect(headerSearch(page)).toHaveAttribute("aria-activedescendant", "site-search-option-0");
    await expect(option(page, 0)).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("ArrowDown");
    await expect(headerSearch(page)).toHaveAttribute("aria-activedescendant", "site-search-option-1");
    await expect(option(page, 0)).toHaveAttribute("aria-selected", "false");
    await expect(headerSearch(page)).toBeFocused();
    await expectNoAxeViolations(page);

    const href = await option(page, 1).getAttribute("href");
    const title = await option(page, 1).locator(".search-box__title").textContent();
    expect(href).toMatch(/^\/(resources|whats-on)\/[^/]+\/$/);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title!.trim());
  });

  test("Escape closes the list and keeps the text; a second Escape clears it", async ({ page }) => {
    await typeInHeaderSearch(page, "mac");
    await expect(suggestions(page)).toBeVisible();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Escape");
    await expect(suggestions(page)).toBeHidden();
    await expect(headerSearch(page)).toHaveAttribute("aria-expanded", "false");
    await expect(headerSearch(page)).not.toHaveAttribute("aria-activedescendant");
    await expect(headerSearch(page)).toHaveValue("mac");
    await page.keyboard.press("Escape");
    await expect(headerSearch(page)).toHaveValue("");
  });

  test("Left and Right with an option active return to the text and move the caret", async ({ page }) => {
    await typeInHeaderSearch(page, "mac");
    await expect(suggestions(page)).toBeVisible();
    const caret = () => headerSearch(page).evaluate((input: HTMLInputElement) => input.selectionStart);
    expect(await caret()).toBe(3);

    await page.keyboard.press("ArrowDown");
    await expect(headerSearch(page)).toHaveAttribute("aria-activedescendant", "site-search-option-0");
    await page.keyboard.press("ArrowLeft");
    await expect(headerSearch(page)).not.toHaveAttribute("aria-activedescendant");
    await expect(option(page, 0)).toHaveAttribute("aria-selected", "false");
    await expect(suggestions(page)).toBeVisible();
    expect(await caret()).toBe(2);

    await page.keyboard.press("ArrowDown");
    await expect(headerSearch(page)).toHaveAttribute("aria-activedescendant", "site-search-option-0");
    await page.keyboard.press("ArrowRight");
    await expect(headerSearch(page)).not.toHaveAttribute("aria-activedescendant");
    expect(await caret()).toBe(3);
    await expect(headerSearch(page)).toBeFocused();
    await expect(headerSearch(page)).toHaveValue("mac");
  });

  test("Enter with no active option goes to the results page", async ({ page }) => {
    await typeInHeaderSearch(page, "mac");
    await expect(suggestions(page)).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/search\/\?q=mac$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("the text is URL-encoded and a click opens a suggestion", async ({ page }) => {
    // Trimmed, then encoded with encodeURIComponent: the space as %20, & as %26.
    const answered = page.waitForResponse((response) => response.url().endsWith("/search/autocomplete/?query=macbeth%20%26%20lady"));
    await typeInHeaderSearch(page, " macbeth & lady ");
    await answered;
    // The list shows the answer to the whole text, not to a prefix typed on the way.
    await expect(option(page, 0)).toContainText(/Lady Macbeth/);
    const href = await option(page, 0).getAttribute("href");
    await option(page, 0).click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
  });

  test("whitespace only asks nothing and clears the list", async ({ page }) => {
    await typeInHeaderSearch(page, "mac");
    await expect(suggestions(page)).toBeVisible();
    let asked = 0;
    page.on("request", (request) => {
      if (request.url().includes("/search/autocomplete/")) asked += 1;
    });
    await headerSearch(page).fill("   ");
    await expect(suggestions(page)).toBeHidden();
    await page.waitForTimeout(600); // longer than the 300 ms debounce: a request would have gone by now
    expect(asked).toBe(0);
  });
});

test.describe("header search box on a phone (375 px)", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("fits the screen and shows suggestions across the full width", async ({ page }) => {
    await typeInHeaderSearch(page, "mac");
    await expect(suggestions(page)).toBeVisible();
    const list = await suggestions(page).boundingBox();
    expect(list?.x).toBe(0);
    expect(list?.width).toBe(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoAxeViolations(page);
  });
});

test.describe("header search without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });

  test("is a plain form that submits to /search/", async ({ page }) => {
    await page.goto("/about-us/");
    const field = page.getByRole("searchbox", { name: "Search the site" });
    await expect(field).toBeVisible();
    await field.fill("macbeth");
    await field.press("Enter");
    await expect(page).toHaveURL(/\/search\/\?q=macbeth$/);
    await expect(page.locator("main")).toContainText(/Macbeth/);
  });
});

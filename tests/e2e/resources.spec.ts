import { expect, test, type Page } from "@playwright/test";
import { signInThroughApi, validMember } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";

const listing = "/resources/";

const filters = (page: Page) => page.locator('form.resource-filters[data-widget="resource-filters"]');
const resultsHeading = (page: Page) => page.locator("#resources-results-title");
const totalOf = async (page: Page) => Number((await resultsHeading(page).textContent())?.match(/^(\d+)/)?.[1]);
/** The number in brackets beside a checkbox: its label reads "Key Stage 1 (23)". */
const countBeside = async (page: Page, id: string) =>
  Number((await page.locator(`label[for="${id}"] .resource-filters__count [aria-hidden="true"]`).textContent())?.replace(/\D/g, ""));

async function openMounted(page: Page, path = listing) {
  await page.goto(path);
  await expect(filters(page)).toHaveAttribute("data-widget-state", "mounted");
}

test.describe("resources listing with JavaScript, at desktop width", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("a checked box submits the form by itself after a quiet moment, and the results follow", async ({ page }) => {
    await openMounted(page);
    const everything = await totalOf(page);
    const expected = await countBeside(page, "filter-key_stage-ks1");
    expect(expected).toBeGreaterThan(0);
    expect(expected).toBeLessThan(everything);
    await expect(page.getByRole("button", { name: "Apply filters" })).toHaveCount(0);

    await page.getByRole("checkbox", { name: /^Key Stage 1/ }).check();
    await expect(page.locator(".resource-filters__status")).toHaveText("Updating results…");
    await page.waitForURL(/[?&]key_stage=ks1(&|$)/);
    await expect(filters(page)).toHaveAttribute("data-widget-state", "mounted");
    // The count shown beside the box was the number of results it leads to.
    expect(await totalOf(page)).toBe(expected);
    await expect(page.getByRole("checkbox", { name: /^Key Stage 1/ })).toBeChecked();
    await expect(page.locator(".resource-filters__status")).toHaveText("");
  });

  test("Clear all (N) counts the checked boxes and clears them", async ({ page }) => {
    await openMounted(page, "/resources/?key_stage=ks2&subject=drama");
    const clearAll = page.locator("button.resource-filters__clear");
    await expect(clearAll).toHaveText("Clear all (2)");
    await page.getByRole("checkbox", { name: /^Music/ }).check();
    await expect(clearAll).toHaveText("Clear all (3)");
    await clearAll.click();
    await expect(clearAll).toHaveText("Clear all");
    await expect(page.locator(".resource-filters__checkbox:checked")).toHaveCount(0);
    await page.waitForURL((url) => url.pathname === listing && !url.search.includes("key_stage") && !url.search.includes("subject"));
    await expect(page.locator("button.resource-filters__clear")).toHaveText("Clear all");
  });

  test("the panel is always expanded, with no toggle", async ({ page }) => {
    await openMounted(page);
    await expect(page.locator(".resource-filters__toggle")).toBeHidden();
    await expect(page.locator("#resource-filters-panel")).toBeVisible();
  });

  test("page links keep the filters and the sort", async ({ page }) => {
    await openMounted(page, "/resources/?key_stage=ks3&sort=title");
    expect(await totalOf(page)).toBeGreaterThan(20);
    const pagination = page.getByRole("navigation", { name: "Pagination" });
    await expect(pagination.locator('[aria-current="page"]')).toHaveText(/1/);
    await pagination.getByRole("link", { name: "Next page" }).click();
    await page.waitForURL(/\?key_stage=ks3&sort=title&page=2$/);
    await expect(pagination.locator('[aria-current="page"]')).toHaveText(/2/);
    await expect(page.getByRole("checkbox", { name: /^Key Stage 3/ })).toBeChecked();
    await expect(page.getByRole("combobox", { name: "Sort by" })).toHaveValue("title");
    await expect(page.locator(".resources-page__grid > li")).toHaveCount(20);
  });

  test("a card leads to the resource's page, with its activities for a member", async ({ page }) => {
    // The activities are for members (docs/resources.md, "Who sees the whole resource").
    await signInThroughApi(page, validMember);
    await openMounted(page, "/resources/?sort=title");
    const firstCard = page.locator(".resources-page__grid .card__link").first();
    const title = (await firstCard.textContent())!.trim();
    await firstCard.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByRole("heading", { level: 2, name: "Activities" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Tools" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("a visitor sees the summary and a prompt to sign in or join, not the activities", async ({ page }) => {
    await openMounted(page, "/resources/?sort=title");
    await page.locator(".resources-page__grid .card__link").first().click();
    await expect(page.getByRole("heading", { level: 2, name: "Sign in or join to see the whole resource" })).toBeVisible();
    await expect(page.locator(".resource-access").getByRole("link", { name: "Join", exact: true })).toHaveAttribute("href", "/account/register/");
    await expect(page.getByRole("heading", { level: 2, name: "Activities" })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});

test.describe("resources listing with JavaScript, on a phone", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("Show filter / Hide filter expands and collapses the panel; from 1024px it is always open", async ({ page }) => {
    await openMounted(page);
    const toggle = page.locator(".resource-filters__toggle");
    const panel = page.locator("#resource-filters-panel");
    await expect(toggle).toHaveText("Show filter");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toHaveAttribute("aria-controls", "resource-filters-panel");
    await expect(panel).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveText("Hide filter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(panel).toBeVisible();
    await toggle.click();
    await expect(panel).toBeHidden();

    await page.setViewportSize({ width: 1024, height: 800 });
    await expect(toggle).toHaveCount(0);
    await expect(panel).toBeVisible();
    await page.setViewportSize({ width: 1023, height: 800 });
    await expect(page.locator(".resource-filters__toggle")).toHaveAttribute("aria-expanded", "false");
    await expect(panel).toBeHidden();
  });

  test("after an auto-submit the panel is open again, focus on the box that was used", async ({ page }) => {
    await openMounted(page);
    await page.locator(".resource-filters__toggle").click();
    await page.getByRole("checkbox", { name: /^Key Stage 2/ }).check();
    await page.waitForURL(/key_stage=ks2/);
    await expect(filters(page)).toHaveAttribute("data-widget-state", "mounted");
    await expect(page.locator(".resource-filters__toggle")).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("checkbox", { name: /^Key Stage 2/ })).toBeFocused();
  });
});

test.describe("resources listing without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });

  test("every filter is visible, and Apply submits them", async ({ page }) => {
    await page.goto(listing);
    await expect(page.locator(".resource-filters__toggle")).toBeHidden();
    await expect(page.locator("#resource-filters-panel")).toBeVisible();
    const expected = await countBeside(page, "filter-subject-music");
    await page.getByRole("checkbox", { name: /^Music/ }).check();
    await page.getByRole("combobox", { name: "Sort by" }).selectOption("title");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL(/subject=music/);
    expect(new URL(page.url()).searchParams.get("sort")).toBe("title");
    expect(await totalOf(page)).toBe(expected);
    const titles = (await page.locator(".resources-page__grid .card__link").allTextContents()).map((text) => text.trim().toLowerCase());
    expect(titles).toEqual([...titles].sort());

    await page.getByRole("link", { name: "Clear all (1)" }).click();
    await page.waitForURL((url) => url.pathname === listing && url.search === "?sort=title");
    await expect(page.locator(".resource-filters__checkbox:checked")).toHaveCount(0);
  });
});

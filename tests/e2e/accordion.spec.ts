import { expect, test, type Page } from "@playwright/test";

const patternPage = "/patterns/accordion/";

async function openPatternPage(page: Page): Promise<void> {
  await page.goto(patternPage);
  await page.waitForSelector('[data-widget="accordion"][data-widget-state="mounted"]');
  await expect(page.locator('[data-widget="accordion"]:not([data-widget-state="mounted"])')).toHaveCount(0);
}

const header = (page: Page, id: string) => page.locator(`#${id}`);
const panel = (page: Page, id: string) => page.locator(`#${id}`);

test.describe("accordion", () => {
  test("keyboard only: Enter and Space toggle, arrows / Home / End move between headers", async ({ page }) => {
    await openPatternPage(page);
    const first = header(page, "school-visit-heading-1");
    await first.focus();

    await page.keyboard.press("Enter");
    await expect(first).toHaveAttribute("aria-expanded", "true");
    await expect(panel(page, "school-visit-panel-1")).toBeVisible();
    // Several open at once: the section marked open stays open.
    await expect(panel(page, "school-visit-panel-2")).toBeVisible();

    await page.keyboard.press("ArrowDown");
    await expect(header(page, "school-visit-heading-2")).toBeFocused();
    await page.keyboard.press("Space");
    await expect(header(page, "school-visit-heading-2")).toHaveAttribute("aria-expanded", "false");
    await expect(panel(page, "school-visit-panel-2")).toBeHidden();

    await page.keyboard.press("End");
    await expect(header(page, "school-visit-heading-3")).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(first).toBeFocused(); // wraps
    await page.keyboard.press("ArrowUp");
    await expect(header(page, "school-visit-heading-3")).toBeFocused(); // wraps back
    await page.keyboard.press("Home");
    await expect(first).toBeFocused();

    // Tab skips the link inside the closed second panel.
    await page.keyboard.press("Tab");
    await expect(header(page, "school-visit-heading-2")).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(header(page, "school-visit-heading-3")).toBeFocused();
    await expect(page.getByRole("link", { name: "See the learning programme" })).toBeHidden();
  });

  test("a single-open accordion closes the open section when another opens", async ({ page }) => {
    await openPatternPage(page);
    await expect(panel(page, "macbeth-lessons-panel-1")).toBeVisible();
    await header(page, "macbeth-lessons-heading-1").focus();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(panel(page, "macbeth-lessons-panel-2")).toBeVisible();
    await expect(panel(page, "macbeth-lessons-panel-1")).toBeHidden();
    await expect(header(page, "macbeth-lessons-heading-1")).toHaveAttribute("aria-expanded", "false");
  });

  test("a disclosure nested in a panel still works", async ({ page }) => {
    await openPatternPage(page);
    await expect(page.locator('#captioned-dates[data-widget-state="mounted"]')).toHaveCount(1);
    await header(page, "access-heading-1").click();
    const disclosureButton = page.getByRole("button", { name: "Which performances are captioned?" });
    await page.keyboard.press("Tab");
    await expect(disclosureButton).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(disclosureButton).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByText("Twelfth Night: Thursday 7.30pm")).toBeVisible();
  });
});

test.describe("accordion without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("every panel is visible under a plain heading, with no buttons", async ({ page }) => {
    await page.goto(patternPage);
    const panels = page.locator(".accordion__panel");
    expect(await panels.count()).toBeGreaterThanOrEqual(8);
    for (const eachPanel of await panels.all()) await expect(eachPanel).toBeVisible();
    await expect(page.locator(".accordion button")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 4, name: "Getting here by coach" })).toBeVisible();
    // The nested disclosure's region shows too.
    await expect(page.getByText("Twelfth Night: Thursday 7.30pm")).toBeVisible();
  });
});

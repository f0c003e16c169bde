/**
 * The bundle on a page rendered by another backend: fixtures/embed/index.html
 * served by a plain node:http server (fixtures/embed/serve.ts) that fills in
 * the tags from Vite's manifest. No Express, no Nunjucks.
 */
import { expect, test, type Page } from "@playwright/test";
import { BUNDLE_URL_PREFIX, startEmbedServer, type EmbedServer } from "../../fixtures/embed/serve";

let server: EmbedServer;
test.beforeAll(async () => {
  server = await startEmbedServer();
});
test.afterAll(async () => {
  await server.close();
});

function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("response", (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
  });
  return errors;
}

test.describe("embedding the bundle in another site", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("all three widgets mount and work", async ({ page }) => {
    const errors = collectPageErrors(page);
    await page.goto(`${server.url}/`);
    const roots = page.locator("[data-widget]");
    await expect(roots).toHaveCount(4);
    for (const root of await roots.all()) await expect(root).toHaveAttribute("data-widget-state", "mounted");

    // Site header: the menu toggle reads Menu / Close.
    const header = page.locator('[data-widget="site-header"]');
    await header.getByRole("button", { name: "Menu" }).click();
    await expect(header.getByRole("button", { name: "Close" })).toHaveAttribute("aria-expanded", "true");
    await expect(header.getByRole("link", { name: "Teaching resources" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(header.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "false");

    // Accordion: a closed panel opens.
    const access = page.getByRole("button", { name: "Access and relaxed performances" });
    await expect(access).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByText("Every performance has step-free seating.")).toBeHidden();
    await access.click();
    await expect(access).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByText("Every performance has step-free seating.")).toBeVisible();

    // A disclosure nested in that panel was moved, not copied, and still works.
    const relaxed = page.getByRole("button", { name: "What changes at a relaxed performance" });
    await relaxed.click();
    await expect(relaxed).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByText("there is a chill-out space")).toBeVisible();

    // Disclosure: the region shows and hides.
    const booking = page.getByRole("button", { name: "How group booking works" });
    await expect(booking).toHaveAttribute("aria-expanded", "false");
    await booking.click();
    await expect(booking).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByText("Groups of ten or more pay £12 a ticket")).toBeVisible();
    await booking.click();
    await expect(page.getByText("Groups of ten or more pay £12 a ticket")).toBeHidden();

    expect(errors).toEqual([]);
  });

  test("the stylesheet and chunks come from the other backend's own prefix", async ({ page }) => {
    const scripts: string[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.push(`${response.status()} ${response.url()}`);
    });
    await page.goto(`${server.url}/`);
    await expect(page.locator('[data-widget="accordion"]')).toHaveAttribute("data-widget-state", "mounted");
    expect(scripts.length).toBeGreaterThan(1);
    for (const script of scripts) expect(script).toMatch(new RegExp(`^200 ${server.url}${BUNDLE_URL_PREFIX}assets/`));
    const stylesheet = page.locator('link[rel="stylesheet"]');
    await expect(stylesheet).toHaveAttribute("href", new RegExp(`^${BUNDLE_URL_PREFIX}assets/.+\\.css$`));
    // The design tokens are defined, so the built stylesheet really applies.
    const accent = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--color-accent"));
    expect(accent.trim()).not.toBe("");
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the menu links, every panel and the disclosure region are visible", async ({ page }) => {
      await page.goto(`${server.url}/`);
      await expect(page.getByRole("link", { name: "Teaching resources" })).toBeVisible();
      await expect(page.getByRole("button")).toHaveCount(0);
      await expect(page.getByText("Packed lunches can be eaten")).toBeVisible();
      await expect(page.getByText("Every performance has step-free seating.")).toBeVisible();
      await expect(page.getByText("Groups of ten or more pay £12 a ticket")).toBeVisible();
    });
  });
});

import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { showNoJavaScriptRendering } from "./support/no-javascript";

// The lightbox journey itself is tests/e2e/gallery.spec.ts; this is the page.
test.describe("the Gallery page", () => {
  test("shows each gallery, photos and a video, mounted", async ({ page }) => {
    await page.goto("/gallery/");
    await expect(page.getByRole("heading", { level: 1, name: "Gallery" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Macbeth, Main House" })).toBeVisible();
    const galleries = page.locator('[data-widget="gallery"]');
    await expect(galleries).toHaveCount(3);
    for (const gallery of await galleries.all()) {
      await gallery.scrollIntoViewIfNeeded();
      await expect(gallery).toHaveAttribute("data-widget-state", "mounted");
    }
    await expect(page.locator(".gallery__play")).toHaveCount(1);
    await expectNoAxeViolations(page);
  });

  test("has no WCAG 2.2 AA violations as rendered without JavaScript", async ({ page }) => {
    await page.route("**/static/dist/**/*.js", (route) => route.abort());
    await page.goto("/gallery/");
    await showNoJavaScriptRendering(page);
    await expectNoAxeViolations(page);
  });
});

test.describe("the Gallery page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("makes every item a link to its full picture or video file", async ({ page }) => {
    await page.goto("/gallery/");
    const links = page.locator(".gallery__link");
    expect(await links.count()).toBeGreaterThan(10);
    const hrefs = await links.evaluateAll((elements) => elements.map((element) => element.getAttribute("href")));
    for (const href of hrefs) expect(href).toMatch(/^\/static\/images\/.+\.(svg|webm)$/);
    const response = await page.goto(hrefs.find((href) => href!.endsWith(".webm"))!);
    expect(response?.status()).toBe(200);
  });
});

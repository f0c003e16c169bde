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

test.describe("the Gallery page's video under the site's CSP", () => {
  test("opens and plays with no CSP violation and no console error, sized through the CSSOM", async ({ page }) => {
    const consoleErrors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(message.text());
    });
    page.on("pageerror", (error) => consoleErrors.push(error.message));
    await page.addInitScript(() => {
      const violations: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = violations;
      document.addEventListener("securitypolicyviolation", (event) => violations.push(`${event.violatedDirective} in ${event.sourceFile}`));
    });
    const violations = () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

    await page.goto("/gallery/");
    const gallery = page.locator('[data-widget="gallery"]', { has: page.locator(".gallery__play") });
    await gallery.scrollIntoViewIfNeeded();
    await expect(gallery).toHaveAttribute("data-widget-state", "mounted");
    await gallery.getByRole("link", { name: /Macbeth trailer/ }).click();
    const video = page.locator(".lg-current video");
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 10_000 }).toBeGreaterThan(0);

    // lightGallery's computed size reached the box, and no markup carries it.
    const box = page.locator(".lg-current .lg-video-cont");
    const sizeOf = () => box.evaluate((element: HTMLElement) => ({ width: element.style.width, height: element.style.height }));
    const pixels = expect.stringMatching(/^\d+(\.\d+)?px$/);
    expect(await sizeOf()).toEqual({ width: pixels, height: pixels });
    await expect(page.locator("[data-lightbox-video-size]")).toHaveCount(0);
    // A resize makes lightGallery size the box again.
    const before = await sizeOf();
    await page.setViewportSize({ width: 700, height: 500 });
    await expect.poll(sizeOf).not.toEqual(before);

    expect(await violations()).toEqual([]);
    expect(consoleErrors).toEqual([]);
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

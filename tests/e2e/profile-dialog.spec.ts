import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";

const patternPage = "/patterns/profile-dialog/";

async function openPatternPage(page: Page): Promise<void> {
  await page.goto(patternPage);
  await expect(page.locator('[data-widget="profile-dialog"]:not([data-widget-state="mounted"])')).toHaveCount(0);
}

const cover = (page: Page, name: string) => page.getByRole("link", { name: new RegExp(`^${name}`) });
const pageScrollY = (page: Page) => page.evaluate(() => window.scrollY);
const focusIsIn = (page: Page, selector: string) =>
  page.evaluate((inside) => document.activeElement?.closest(inside) !== null, selector);

test.describe("profile dialog", () => {
  test("keyboard: opens over the page, keeps Tab inside, Escape closes, focus and scroll come back", async ({ page }) => {
    await openPatternPage(page);
    const femi = cover(page, "Femi Adeyemi");
    await femi.scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 120);
    await expect.poll(() => pageScrollY(page)).toBeGreaterThan(100);
    // The wheel scrolls smoothly: read where it comes to rest (two frames alike), not a point on the way.
    const scrolledTo = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let last = -1;
          const frame = () => (window.scrollY === last ? resolve(last) : ((last = window.scrollY), requestAnimationFrame(frame)));
          requestAnimationFrame(frame);
        }),
    );

    await femi.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Femi Adeyemi" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute("aria-modal", "true");
    await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();
    await expect(dialog).toContainText("drama teacher in Salford");
    await expect(page.locator("html")).toHaveClass(/\bmodal-open\b/);
    await expect(page.locator("body")).toHaveClass(/\bmodal-open\b/);

    for (const key of ["Tab", "Tab", "Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab"]) {
      await page.keyboard.press(key);
      expect(await focusIsIn(page, ".profile-dialog__panel"), `focus after ${key}`).toBe(true);
    }

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(femi).toBeFocused();
    await expect(page.locator("html")).not.toHaveClass(/\bmodal-open\b/);
    expect(await pageScrollY(page)).toBe(scrolledTo);
  });

  test("the page behind does not scroll while the dialog is open", async ({ page }) => {
    await openPatternPage(page);
    const nadia = cover(page, "Nadia Rahman");
    await nadia.scrollIntoViewIfNeeded();
    const before = await nadia.boundingBox();
    await nadia.click();
    await expect(page.getByRole("dialog", { name: "Nadia Rahman" })).toBeVisible();
    // Pinned where it was: the cover has not moved on screen.
    expect((await nadia.boundingBox())?.y).toBeCloseTo(before!.y, 0);
    await page.mouse.wheel(0, 600);
    expect((await nadia.boundingBox())?.y).toBeCloseTo(before!.y, 0);
  });

  test("Close and a click on the backdrop both close it", async ({ page }) => {
    await openPatternPage(page);
    const priya = cover(page, "Priya Raman");
    await priya.click();
    const dialog = page.getByRole("dialog", { name: "Priya Raman" });
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(priya).toBeFocused();

    await priya.click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(dialog).toBeHidden();
  });

  test("the open dialog has no WCAG 2.2 AA violations", async ({ page }) => {
    await openPatternPage(page);
    await cover(page, "Danny Oduya").click();
    await expect(page.getByRole("dialog", { name: "Danny Oduya" })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe("profile dialog on a phone (375 px)", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the covers sit two across and the dialog fits the screen", async ({ page }) => {
    await openPatternPage(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const first = await cover(page, "Priya Raman").boundingBox();
    const second = await cover(page, "Femi Adeyemi").boundingBox();
    expect(second!.y).toBeCloseTo(first!.y, 0);

    await cover(page, "Femi Adeyemi").click();
    const panel = await page.locator(".profile-dialog:not([hidden]) .profile-dialog__panel").boundingBox();
    expect(panel!.x).toBeGreaterThanOrEqual(0);
    expect(panel!.x + panel!.width).toBeLessThanOrEqual(375);
    expect(panel!.y + panel!.height).toBeLessThanOrEqual(812);
    await expect(page.getByRole("button", { name: "Close" })).toBeInViewport();
  });
});

test.describe("profile covers without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("each cover links to the profile's own page and the bio stays out of sight", async ({ page }) => {
    await page.goto(patternPage);
    await expect(cover(page, "Priya Raman")).toHaveAttribute("href", "/people/priya-raman/");
    await expect(cover(page, "Danny Oduya")).toHaveAttribute("href", "/people/danny-oduya/");
    await expect(page.getByText("Schools' Shakespeare Festival")).toBeHidden();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
});

import { expect, test, type Page } from "@playwright/test";

const patternPage = "/patterns/site-header/";
const mountedHeader = '[data-widget="site-header"][data-widget-state="mounted"]';

const toggle = (page: Page) => page.locator(".site-header__toggle");
const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });
const navLinks = (page: Page) => mainNav(page).getByRole("link");

test.describe("site header on a phone (375 px)", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test.beforeEach(async ({ page }) => {
    await page.goto(patternPage);
    await page.waitForSelector(mountedHeader);
  });

  test("keyboard only: open with Menu, Tab stays inside, Escape closes and returns focus", async ({ page }) => {
    await expect(toggle(page)).toHaveText("Menu");
    await expect(mainNav(page)).toBeHidden();

    // Skip link, wordmark, then the toggle.
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(toggle(page)).toBeFocused();

    await page.keyboard.press("Enter");
    await expect(toggle(page)).toHaveAttribute("aria-expanded", "true");
    await expect(toggle(page)).toHaveText("Close");
    await expect(mainNav(page)).toBeVisible();

    const linkCount = await navLinks(page).count();
    expect(linkCount).toBeGreaterThan(1);
    for (let index = 0; index < linkCount; index += 1) {
      await page.keyboard.press("Tab");
      await expect(navLinks(page).nth(index)).toBeFocused();
    }
    await page.keyboard.press("Tab"); // past the last link: back to the toggle, not into the page
    await expect(toggle(page)).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(navLinks(page).last()).toBeFocused();

    await page.keyboard.press("Escape");
    await expect(toggle(page)).toHaveAttribute("aria-expanded", "false");
    await expect(toggle(page)).toHaveText("Menu");
    await expect(toggle(page)).toBeFocused();
    await expect(mainNav(page)).toBeHidden();
  });

  test("Tab straight after opening stays in the menu, even before the focus trap's code has arrived", async ({ page }) => {
    // Hold the trap's code back, so the menu is open with no trap yet (a slow phone network).
    let releaseTrap = () => {};
    const trapHeld = new Promise<void>((resolve) => (releaseTrap = resolve));
    await page.route(/focus-trap-react-[^/]*\.js$/, async (route) => {
      await trapHeld;
      await route.continue();
    });
    await toggle(page).click();
    await expect(toggle(page)).toHaveAttribute("aria-expanded", "true");
    const linkCount = await navLinks(page).count();
    expect(linkCount).toBeGreaterThan(1);
    // Forward past the last link: back to the toggle, not into the page.
    for (let index = 0; index < linkCount; index += 1) await page.keyboard.press("Tab");
    await expect(navLinks(page).last()).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(toggle(page)).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(navLinks(page).last()).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(toggle(page)).toHaveAttribute("aria-expanded", "false");
    await expect(toggle(page)).toBeFocused();
    releaseTrap();
  });

  test("keyboard: Menu then Tab with no wait between keeps focus inside the menu", async ({ page }) => {
    // The links are hidden (so not counted by role) until the menu opens.
    const linkCount = await page.locator(".site-header__nav a[href]").count();
    expect(linkCount).toBeGreaterThan(1);
    await toggle(page).focus();
    await Promise.all([page.keyboard.press("Enter"), ...Array.from({ length: linkCount + 1 }, () => page.keyboard.press("Tab"))]);
    await expect(toggle(page)).toHaveAttribute("aria-expanded", "true");
    await expect(toggle(page)).toBeFocused();
    await Promise.all([page.keyboard.press("Shift+Tab"), page.keyboard.press("Shift+Tab")]);
    await expect(navLinks(page).nth(linkCount - 2)).toBeFocused();
  });

  test("the open menu is a full-width panel that fits the screen", async ({ page }) => {
    await toggle(page).click();
    const panel = await mainNav(page).boundingBox();
    expect(panel?.x).toBe(0);
    expect(panel?.width).toBe(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const toggleBox = await toggle(page).boundingBox();
    expect((toggleBox?.x ?? 0) + (toggleBox?.width ?? 0)).toBeLessThanOrEqual(375);
    expect(toggleBox?.height).toBeGreaterThanOrEqual(44);
  });

  test("a window resize closes the open menu", async ({ page }) => {
    await toggle(page).click();
    await expect(toggle(page)).toHaveAttribute("aria-expanded", "true");
    await page.setViewportSize({ width: 812, height: 375 });
    await expect(toggle(page)).toHaveAttribute("aria-expanded", "false");
    await expect(toggle(page)).toHaveText("Menu");
  });
});

test.describe("site header at desktop width (1280 px)", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("shows the links inline with no toggle, and Tab walks straight through them", async ({ page }) => {
    await page.goto(patternPage);
    await page.waitForSelector(mountedHeader);
    await expect(toggle(page)).toBeHidden();
    await expect(mainNav(page)).toBeVisible();

    await page.keyboard.press("Tab"); // skip link
    await page.keyboard.press("Tab"); // wordmark
    await page.keyboard.press("Tab");
    await expect(navLinks(page).first()).toBeFocused();
    const navBox = await mainNav(page).boundingBox();
    const brandBox = await page.locator(".site-header__brand").boundingBox();
    // One row: the nav sits beside the wordmark, not under it.
    expect(navBox!.y).toBeLessThan(brandBox!.y + brandBox!.height);
  });
});

test.describe("site header without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });

  test("the menu is a plain visible list of links and there is no toggle", async ({ page }) => {
    await page.goto(patternPage);
    await expect(toggle(page)).toBeHidden();
    await expect(mainNav(page)).toBeVisible();
    for (const link of await navLinks(page).all()) await expect(link).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  test("marks the link to the current page with aria-current", async ({ page }) => {
    await page.goto(patternPage);
    const lastLink = navLinks(page).last();
    const href = await lastLink.getAttribute("href");
    await page.goto(href ?? "/");
    await expect(navLinks(page).last()).toHaveAttribute("aria-current", "page");
    await expect(mainNav(page).locator("[aria-current]")).toHaveCount(1);
  });
});

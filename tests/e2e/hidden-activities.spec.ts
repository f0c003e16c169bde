import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";

const patternPage = "/patterns/hidden-activities/";

test.describe("hidden activities block", () => {
  test("keyboard only: hidden at first, then Show all activities and Hide activities", async ({ page }) => {
    await page.goto(patternPage);
    await page.waitForSelector('#macbeth-activities[data-widget-state="mounted"]');
    const block = page.locator("#macbeth-activities-block");
    const more = page.getByRole("link", { name: "Staging the banquet in three tableaux" });
    await expect(block).toBeHidden();
    await expect(more).toBeHidden();

    // The tab stop before the button is the last featured activity.
    await page.getByRole("link", { name: "Hot-seating Lady Macbeth" }).focus();
    await page.keyboard.press("Tab");
    const button = page.getByRole("button", { name: "Show all activities" });
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(button).toHaveAttribute("aria-controls", "macbeth-activities-block");

    await page.keyboard.press("Enter");
    await expect(block).toBeVisible();
    await expect(more).toBeVisible();
    await expect(page.getByRole("button", { name: "Hide activities" })).toHaveAttribute("aria-expanded", "true");
    await expectNoAxeViolations(page);

    // Tab moves on into the activities just shown.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "The witches' prophecy as choral speech" })).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Space");
    await expect(block).toBeHidden();
    await expect(page.getByRole("button", { name: "Show all activities" })).toBeFocused();
  });
});

test.describe("hidden activities block's code", () => {
  test("is the disclosure's one chunk: no second implementation is downloaded", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(patternPage);
    await page.waitForSelector('#macbeth-activities[data-widget-state="mounted"]');
    expect(scripts.filter((path) => /\/Disclosure-[\w-]+\.js$/.test(path))).toHaveLength(1);
    expect(scripts.filter((path) => /HiddenActivities/.test(path))).toHaveLength(0);
  });
});

test.describe("hidden activities block without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the block is visible and there is no button", async ({ page }) => {
    await page.goto(patternPage);
    await expect(page.locator("#macbeth-activities-block")).toBeVisible();
    await expect(page.getByRole("link", { name: "Staging the banquet in three tableaux" })).toBeVisible();
    await expect(page.locator(".hidden-activities button")).toHaveCount(0);
  });
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`hidden activities on a 375px phone (JavaScript ${javaScriptEnabled ? "on" : "off"})`, () => {
    test.use({ viewport: { width: 375, height: 800 }, javaScriptEnabled });

    test("nothing scrolls sideways, folded or open", async ({ page }) => {
      await page.goto(patternPage);
      const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(await overflow()).toBe(0);
      if (javaScriptEnabled) {
        await page.getByRole("button", { name: "Show all activities" }).click();
        await expect(page.locator("#macbeth-activities-block")).toBeVisible();
        expect(await overflow()).toBe(0);
      }
    });
  });
}

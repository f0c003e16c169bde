import { expect, test } from "@playwright/test";

const patternPage = "/patterns/disclosure/";

test.describe("disclosure", () => {
  test("keyboard only: Enter and Space show and hide the region it controls", async ({ page }) => {
    await page.goto(patternPage);
    await page.waitForSelector('#workshop-kit[data-widget-state="mounted"]');
    const button = page.getByRole("button", { name: "What should students bring?" });
    const region = page.locator("#workshop-kit-region");
    await expect(button).toHaveAttribute("aria-controls", "workshop-kit-region");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(region).toBeHidden();

    // Start at the options table's scroll region, the tab stop just before the examples.
    await page.getByRole("region", { name: "Disclosure options" }).focus();
    await page.keyboard.press("Tab");
    await expect(button).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(region).toBeVisible();
    await page.keyboard.press("Space");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(region).toBeHidden();
  });

  test("switches between its show and hide labels", async ({ page }) => {
    await page.goto(patternPage);
    await page.waitForSelector('#cast-list[data-widget-state="mounted"]');
    const button = page.locator("#cast-list button");
    await expect(button).toHaveText("Hide the cast list");
    await expect(page.getByText("Viola: Amara Okafor")).toBeVisible();
    await button.click();
    await expect(button).toHaveText("Show the cast list");
    await expect(page.getByText("Viola: Amara Okafor")).toBeHidden();
  });
});

test.describe("disclosure without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("every region is visible and there is no button", async ({ page }) => {
    await page.goto(patternPage);
    for (const region of await page.locator(".disclosure__region").all()) await expect(region).toBeVisible();
    await expect(page.locator(".disclosure button")).toHaveCount(0);
    await expect(page.getByText("What should students bring?").first()).toBeVisible();
  });
});

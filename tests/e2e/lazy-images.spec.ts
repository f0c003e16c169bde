import { expect, test, type Locator } from "@playwright/test";

const patternPage = "/patterns/lazy-images/";
const lastAlt = "A golden spotlight between folds of red stage curtain";
const lastSrc = "/static/images/demo/poster-02.svg";

const box = async (image: Locator) => (await image.boundingBox())!;

test.describe("lazy images", () => {
  test("an image far down loads only when scrolled near, in exactly the space it held", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(patternPage);
    const image = page.getByRole("img", { name: lastAlt });

    // Before: the placeholder, at the image's own 3:2 shape, its width and height kept.
    await expect(image).toHaveAttribute("src", /^data:image\/svg\+xml,/);
    await expect(image).toHaveAttribute("data-src", lastSrc);
    await expect(image).toHaveAttribute("width", "1200");
    await expect(image).toHaveAttribute("height", "800");
    const before = await box(image);
    expect(before.height).toBeCloseTo((before.width * 800) / 1200, 0);

    await image.scrollIntoViewIfNeeded();
    await expect(page.locator("#season-pictures")).toHaveAttribute("data-widget-state", "mounted");
    await expect(image).toHaveAttribute("src", lastSrc);
    await expect(image).toHaveClass(/\blazyloaded\b/);
    await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

    const after = await box(image);
    expect(after.width).toBeCloseTo(before.width, 0);
    expect(after.height).toBeCloseTo(before.height, 0);
    // data-sizes="auto": lazysizes wrote sizes from the laid-out width.
    await expect(image).toHaveAttribute("sizes", `${Math.round(after.width)}px`);
  });

  test("configures lazysizes with minimum size 40 and a 125 ms throttle", async ({ page }) => {
    await page.goto(patternPage);
    await page.locator("#season-pictures").scrollIntoViewIfNeeded();
    await expect(page.locator("#season-pictures")).toHaveAttribute("data-widget-state", "mounted");
    const config = await page.evaluate(() => {
      const { lazySizes } = window as unknown as { lazySizes: { cfg: Record<string, unknown> } };
      return { minSize: lazySizes.cfg.minSize, throttleDelay: lazySizes.cfg.throttleDelay };
    });
    expect(config).toEqual({ minSize: 40, throttleDelay: 125 });
  });
});

test.describe("lazy images without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("each picture is the real image from <noscript>, and the placeholders are hidden", async ({ page }) => {
    await page.goto(patternPage);
    await expect(page.locator("#season-pictures img.lazyload").first()).toBeHidden();
    const fallback = page.locator("#season-pictures noscript img").last();
    await expect(fallback).toHaveAttribute("src", lastSrc);
    await expect(fallback).toHaveAttribute("alt", lastAlt);
    await fallback.scrollIntoViewIfNeeded();
    await expect(fallback).toBeVisible();
    await expect.poll(() => fallback.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  });
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`lazy images on a 375px phone (JavaScript ${javaScriptEnabled ? "on" : "off"})`, () => {
    test.use({ viewport: { width: 375, height: 800 }, javaScriptEnabled });

    test("nothing scrolls sideways", async ({ page }) => {
      await page.goto(patternPage);
      await page.getByRole("img", { name: lastAlt }).last().scrollIntoViewIfNeeded();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBe(0);
    });
  });
}

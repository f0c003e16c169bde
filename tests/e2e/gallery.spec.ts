import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";

const patternPage = "/patterns/gallery/";
const photos = "/static/images/gallery/";
const galleryLabel = "Macbeth, Main House: production photographs";

/** Scrolls a gallery into view (they mount when visible) and waits for the widget. */
async function showGallery(page: Page, id: string): Promise<Locator> {
  const root = page.locator(`#${id}`);
  await root.scrollIntoViewIfNeeded();
  await expect(root).toHaveAttribute("data-widget-state", "mounted");
  return root;
}

const lightbox = (page: Page) => page.locator(".lg-container.lg-show");
const currentImage = (page: Page) => lightbox(page).locator(".lg-current img.lg-object");

/** lightGallery ignores Next / Previous while a slide is moving (400 ms): wait until it has arrived. */
async function expectSlide(page: Page, file: string): Promise<void> {
  await expect(currentImage(page)).toHaveAttribute("src", `${photos}${file}`);
  await expect(lightbox(page)).not.toHaveAttribute("aria-busy", "true");
}

/** Open, with focus inside and the first slide's media in. */
async function expectOpenLightbox(page: Page, name: string): Promise<Locator> {
  const dialog = page.getByRole("dialog", { name });
  // The dialog element itself has no box (everything in it is position: fixed): its content shows.
  await expect(dialog).toHaveClass(/\blg-show-in\b/);
  await expect(dialog.locator(".lg-outer")).toBeVisible();
  await expect(dialog).toHaveAttribute("aria-modal", "true");
  await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await expect(dialog.locator(".lg-current.lg-complete")).toHaveCount(1);
  return dialog;
}

test.describe("gallery lightbox", () => {
  test("keyboard: open an item, move on, close with focus back on the item", async ({ page }) => {
    await page.goto(patternPage);
    const gallery = await showGallery(page, "macbeth-gallery");
    const opener = gallery.getByRole("link", { name: "The banquet table lined with candles, one chair left empty" });
    await opener.focus();
    await page.keyboard.press("Enter");

    const dialog = await expectOpenLightbox(page, galleryLabel);
    await expectSlide(page, "macbeth-banquet.svg");
    // The caption comes from the item's caption URL.
    await expect(dialog.locator(".lg-sub-html")).toContainText("36 real candles");

    await page.keyboard.press("ArrowRight");
    await expectSlide(page, "macbeth-dagger.svg");
    await dialog.getByRole("button", { name: "Next slide" }).click();
    await expectSlide(page, "macbeth-sleepwalking.svg");
    await dialog.getByRole("button", { name: "Previous slide" }).click();
    await expectSlide(page, "macbeth-dagger.svg");

    await page.keyboard.press("Escape");
    await expect(lightbox(page)).toHaveCount(0);
    await expect(opener).toBeFocused();
  });

  test("Escape at once after opening closes it, with focus back on the thumbnail", async ({ page }) => {
    await page.goto(patternPage);
    const gallery = await showGallery(page, "macbeth-gallery");
    const opener = gallery.getByRole("link", { name: "The banquet table lined with candles, one chair left empty" });
    await opener.focus();
    // No wait in between: the focus trap must already be there when Escape arrives.
    await Promise.all([page.keyboard.press("Enter"), page.keyboard.press("Escape")]);
    // Closed (lightGallery's last closing timer has run), and focus is back where it was.
    await expect(lightbox(page)).toHaveCount(0);
    await expect(opener).toBeFocused();
  });

  test("the Close button closes it and focus returns to the thumbnail that opened it", async ({ page }) => {
    await page.goto(patternPage);
    const gallery = await showGallery(page, "macbeth-gallery");
    const opener = gallery.getByRole("link", { name: /gold crown alone/ });
    await opener.click();
    const dialog = await expectOpenLightbox(page, galleryLabel);
    await dialog.getByRole("button", { name: "Close gallery" }).click();
    await expect(lightbox(page)).toHaveCount(0);
    await expect(opener).toBeFocused();
  });

  test("Tab and Shift+Tab stay inside the open lightbox", async ({ page }) => {
    await page.goto(patternPage);
    const gallery = await showGallery(page, "macbeth-gallery");
    await gallery.getByRole("link", { name: /three witches/ }).click();
    const dialog = await expectOpenLightbox(page, galleryLabel);
    for (const key of ["Tab", "Tab", "Tab", "Tab", "Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab"]) {
      await page.keyboard.press(key);
      expect(await dialog.evaluate((element) => element.contains(document.activeElement)), `focus after ${key}`).toBe(true);
    }
  });

  test("the gallery has the thumbnail strip and maximize, and no download or counter", async ({ page }) => {
    await page.goto(patternPage);
    const gallery = await showGallery(page, "macbeth-gallery");
    await gallery.getByRole("link", { name: /three witches/ }).click();
    const dialog = await expectOpenLightbox(page, galleryLabel);
    const thumbnails = dialog.locator(".lg-thumb-item");
    await expect(thumbnails).toHaveCount(7);
    const box = await thumbnails.first().boundingBox();
    expect(box?.width).toBe(100);
    expect(box?.height).toBe(80);
    await expect(dialog.getByRole("button", { name: "Toggle maximize" })).toBeVisible();
    await expect(dialog.locator(".lg-download")).toHaveCount(0);
    await expect(dialog.locator(".lg-counter")).toHaveCount(0);

    // Width 90%: the lightbox leaves a margin either side until it is maximized.
    const viewport = page.viewportSize()!;
    const outer = await dialog.locator(".lg-outer").boundingBox();
    expect(outer?.width).toBeCloseTo(viewport.width * 0.9, 0);
    await dialog.getByRole("button", { name: "Toggle maximize" }).click();
    await expect.poll(async () => (await dialog.locator(".lg-outer").boundingBox())?.width).toBe(viewport.width);
  });

  test("the open lightbox has no WCAG 2.2 AA violations", async ({ page }) => {
    await page.goto(patternPage);
    const gallery = await showGallery(page, "macbeth-gallery");
    await gallery.getByRole("link", { name: /banquet table/ }).click();
    await expectOpenLightbox(page, galleryLabel);
    await expectNoAxeViolations(page);
  });

  test("the video item opens with download and a counter, and plays", async ({ page }) => {
    await page.goto(patternPage);
    const trailer = await showGallery(page, "macbeth-trailer");
    const opener = trailer.getByRole("link", { name: /Play the Macbeth trailer/ });
    await expect(opener).toHaveAttribute("href", `${photos}macbeth-trailer.webm`);
    await opener.click();
    const dialog = await expectOpenLightbox(page, "Macbeth trailer");
    await expect(dialog.getByRole("link", { name: "Download" })).toHaveAttribute("href", `${photos}macbeth-trailer.webm`);
    await expect(dialog.locator(".lg-counter")).toHaveText(/1\s*\/\s*1/);
    await expect(dialog.locator(".lg-thumb-outer")).toHaveCount(0);
    // lightGallery starts the opened video; the video element brings its own controls.
    const video = dialog.locator(".lg-current video");
    await expect(video).toHaveAttribute("controls", /.*/);
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 10_000 }).toBeGreaterThan(0);
    await expectNoAxeViolations(page);
  });

  test("a file that fails to load shows the spec's message inside the slide", async ({ page }) => {
    await page.goto(patternPage);
    const missing = await showGallery(page, "missing-photo");
    await missing.getByRole("link").click();
    const dialog = page.getByRole("dialog", { name: "A photograph that has been taken down" });
    await expect(dialog.locator(".lg-current")).toHaveText("Oops... Failed to load content...");
  });
});

test.describe("gallery lightbox with reduced motion", () => {
  test.use({ reducedMotion: "reduce" });

  test("the video waits for Play video, which works from the keyboard and hands focus to the player", async ({ page }) => {
    await page.goto(patternPage);
    const trailer = await showGallery(page, "macbeth-trailer");
    await trailer.getByRole("link").click();
    const dialog = await expectOpenLightbox(page, "Macbeth trailer");
    const play = dialog.getByRole("button", { name: "Play video" });
    await play.focus();
    await page.keyboard.press("Enter");
    const video = dialog.locator(".lg-current video");
    await expect(video).toBeFocused();
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 10_000 }).toBeGreaterThan(0);
    // Focus stays in the dialog from the player too.
    await page.keyboard.press("Shift+Tab");
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  });
});

test.describe("gallery on a phone (375 px)", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the grid and the open lightbox fit the screen", async ({ page }) => {
    await page.goto(patternPage);
    const gallery = await showGallery(page, "macbeth-gallery");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await gallery.getByRole("link", { name: /banquet table/ }).click();
    const dialog = await expectOpenLightbox(page, galleryLabel);
    for (const name of ["Close gallery", "Next slide", "Previous slide"]) {
      const box = await dialog.getByRole("button", { name }).boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    }
    const image = await currentImage(page).boundingBox();
    expect(image!.width).toBeLessThanOrEqual(375);
  });
});

test.describe("gallery without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("each item is a plain link to its full image or video file", async ({ page }) => {
    await page.goto(patternPage);
    const gallery = page.locator("#macbeth-gallery");
    const links = gallery.getByRole("link");
    await expect(links).toHaveCount(7);
    await expect(links.first()).toHaveAttribute("href", `${photos}macbeth-witches.svg`);
    await expect(links.last()).toHaveAttribute("href", `${photos}macbeth-trailer.webm`);
    await expect(gallery.getByText("First read-through in the Riverside Room")).toBeVisible();

    await links.first().click();
    await expect(page).toHaveURL(/\/static\/images\/gallery\/macbeth-witches\.svg$/);
  });
});

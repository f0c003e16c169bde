import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";

const patternPage = "/patterns/carousel/";

/** Carousels mount as they come near the viewport (data-hydrate default "visible"). */
async function mountedCarousel(page: Page, id: string): Promise<Locator> {
  const root = page.locator(`#${id}`);
  await root.scrollIntoViewIfNeeded();
  await expect(root).toHaveAttribute("data-widget-state", "mounted");
  return root;
}

/** Whether the slide sits wholly inside the visible track (once Splide's move has finished). */
async function slideIsInTrack(root: Locator, slideName: string): Promise<boolean> {
  const track = (await root.locator(".carousel__track").boundingBox())!;
  const slide = (await root.locator(`[aria-label="${slideName}"]`).boundingBox())!;
  return slide.x >= track.x - 1 && slide.x + slide.width <= track.x + track.width + 1;
}

const activeSlide = (root: Locator) => root.locator(".carousel__slide.is-active");
const progressWidth = (root: Locator) =>
  root.locator(".carousel__progress-bar").evaluate((bar) => (bar as HTMLElement).style.width);

test.describe("carousel", () => {
  test("keyboard only: Next and Previous move a page, the progress bar follows, hidden slides leave the tab order", async ({ page }) => {
    await page.goto(patternPage);
    const carousel = await mountedCarousel(page, "this-season");
    const region = carousel.getByRole("region", { name: "On stage this season" });
    await expect(region).toHaveAttribute("aria-roledescription", "carousel");
    // Slides out of view are aria-hidden, so only the three in view are in the accessibility tree.
    await expect(region.getByRole("group")).toHaveCount(3);
    await expect(region.getByRole("group", { includeHidden: true })).toHaveCount(8);
    await expect(region.getByRole("group", { name: "1 of 8" })).toHaveAttribute("aria-roledescription", "slide");

    // 8 slides, 3 to a view at 1280px: Splide can move to index 0 to 5, so 6 pages.
    await expect(activeSlide(carousel)).toHaveAttribute("aria-label", "1 of 8");
    expect(await progressWidth(carousel)).toBe("16.6667%");

    // The tab stop before the carousel is the options table; then Previous, then Next.
    await page.getByRole("region", { name: "Carousel options" }).focus();
    await page.keyboard.press("Tab");
    await expect(carousel.getByRole("button", { name: "Go to last slide" })).toBeFocused();
    await page.keyboard.press("Tab");
    const next = carousel.getByRole("button", { name: "Next slide" });
    await expect(next).toBeFocused();

    await page.keyboard.press("Enter");
    await expect(activeSlide(carousel)).toHaveAttribute("aria-label", "4 of 8");
    expect(await progressWidth(carousel)).toBe("66.6667%");
    await expect.poll(() => slideIsInTrack(carousel, "4 of 8")).toBe(true);
    expect(await slideIsInTrack(carousel, "1 of 8")).toBe(false);
    await expect(carousel.locator('[aria-label="1 of 8"]')).toHaveAttribute("aria-hidden", "true");

    // Tab goes from Next to the first link in view, skipping the slides moved out of view.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "The Weight of Water" })).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(next).toBeFocused();

    await page.keyboard.press("Enter");
    await expect(activeSlide(carousel)).toHaveAttribute("aria-label", "6 of 8");
    await expect.poll(() => progressWidth(carousel)).toBe("100%");
    // On the last page Next goes back to the start, and says so; focus stays on it.
    const backToStart = carousel.getByRole("button", { name: "Go to first slide" });
    await expect(backToStart).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(activeSlide(carousel)).toHaveAttribute("aria-label", "1 of 8");
    await expect.poll(() => progressWidth(carousel)).toBe("16.6667%");

    await expectNoAxeViolations(page);
  });

  test("shows the spec's slides per view for each kind, and data-per-page at every width", async ({ page }) => {
    const visibleSlides = (root: Locator) => root.locator(".carousel__slide.is-visible").count();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(patternPage);
    expect(await visibleSlides(await mountedCarousel(page, "this-season"))).toBe(3);
    expect(await visibleSlides(await mountedCarousel(page, "this-week"))).toBe(5);
    expect(await visibleSlides(await mountedCarousel(page, "press-quotes"))).toBe(2);

    await page.setViewportSize({ width: 375, height: 800 });
    await expect.poll(async () => visibleSlides(page.locator("#this-season"))).toBe(1);
    await expect.poll(async () => visibleSlides(page.locator("#this-week"))).toBe(2);
    await expect.poll(async () => visibleSlides(page.locator("#press-quotes"))).toBe(2);
  });

  test("loads the pictures of nearby slides only", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(patternPage);
    const partners = await mountedCarousel(page, "partners");
    const logo = (name: string) => partners.getByRole("img", { name, exact: true });
    await expect(logo("Northgate University")).toHaveAttribute("src", "/static/images/logos/northgate-university.svg");
    // Five in view, so the next page (slides 6 to 8) is "nearby" too.
    await expect(logo("Arden Arts Fund")).toHaveAttribute("src", "/static/images/logos/arden-arts-fund.svg");
  });
});

test.describe("carousel with autoplay", () => {
  test.beforeEach(async ({ page }) => {
    await page.clock.install();
  });

  test("moves on every 5 seconds, with a pause control first in its tab order", async ({ page }) => {
    await page.goto(patternPage);
    const partners = await mountedCarousel(page, "partners");
    const pause = partners.getByRole("button", { name: "Pause slide show" });
    await expect(pause).toBeVisible();
    const firstFocusable = await partners.evaluate((root) => root.querySelector("button, a[href], [tabindex]")?.textContent);
    expect(firstFocusable).toBe("Pause slide show");

    await page.mouse.move(0, 0);
    await expect(activeSlide(partners)).toHaveAttribute("aria-label", "1 of 8");
    await page.clock.runFor(4_500);
    await expect(activeSlide(partners)).toHaveAttribute("aria-label", "1 of 8");
    await page.clock.runFor(1_000);
    await expect(activeSlide(partners)).not.toHaveAttribute("aria-label", "1 of 8");

    // Pressed from the keyboard, the control stops it; focus on the control itself does not hold it.
    await pause.focus();
    await page.keyboard.press("Enter");
    const play = partners.getByRole("button", { name: "Play slide show" });
    await expect(play).toBeFocused();
    const pausedOn = await activeSlide(partners).getAttribute("aria-label");
    await page.clock.runFor(11_000);
    await expect(activeSlide(partners)).toHaveAttribute("aria-label", pausedOn!);

    await page.keyboard.press("Enter");
    await expect(partners.getByRole("button", { name: "Pause slide show" })).toBeFocused();
    await page.clock.runFor(5_500);
    await expect(activeSlide(partners)).not.toHaveAttribute("aria-label", pausedOn!);
  });

  test("holds still while the pointer is over it or focus is on an arrow", async ({ page }) => {
    await page.goto(patternPage);
    const partners = await mountedCarousel(page, "partners");
    await partners.locator(".carousel__track").hover();
    await page.clock.runFor(11_000);
    await expect(activeSlide(partners)).toHaveAttribute("aria-label", "1 of 8");

    await page.mouse.move(0, 0);
    await partners.getByRole("button", { name: "Next slide" }).focus();
    await page.clock.runFor(11_000);
    await expect(activeSlide(partners)).toHaveAttribute("aria-label", "1 of 8");

    await page.getByRole("heading", { name: "Compact events: this week" }).click(); // focus leaves
    await page.clock.runFor(5_500);
    await expect(activeSlide(partners)).not.toHaveAttribute("aria-label", "1 of 8");
  });

  test("does not move by itself under prefers-reduced-motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto(patternPage);
    const partners = await mountedCarousel(page, "partners");
    await page.mouse.move(0, 0);
    await expect(partners.getByRole("button", { name: "Play slide show" })).toBeVisible();
    await page.clock.runFor(16_000);
    await expect(activeSlide(partners)).toHaveAttribute("aria-label", "1 of 8");
  });
});

test.describe("carousel without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("each carousel is a labelled, keyboard-scrollable list with no buttons", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(patternPage);
    const list = page.getByRole("list", { name: "On stage this season" });
    await expect(list).toHaveAttribute("tabindex", "0");
    await expect(list.getByRole("listitem")).toHaveCount(8);
    await expect(page.locator(".carousel button")).toHaveCount(0);
    expect(await list.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);

    await list.focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => list.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);

    // Pictures Splide would load lazily come from <noscript> instead.
    const logo = page.locator("#partners noscript img").first();
    await expect(logo).toBeVisible();
    await expect(logo).toHaveAttribute("src", "/static/images/logos/northgate-university.svg");
    await expect(page.locator("#partners img[data-splide-lazy]").first()).toBeHidden();
  });
});

test.describe("carousel on a 375px phone", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  for (const javaScriptEnabled of [true, false]) {
    test(`nothing scrolls sideways (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width: 375, height: 800 }, javaScriptEnabled });
      const page = await context.newPage();
      await page.goto(patternPage);
      if (javaScriptEnabled) {
        for (const id of ["this-season", "partners", "this-week", "press-quotes"]) await mountedCarousel(page, id);
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBe(0);
      await context.close();
    });
  }
});

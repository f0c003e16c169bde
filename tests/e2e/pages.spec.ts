import { expect, test, type Page } from "@playwright/test";

/*
 * The layout's promises on every kind of page, with JavaScript on and off:
 * it renders, it has exactly one h1, the skip link moves focus to <main>,
 * and nothing scrolls sideways on a 375 px phone.
 */

interface PageUnderTest {
  name: string;
  path: string;
  status: number;
  /** Something only this page shows, so a blank layout cannot pass. */
  expectContent(page: Page): Promise<void>;
}

const pagesUnderTest: PageUnderTest[] = [
  {
    name: "the home page",
    path: "/",
    status: 200,
    async expectContent(page) {
      await expect(page.getByRole("heading", { level: 2, name: "On stage soon" })).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: "For teachers" })).toBeVisible();
      await expect(page.locator(".card--event").first()).toBeVisible();
      await expect(page.locator(".card--resource").first()).toBeVisible();
    },
  },
  {
    name: "a content page",
    path: "/about-us/",
    status: 200,
    async expectContent(page) {
      await expect(page.getByRole("heading", { level: 1, name: "About us" })).toBeVisible();
      await expect(page.locator(".prose p").first()).toBeVisible();
    },
  },
  {
    name: "the 404 page",
    path: "/no-such-page-here/",
    status: 404,
    async expectContent(page) {
      await expect(page.getByText("check it is correct")).toBeVisible();
      await expect(page.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");
    },
  },
  {
    name: "the pattern library index",
    path: "/patterns/",
    status: 200,
    async expectContent(page) {
      for (const name of ["accordion", "disclosure", "site-header"]) {
        await expect(page.locator(`.pattern-list a[href="/patterns/${name}/"]`)).toBeVisible();
      }
    },
  },
];

/** With JavaScript on, wait until the runtime has mounted the header, so the page is in its final state. */
async function openPage(page: Page, path: string, javaScriptEnabled: boolean) {
  const response = await page.goto(path);
  if (javaScriptEnabled) {
    await expect(page.locator('[data-widget="site-header"]')).toHaveAttribute("data-widget-state", "mounted");
  }
  return response;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "enabled" : "disabled"}`, () => {
    test.use({ javaScriptEnabled });

    for (const pageUnderTest of pagesUnderTest) {
      test.describe(pageUnderTest.name, () => {
        test("renders its content in the layout with exactly one h1", async ({ page }) => {
          const response = await openPage(page, pageUnderTest.path, javaScriptEnabled);
          expect(response?.status()).toBe(pageUnderTest.status);
          await expect(page.locator("html")).toHaveClass(javaScriptEnabled ? /\bjs-enabled\b/ : /\bno-js\b/);
          await expect(page.locator("h1")).toHaveCount(1);
          await expect(page.getByRole("banner")).toHaveCount(1);
          await expect(page.getByRole("main")).toHaveCount(1);
          await expect(page.getByRole("contentinfo")).toHaveCount(1);
          await pageUnderTest.expectContent(page);
        });

        test("has a skip link that moves focus to the main content", async ({ page }) => {
          await openPage(page, pageUnderTest.path, javaScriptEnabled);
          await page.keyboard.press("Tab");
          const skipLink = page.getByRole("link", { name: "Skip to main content" });
          await expect(skipLink).toBeFocused();
          await expect(skipLink).toBeInViewport();
          await page.keyboard.press("Enter");
          await expect(page.locator("main#main-content")).toBeFocused();
        });

        test("does not scroll sideways at 375 px", async ({ page }) => {
          await page.setViewportSize({ width: 375, height: 812 });
          await openPage(page, pageUnderTest.path, javaScriptEnabled);
          const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
          expect(scrollWidth).toBeLessThanOrEqual(375);
        });
      });
    }
  });
}

test.describe("card images", () => {
  test("keep their width and height so nothing shifts while they load", async ({ page }) => {
    await page.goto("/");
    const images = page.locator(".card__image");
    expect(await images.count()).toBeGreaterThan(0);
    for (const image of await images.all()) {
      await expect(image).toHaveAttribute("width", /^\d+$/);
      await expect(image).toHaveAttribute("height", /^\d+$/);
      await expect(image).toHaveAttribute("loading", "lazy");
    }
  });
});

import { expect, test, type Locator, type Page } from "@playwright/test";
import { atPath, demoPassword, validMember, widgetMounted } from "./support/accounts";

/*
 * Rough edges at 375 px (and the same places at 1280 px): What's On's
 * filter selects show every choice in full, the sign-in password field keeps
 * its width beside the Show password toggle, My account's tabs are one row
 * (wrapping on a phone, every tab in sight), and the School panel has a heading like the others.
 */

const widths = [375, 1280];

/** The width a select needs to show its longest choice in full: a copy with width auto, beside it. */
async function widthForLongestChoice(select: Locator): Promise<number> {
  return select.evaluate((element: HTMLSelectElement) => {
    const copy = element.cloneNode(true) as HTMLSelectElement;
    copy.removeAttribute("id");
    copy.removeAttribute("name");
    copy.style.cssText = "position: absolute; width: auto; max-width: none; visibility: hidden";
    element.after(copy);
    const width = copy.getBoundingClientRect().width;
    copy.remove();
    return width;
  });
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found).not.toBeNull();
  return found!;
}

async function expectNoSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

for (const width of widths) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("What's On: every filter select shows its longest choice in full", async ({ page }) => {
      await page.goto("/whats-on/");
      // On a phone the form is folded behind "Filter"; beside the calendar it is always shown.
      const summary = page.locator(".event-filters-disclosure__summary");
      if (width === 375) await summary.click();
      else await expect(summary).toBeHidden();
      const selects = page.locator(".event-filters select");
      expect(await selects.count()).toBe(6);
      for (const select of await selects.all()) {
        const name = await select.getAttribute("name");
        const shown = (await box(select)).width;
        expect(shown, `${name}: ${shown}px wide, needs ${await widthForLongestChoice(select)}px`).toBeGreaterThanOrEqual(await widthForLongestChoice(select));
      }
      await expectNoSidewaysScroll(page, width);
    });

    test("Sign in: the password field keeps its width beside the Show password toggle", async ({ page }) => {
      await page.goto("/account/login/");
      await widgetMounted(page, "login-form");
      const email = await box(page.getByLabel("Email address"));
      const password = await box(page.getByLabel("Password", { exact: true }));
      const toggle = await box(page.getByRole("button", { name: "Show password" }));
      // At least 15rem, and never squeezed far below the email field above it.
      expect(password.width).toBeGreaterThanOrEqual(240);
      expect(password.width).toBeGreaterThanOrEqual(Math.min(email.width, 400) * 0.6);
      // The toggle never overlaps the field and stays inside the form.
      const overlaps = toggle.x < password.x + password.width && password.x < toggle.x + toggle.width
        && toggle.y < password.y + password.height && password.y < toggle.y + toggle.height;
      expect(overlaps).toBe(false);
      expect(toggle.x + toggle.width).toBeLessThanOrEqual(email.x + email.width + 1);
      if (width === 375) {
        // On a phone the field takes the whole width and the toggle sits under it.
        expect(password.width).toBeGreaterThanOrEqual(email.width - 1);
        expect(toggle.y).toBeGreaterThanOrEqual(password.y + password.height);
      } else {
        expect(toggle.y).toBe(password.y);
      }
      await expectNoSidewaysScroll(page, width);
    });

    test("My account: the tabs are all in sight, the selected tab is in view, and the School panel has a heading", async ({ page }) => {
      await page.goto("/account/login/?next=/account/my-account/");
      await widgetMounted(page, "login-form");
      await page.getByLabel("Email address").fill(validMember);
      await page.getByLabel("Password", { exact: true }).fill(demoPassword);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page).toHaveURL(atPath("/account/my-account/"));
      await widgetMounted(page, "account-tabs");

      const tablist = page.getByRole("tablist", { name: "My account sections" });
      const tabs = tablist.getByRole("tab");
      await expect(tabs).toHaveCount(6);
      const tops = await tabs.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().top));
      // One row where they fit; on a phone they wrap, every tab in sight (issue 24: a cut-off row did not say it scrolled).
      if (width === 1280) expect(new Set(tops).size, "every tab on one row").toBe(1);
      else for (const tab of await tabs.all()) await expect(tab).toBeInViewport({ ratio: 1 });
      expect(await tablist.evaluate((element) => element.scrollWidth <= element.clientWidth), "no tab cut off").toBe(true);
      await expectNoSidewaysScroll(page, width);
      if (width === 1280) expect(await tablist.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);

      // The last tab, chosen from the keyboard, is scrolled into view within the row.
      await tabs.first().focus();
      await page.keyboard.press("End");
      const last = page.getByRole("tab", { name: "Your data" });
      await expect(last).toHaveAttribute("aria-selected", "true");
      const inView = () =>
        last.evaluate((tab) => {
          const row = tab.parentElement!.getBoundingClientRect();
          const own = tab.getBoundingClientRect();
          return own.left >= row.left - 1 && own.right <= row.right + 1;
        });
      await expect.poll(inView).toBe(true);

      // Like Profile's "Your details", the School panel opens with a visible heading.
      await page.getByRole("tab", { name: "School" }).click();
      const panel = page.getByRole("tabpanel", { name: "School" });
      await expect(panel.getByRole("heading", { level: 3, name: "Your school" })).toBeVisible();
      await page.getByRole("tab", { name: "Profile" }).click();
      await expect(page.getByRole("tabpanel", { name: "Profile" }).getByRole("heading", { level: 3 }).first()).toBeVisible();
    });
  });
}

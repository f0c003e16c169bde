import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { signInThroughApi, validMember } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";

/*
 * Issue 24, "What a visitor expects to find", as a visitor meets it in the
 * browser: the demo Tidelines has a sold-out night (day 5) and one with few
 * seats left (day 6); a member's Video resource plays its film, and a
 * worksheet downloads as a file with its size and type.
 */

const tidelines = "/whats-on/northern-lights-dance-tidelines/";
const bookingPage = "https://tickets.greyfriars-playhouse.example/book/northern-lights-dance-tidelines/";

for (const javaScript of [true, false]) {
  test.describe(`an event's Book links ${javaScript ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled: javaScript });

    test("a sold-out night says so and offers no Book link; a night with few seats left is booked at the box office", async ({ page }) => {
      await page.goto(tidelines);
      const dates = page.locator(".event-dates__item");
      await expect(dates).toHaveCount(2);
      const soldOut = dates.nth(0);
      await expect(soldOut.locator(".event-dates__status")).toHaveText("Sold out");
      await expect(soldOut.getByRole("link", { name: /^Book/ })).toHaveCount(0);
      const limited = dates.nth(1);
      await expect(limited.locator(".event-dates__status")).toHaveText("Few seats left");
      await expect(limited.getByRole("link", { name: /^Book/ })).toHaveAttribute("href", bookingPage);
      if (javaScript) await expectNoAxeViolations(page);
    });
  });
}

test.describe("a member's resource media", () => {
  test.beforeEach(async ({ page }) => {
    await signInThroughApi(page, validMember);
  });

  test("a Video resource plays its film: controls, a poster, captions, and no autoplay", async ({ page }) => {
    await page.goto("/resources/blood-brothers-rehearsal-film-ks4/");
    const video = page.locator("video.resource-video__player");
    await expect(video).toBeVisible();
    await expect(video).toHaveAttribute("controls", "");
    await expect(video).toHaveAttribute("poster", /\.jpg$/);
    await expect(video).not.toHaveAttribute("autoplay", /.*/);
    expect(await video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
    const captions = video.locator('track[kind="captions"]');
    await expect(captions).toHaveAttribute("srclang", "en");
    const captionsFile = await page.request.get((await captions.getAttribute("src"))!);
    expect(captionsFile.status()).toBe(200);
    expect((await captionsFile.text()).startsWith("WEBVTT")).toBe(true);
    await expectNoAxeViolations(page);
  });

  test("a worksheet downloads as a file, with its type and size shown beside the link", async ({ page }) => {
    await page.goto("/resources/our-countrys-good-writing-in-role-ks5/");
    await expect(page.locator(".resource-download__meta")).toHaveText(/^\(PDF, \d+ KB\)$/);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: /^Download the worksheet/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const file = await readFile((await download.path())!);
    expect(file.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });
});

import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { showNoJavaScriptRendering } from "./support/no-javascript";

test.describe("an event page", () => {
  test("opens from the calendar and offers each date as a calendar file", async ({ page }) => {
    await page.goto("/whats-on/");
    const calendar = page.locator('[data-widget="events-calendar"]');
    await calendar.scrollIntoViewIfNeeded();
    await expect(calendar).toHaveAttribute("data-widget-state", "mounted");
    // Everything next week is still to come, so the event page lists at least that date.
    const title = await calendar.getByRole("heading", { level: 2 }).textContent();
    await page.getByRole("button", { name: "Next week" }).click();
    await expect(calendar.getByRole("heading", { level: 2 })).not.toHaveText(title!);
    const entry = calendar.locator(".fc-list-event .calendar-entry__link").first();
    const eventTitle = (await entry.textContent())!;
    await entry.click();
    await expect(page).toHaveURL(/\/whats-on\/[a-z0-9-]+\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(eventTitle);
    await expect(page.getByRole("heading", { name: "At a glance" })).toBeVisible();

    const slug = new URL(page.url()).pathname.split("/")[2]!;
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.locator(".event-dates__item:not(.event-dates__item--past)").first().getByRole("link", { name: /Add to calendar/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${slug}-\\d{4}-\\d{2}-\\d{2}\\.ics$`));
    const file = await readFile((await download.path())!, "utf8");
    expect(file.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(file).toMatch(/\r\nDTSTART:\d{8}T\d{6}Z\r\n/);
    expect(file.replace(/\r\n /g, "")).toContain(`SUMMARY:${eventTitle.replace(/([,;\\])/g, "\\$1")}`);
  });

  test("has no WCAG 2.2 AA violations, with and without JavaScript", async ({ page }) => {
    await page.goto("/whats-on/macbeth/");
    await expectNoAxeViolations(page);
    await page.route("**/static/dist/**/*.js", (route) => route.abort());
    await page.goto("/whats-on/macbeth/");
    await showNoJavaScriptRendering(page);
    await expectNoAxeViolations(page);
  });
});

test.describe("an event page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("shows the details and the dates, each with its calendar file link", async ({ page }) => {
    await page.goto("/whats-on/macbeth/");
    await expect(page.getByRole("heading", { level: 1, name: "Macbeth" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Dates" })).toBeVisible();
    const links = page.getByRole("link", { name: /^Add to calendar/ });
    // Macbeth's run ends three days after the demo programme is seeded: it always has a date to come.
    expect(await links.count()).toBeGreaterThan(0);
    for (const href of await links.evaluateAll((elements) => elements.map((element) => element.getAttribute("href")))) {
      expect(href).toMatch(/^\/whats-on\/macbeth\/\d+\.ics$/);
    }
  });
});

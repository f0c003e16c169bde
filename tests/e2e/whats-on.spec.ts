import { expect, test, type Page, type Request } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { showNoJavaScriptRendering } from "./support/no-javascript";

const API_PATH = "/api/attendable/v1/instances/";
const calendar = (page: Page) => page.locator('[data-widget="events-calendar"]');
const weekTitle = (page: Page) => calendar(page).getByRole("heading", { level: 2 });

/** The instances requests the calendar makes, as URLs. */
function recordApiRequests(page: Page): URL[] {
  const urls: URL[] = [];
  page.on("request", (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname === API_PATH) urls.push(url);
  });
  return urls;
}

async function openMountedCalendar(page: Page, path = "/whats-on/"): Promise<void> {
  await page.goto(path);
  await calendar(page).scrollIntoViewIfNeeded();
  await expect(calendar(page)).toHaveAttribute("data-widget-state", "mounted");
  await expect(calendar(page).locator(".fc-list-event, .fc-list-empty").first()).toBeVisible();
}

/** "YYYY-MM-DD" of a Date's local (= the test browser's) calendar day. */
function dateOf(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
}

test.describe("What's On calendar", () => {
  test("opens on this week, Monday first, and moves a week at a time", async ({ page }) => {
    const requests = recordApiRequests(page);
    await openMountedCalendar(page);
    const initialDate = await calendar(page).getAttribute("data-initial-date");
    expect(new Date(`${initialDate}T12:00:00`).getDay()).toBe(1);
    // The demo programme is seeded around today, so this week has events, each showing its prebuilt markup.
    await expect(calendar(page).locator(".fc-list-event .calendar-entry").first()).toBeVisible();
    // This week is the one the server rendered: the calendar shows it without asking the API again.
    expect(requests).toEqual([]);
    const firstTitle = await weekTitle(page).textContent();

    await page.getByRole("button", { name: "Next week" }).click();
    await expect(weekTitle(page)).not.toHaveText(firstTitle!);
    const nextMonday = new Date(`${initialDate}T12:00:00`);
    nextMonday.setDate(nextMonday.getDate() + 7);
    const nextSunday = new Date(nextMonday);
    nextSunday.setDate(nextSunday.getDate() + 6);
    await expect.poll(() => requests.at(-1)?.searchParams.get("start_date")).toBe(dateOf(nextMonday));
    expect(requests.at(-1)!.searchParams.get("fields")).toBe("_,id,start_datetime,end_datetime,calendar_html");
    expect(requests.at(-1)!.searchParams.get("end_date")).toBe(dateOf(nextSunday));
    // The shown week is kept in the address, so Back from an event returns to it.
    await expect(page).toHaveURL(new RegExp(`[?&]date=${dateOf(nextMonday)}`));
    await expect(page.getByRole("main").getByRole("status")).toContainText("Events:");

    await page.getByRole("button", { name: "Previous week" }).click();
    await expect(weekTitle(page)).toHaveText(firstTitle!);
    await page.getByRole("button", { name: "Next week" }).click();
    await page.getByRole("button", { name: "This week" }).click();
    await expect(weekTitle(page)).toHaveText(firstTitle!);
  });

  test("filters with the form: the calendar asks the API with the page's filters", async ({ page }) => {
    const requests = recordApiRequests(page);
    await page.goto("/whats-on/");
    await page.getByLabel("Venue").selectOption({ label: "Main House" });
    await page.getByLabel("Title").fill("macbeth");
    await page.getByRole("button", { name: "Show events" }).click();
    await expect(page).toHaveURL(/venue=main-house/);
    await calendar(page).scrollIntoViewIfNeeded();
    await expect(calendar(page)).toHaveAttribute("data-widget-state", "mounted");
    const entries = calendar(page).locator(".fc-list-event");
    await expect(entries.first()).toBeVisible();
    for (const venue of await calendar(page).locator(".calendar-entry__venue").allTextContents()) expect(venue).toBe("Main House");
    for (const title of await calendar(page).locator(".calendar-entry__link").allTextContents()) expect(title.toLowerCase()).toContain("macbeth");
    await expect(page.getByLabel("Venue")).toHaveValue("main-house");
    await expect(page.getByRole("link", { name: "Clear filters" })).toBeVisible();

    // The first week came with the page; the next one is asked for with the same filters.
    await page.getByRole("button", { name: "Next week" }).click();
    await expect.poll(() => requests.at(-1)?.searchParams.get("venue")).toBe("main-house");
    expect(requests.at(-1)!.searchParams.get("event_title")).toBe("macbeth");
    expect(requests.at(-1)!.searchParams.has("search")).toBe(false);
  });

  test("a failed fetch is logged to the console, with no message for the visitor", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await page.route(`**${API_PATH}**`, (route) => route.fulfill({ status: 500, contentType: "application/json", body: '{"success":false}' }));
    await page.goto("/whats-on/");
    await calendar(page).scrollIntoViewIfNeeded();
    await expect(calendar(page)).toHaveAttribute("data-widget-state", "mounted");
    await page.getByRole("button", { name: "Next week" }).click();
    await expect.poll(() => errors.some((text) => text.includes("Could not fetch instances."))).toBe(true);
    await expect(calendar(page)).not.toContainText("Could not fetch instances.");
    await expect(page.getByRole("alert")).toHaveCount(0);
  });

  test("has no WCAG 2.2 AA violations with the calendar mounted, on a week with events and an empty one", async ({ page }) => {
    await openMountedCalendar(page);
    await expectNoAxeViolations(page);
    await openMountedCalendar(page, "/whats-on/?venue=no-such-venue");
    await expect(calendar(page).locator(".fc-list-empty")).toContainText("Nothing matches your filters this week");
    await expectNoAxeViolations(page);
  });

  test("the pattern library page shows a working calendar", async ({ page }) => {
    await openMountedCalendar(page, "/patterns/events-calendar/");
    await expect(page.getByRole("button", { name: "Next week" })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe("What's On without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("lists the week by day, with previous-week and next-week links that keep the filters", async ({ page }) => {
    await page.goto("/whats-on/?venue=main-house");
    const days = calendar(page).locator(".events-calendar__day-heading");
    await expect(days.first()).toBeVisible();
    for (const venue of await calendar(page).locator(".calendar-entry__venue").allTextContents()) expect(venue).toBe("Main House");
    const title = await weekTitle(page).textContent();

    await page.getByRole("link", { name: "Next week" }).click();
    await expect(page).toHaveURL(/\?venue=main-house&date=\d{4}-\d{2}-\d{2}$/);
    await expect(weekTitle(page)).not.toHaveText(title!);
    // "This week" only on another week, as the enhanced calendar shows it.
    await expect(page.getByRole("link", { name: "This week" })).toHaveAttribute("href", "/whats-on/?venue=main-house");
    await page.getByRole("link", { name: "Previous week" }).click();
    await expect(weekTitle(page)).toHaveText(title!);
    await expect(page.getByRole("link", { name: "This week" })).toHaveCount(0);

    // The filter form keeps the week.
    await page.getByLabel("Event type").selectOption({ label: "Performance" });
    await page.getByRole("button", { name: "Show events" }).click();
    await expect(page).toHaveURL(/event_type=performance/);
    await expect(page).toHaveURL(/date=\d{4}-\d{2}-\d{2}/);
    await expect(weekTitle(page)).toHaveText(title!);
  });
});

test("What's On has no WCAG 2.2 AA violations as rendered without JavaScript", async ({ page }) => {
  await page.route("**/static/dist/**/*.js", (route) => route.abort());
  await page.goto("/whats-on/");
  await showNoJavaScriptRendering(page);
  await expectNoAxeViolations(page);
});

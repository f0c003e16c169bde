import { expect, test, type Page } from "@playwright/test";

/*
 * Nothing moves while a page loads and its widgets take over the server
 * markup, on a phone: the sum of the layout shifts the browser reports (the
 * figure Lighthouse's CLS is built from) stays under 0.01. Shifts right after
 * the visitor's own input do not count, as in CLS.
 */

test.use({ viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true });

async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    Object.assign(window, { __layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] })[]) {
        if (entry.hadRecentInput) continue;
        const sources = (entry.sources ?? []).map((source) => (source.node instanceof Element ? source.node.className || source.node.tagName : "text"));
        shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

async function layoutShifts(page: Page): Promise<{ total: number; shifts: { value: number; sources: string[] }[] }> {
  // Two frames, so shifts from the last render are reported.
  const shifts = await page.evaluate(
    () =>
      new Promise<{ value: number; sources: string[] }[]>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve((window as unknown as { __layoutShifts: { value: number; sources: string[] }[] }).__layoutShifts))),
      ),
  );
  return { total: shifts.reduce((sum, shift) => sum + shift.value, 0), shifts };
}

test("/resources/ does not move while the filter form mounts and folds on a phone", async ({ page }) => {
  await recordLayoutShifts(page);
  await page.goto("/resources/");
  await expect(page.locator('[data-widget="resource-filters"]')).toHaveAttribute("data-widget-state", "mounted");
  await expect(page.getByRole("button", { name: "Show filter" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  const { total, shifts } = await layoutShifts(page);
  expect(total, JSON.stringify(shifts)).toBeLessThan(0.01);
});

test("/whats-on/ does not move when the calendar takes over the server's week on a phone", async ({ page }) => {
  await recordLayoutShifts(page);
  await page.goto("/whats-on/");
  const calendar = page.locator('[data-widget="events-calendar"]');
  await page.waitForLoadState("networkidle");
  // The calendar mounts when it comes into view: scroll to it as a visitor would.
  await calendar.scrollIntoViewIfNeeded();
  await expect(calendar).toHaveAttribute("data-widget-state", "mounted");
  await expect(calendar.locator(".fc-list-event, .fc-list-empty").first()).toBeVisible();
  const { total, shifts } = await layoutShifts(page);
  expect(total, JSON.stringify(shifts)).toBeLessThan(0.01);
});

test("an empty What's On week does not move either (the footer is in view)", async ({ page }) => {
  await recordLayoutShifts(page);
  await page.goto("/whats-on/?venue=no-such-venue");
  const calendar = page.locator('[data-widget="events-calendar"]');
  await calendar.scrollIntoViewIfNeeded();
  await expect(calendar).toHaveAttribute("data-widget-state", "mounted");
  await expect(calendar.locator(".fc-list-empty")).toBeVisible();
  const { total, shifts } = await layoutShifts(page);
  expect(total, JSON.stringify(shifts)).toBeLessThan(0.01);
});

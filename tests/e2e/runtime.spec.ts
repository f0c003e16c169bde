/**
 * The runtime in a real browser, on fixtures/embed/runtime.html (served by
 * fixtures/embed/serve.ts): the window.Encore API on HTML a page inserts
 * itself, the MutationObserver, and a `visible` widget below the fold.
 */
import { expect, test, type Page } from "@playwright/test";
import { startEmbedServer, type EmbedServer } from "../../fixtures/embed/serve";

let server: EmbedServer;
test.beforeAll(async () => {
  server = await startEmbedServer();
});
test.afterAll(async () => {
  await server.close();
});

const disclosureHtml = `
  <div class="disclosure" id="swapped" data-widget="disclosure">
    <p class="disclosure__label">Access information</p>
    <div class="disclosure__region" id="swapped-region"><p>Step-free seating at every performance.</p></div>
  </div>`;

async function openRuntimePage(page: Page): Promise<string[]> {
  const requests: string[] = [];
  page.on("request", (request) => requests.push(request.url()));
  await page.goto(`${server.url}/runtime.html`);
  await page.waitForFunction(() => window.Encore !== undefined);
  return requests;
}

/** Two animation frames: long enough for MutationObserver callbacks and pending renders. */
async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

test("a visible widget below the fold, and React itself, load only when it is scrolled near", async ({ page }) => {
  const requests = await openRuntimePage(page);
  const accordion = page.locator("#late-faq");
  const viewportHeight = page.viewportSize()!.height;
  expect((await accordion.boundingBox())!.y).toBeGreaterThan(viewportHeight + 200);

  await page.waitForLoadState("networkidle");
  await expect(accordion).not.toHaveAttribute("data-widget-state");
  // A widget's chunk is named after its folder (vite.config.ts).
  expect(requests.filter((url) => /react-host|accordion-/.test(url))).toEqual([]);

  await accordion.scrollIntoViewIfNeeded();
  await expect(accordion).toHaveAttribute("data-widget-state", "mounted");
  expect(requests.some((url) => url.includes("react-host"))).toBe(true);
  expect(requests.some((url) => url.includes("accordion-"))).toBe(true);
  await page.getByRole("button", { name: "Can we run a workshop in school?" }).click();
  await expect(page.getByText("our practitioners visit schools")).toBeVisible();
});

test("window.Encore mounts inserted HTML, and unmountWidgets puts the server markup back", async ({ page }) => {
  await openRuntimePage(page);
  const serverMarkup = await page.evaluate((html) => {
    const region = document.getElementById("swap-region")!;
    region.innerHTML = html;
    const markup = region.innerHTML;
    window.Encore!.mountWidgets(region);
    return markup;
  }, disclosureHtml);
  const root = page.locator("#swapped");
  await expect(root).toHaveAttribute("data-widget-state", "mounted");
  const toggle = page.getByRole("button", { name: "Access information" });
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");

  const restored = await page.evaluate(() => {
    const region = document.getElementById("swap-region")!;
    window.Encore!.unmountWidgets(region);
    return region.innerHTML;
  });
  expect(restored).toBe(serverMarkup);
  await nextFrames(page);
  await expect(root).not.toHaveAttribute("data-widget-state"); // not remounted behind the page's back

  await page.evaluate(() => window.Encore!.mountWidgets(document.getElementById("swap-region")!));
  await expect(root).toHaveAttribute("data-widget-state", "mounted");
  await expect(page.getByRole("button", { name: "Access information" })).toHaveAttribute("aria-expanded", "false");
});

test("the observer mounts inserted widgets, keeps moved ones and unmounts removed ones", async ({ page }) => {
  await openRuntimePage(page);
  await page.evaluate((html) => {
    document.getElementById("swap-region")!.innerHTML = html;
  }, disclosureHtml);
  const root = page.locator("#swapped");
  await expect(root).toHaveAttribute("data-widget-state", "mounted");
  const toggle = page.getByRole("button", { name: "Access information" });
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");

  // Moved within the document: the same React root carries on, still open.
  await page.evaluate(() => document.querySelector("main .container")!.prepend(document.getElementById("swapped")!));
  await nextFrames(page);
  await expect(toggle).toHaveAttribute("aria-expanded", "true");

  // Removed, then put back later: unmounted in between, so it comes back fresh (closed).
  await page.evaluate(() => {
    const element = document.getElementById("swapped")!;
    element.remove();
    (window as unknown as { removedWidget: Element }).removedWidget = element;
  });
  await nextFrames(page);
  const stateWhileRemoved = await page.evaluate(
    () => (window as unknown as { removedWidget: Element }).removedWidget.getAttribute("data-widget-state"),
  );
  expect(stateWhileRemoved).toBeNull();
  await page.evaluate(() =>
    document.getElementById("swap-region")!.append((window as unknown as { removedWidget: Element }).removedWidget),
  );
  await expect(root).toHaveAttribute("data-widget-state", "mounted");
  await expect(page.getByRole("button", { name: "Access information" })).toHaveAttribute("aria-expanded", "false");
});

import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test, expect, type Page } from "@playwright/test";
import { GZIP_LEVEL, javaScriptBeforeInteraction, type JavaScriptWeight } from "../support/javascript-weight";
import { demoPassword, uniqueEmail } from "./support/accounts";

/*
 * The JavaScript budget (docs/performance.md, "JavaScript budget"): for each
 * kind of page, the gzipped JavaScript it downloads before any interaction
 * must stay within its limit in javascript-budget.json, set from measurement
 * plus 10%. Measured on the built bundle at the desktop viewport, by the same
 * code as `npm run page-weight`; bytes of files, never timings.
 *
 * JS_BUDGET_UPDATE=1 (npm run page-weight -- --write-budget) measures and
 * writes the limits instead of checking them.
 */

const budgetFile = path.resolve("tests/e2e/javascript-budget.json");
const HEADROOM = 1.1;
const updating = process.env.JS_BUDGET_UPDATE === "1";
const howToUpdate = 'npm run build && npm run page-weight -- --write-budget (docs/performance.md, "JavaScript budget")';

/** One page of each kind; My account is measured signed in, as a new account. */
const pages: { name: string; path: string; signedIn?: boolean }[] = [
  { name: "home", path: "/" },
  { name: "whats-on", path: "/whats-on/" },
  { name: "event", path: "/whats-on/macbeth/" },
  { name: "resources", path: "/resources/" },
  { name: "resource", path: "/resources/the-crucible-teachers-guide-ks5/" },
  { name: "search", path: "/search/?q=macbeth" },
  { name: "gallery", path: "/gallery/" },
  { name: "sign-in", path: "/account/login/" },
  { name: "registration-wizard", path: "/account/register/" },
  { name: "my-account", path: "/account/my-account/", signedIn: true },
];

const budget = JSON.parse(readFileSync(budgetFile, "utf8")) as Record<string, number>;
const measured = new Map<string, number>();

// One worker, in order: the update run writes the file once, after every page.
test.describe.configure({ mode: "default" });

/**
 * Signs up a new account over HTTP only (the sign-up call, as the wizard
 * makes it), which signs it in: no page's JavaScript is fetched before the
 * one measured, and a new account's My account is the same in every run,
 * whatever other specs do to the demo accounts meanwhile.
 */
async function signUp(page: Page): Promise<void> {
  const formPage = await page.request.get("/account/register/");
  const token = /<meta name="csrf-token" content="([^"]+)"/.exec(await formPage.text())?.[1];
  const response = await page.request.post("/account/register/", {
    headers: { "X-CSRFToken": token ?? "", "X-Requested-With": "XMLHttpRequest" },
    data: { first_name: "Budget", last_name: "Measure", phone_number: "", email: uniqueEmail("budget"), password: demoPassword, next: "/" },
  });
  expect(response.status(), "the new account signs up").toBe(201);
}

function filesOf(weight: JavaScriptWeight): string {
  return weight.scripts.map((script) => `  ${String(script.gzipBytes).padStart(7)}  ${new URL(script.url).pathname}`).join("\n");
}

for (const { name, path: pagePath, signedIn } of pages) {
  test(`${name} (${pagePath}) stays within its JavaScript budget`, async ({ page }) => {
    if (signedIn) await signUp(page);
    const weight = await javaScriptBeforeInteraction(page, pagePath);
    expect(page.url(), `${pagePath} answered itself, not a redirect`).toContain(pagePath.split("?")[0]!);
    await expect(page.locator('[data-widget-state="error"]')).toHaveCount(0);
    expect(weight.files, `${name} loads the bundle (a page with no JavaScript measured would pass any budget)`).toBeGreaterThan(0);
    if (updating) {
      measured.set(name, weight.bytes);
      return;
    }
    const limit = budget[name];
    expect(limit, `${name} has no limit in tests/e2e/javascript-budget.json. Measure it: ${howToUpdate}`).toBeDefined();
    expect(
      weight.bytes,
      `${name} (${pagePath}) downloads ${weight.bytes} bytes of gzipped JavaScript before any interaction, over its limit of ${limit} bytes ` +
        `(tests/e2e/javascript-budget.json). Make the page lighter or, if the growth is intended, re-measure: ${howToUpdate}\nFiles (gzip -${GZIP_LEVEL}):\n${filesOf(weight)}`,
    ).toBeLessThanOrEqual(limit!);
  });
}

test.afterAll(() => {
  if (!updating || measured.size === 0) return;
  // A run of some pages (--grep) keeps the other pages' limits.
  const limits = { ...budget };
  for (const [name, bytes] of measured) limits[name] = Math.ceil(bytes * HEADROOM);
  const ordered = Object.fromEntries(pages.filter((entry) => limits[entry.name] !== undefined).map((entry) => [entry.name, limits[entry.name]]));
  writeFileSync(budgetFile, `${JSON.stringify(ordered, null, 2)}\n`);
  // stderr, beside Playwright's own report: what to copy into docs/performance.md's table.
  for (const [name, bytes] of measured) console.error(`${name.padEnd(20)} measured ${bytes} bytes, limit ${limits[name]}`);
});

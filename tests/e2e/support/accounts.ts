import { expect, type Page, type Response } from "@playwright/test";

/** Seeded demo accounts (fixtures/content/accounts.yaml). */
export const demoPassword = "Demo-pass-1!";
export const validMember = "individual@example.com";
export const lapsedMember = "lapsed@example.com";

/** A fresh address per test, so parallel workers never share an account. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.org`;
}

/** Waits until the widget on the page has mounted (only meaningful with JavaScript on). */
export async function widgetMounted(page: Page, name: string): Promise<void> {
  await expect(page.locator(`[data-widget="${name}"]`)).toHaveAttribute("data-widget-state", "mounted");
}

/**
 * Creates an account through the real sign-up call (as the wizard does), then
 * forgets the session so the test starts signed out.
 */
export async function registerThroughApi(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/account/register/");
  const token = await page.locator('meta[name="csrf-token"]').getAttribute("content");
  const response = await page.request.post("/account/register/", {
    headers: { "X-CSRFToken": token ?? "", "X-Requested-With": "XMLHttpRequest" },
    data: { first_name: "Rosalind", last_name: "Mensah", phone_number: "", email, password, next: "/" },
  });
  expect(response.status()).toBe(201);
  await page.context().clearCookies();
}

/** The status a widget's call was answered with: a quiet refusal (200 + Refusal-Status, server/http/quiet-refusals.ts) counts as its refusal. */
export function widgetCallStatus(response: Response): number {
  return Number(response.headers()["refusal-status"] ?? response.status());
}

/** Matches exactly this path (and query) on the site, e.g. atPath("/account/login/"), not merely a URL ending in it. */
export function atPath(pathAndQuery: string): RegExp {
  return new RegExp(`^https?://[^/]+${literally(pathAndQuery)}$`);
}

function literally(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The wizard's address: `pathAndQuery`, to which the mounted wizard soon adds its step
 * (`&step=…`, each step a history entry). Either is the same page, and an assertion
 * polling the address may see the one or the other.
 */
export function atWizard(pathAndQuery: string): RegExp {
  return new RegExp(`^https?://[^/]+${literally(pathAndQuery)}(&step=[A-Za-z]+)?$`);
}

/** Signs this page's browser in through the real login call (as the login widget does), without the form. */
export async function signInThroughApi(page: Page, email: string, password = demoPassword): Promise<void> {
  await page.goto("/account/login/");
  const token = await page.locator('meta[name="csrf-token"]').getAttribute("content");
  const response = await page.request.post("/account/login/", {
    headers: { "X-CSRFToken": token ?? "", "X-Requested-With": "XMLHttpRequest" },
    data: { email, password, next: "/" },
  });
  expect(response.status()).toBe(200);
}

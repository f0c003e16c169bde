import { expect, type Browser, type Locator, type Page } from "@playwright/test";
import { atPath, uniqueEmail } from "./accounts";

/** The password every account these specs create starts with. */
export const startingPassword = "Stage-door-31!";

export interface SignedInPerson {
  email: string;
  password: string;
}

/**
 * A new account (so parallel tests never share one), created through the
 * real sign-up call, which leaves this page's browser signed in.
 */
export async function signUpAndStaySignedIn(page: Page, label: string): Promise<SignedInPerson> {
  const email = uniqueEmail(label);
  await page.goto("/account/register/");
  const token = await page.locator('meta[name="csrf-token"]').getAttribute("content");
  const response = await page.request.post("/account/register/", {
    headers: { "X-CSRFToken": token ?? "", "X-Requested-With": "XMLHttpRequest" },
    data: { first_name: "Imogen", last_name: "Achterberg", phone_number: "", email, password: startingPassword, next: "/account/my-account/" },
  });
  expect(response.status()).toBe(201);
  return { email, password: startingPassword };
}

/** Another browser (its own cookies) signed in as the same person through the real login call. */
export async function signInElsewhere(browser: Browser, person: SignedInPerson): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto("/account/login/");
  const token = await page.locator('meta[name="csrf-token"]').getAttribute("content");
  const response = await page.request.post("/account/login/", {
    headers: { "X-CSRFToken": token ?? "", "X-Requested-With": "XMLHttpRequest" },
    data: { email: person.email, password: person.password, next: "/" },
  });
  expect(response.status()).toBe(200);
  return page;
}

/** Opens My account and waits for every widget on it to mount (JavaScript on). */
export async function openMyAccount(page: Page, hash = ""): Promise<void> {
  await page.goto(`/account/my-account/${hash}`);
  await expect(page.locator('[data-widget="account-tabs"]')).toHaveAttribute("data-widget-state", "mounted");
  await expect(page.locator('[data-widget="account-form"]:not([data-widget-state="mounted"])')).toHaveCount(0);
  await expect(page.locator('[data-widget="change-email-dialog"]')).toHaveAttribute("data-widget-state", "mounted");
}

/**
 * After "Send the invoice" for a school's plan of up to 5 users: My account's
 * School tab says the invoice is on its way to the billing contact (bursar@ the
 * school's domain), shows the school with the teacher its admin, and lists
 * the invoice with its purchase-order number and £250. Answers that table.
 */
export async function expectSchoolInvoiceSent(page: Page, school: { name: string; domain: string }, purchaseOrder: string): Promise<Locator> {
  await expect(page).toHaveURL(atPath("/account/my-account/#school"));
  await expect(page.getByText(new RegExp(`Invoice INV-\\d{6} is on its way to bursar@${school.domain.replace(/\./g, "\\.")}`))).toBeVisible();
  const tab = page.getByRole("tabpanel", { name: "School" });
  await expect(tab).toContainText(school.name);
  await expect(tab.getByRole("definition").filter({ hasText: /^Admin$/ })).toBeVisible();
  const invoices = tab.getByRole("table", { name: "Invoices" });
  await expect(invoices).toContainText(purchaseOrder);
  await expect(invoices).toContainText("£250.00");
  return invoices;
}

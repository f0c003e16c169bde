import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { standInControlURL } from "../../../playwright.config";
import { openMailboxFor } from "./mailbox";

/*
 * What the Tessitura e2e specs (tessitura-*.spec.ts) share: the stand-in
 * TessituraService's control port (tests/e2e/support/tessitura-stand-in-server.ts),
 * dates as the site writes them, and the receipt email's amount and reference.
 */

/** What the stand-in's control port answers for one constituent: a contribution checked out, its payments (taken at the provider), its invoice payments (owed) and the membership it made. */
export interface CheckedOut {
  contribution: { Amount: number; FundId: number; MembershipLevelId: number; Renew: boolean };
  payments: { Amount: number; PaymentMethodId: number; Notes: string }[];
  invoices: { Amount: number; PaymentMethodId: number; Notes: string }[];
  membership: { Id: number; InitiationDate: string; ExpirationDate: string; MembershipLevel: { Id: number } } | null;
}

/** The contributions checked out in the stand-in for the constituents of an email address, or for one constituent (a school, which has none). */
export async function checkedOutFor(request: APIRequestContext, holder: { email: string } | { constituentId: number }): Promise<CheckedOut[]> {
  const query = "email" in holder ? `email=${encodeURIComponent(holder.email)}` : `constituentId=${holder.constituentId}`;
  const answer = await request.get(`${standInControlURL}/checked-out?${query}`);
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { checkedOut: CheckedOut[] }).checkedOut;
}

/** Every request the site made of the stand-in, and every answer, matched Tessitura's Swagger description: how many there were. */
export async function swaggerCheckedRequests(request: APIRequestContext): Promise<number> {
  const recorded = (await (await request.get(`${standInControlURL}/violations`)).json()) as { violations: string[]; requests: number };
  expect(recorded.violations).toEqual([]);
  return recorded.requests;
}

/** A date as the site writes it (London, "29 November 2027"). */
export function londonDate(date: Date): string {
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/London" }).format(date);
}

/** The receipt email's amount and payment reference (the payment provider's), from the dev mailbox. */
export async function receiptOf(page: Page, email: string): Promise<{ amount: string; reference: string; validUntil: string }> {
  await followReceipt(page, email);
  const text = page.locator("[data-mail-text]");
  await expect(text).toContainText(/Reference: sbx_[0-9a-f]+/);
  const body = await text.innerText();
  return {
    amount: /Amount: (£[\d.]+)/.exec(body)![1]!,
    reference: /Reference: (sbx_[0-9a-f]+)/.exec(body)![1]!,
    validUntil: /Membership valid until: (\d{1,2} [A-Z][a-z]+ \d{4})/.exec(body)?.[1] ?? "",
  };
}

async function followReceipt(page: Page, email: string): Promise<void> {
  const row = page.getByRole("row").filter({ hasText: email }).filter({ hasText: /Your receipt from/ }).first();
  await expect(async () => {
    await openMailboxFor(page, email);
    await expect(row).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await row.getByRole("link").first().click();
}

/** A school's affiliations as the stand-in's Tessitura holds them: who, of which type, from and until when. */
export interface HeldAffiliation {
  IndividualConstituentId: number;
  AffiliationTypeId: number;
  StartDate: string | null;
  EndDate: string | null;
}

export async function affiliationsAt(request: APIRequestContext, schoolId: number): Promise<HeldAffiliation[]> {
  const answer = await request.get(`${standInControlURL}/affiliations?groupConstituentId=${schoolId}`);
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { affiliations: HeldAffiliation[] }).affiliations;
}

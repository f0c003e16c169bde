import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { standInControlURL, tessituraBaseURL } from "../../playwright.config";
import { uniqueEmail, widgetMounted } from "./support/accounts";
import { CRM_IDS } from "../../server/crm/crm-ids";
import { monthsAfter } from "../server/crm/tessitura/stand-in-settings";
import { type CheckedOut, checkedOutFor, londonDate, receiptOf, swaggerCheckedRequests } from "./support/tessitura";
import { checkOutInSandbox, chooseSchool, confirmWithVerifiedEmail, signUpThroughWizard, wizardPassword } from "./support/wizard";

/*
 * The registration wizard end to end on a site whose CRM is Tessitura
 * (issue 30): its own server, started with CRM_PROVIDER=tessitura against the
 * stand-in TessituraService in a process of its own (playwright.config.ts),
 * which checks every exchange against Tessitura's Swagger description. The
 * demo schools are in that Tessitura (the seed writes the demo register and
 * the schools' email domains there, docs/content.md); the teacher, the
 * school's free membership and the teacher's seat are made by the journey.
 * The paid journeys (a new homeschooler's yearly plan, another's monthly
 * plan, a lapsed member's renewal, an early renewal) pay in the payments
 * sandbox, and check through
 * the stand-in's control port what Tessitura holds: the contribution checked
 * out, with the payment of the amount paid and the provider's reference.
 */

test.use({ baseURL: tessituraBaseURL });

test("on Tessitura: a new teacher signs up, links Hillcrest High from the register, gets its free membership and sees it on My account", async ({ page, request }) => {
  // A sign-up (full-cost password hashing), the mailbox, and every wizard screen, each step through the stand-in.
  test.slow();
  const email = uniqueEmail("tessitura").replace("@example.org", "@hillcrest.sch.uk");
  await signUpThroughWizard(page, email);
  await chooseSchool(page, "UK State School (FREE)", "Hillcrest", "Hillcrest High School");
  await confirmWithVerifiedEmail(page, email);
  await expect(page.getByRole("heading", { name: "Become your school's admin?" })).toBeFocused();
  await page.getByRole("button", { name: "No thanks" }).click();
  await expect(page.getByRole("heading", { name: "You're all set" })).toBeFocused();

  await page.getByRole("link", { name: "See your membership" }).click();
  await expect(page).toHaveURL(/\/account\/dashboard\/$/);
  const school = page.locator(".dashboard__card", { has: page.getByRole("heading", { name: "School" }) });
  await expect(school).toContainText("Hillcrest High School");
  await expect(school).toContainText(/Valid until \d{1,2} [A-Z][a-z]+ \d{4}/);
  await page.goto("/account/my-account/");
  await expect(page.locator(".account-page__standing")).toContainText(/at Hillcrest High School: its membership is valid until \d{1,2} [A-Z][a-z]+ \d{4}/);

  // Every request the site made, and every answer, matched Tessitura's Swagger description.
  expect(await swaggerCheckedRequests(request)).toBeGreaterThan(0);
});

const day = 86_400_000;

/** An individual plan as the wizard offers it, what it costs, the level Tessitura holds it at (crm-ids.ts, test) and how many months that level runs (the stand-in's levels, set up as docs/crm.md asks). */
interface IndividualPlan {
  radio: RegExp;
  amount: number;
  price: string;
  levelId: number;
  months: number;
}
const levels = CRM_IDS.test.membershipLevels;
const yearlyPlan: IndividualPlan = { radio: /^Individual, yearly/, amount: 60, price: "£60.00", levelId: levels.individual, months: 12 };
const monthlyPlan: IndividualPlan = { radio: /^Individual, pay monthly/, amount: 39.99, price: "£39.99", levelId: levels.individualMonthly, months: 1 };

/** A yearly individual membership (the individual level) made in Tessitura for `email`, ending at `expiration`, as the box office would (a cart cannot choose dates): its id. */
async function yearlyMembershipInTessitura(request: APIRequestContext, email: string, expiration: Date): Promise<number> {
  const initiation = new Date(expiration.getTime() - 365 * day);
  const query = new URLSearchParams({ email, level: String(levels.individual), initiation: initiation.toISOString(), expiration: expiration.toISOString() });
  const made = await request.post(`${standInControlURL}/memberships?${query}`);
  expect(made.status()).toBe(201);
  return ((await made.json()) as { Id: number }).Id;
}

/** Signs out (the site keeps a signed-in person's details a few seconds) and in again with the sign-in form, as a returning member. */
async function signInAgain(page: Page, email: string): Promise<void> {
  await page.context().clearCookies();
  await page.goto("/account/login/");
  await widgetMounted(page, "login-form");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(wizardPassword);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/**
 * What Tessitura holds after one payment for an individual plan (yearly unless given), as finance staff would look
 * for it: one contribution at the plan's level (a renewal's marked Renew) with one payment of the amount under the
 * provider's reference that the receipt gives, and the membership it made, at that level, running to `until`, the
 * receipt's date. Answers the sale.
 */
async function expectOneSale(page: Page, request: APIRequestContext, email: string, expected: { renew: boolean; until: string }, plan = yearlyPlan): Promise<CheckedOut> {
  const receipt = await receiptOf(page, email);
  expect(receipt.amount).toBe(plan.price);
  expect(receipt.validUntil).toBe(expected.until);
  const sales = await checkedOutFor(request, { email });
  expect(sales).toHaveLength(1);
  const [sale] = sales;
  expect(sale!.contribution).toEqual({ Amount: plan.amount, FundId: 17, MembershipLevelId: plan.levelId, Renew: expected.renew });
  expect(sale!.payments).toEqual([{ Amount: plan.amount, PaymentMethodId: 12, Notes: receipt.reference }]);
  expect(sale!.membership?.MembershipLevel.Id).toBe(plan.levelId);
  expect(londonDate(new Date(sale!.membership!.ExpirationDate))).toBe(expected.until);
  return sale!;
}

/** The Membership tab's plan (yearly unless given), renewing at the payment provider on `date`. */
async function expectPlanRenewingOn(page: Page, date: string, plan = yearlyPlan): Promise<void> {
  await page.goto("/account/my-account/#membership");
  const tab = page.getByRole("tabpanel", { name: "Membership" });
  await expect(tab).toContainText(new RegExp(`Next payment\\s*${plan.price.replace(".", "\\.")} on \\d`));
  await expect(tab).toContainText(`${plan.price} on ${date}`);
}

/**
 * The homeschool pathway's home address, in Edinburgh: the stand-in's
 * Tessitura lists one state of the United Kingdom, Scotland, and the wizard
 * asks for a state wherever the CRM lists some for the country (the embedded
 * CRM lists none for the UK).
 */
async function enterScottishHomeAddress(page: Page): Promise<void> {
  await page.getByLabel("School type").selectOption({ label: "Homeschool" });
  await page.getByLabel("Address line 1").fill("12 Thistle Street");
  await page.getByLabel("Town or city").fill("Edinburgh");
  await page.getByLabel("State or region").selectOption({ label: "Scotland" });
  await page.getByLabel("Postcode").fill("EH2 1EN");
  await page.getByRole("button", { name: "Continue" }).click();
}

/** `months` on from `from` as Tessitura's level rule dates it (the stand-in's), in London. */
function monthsOn(from: Date, months: number): string {
  return londonDate(monthsAfter(from, months));
}

/**
 * A homeschooler signs up, gives a home address and buys `plan` in the payments sandbox; then My account says until
 * when their membership is valid, which is the plan's period on from the purchase (Tessitura dates it by its level).
 * Answers that date.
 */
async function homeschoolerBuys(page: Page, email: string, plan: IndividualPlan): Promise<string> {
  const started = new Date();
  await signUpThroughWizard(page, email);
  await enterScottishHomeAddress(page);
  await expect(page.getByRole("heading", { name: "You don't have a membership" })).toBeFocused();
  await page.getByRole("button", { name: "Choose a plan" }).click();
  await page.getByRole("radio", { name: plan.radio }).check();
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await checkOutInSandbox(page, "4242 4242 4242 4242");
  await expect(page.getByRole("heading", { name: "You're all set" })).toBeFocused();
  await expect(page.getByText("Your payment is approved.").first()).toBeVisible();
  const finished = new Date();

  await page.goto("/account/my-account/");
  const until = await validUntilOnMyAccount(page);
  expect(new Set([monthsOn(started, plan.months), monthsOn(finished, plan.months)])).toContain(until);
  return until;
}

/** The date My account says the signed-in person's own membership is valid until. */
async function validUntilOnMyAccount(page: Page): Promise<string> {
  const standing = page.locator(".account-page__standing");
  await expect(standing).toContainText(/Your membership is valid until \d{1,2} [A-Z][a-z]+ \d{4}\./);
  return /valid until (\d{1,2} [A-Z][a-z]+ \d{4})/.exec(await standing.innerText())![1]!;
}

test("on Tessitura: a homeschooler signs up, pays for the yearly individual plan in the sandbox, and My account shows it valid for a year; Tessitura holds the contribution and its payment", async ({ page, request }) => {
  // A sign-up (full-cost password hashing), the sandbox's hosted page and the mailbox, each step through the stand-in.
  test.slow();
  const email = uniqueEmail("tessitura-home");
  // Valid for a year from today: Tessitura dates it by its level (the stand-in's: a year from checkout), the site shows that.
  const until = await homeschoolerBuys(page, email, yearlyPlan);
  // The yearly plan renews at the payment provider when this membership ends: the same date.
  await expectPlanRenewingOn(page, until);

  // Tessitura holds what finance staff would look for: a contribution at the individual level, of the amount paid,
  // checked out with one payment of that amount recorded with the payment provider's reference (the receipt's).
  await expectOneSale(page, request, email, { renew: false, until });

  await swaggerCheckedRequests(request);
});

test("on Tessitura: a homeschooler pays for the monthly plan in the sandbox, and My account shows it valid for a month; Tessitura holds it at the monthly plan's own level", async ({ page, request }) => {
  // A sign-up (full-cost password hashing), the sandbox's hosted page and the mailbox, each step through the stand-in.
  test.slow();
  const email = uniqueEmail("tessitura-monthly");
  // Valid for a month from today: bought at the monthly plan's own level, which Tessitura dates a month (docs/crm.md).
  const until = await homeschoolerBuys(page, email, monthlyPlan);
  // It renews at the payment provider each month, next when this membership ends: the same date.
  await expectPlanRenewingOn(page, until, monthlyPlan);

  // A contribution of £39.99 at the monthly level, its payment under the provider's reference, the membership at that level.
  await expectOneSale(page, request, email, { renew: false, until }, monthlyPlan);

  await swaggerCheckedRequests(request);
});

test("on Tessitura: a member whose yearly membership lapsed renews it through the sandbox; Tessitura holds the renewal's contribution and its payment, and My account shows it valid for a year", async ({ page, request }) => {
  // A sign-up (full-cost password hashing), the sandbox's hosted page and the mailbox, each step through the stand-in.
  test.slow();
  const email = uniqueEmail("tessitura-lapsed");
  await signUpThroughWizard(page, email);
  // Their individual membership ran out ten days ago: made in Tessitura as it stood then (a cart cannot choose dates).
  const ended = new Date(Date.now() - 10 * day);
  const lapsedId = await yearlyMembershipInTessitura(request, email, ended);

  // They come back and sign in: straight to renewing, with the date it ended.
  await signInAgain(page, email);
  await expect(page).toHaveURL(/\/account\/register\/\?link-school=true/);
  await widgetMounted(page, "register-wizard");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Renew your membership");
  await expect(page.getByRole("heading", { name: "Renew your membership", level: 2 })).toBeVisible();
  await expect(page.getByText(`Your membership ended on ${londonDate(ended)}.`)).toBeVisible();
  await page.getByRole("button", { name: "Choose a plan" }).click();
  await page.getByRole("radio", { name: /^Individual, yearly/ }).check();
  await page.getByRole("button", { name: "Continue to payment" }).click();
  const started = new Date();
  await checkOutInSandbox(page, "4242 4242 4242 4242");
  await expect(page.getByRole("heading", { name: "You're all set" })).toBeFocused();
  await expect(page.getByText("Your payment is approved.").first()).toBeVisible();
  const finished = new Date();

  // Lapsed, so renewed from today: a year on.
  await page.goto("/account/my-account/");
  const until = await validUntilOnMyAccount(page);
  expect(new Set([monthsOn(started, 12), monthsOn(finished, 12)])).toContain(until);

  // Lapsed, so a membership from now as a new one is (docs/payments.md): a contribution at the individual level, not a
  // renewal of the lapsed record (no Renew), with its payment and the provider's reference; a membership record of its own.
  const sale = await expectOneSale(page, request, email, { renew: false, until });
  expect(sale.membership?.Id).not.toBe(lapsedId);

  await swaggerCheckedRequests(request);
});

test("on Tessitura: a member renews early from a reminder's link, through the sandbox; Tessitura holds the renewal's contribution (Renew) and its payment, and the new year follows the old one", async ({ page, request }) => {
  // A sign-up (full-cost password hashing), the sandbox's hosted page and the mailbox, each step through the stand-in.
  test.slow();
  const email = uniqueEmail("tessitura-early");
  await signUpThroughWizard(page, email);
  // Their individual membership ends in ten days: made in Tessitura a year before (a cart cannot choose dates).
  const ends = new Date(Date.now() + 10 * day);
  const currentId = await yearlyMembershipInTessitura(request, email, ends);

  // They come back and sign in (to My account: their membership is current), then follow the reminder's link.
  await signInAgain(page, email);
  await expect(page).toHaveURL(/\/account\/my-account\/$/);
  await expect(page.locator(".account-page__standing")).toContainText(`Your membership is valid until ${londonDate(ends)}.`);
  await page.goto("/account/register/?link-school=true&renew=individual&next=%2Faccount%2Fmy-account%2F");
  await widgetMounted(page, "register-wizard");
  await expect(page.getByRole("heading", { name: "Renew your membership", level: 2 })).toBeVisible();
  await expect(page.getByText(`Your membership ends on ${londonDate(ends)}. Renewing now adds the new period after that date, so you lose no days.`)).toBeVisible();
  await page.getByRole("button", { name: "Choose a plan" }).click();
  await page.getByRole("radio", { name: /^Individual, yearly/ }).check();
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await checkOutInSandbox(page, "4242 4242 4242 4242");
  await expect(page.getByRole("heading", { name: "You're all set" })).toBeFocused();
  await expect(page.getByText("Your payment is approved.").first()).toBeVisible();

  // No days lost: the new year runs on from the old expiry.
  const renewedUntil = monthsOn(ends, 12);
  await page.goto("/account/my-account/");
  await expect(page.locator(".account-page__standing")).toContainText(`Your membership is valid until ${renewedUntil}.`);
  // The yearly plan renews at the payment provider when the renewed membership ends: the same date.
  await expectPlanRenewingOn(page, renewedUntil);

  // A renewal's contribution (Renew) at the individual level, with its payment and the provider's reference: the stand-in
  // dates it as a new membership record from the current one's expiry.
  const sale = await expectOneSale(page, request, email, { renew: true, until: renewedUntil });
  expect(sale.membership?.Id).not.toBe(currentId);
  expect(Date.parse(sale.membership!.InitiationDate)).toBe(Date.parse(ends.toISOString()));

  await swaggerCheckedRequests(request);
});

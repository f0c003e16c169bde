import { expect, type Page } from "@playwright/test";
import { uniqueEmail, widgetMounted } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import { openMailboxFor } from "./mailbox";

/** The password the wizard journeys give the teachers they sign up. */
export const wizardPassword = "Chalk-board-77!";

/** Checks one step of a journey (tests/e2e/support/journeys.ts); by default, axe alone. */
export type StepCheck = (page: Page) => Promise<void>;

/** Checks nothing: for callers whose own journey starts later (they check their own steps). */
const noCheck: StepCheck = async () => undefined;

/** A new account, signed in, through the wizard's first two screens; the wizard then asks for the school. */
export async function signUpThroughWizard(page: Page, email: string, check: StepCheck = noCheck): Promise<void> {
  await page.goto("/account/register/");
  await widgetMounted(page, "register-wizard");
  await check(page);
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Create your account" })).toBeFocused();
  await check(page);
  await page.getByLabel("First name").fill("Nia");
  await page.getByLabel("Last name").fill("Okafor");
  await page.getByLabel(/^Password/).fill(wizardPassword);
  await page.getByRole("button", { name: "Create account" }).click();
  // Creating the account hashes its password at full cost: on a busy machine that alone can take seconds.
  await expect(page.getByRole("heading", { name: "Link your school" })).toBeFocused({ timeout: 30_000 });
  await check(page);
}

/** Picks the school type, then the school from search by what is typed, and continues. */
export async function chooseSchool(page: Page, pathwayLabel: string, query: string, schoolName: string, check: StepCheck = expectNoAxeViolations): Promise<void> {
  await page.getByLabel("School type").selectOption({ label: pathwayLabel });
  await page.getByRole("combobox", { name: /School name, postcode or URN/ }).fill(query);
  const option = page.getByRole("option", { name: new RegExp(schoolName) });
  await expect(option).toBeVisible();
  await check(page);
  await option.click();
  await page.getByRole("button", { name: "Continue" }).click();
}

/** Types an address by hand (the homeschool pathway asks for one) and continues. */
export async function enterAddress(page: Page, pathwayLabel: string, check: StepCheck = noCheck): Promise<void> {
  await page.getByLabel("School type").selectOption({ label: pathwayLabel });
  // Homeschool asks for a home address straight away; the others search first.
  if (pathwayLabel !== "Homeschool") await page.getByRole("button", { name: /enter its address/ }).click();
  await page.getByLabel("Address line 1").fill("4 Quince Row");
  await page.getByLabel("Town or city").fill("York");
  await page.getByLabel("Postcode").fill("YO1 7HH");
  await check(page);
  await page.getByRole("button", { name: "Continue" }).click();
}

/** Follows the newest link to `pathPart` in the newest message to `email` matching `subject`, from the dev mailbox. */
export async function followMailedLink(page: Page, email: string, subject: RegExp, pathPart: string): Promise<void> {
  const row = page.getByRole("row").filter({ hasText: email }).filter({ hasText: subject }).first();
  await expect(async () => {
    await openMailboxFor(page, email);
    await expect(row).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await row.getByRole("link").first().click();
  await page.locator("[data-mail-text]").getByRole("link", { name: new RegExp(pathPart) }).first().click();
}

/**
 * On the page an emailed link opens (which spends nothing, so a mail scanner
 * opening the link changes nothing: docs/accounts.md), whose heading says what
 * its one button does: checks it and presses the button, which spends the link.
 */
export async function pressLinkButton(page: Page, heading: string, button: string, check: StepCheck = noCheck): Promise<void> {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
  await check(page);
  await page.getByRole("button", { name: button, exact: true }).click();
}

/** The verification page's heading and button. */
export const confirmEmailPage = { heading: "Confirm your email address", button: "Confirm my email" } as const;

/** On the sandbox's hosted page: pays with `card`, or cancels when none is given. */
export async function checkOutInSandbox(page: Page, card?: string, check: StepCheck = expectNoAxeViolations): Promise<void> {
  await expect(page).toHaveURL(/\/payments\/sandbox\/checkout\//);
  await expect(page.getByText("Sandbox payments")).toBeVisible();
  await check(page);
  if (card === undefined) {
    await page.getByRole("link", { name: "Cancel" }).click();
  } else {
    await page.getByLabel("Card number").fill(card);
    await page.getByRole("button", { name: /^Pay £/ }).click();
  }
  // Back from the provider with ?paymentStatus=…, which the wizard then turns into its own ?step=… history entry.
  await expect(page).toHaveURL(/\/account\/register\/\?(paymentStatus|step)=/);
  await widgetMounted(page, "register-wizard");
}

/** The welcome email's subject: its link is the one that confirms the address (one email per sign-up, docs/crm.md). */
export const welcomeEmail = /Welcome to .+: please confirm your email address/;

/** Confirms a state school, proves the address through the mailed link, and confirms again on the resumed screen. */
export async function confirmWithVerifiedEmail(page: Page, email: string, check: StepCheck = expectNoAxeViolations): Promise<void> {
  await expect(page.getByRole("heading", { name: "Is this your school?" })).toBeFocused();
  await check(page);
  await page.getByRole("button", { name: "Yes, link my account" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeFocused();
  await expect(page.getByRole("status")).toContainText(`Follow the link in the email we sent to ${email} when you signed up`);
  await check(page);
  // One email per sign-up: choosing the school sent nothing new, the welcome email's link carries the choice.
  await openMailboxFor(page, email);
  await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(1);

  await followMailedLink(page, email, welcomeEmail, "verify-email");
  // The confirm page itself is checked at both widths in email-link-scanner.spec.ts.
  await pressLinkButton(page, confirmEmailPage.heading, confirmEmailPage.button);
  await expect(page).toHaveURL(/\/account\/register\/\?link-school=true&resume=/);
  await widgetMounted(page, "register-wizard");
  // Resumed where it was left, with the school still chosen: nothing to type again.
  await expect(page.getByRole("heading", { name: "Is this your school?" })).toBeVisible();
  await check(page);
  await page.getByRole("button", { name: "Yes, link my account" }).click();
}

/**
 * A new teacher signs up, chooses a state school with no allowed email
 * domain, and asks to join it from "does not match", confirming their
 * address on the way (the link brings them back to that screen). The
 * request goes to the school's admins, or to staff when it has none.
 */
export async function askToJoin(page: Page, email: string, school: { query: string; name: string }, message: string, check: StepCheck): Promise<void> {
  await signUpThroughWizard(page, email, check);
  await chooseSchool(page, "UK State School (FREE)", school.query, school.name, check);
  await expect(page.getByRole("heading", { name: "Is this your school?" })).toBeFocused();
  await page.getByRole("button", { name: "Yes, link my account" }).click();

  await expect(page.getByRole("heading", { name: "Your email address does not match this school" })).toBeFocused();
  const form = page.getByRole("region", { name: "Ask to join this school" });
  await expect(form).toContainText(`If you work at ${school.name}, ask to join it`);
  await check(page);
  await form.getByRole("button", { name: "Ask to join" }).click();

  // Not confirmed yet: the link first, which carries them back to this screen.
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeFocused();
  await expect(page.getByRole("status")).toContainText(`follow the link in the email we sent to ${email}, and you'll come back here to send your request`);
  await check(page);
  await followMailedLink(page, email, welcomeEmail, "verify-email");
  await pressLinkButton(page, confirmEmailPage.heading, confirmEmailPage.button);
  await expect(page).toHaveURL(/\/account\/register\/\?link-school=true&resume=/);
  await widgetMounted(page, "register-wizard");
  await expect(page.getByRole("heading", { name: "Your email address does not match this school" })).toBeVisible();
  await check(page);

  await form.getByLabel("A message for them (optional)").fill(message);
  await form.getByRole("button", { name: "Ask to join" }).click();
  const sent = form.getByText(new RegExp(`^(Your request to join ${escapeRegExp(school.name)} has gone to its admin|${escapeRegExp(school.name)} has no admin yet, so your request has gone to our team)`));
  await expect(sent).toBeFocused();
  await expect(sent).toContainText(`We'll email you at ${email} when`);
  await check(page);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * A new teacher at an independent school without a membership: signed up
 * with an address at its domain (only a verified one may buy its first
 * membership, docs/payments.md), the welcome email's link followed, the
 * school chosen, and its plan for `users` shown, ready to pay.
 */
export async function toSchoolPlanChoice(page: Page, urn: string, schoolName: string, domain: string, users: number, check: StepCheck): Promise<string> {
  const email = uniqueEmail(`buyer-${urn}`).replace("@example.org", `@${domain}`);
  await signUpThroughWizard(page, email, check);
  await followMailedLink(page, email, /please confirm your email address/, "verify-email");
  await pressLinkButton(page, confirmEmailPage.heading, confirmEmailPage.button);
  await expect(page).toHaveURL(/\/account\/register\/\?link-school=true/);
  await widgetMounted(page, "register-wizard");
  await check(page);
  await chooseSchool(page, "UK Independent School", urn, schoolName, check);
  await expect(page.getByRole("heading", { name: "This school has no active membership" })).toBeFocused();
  await check(page);
  await page.getByRole("button", { name: "Choose a plan" }).click();
  await expect(page.getByRole("heading", { name: "Choose a membership" })).toBeFocused();
  await page.getByLabel("Number of users").fill(String(users));
  await check(page);
  return email;
}

import { expect, test, type Page } from "@playwright/test";
import { uniqueEmail, widgetMounted } from "./support/accounts";
import { checkStep, checkStepAtBothWidths, widths } from "./support/journeys";
import { checkOutInSandbox, chooseSchool, confirmEmailPage, enterAddress, followMailedLink, pressLinkButton, signUpThroughWizard } from "./support/wizard";

/*
 * The wizard as teachers walk it (issue 23's items 1, 2, 9 and 10), for the
 * demo schools in README.md's table, from the first page to the finished
 * state at 1280 and 375 px, with axe on every screen
 * (tests/e2e/support/journeys.ts). Each journey signs up its own teacher at
 * the school's domain, so none shares an account. Only the Lisbon journey
 * changes a demo school for good (it gains its admin): it is walked once, with
 * each step checked at both widths; no other spec relies on Lisbon having no
 * admin. The others run once per width.
 */

const fresh = (domain: string) => uniqueEmail("new").replace("@example.org", `@${domain}`);

/** The welcome email's link confirms the address: a sign-up gets that one email (docs/crm.md), whatever the wizard asks later. */
async function followVerificationLink(page: Page, email: string): Promise<void> {
  await followMailedLink(page, email, /Welcome to .+: please confirm your email address/, "verify-email");
  await pressLinkButton(page, confirmEmailPage.heading, confirmEmailPage.button);
  await expect(page).toHaveURL(/\/account\/register\/\?link-school=true&resume=/);
  await widgetMounted(page, "register-wizard");
}

test("Lisbon British School, walked at 375 px and checked at 1280 too: check your inbox before the offer; the link resumes at the offer, accepted", async ({ page }) => {
  // A sign-up (full-cost password hashing), the mailbox, and every step at two widths.
  test.setTimeout(240_000);
  const check = checkStepAtBothWidths;
  await page.setViewportSize({ width: 375, height: 740 });
  const email = fresh("lbs.pt");
  await signUpThroughWizard(page, email, check);
  await chooseSchool(page, "International School", "Lisbon", "Lisbon British School", check);
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeFocused();
  await expect(page.getByText(`Follow the link in the email we sent to ${email} when you signed up.`, { exact: false })).toBeVisible();
  await check(page);

  await followVerificationLink(page, email);
  await expect(page.getByRole("heading", { name: "Become your school's admin?" })).toBeVisible();
  await check(page);
  const accept = page.getByRole("button", { name: "Yes, make me the admin" });
  await accept.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "You're all set" })).toBeFocused();
  await expect(page.getByText("Failed to make user an admin")).toHaveCount(0);
  await check(page);

  // The finish: a page that says what the person now has.
  await page.getByRole("link", { name: "See your membership" }).click();
  await expect(page).toHaveURL(/\/account\/dashboard\/$/);
  const school = page.locator(".dashboard__card", { has: page.getByRole("heading", { name: "School" }) });
  await expect(school).toContainText("Lisbon British School");
  await expect(school).toContainText("Admin");
  await expect(school).toContainText(/Valid until \d{1,2} [A-Z][a-z]+ \d{4}/);
  await check(page);
  await page.goto("/account/my-account/");
  await expect(page.locator(".account-page__standing")).toContainText(/Admin at Lisbon British School: its membership is valid until/);
  await check(page);
});

for (const width of widths) {
  test.describe(`the wizard's journeys at ${width.label}`, () => {
    // Each journey signs up (full-cost password hashing), with axe on every step.
    test.describe.configure({ timeout: 180_000 });
    test.use({ viewport: { width: width.width, height: width.height } });

    test("Riverside's seats are all in use: the true heading, the spec's message, Tom E. to ask, the account kept, no plans", async ({ page }) => {
      const email = fresh("riverside.sch.uk");
      await signUpThroughWizard(page, email, checkStep);
      await chooseSchool(page, "UK State School (FREE)", "Riverside", "Riverside Academy", checkStep);
      await expect(page.getByRole("heading", { name: "Is this your school?" })).toBeFocused();
      await checkStep(page);
      await page.getByRole("button", { name: "Yes, link my account" }).click();
      await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeFocused();
      await checkStep(page);
      await followVerificationLink(page, email);
      await checkStep(page);
      await page.getByRole("button", { name: "Yes, link my account" }).click();

      await expect(page.getByRole("heading", { name: "Riverside Academy's seats are all in use" })).toBeFocused();
      await expect(page.getByText("No seats available for the membership, needs to be renewed")).toBeVisible();
      await expect(page.getByText("Ask Tom E., your school's admin, to free a seat or add seats.")).toBeVisible();
      await expect(page.getByText(/Your account is kept/)).toBeVisible();
      await expect(page.getByText("This school has no active membership")).toHaveCount(0);
      await expect(page.getByText(/£/)).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Choose a plan" })).toHaveCount(0);
      await checkStep(page);
    });

    test("St Catherine's: once the address is confirmed, contactYourAdmin names Helen W. and says what to do", async ({ page }) => {
      const email = fresh("stcatherines.org.uk");
      await signUpThroughWizard(page, email, checkStep);
      await chooseSchool(page, "UK Independent School", "St Catherine", "St Catherine's College", checkStep);
      await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeFocused();
      await checkStep(page);
      await followVerificationLink(page, email);

      await expect(page.getByRole("heading", { name: "Contact your school's admin" })).toBeVisible();
      await expect(page.getByText("St Catherine's College already has an admin: Helen W.")).toBeVisible();
      await expect(page.getByRole("heading", { name: "Ask them to add you" })).toBeVisible();
      await expect(page.getByText("Ask Helen W. in person or by your school's email to add you; your account is kept.")).toBeVisible();
      await expect(page.getByText("Wright")).toHaveCount(0);
      await checkStep(page);
    });

    test("a homeschooler gives a home address, never a school's, buys an individual plan, and sees it", async ({ page }) => {
      await signUpThroughWizard(page, uniqueEmail("home"), checkStep);
      await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Link your account to a school");
      await page.getByLabel("School type").selectOption({ label: "Homeschool" });
      await expect(page.getByRole("group", { name: "Your home address" })).toBeVisible();
      await expect(page.getByLabel(/School name/)).toHaveCount(0);
      await expect(page.getByText("Your school's address")).toHaveCount(0);
      await enterAddress(page, "Homeschool", checkStep);
      await expect(page.getByRole("heading", { name: "You don't have a membership" })).toBeFocused();
      await expect(page.getByText("No membership found for the individual, needs to purchase one")).toBeVisible();
      await checkStep(page);

      await page.getByRole("button", { name: "Choose a plan" }).click();
      await page.getByRole("radio", { name: /Individual, yearly/ }).check();
      await checkStep(page);
      await page.getByRole("button", { name: "Continue to payment" }).click();
      await checkOutInSandbox(page, "4242 4242 4242 4242", checkStep);
      await expect(page.getByRole("heading", { name: "You're all set" })).toBeFocused();
      await expect(page.getByText("Your payment is approved.").first()).toBeVisible();
      await checkStep(page);

      // The finish: what the person now has, on the dashboard and on My account.
      await page.getByRole("link", { name: "See your membership" }).click();
      await expect(page.getByText(/Your membership is valid until \d{1,2} [A-Z][a-z]+ \d{4}/).first()).toBeVisible();
      await checkStep(page);
      await page.goto("/account/my-account/");
      await expect(page.locator(".account-page__standing")).toContainText(/Your membership is valid until \d{1,2} [A-Z][a-z]+ \d{4}/);
      await checkStep(page);
    });
  });
}

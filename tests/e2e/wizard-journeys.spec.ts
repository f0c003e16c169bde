import { expect, test, type Page } from "@playwright/test";
import { uniqueEmail, widgetMounted } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { chooseSchool, enterAddress, followMailedLink, signUpThroughWizard } from "./support/wizard";

/*
 * The wizard as teachers walk it (the items 1, 2, 4 and 5), from the
 * first page to the finished state, with axe on every screen. Each journey
 * signs up its own teacher at the school's domain, so none shares an account;
 * only the Lisbon journey changes a demo school (it gains an admin), and no
 * other spec relies on Lisbon having none.
 */

const fresh = (domain: string) => uniqueEmail("new").replace("@example.org", `@${domain}`);

/** The welcome email's link confirms the address: a sign-up gets that one email (docs/crm.md), whatever the wizard asks later. */
async function followVerificationLink(page: Page, email: string): Promise<void> {
  await followMailedLink(page, email, /Welcome to .+: please confirm your email address/, "verify-email");
  await expect(page).toHaveURL(/\/account\/register\/\?link-school=true&resume=/);
  await widgetMounted(page, "register-wizard");
}

test.describe("the wizard's journeys", () => {
  test.slow();

  test("Lisbon British School at 375 px: check your inbox before the offer; the link resumes at the offer, accepted", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    const email = fresh("lbs.pt");
    await signUpThroughWizard(page, email);
    await chooseSchool(page, "International School", "Lisbon", "Lisbon British School");
    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeFocused();
    await expect(page.getByText(`Follow the link in the email we sent to ${email} when you signed up.`, { exact: false })).toBeVisible();
    await expectNoAxeViolations(page);

    await followVerificationLink(page, email);
    await expect(page.getByRole("heading", { name: "Become your school's admin?" })).toBeVisible();
    await expectNoAxeViolations(page);
    const accept = page.getByRole("button", { name: "Yes, make me the admin" });
    await accept.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "You're all set" })).toBeFocused();
    await expect(page.getByText("Failed to make user an admin")).toHaveCount(0);
    await expectNoAxeViolations(page);

    // The finish: a page that says what the person now has.
    await page.getByRole("link", { name: "See your membership" }).click();
    await expect(page).toHaveURL(/\/account\/dashboard\/$/);
    const school = page.locator(".dashboard__card", { has: page.getByRole("heading", { name: "School" }) });
    await expect(school).toContainText("Lisbon British School");
    await expect(school).toContainText("Admin");
    await expect(school).toContainText(/Valid until \d{1,2} [A-Z][a-z]+ \d{4}/);
    await expectNoAxeViolations(page);
    await page.goto("/account/my-account/");
    await expect(page.locator(".account-page__standing")).toContainText(/Admin at Lisbon British School: its membership is valid until/);
  });

  test("Riverside's seats are all in use: the true heading, the spec's message, Tom E. to ask, the account kept, no plans", async ({ page }) => {
    const email = fresh("riverside.sch.uk");
    await signUpThroughWizard(page, email);
    await chooseSchool(page, "UK State School (FREE)", "Riverside", "Riverside Academy");
    await page.getByRole("button", { name: "Yes, link my account" }).click();
    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeFocused();
    await followVerificationLink(page, email);
    await page.getByRole("button", { name: "Yes, link my account" }).click();

    await expect(page.getByRole("heading", { name: "Riverside Academy's seats are all in use" })).toBeFocused();
    await expect(page.getByText("No seats available for the membership, needs to be renewed")).toBeVisible();
    await expect(page.getByText("Ask Tom E., your school's admin, to free a seat or add seats.")).toBeVisible();
    await expect(page.getByText(/Your account is kept/)).toBeVisible();
    await expect(page.getByText("This school has no active membership")).toHaveCount(0);
    await expect(page.getByText(/£/)).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Choose a plan" })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("St Catherine's at 375 px: once the address is confirmed, contactYourAdmin names Helen W. and says what to do", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    const email = fresh("stcatherines.org.uk");
    await signUpThroughWizard(page, email);
    await chooseSchool(page, "UK Independent School", "St Catherine", "St Catherine's College");
    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeFocused();
    await expectNoAxeViolations(page);
    await followVerificationLink(page, email);

    await expect(page.getByRole("heading", { name: "Contact your school's admin" })).toBeVisible();
    await expect(page.getByText("St Catherine's College already has an admin: Helen W.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Ask them to add you" })).toBeVisible();
    await expect(page.getByText("Ask Helen W. in person or by your school's email to add you; your account is kept.")).toBeVisible();
    await expect(page.getByText("Wright")).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("a homeschooler gives a home address, never a school's, under a heading that is not about linking a school", async ({ page }) => {
    await signUpThroughWizard(page, uniqueEmail("home"));
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Link your account to a school");
    await page.getByLabel("School type").selectOption({ label: "Homeschool" });
    await expect(page.getByRole("group", { name: "Your home address" })).toBeVisible();
    await expect(page.getByLabel(/School name/)).toHaveCount(0);
    await expect(page.getByText("Your school's address")).toHaveCount(0);
    await expectNoAxeViolations(page);
    await enterAddress(page, "Homeschool");
    await expect(page.getByRole("heading", { name: "You don't have a membership" })).toBeFocused();
    await expect(page.getByText("No membership found for the individual, needs to purchase one")).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

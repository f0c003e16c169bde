import { expect, test, type Page } from "@playwright/test";
import { uniqueEmail, widgetMounted } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { checkOutInSandbox, chooseSchool, enterAddress, followMailedLink, signUpThroughWizard } from "./support/wizard";

/*
 * Buying a membership through the sandbox provider's hosted page (issue 12;
 * accounts spec, section 4 "Subscription and payment"). Each journey uses its
 * own new teacher and, for schools, its own independent school from the
 * shipped register with no membership or admin yet (URNs 100016-100018). Only
 * a verified address at the school's domain may buy its first membership
 * (docs/payments.md), so the teacher signs up with one and follows the
 * welcome email's link first.
 */

const approvedCard = "4242 4242 4242 4242";
const declinedCard = "4000 0000 0000 0002";
/** CRM_ENV=test's seat levels (server/crm/crm-ids.ts): 97 is the smallest whose ceiling (10) covers 6. */
const tenSeatLevel = 97;

async function schoolIdOf(page: Page, urn: string): Promise<number> {
  const answer = await page.request.get(`/account/school-search/?query=${urn}`);
  return (await answer.json()).hits[0].constituentId as number;
}

/** An independent school without a membership, then its plans, then the school plan for `users`. */
async function toSchoolPlan(page: Page, urn: string, schoolName: string, domain: string, users: number): Promise<void> {
  const email = uniqueEmail(`buyer-${urn}`).replace("@example.org", `@${domain}`);
  await signUpThroughWizard(page, email);
  await followMailedLink(page, email, /please confirm your email address/, "verify-email");
  await expect(page).toHaveURL(/\/account\/register\/\?link-school=true/);
  await widgetMounted(page, "register-wizard");
  await chooseSchool(page, "UK Independent School", urn, schoolName);
  await expect(page.getByRole("heading", { name: "This school has no active membership" })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Choose a plan" }).click();
  await expect(page.getByRole("heading", { name: "Choose a membership" })).toBeFocused();
  await page.getByLabel("Number of users").fill(String(users));
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Continue to payment" }).click();
}

test.describe("buying a membership through the sandbox", () => {
  // Each journey signs up (full-cost password hashing) and leaves the site and comes back.
  test.slow();

  test("a school plan for 6 users, approved: the payer is admin, at the smallest level covering 6 seats", async ({ page }) => {
    await toSchoolPlan(page, "100016", "Leicester Preparatory School", "leicesterprep.org.uk", 6);
    // On the hosted page, not the plan screen, which shows the same price while it navigates away.
    await expect(page).toHaveURL(/\/payments\/sandbox\/checkout\//);
    await expect(page.getByRole("heading", { level: 1, name: "£400.00" })).toBeVisible();
    await expectNoAxeViolations(page);
    await checkOutInSandbox(page, approvedCard);

    await expect(page.getByRole("heading", { name: "You're all set" })).toBeFocused();
    await expect(page.getByText("Your payment is approved.").first()).toBeVisible();
    await expectNoAxeViolations(page);

    const school = await schoolIdOf(page, "100016");
    const summary = await (await page.request.get(`/account/membership-organisation-benefit-summary/${school}/`)).json();
    expect(summary.details.Membership.MembershipLevel.Id).toBe(tenSeatLevel);
    await page.goto("/account/my-account/#school");
    const tab = page.getByRole("tabpanel", { name: "School" });
    await expect(tab).toContainText("Leicester Preparatory School");
    await expect(tab).toContainText("Admin");
  });

  test("a declined card: the message, and no membership", async ({ page }) => {
    await toSchoolPlan(page, "100017", "St Stephen's School", "ststephens.org.uk", 3);
    await checkOutInSandbox(page, declinedCard);
    await expect(page.getByText(/^Your payment was declined\. Nothing was charged\./)).toBeVisible();
    await expectNoAxeViolations(page);
    const school = await schoolIdOf(page, "100017");
    expect((await (await page.request.get(`/account/membership-summary/${school}/`)).json()).details).toBeNull();
  });

  test("a cancelled checkout: the message, and no membership", async ({ page }) => {
    await toSchoolPlan(page, "100018", "Cambridge House School", "cambridgehouse.org.uk", 1);
    await checkOutInSandbox(page);
    await expect(page.getByText(/^Your payment is cancelled\. Nothing was charged\./)).toBeVisible();
    await expectNoAxeViolations(page);
    const school = await schoolIdOf(page, "100018");
    expect((await (await page.request.get(`/account/membership-summary/${school}/`)).json()).details).toBeNull();
  });

  test("an individual plan: the teacher's own membership", async ({ page }) => {
    await signUpThroughWizard(page, uniqueEmail("individual-buyer"));
    await enterAddress(page, "Homeschool");
    await expect(page.getByRole("heading", { name: "You don't have a membership" })).toBeFocused();
    await expect(page.getByText("No membership found for the individual, needs to purchase one")).toBeVisible();
    await page.getByRole("button", { name: "Choose a plan" }).click();
    await page.getByRole("radio", { name: /Individual, yearly/ }).check();
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await checkOutInSandbox(page, approvedCard);
    await expect(page.getByRole("heading", { name: "You're all set" })).toBeFocused();
    await expectNoAxeViolations(page);

    await page.goto("/account/dashboard/");
    await expect(page.getByRole("main")).toContainText(/valid until/i);
  });
});

import { expect, test, type Page } from "@playwright/test";
import { checkStep, checkStepAtBothWidths, widths } from "./support/journeys";
import { checkOutInSandbox, toSchoolPlanChoice, type StepCheck } from "./support/wizard";

/*
 * Buying a membership through the sandbox provider's hosted page (issue 12;
 * accounts spec, section 4 "Subscription and payment"). Each journey uses its
 * own new teacher and, for schools, its own independent school from the
 * shipped register with no membership or admin yet (URNs 9000016-9000018). Only
 * a verified address at the school's domain may buy its first membership
 * (docs/payments.md), so the teacher signs up with one and follows the
 * welcome email's link first. Every step is checked at 1280 and 375 px with
 * axe (tests/e2e/support/journeys.ts): the declined and cancelled payments,
 * which leave their school as it was, run once per width; the approved one
 * makes its school a member for good, so it is walked once and each step is
 * checked at both widths. The individual plan is the homeschool journey
 * (wizard-journeys.spec.ts).
 */

const approvedCard = "4242 4242 4242 4242";
const declinedCard = "4000 0000 0000 0002";
/** CRM_ENV=test's seat levels (server/crm/crm-ids.ts): 97 is the smallest whose ceiling (10) covers 6. */
const tenSeatLevel = 97;

async function schoolIdOf(page: Page, urn: string): Promise<number> {
  const answer = await page.request.get(`/account/school-search/?query=${urn}`);
  return (await answer.json()).hits[0].constituentId as number;
}

/** An independent school without a membership, its school plan for `users`, then on to the sandbox's page. */
async function toSchoolPlan(page: Page, urn: string, schoolName: string, domain: string, users: number, check: StepCheck): Promise<void> {
  await toSchoolPlanChoice(page, urn, schoolName, domain, users, check);
  await page.getByRole("button", { name: "Continue to payment" }).click();
}

test("a school plan for 6 users, approved (each step checked at both widths): the payer is admin, at the smallest level covering 6 seats", async ({ page }) => {
  // A sign-up (full-cost password hashing), the mailbox, the hosted page, and every step at two widths.
  test.setTimeout(240_000);
  const check = checkStepAtBothWidths;
  await toSchoolPlan(page, "9000016", "Leicester Preparatory School", "leicesterprep.org.uk", 6, check);
  // On the hosted page, not the plan screen, which shows the same price while it navigates away.
  await expect(page).toHaveURL(/\/payments\/sandbox\/checkout\//);
  await expect(page.getByRole("heading", { level: 1, name: "£400.00" })).toBeVisible();
  await checkOutInSandbox(page, approvedCard, check);

  await expect(page.getByRole("heading", { name: "You're all set" })).toBeFocused();
  await expect(page.getByText("Your payment is approved.").first()).toBeVisible();
  await check(page);

  const school = await schoolIdOf(page, "9000016");
  const summary = await (await page.request.get(`/account/membership-organisation-benefit-summary/${school}/`)).json();
  expect(summary.details.Membership.MembershipLevel.Id).toBe(tenSeatLevel);
  await page.goto("/account/my-account/#school");
  const tab = page.getByRole("tabpanel", { name: "School" });
  await expect(tab).toContainText("Leicester Preparatory School");
  await expect(tab).toContainText("Admin");
  await check(page);
});

for (const width of widths) {
  test.describe(`buying a membership through the sandbox at ${width.label}`, () => {
    // Each journey signs up (full-cost password hashing), leaves the site and comes back, with axe on every step.
    test.describe.configure({ timeout: 180_000 });
    test.use({ viewport: { width: width.width, height: width.height } });

    test("a declined card: the message, and no membership", async ({ page }) => {
      await toSchoolPlan(page, "9000017", "St Stephen's School", "ststephens.org.uk", 3, checkStep);
      await checkOutInSandbox(page, declinedCard, checkStep);
      await expect(page.getByText(/^Your payment was declined\. Nothing was charged\./)).toBeVisible();
      await checkStep(page);
      const school = await schoolIdOf(page, "9000017");
      expect((await (await page.request.get(`/account/membership-summary/${school}/`)).json()).details).toBeNull();
    });

    test("a cancelled checkout: the message, and no membership", async ({ page }) => {
      await toSchoolPlan(page, "9000018", "Cambridge House School", "cambridgehouse.org.uk", 1, checkStep);
      await checkOutInSandbox(page, undefined, checkStep);
      await expect(page.getByText(/^Your payment is cancelled\. Nothing was charged\./)).toBeVisible();
      await checkStep(page);
      const school = await schoolIdOf(page, "9000018");
      expect((await (await page.request.get(`/account/membership-summary/${school}/`)).json()).details).toBeNull();
    });
  });
}

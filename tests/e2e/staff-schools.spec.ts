import { expect, test } from "@playwright/test";
import { atPath } from "./support/accounts";
import { checkStep, widths } from "./support/journeys";
import { enrol, staffCreate, uniqueStaffEmail } from "./support/staff";
import { askToJoin, followMailedLink, wizardPassword } from "./support/wizard";

/*
 * Issue 28's story on real-shaped data, at 1280 and 375 px with axe on every
 * step. A state school as the real register leaves it: a website (so a
 * suggested email domain) but no allowed domain, no membership and no admin.
 * 1. A teacher at its domain ends on "does not match", and asks to join;
 *    with no admin, the request goes to staff.
 * 2. A membership staffer finds the school by URN in the back office,
 *    confirms its suggested domain, opens the request from the school's page
 *    and approves it.
 * 3. The teacher follows the approval email, signs in and holds a seat on
 *    the School tab.
 * 4. The school's audit trail shows the staffer's steps, the person's shows theirs.
 * Each width walks its own school, and so does each try: the story leaves
 * its school changed for good (a confirmed domain, an approved request), so a
 * retry on the same school would fail at its first check whatever had gone
 * wrong the first time.
 */

const schools = {
  "1280 px": [
    { urn: "9000006", name: "Bath Infant School", query: "Bath Infant", domain: "bath1.sch.uk" },
    { urn: "9000012", name: "Manchester High School", query: "Manchester High", domain: "manchester7.sch.uk" },
  ],
  "375 px": [
    { urn: "9000008", name: "Norwich Church of England Primary School", query: "Norwich Church", domain: "norwich3.sch.uk" },
    { urn: "9000011", name: "Sheffield Community College", query: "Sheffield Community", domain: "sheffield6.sch.uk" },
  ],
} as const;

for (const { label, width, height } of widths) {
  test.describe(`a real-register school in the back office at ${label}`, () => {
    test.use({ viewport: { width, height } });

    test("a teacher with no allowed domain asks to join; staff confirm the suggested domain and approve; the teacher signs in holding a seat; the audit log shows each step", async ({ page, browser }, testInfo) => {
      // A sign-up (full-cost password hashing), an enrolment, the mailbox three times, two browsers, and axe on every step.
      test.setTimeout(360_000);
      const school = schools[label][testInfo.retry];
      if (!school) throw new Error(`No school left for try ${testInfo.retry + 1}: add one to \`schools\``);
      const email = `nia-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@${school.domain}`;
      await askToJoin(page, email, school, "I teach Reception; our addresses are not set up with you yet.", checkStep);

      const staff = await (await browser.newContext({ viewport: { width, height } })).newPage();
      await enrol(staff, await staffCreate(uniqueStaffEmail("membership"), "membership"), async () => {});
      await staff.getByRole("link", { name: "Continue to the back office" }).click();
      await staff.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Schools" }).click();
      await expect(staff.getByRole("heading", { level: 1, name: "Schools" })).toBeVisible();
      await staff.getByLabel("Name, URN, postcode or email domain").fill(school.urn);
      await staff.getByRole("button", { name: "Find schools" }).click();
      await expect(staff.getByRole("heading", { level: 2, name: `1 school matching “${school.urn}”` })).toBeVisible();
      await checkStep(staff);
      await staff.getByRole("link", { name: school.name }).click();

      await expect(staff.getByRole("heading", { level: 1, name: school.name })).toBeVisible();
      const domains = staff.getByRole("region", { name: "Allowed email domains" });
      await expect(domains).toContainText("None yet.");
      await expect(staff.getByRole("region", { name: "Membership" })).toContainText("No current membership.");
      await checkStep(staff);
      await domains.getByRole("button", { name: `Confirm ${school.domain}` }).click();
      await expect(staff.getByText(`People with an address at ${school.domain} can now join this school.`)).toBeVisible();
      await expect(domains.getByRole("listitem").filter({ hasText: school.domain })).toBeVisible();
      await expect(domains.getByRole("button", { name: `Confirm ${school.domain}` })).toHaveCount(0);
      await checkStep(staff);

      await staff.getByRole("region", { name: "Requests" }).getByRole("listitem").filter({ hasText: "Nia Okafor" }).getByRole("link", { name: `Asks to join ${school.name}` }).click();
      await expect(staff.getByText("I teach Reception; our addresses are not set up with you yet.")).toBeVisible();
      await checkStep(staff);
      await staff.getByRole("button", { name: "Approve" }).click();
      await expect(staff.getByText(`Nia Okafor now holds a seat at ${school.name}, and has been told by email.`)).toBeVisible();
      await checkStep(staff);

      // The teacher, signed out, follows the approval email and signs in: straight to My account, holding a seat.
      await page.context().clearCookies();
      await followMailedLink(page, email, /was approved/, "account/login");
      await expect(page).toHaveURL(/\/account\/login\/\?next=/);
      await page.getByLabel("Email address").fill(email);
      await page.getByLabel("Password", { exact: true }).fill(wizardPassword);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page).toHaveURL(atPath("/account/my-account/#school"));
      const tab = page.getByRole("tabpanel", { name: "School" });
      await expect(tab).toContainText(school.name);
      await expect(tab.getByRole("definition").filter({ hasText: /^User$/ })).toBeVisible();
      await checkStep(page);

      // The audit log: the school's page shows the staffer's confirmation and approval; the teacher's record, their sign-in.
      await staff.goto(staff.url().replace(/\/staff\/requests\/\d+\/$/, "/staff/schools/"));
      await staff.getByLabel("Name, URN, postcode or email domain").fill(school.domain);
      await staff.getByRole("button", { name: "Find schools" }).click();
      await staff.getByRole("link", { name: school.name }).click();
      const trail = staff.getByRole("table").filter({ hasText: "school.domains-changed" });
      await expect(trail.getByRole("row").filter({ hasText: "school.domains-changed" })).toContainText(/Staff account \d+/);
      await expect(trail.getByRole("row").filter({ hasText: "join-request.approved" })).toBeVisible();
      await expect(staff.getByRole("table").filter({ hasText: "Nia Okafor" })).toContainText("User (holds a seat)");
      await checkStep(staff);
      await staff.getByRole("link", { name: "Nia Okafor" }).click();
      const personTrail = staff.getByRole("table").filter({ hasText: "join-request.approved" });
      await expect(personTrail.getByRole("row").filter({ hasText: "sign-in.succeeded" }).first()).toContainText("Them");
      await checkStep(staff);
      await staff.context().close();
    });
  });
}

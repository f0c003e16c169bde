import { expect, test, type Page } from "@playwright/test";
import { atPath, demoPassword, validMember, widgetMounted } from "./support/accounts";
import { checkStep, widths } from "./support/journeys";

/*
 * The two demo members in README.md's accounts table that no journey changes
 * (issue 23, "Proven by": one journey per demo account): each signs in through
 * the form, lands on My account (the spec's default), and sees there, on the
 * dashboard and on a members' resource what the README says they show. They
 * only read, so each runs once per width, with axe on every step
 * (tests/e2e/support/journeys.ts).
 */

/** A resource whose activities are for members only: a visitor sees a prompt instead (resource-tools.spec.ts). */
const membersResource = "/resources/the-tempest-close-reading-ks3/";

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto("/account/login/");
  await widgetMounted(page, "login-form");
  await checkStep(page);
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(demoPassword);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(atPath("/account/my-account/"));
  await widgetMounted(page, "account-tabs");
}

/** A members' resource shows its activities, with a note for each, and no prompt to join. */
async function seesMembersResource(page: Page): Promise<void> {
  await page.goto(membersResource);
  await expect(page.locator('[data-widget="teacher-note"]').first()).toBeAttached();
  await expect(page.getByRole("link", { name: /^Join/ })).toHaveCount(0);
  await checkStep(page);
}

for (const width of widths) {
  test.describe(`the demo members at ${width.label}`, () => {
    test.use({ viewport: { width: width.width, height: width.height } });

    test("individual@example.com: their own valid membership on My account and the dashboard, no school, and the members' resources", async ({ page }) => {
      test.slow();
      await signIn(page, validMember);
      const standing = page.locator(".account-page__standing");
      await expect(standing).toHaveText(/^\s*Your membership is valid until \d{1,2} [A-Z][a-z]+ \d{4}\.\s*$/);
      await checkStep(page);
      await page.getByRole("tab", { name: "School" }).click();
      await expect(page.getByRole("tabpanel", { name: "School" })).toContainText("Your account is not linked to a school.");
      await checkStep(page);

      await page.getByRole("link", { name: "Go to your dashboard" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome back, Alex");
      await expect(page.getByText(/^Your membership is valid until \d{1,2} [A-Z][a-z]+ \d{4}\.$/)).toBeVisible();
      await checkStep(page);
      await seesMembersResource(page);
    });

    test("teacher@riverside.sch.uk: a user holding Riverside Academy's only seat, through the school's membership, without its admin's tools", async ({ page }) => {
      test.slow();
      await signIn(page, "teacher@riverside.sch.uk");
      await expect(page.locator(".account-page__standing")).toContainText(
        /User at Riverside Academy: its membership is valid until \d{1,2} [A-Z][a-z]+ \d{4}\./,
      );
      await checkStep(page);
      await page.getByRole("tab", { name: "School" }).click();
      const tab = page.getByRole("tabpanel", { name: "School" });
      await expect(tab.getByRole("definition").filter({ hasText: /^Riverside Academy$/ })).toHaveCount(1);
      await expect(tab.getByRole("definition").filter({ hasText: /^User$/ })).toHaveCount(1);
      // Not its admin: no list of users, no invites, no Edit users.
      await expect(tab.getByRole("table")).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Edit users" })).toHaveCount(0);
      await checkStep(page);

      await page.getByRole("link", { name: "Go to your dashboard" }).click();
      const school = page.locator(".dashboard__card", { has: page.getByRole("heading", { name: "School" }) });
      await expect(school).toContainText("Riverside Academy");
      await expect(school).toContainText(/Valid until \d{1,2} [A-Z][a-z]+ \d{4}/);
      await checkStep(page);
      await seesMembersResource(page);
    });
  });
}

import { expect, test } from "@playwright/test";
import { uniqueEmail } from "./support/accounts";
import { checkStep, widths } from "./support/journeys";
import { checkOutInSandbox, enterAddress, signUpThroughWizard } from "./support/wizard";

/*
 * Issue 29: a member on the monthly plan (a plan that renews: on the sandbox,
 * its renewals job charges it each month) turns automatic renewal off on My
 * account's Membership tab, then back on; one buying the yearly plan sees the
 * "Renew automatically each year" box ticked before payment, and the plan
 * renewing after; at 1280 and 375 px, with axe on every step.
 * docs/my-account.md, "The Membership tab".
 */

for (const { label, width, height } of widths) {
  test.describe(`a plan that renews, at ${label}`, () => {
    test.use({ viewport: { width, height } });

    test("a homeschooler buys the monthly plan, then turns its renewal off and back on from the Membership tab", async ({ page }) => {
      // A sign-up (full-cost password hashing), the sandbox's page, and axe on every step.
      test.setTimeout(180_000);
      await signUpThroughWizard(page, uniqueEmail("monthly"), checkStep);
      await enterAddress(page, "Homeschool", checkStep);
      await page.getByRole("button", { name: "Choose a plan" }).click();
      await page.getByRole("radio", { name: /^Individual, pay monthly/ }).check();
      await page.getByRole("button", { name: "Continue to payment" }).click();
      // The sandbox offers the card whose renewals fail, for a plan that renews.
      await expect(page.getByText("is approved now, and each renewal then fails")).toBeVisible();
      await checkOutInSandbox(page, "4242 4242 4242 4242", checkStep);
      await expect(page.getByRole("heading", { name: "You're all set" })).toBeFocused();

      await page.goto("/account/my-account/#membership");
      const membership = page.getByRole("tabpanel", { name: "Membership" });
      await expect(membership.getByRole("heading", { name: "Your plan" })).toBeVisible();
      await expect(membership).toContainText(/Next payment\s*£39\.99 on \d{1,2} [A-Z][a-z]+ \d{4}/);
      await expect(membership).toContainText(/Automatic renewal\s*On/);
      await checkStep(page);

      await membership.getByRole("button", { name: /^Turn off automatic renewal/ }).click();
      await expect(page).toHaveURL(/\/account\/my-account\/#membership$/);
      await expect(membership).toContainText("Saved: your plan won't renew. Your membership runs to the end of what you have paid for, and you won't be charged again.");
      await expect(membership).toContainText(/Paid until\s*\d{1,2} [A-Z][a-z]+ \d{4}, then it ends/);
      await expect(membership).toContainText(/Automatic renewal\s*Off/);
      await checkStep(page);

      await membership.getByRole("button", { name: /^Turn automatic renewal back on/ }).click();
      await expect(membership).toContainText("Saved: your plan renews automatically.");
      await expect(membership).toContainText(/Automatic renewal\s*On/);
      await checkStep(page);
    });

    test("a homeschooler buying the yearly plan sees it renews unless unticked, and the Membership tab says when it next renews", async ({ page }) => {
      test.setTimeout(180_000);
      await signUpThroughWizard(page, uniqueEmail("yearly"), checkStep);
      await enterAddress(page, "Homeschool", checkStep);
      await page.getByRole("button", { name: "Choose a plan" }).click();
      await page.getByRole("radio", { name: /^Individual, yearly/ }).check();
      const renewal = page.getByRole("checkbox", { name: "Renew automatically each year" });
      await expect(renewal).toBeChecked();
      await checkStep(page);
      await page.getByRole("button", { name: "Continue to payment" }).click();
      await checkOutInSandbox(page, "4242 4242 4242 4242", checkStep);
      await expect(page.getByRole("heading", { name: "You're all set" })).toBeFocused();

      await page.goto("/account/my-account/#membership");
      const membership = page.getByRole("tabpanel", { name: "Membership" });
      await expect(membership).toContainText(/Next payment\s*£60\.00 on \d{1,2} [A-Z][a-z]+ \d{4}/);
      await expect(membership.getByRole("button", { name: /^Turn off automatic renewal/ })).toBeVisible();
      await expect(membership.getByRole("link", { name: /^VAT receipt/ })).toBeVisible();
      await checkStep(page);
    });
  });
}

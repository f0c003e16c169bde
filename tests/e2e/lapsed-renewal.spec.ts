import { expect, test } from "@playwright/test";
import { atPath, demoPassword, lapsedMember, widgetMounted } from "./support/accounts";
import { checkStepAtBothWidths } from "./support/journeys";
import { checkOutInSandbox } from "./support/wizard";

/*
 * The demo lapsed member renews through the sandbox, then signs in straight
 * to My account (issue 12). It changes that shared demo account for good, so
 * it runs in its own project after every other spec (playwright.config.ts),
 * which see it lapsed. Walked once, so each step is checked at 1280 and
 * 375 px, with axe (tests/e2e/support/journeys.ts).
 */

test("lapsed@example.com renews through the sandbox, then signs in straight to My account", async ({ page }) => {
  // Every step at two widths, and the hosted page.
  test.setTimeout(240_000);
  const check = checkStepAtBothWidths;
  const signIn = async () => {
    await page.goto("/account/login/");
    await widgetMounted(page, "login-form");
    await check(page);
    await page.getByLabel("Email address").fill(lapsedMember);
    await page.getByLabel("Password", { exact: true }).fill(demoPassword);
    await page.getByRole("button", { name: "Sign in" }).click();
  };

  await signIn();
  await expect(page).toHaveURL(/\/account\/register\/\?link-school=true/);
  await widgetMounted(page, "register-wizard");
  // Straight to the individual plans, with the date it ended: no school step, no Homeschool detour.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Renew your membership");
  await expect(page.getByRole("heading", { name: "Renew your membership", level: 2 })).toBeVisible();
  await expect(page.getByText("Membership has expired, needs to be renewed")).toBeVisible();
  await expect(page.getByText(/^Your membership ended on \d{1,2} [A-Z][a-z]+ \d{4}\.$/)).toBeVisible();
  await expect(page.getByLabel("School type")).toHaveCount(0);
  await check(page);
  await page.getByRole("button", { name: "Choose a plan" }).click();
  await page.getByRole("radio", { name: /Individual, yearly/ }).check();
  await check(page);
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await checkOutInSandbox(page, "4242 4242 4242 4242", check);
  await expect(page.getByRole("heading", { name: "You're all set" })).toBeFocused();
  await expect(page.getByText("Your payment is approved.").first()).toBeVisible();
  // The last screen says what they now have: their own membership, renewed (issue 23, item 14).
  const standing = page.locator("dl[aria-label='What you now have']");
  await expect(standing).toContainText("Your own membership");
  await expect(standing.getByRole("definition")).toHaveText(/^Valid until \d{1,2} [A-Z][a-z]+ \d{4}$/);
  await check(page);
  await page.getByRole("link", { name: "See your membership" }).click();
  await expect(page.getByText(/Your membership is valid until/)).toBeVisible();
  await check(page);
  // My account says it too, not only the dashboard.
  await page.goto("/account/my-account/");
  await expect(page.locator(".account-page__standing")).toContainText(/Your membership is valid until \d{1,2} [A-Z][a-z]+ \d{4}/);
  await check(page);

  await page.context().clearCookies();
  await signIn();
  await expect(page).toHaveURL(atPath("/account/my-account/"));
});

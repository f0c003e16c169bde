import { expect, test } from "@playwright/test";
import { atPath, demoPassword, lapsedMember, validMember } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { signInElsewhere, signUpAndStaySignedIn } from "./support/my-account";

/*
 * The dashboard only reads, so the seeded demo members are safe to use here
 * (these tests never change them).
 */
test.describe("dashboard", () => {
  test("a valid member sees their membership's end date, and links onward", async ({ browser }) => {
    const page = await signInElsewhere(browser, { email: validMember, password: demoPassword });
    await page.goto("/account/dashboard/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome back, Alex");
    await expect(page.getByText(/^Your membership is valid until \d{1,2} \w+ \d{4}\.$/)).toBeVisible();
    await expect(page.getByText("Your account is not linked to a school.")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Your profile and password" }).click();
    await expect(page).toHaveURL(atPath("/account/my-account/#profile"));
    await page.context().close();
  });

  test("a lapsed member sees when it ended, and how to renew", async ({ browser }) => {
    const page = await signInElsewhere(browser, { email: lapsedMember, password: demoPassword });
    await page.goto("/account/dashboard/");
    await expect(page.getByText(/^Your membership expired on \d{1,2} \w+ \d{4}\./)).toBeVisible();
    await expect(page.getByRole("link", { name: "Renew your membership" })).toHaveAttribute(
      "href",
      "/account/register/?link-school=true&next=%2Faccount%2Fdashboard%2F",
    );
    await expectNoAxeViolations(page);
    await page.context().close();
  });

  test("someone without a membership is told so, and it fits a 375 px phone", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await signUpAndStaySignedIn(page, "dashboard");
    await page.goto("/account/dashboard/");
    await expect(page.getByText("You don't have a membership yet.")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
  });

  test("a signed-out visitor is sent to sign in, and back", async ({ page }) => {
    await page.goto("/account/dashboard/");
    await expect(page).toHaveURL(atPath("/account/login/?next=%2Faccount%2Fdashboard%2F"));
  });
});

test.describe("the header's account links", () => {
  test("signed in: My account and a Sign out button that works without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signUpAndStaySignedIn(page, "header");
    await page.goto("/account/dashboard/");
    const account = page.getByRole("navigation", { name: "Account" });
    await expect(account.getByRole("link", { name: "My account" })).toHaveAttribute("href", "/account/my-account/");
    await account.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(atPath("/account/login/"));
    await page.goto("/account/dashboard/");
    await expect(page).toHaveURL(atPath("/account/login/?next=%2Faccount%2Fdashboard%2F"));
    await context.close();
  });

  test("signed out: Sign in, coming back to the page", async ({ page }) => {
    await page.goto("/whats-on/");
    await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Sign in" }).click();
    await expect(page).toHaveURL(atPath("/account/login/?next=%2Fwhats-on%2F"));
  });
});

import { expect, test } from "@playwright/test";
import { atPath, demoPassword, lapsedMember, validMember, widgetMounted } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { showNoJavaScriptRendering } from "./support/no-javascript";

const loginFailed = "Login failed. Please check your credentials and try again.";

test.describe("sign in and out, JavaScript on", () => {
  test("a member signs in, lands on next, and logs out to the login page", async ({ page }) => {
    await page.goto("/account/login/?next=/account/dashboard/");
    await widgetMounted(page, "login-form");
    await expectNoAxeViolations(page);
    await page.getByLabel("Email address").fill(validMember);
    await page.getByLabel("Password", { exact: true }).fill(demoPassword);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(atPath("/account/dashboard/"));

    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(atPath("/account/login/"));
    const status = await page.request.get("/account/session-status/", { headers: { Accept: "application/json" } });
    expect((await status.json()).session_data.login_info).toBeNull();
  });

  test("a lapsed member is sent to link a school, keeping next", async ({ page }) => {
    await page.goto("/account/login/?next=/account/dashboard/");
    await widgetMounted(page, "login-form");
    await page.getByLabel("Email address").fill(lapsedMember);
    await page.getByLabel("Password", { exact: true }).fill(demoPassword);
    await page.getByLabel("Password", { exact: true }).press("Enter");
    await expect(page).toHaveURL(atPath("/account/register/?link-school=true&next=%2Faccount%2Fdashboard%2F"));
    await widgetMounted(page, "register-wizard");
    await expect(page.getByRole("heading", { name: "Link your school" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("empty fields, a wrong password and the show-password toggle", async ({ page }) => {
    await page.goto("/account/login/");
    await widgetMounted(page, "login-form");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText("Please enter email and password");

    await page.getByLabel("Email address").fill(validMember);
    const password = page.getByLabel("Password", { exact: true });
    await password.fill("Not-the-password-1!");
    const toggle = page.getByRole("button", { name: "Show password" });
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await expect(password).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText(loginFailed);
    await expect(page).toHaveURL(atPath("/account/login/"));
    await expectNoAxeViolations(page);
  });

  test("the page fits a 375 px phone without scrolling sideways", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/account/login/");
    await widgetMounted(page, "login-form");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe("sign in and out, JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the plain form signs in, redirects by the membership rule, and the header logs out", async ({ page }) => {
    await page.goto("/account/login/?next=/account/dashboard/");
    await page.getByLabel("Email address").fill(validMember);
    await page.getByLabel("Password", { exact: true }).fill(demoPassword);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(atPath("/account/dashboard/"));
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(atPath("/account/login/"));
  });

  test("a lapsed member goes to the register page to link a school", async ({ page }) => {
    await page.goto("/account/login/");
    await page.getByLabel("Email address").fill(lapsedMember);
    await page.getByLabel("Password", { exact: true }).fill(demoPassword);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(atPath("/account/register/?link-school=true&next=%2Faccount%2Fmy-account%2F"));
    await expect(page.getByRole("heading", { name: "Link your school" })).toBeVisible();
  });

  test("a wrong password comes back with the message and the email kept", async ({ page }) => {
    await page.goto("/account/login/");
    await page.getByLabel("Email address").fill(validMember);
    await page.getByLabel("Password", { exact: true }).fill("Not-the-password-1!");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText(loginFailed);
    await expect(page.getByLabel("Email address")).toHaveValue(validMember);
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
  });
});

test("the no-JavaScript rendering of a failed sign-in passes axe", async ({ page }) => {
  // With the bundle blocked the page is what a browser without JavaScript gets; axe itself still runs.
  await page.route("**/static/dist/**/*.js", (route) => route.abort());
  await page.goto("/account/login/");
  await showNoJavaScriptRendering(page);
  await page.getByLabel("Email address").fill(validMember);
  await page.getByLabel("Password", { exact: true }).fill("Not-the-password-1!");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText(loginFailed);
  await showNoJavaScriptRendering(page);
  await expectNoAxeViolations(page);
});

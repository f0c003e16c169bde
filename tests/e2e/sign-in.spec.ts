import { expect, test } from "@playwright/test";
import { atPath, atWizard, demoPassword, lapsedMember, registerThroughApi, uniqueEmail, validMember, widgetCallStatus, widgetMounted } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { showNoJavaScriptRendering } from "./support/no-javascript";
import { followMailedLink } from "./support/wizard";

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

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(atPath("/account/login/"));
    const status = await page.request.get("/account/session-status/", { headers: { Accept: "application/json" } });
    expect((await status.json()).session_data.login_info).toBeNull();
  });

  test("a password typed before the form's widget mounts survives the takeover, with its focus (issue 23, item 5)", async ({ page }) => {
    // Hold the form's chunk back, as a slow connection would, so the first keystrokes reach the server's inputs.
    let releaseChunk = () => {};
    const chunkHeld = new Promise<void>((resolve) => (releaseChunk = resolve));
    await page.route(/\/login-form-[^/]+\.js$/, async (route) => {
      await chunkHeld;
      await route.continue();
    });
    await page.goto("/account/login/?next=/account/dashboard/", { waitUntil: "domcontentloaded" });
    const form = page.locator('[data-widget="login-form"]');
    await page.getByLabel("Email address").fill(validMember);
    const password = page.getByLabel("Password", { exact: true });
    await password.click();
    await page.keyboard.type(demoPassword.slice(0, 4), { delay: 20 });
    await expect(form).not.toHaveAttribute("data-widget-state", "mounted");

    // Let the chunk in and keep typing while the widget mounts, then after.
    const typing = page.keyboard.type(demoPassword.slice(4, 8), { delay: 30 });
    releaseChunk();
    await typing;
    await expect(form).toHaveAttribute("data-widget-state", "mounted");
    await page.keyboard.type(demoPassword.slice(8), { delay: 20 });
    await expect(password).toHaveValue(demoPassword);
    await expect(password).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(atPath("/account/dashboard/"));
  });

  test("a lapsed member is sent to renew, keeping next", async ({ page }) => {
    await page.goto("/account/login/?next=/account/dashboard/");
    await widgetMounted(page, "login-form");
    await page.getByLabel("Email address").fill(lapsedMember);
    await page.getByLabel("Password", { exact: true }).fill(demoPassword);
    await page.getByLabel("Password", { exact: true }).press("Enter");
    await expect(page).toHaveURL(atWizard("/account/register/?link-school=true&next=%2Faccount%2Fdashboard%2F"));
    await widgetMounted(page, "register-wizard");
    // A lapsed individual goes straight to the individual plans, told when the membership ended (lapsed-renewal.spec.ts renews).
    await expect(page.getByRole("heading", { name: "Renew your membership", level: 2 })).toBeVisible();
    await expect(page.getByText(/^Your membership ended on \d{1,2} [A-Z][a-z]+ \d{4}\.$/)).toBeVisible();
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
    await page.getByRole("button", { name: "Sign out" }).click();
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

test("while sign-in is throttled, the owner signs in with an emailed link: once, through a button, via the dev mailbox", async ({ page }) => {
  // Eleven sign-ins, the mailbox and three axe runs.
  test.slow();
  const email = uniqueEmail("link-sign-in");
  const password = "Curtain-call-42!";
  await registerThroughApi(page, email, password);
  await page.goto("/account/login/");
  await widgetMounted(page, "login-form");
  // Eleven failures through the form, from this browser's address (the lock is per account and address).
  await page.getByLabel("Email address").fill(email);
  for (let failure = 1; failure <= 11; failure += 1) {
    await page.getByLabel("Password", { exact: true }).fill("Wrong-guess-1!");
    const answered = page.waitForResponse((response) => response.url().endsWith("/account/login/") && response.request().method() === "POST");
    await page.getByRole("button", { name: "Sign in" }).click();
    expect(widgetCallStatus(await answered)).toBe(failure <= 10 ? 401 : 429);
  }
  await expect(page.getByRole("alert")).toContainText("Too many failed sign-in attempts. Wait 15 minutes");
  const askForLink = page.getByRole("button", { name: "Email me a sign-in link" });
  await expect(askForLink).toBeVisible();
  await expectNoAxeViolations(page);
  await askForLink.click();
  await expect(page.getByRole("status").filter({ hasText: "If there is an account for that email address, we have sent it a sign-in link." })).toBeVisible();

  await followMailedLink(page, email, /sign-in link/i, "/account/login/link/");
  await expect(page).toHaveURL(atPath("/account/login/link/"));
  await expect(page.getByRole("heading", { name: "Sign in with your link" })).toBeVisible();
  await expectNoAxeViolations(page);
  // Opening the link signed nobody in: only the button does.
  const before = await page.request.get("/account/session-status/", { headers: { Accept: "application/json" } });
  expect((await before.json()).session_data.login_info).toBeNull();
  await page.getByRole("button", { name: "Sign in" }).click();
  // No school or membership yet: the membership rule sends a new account to link one.
  await expect(page).toHaveURL(/\/account\/register\/\?link-school=true/);
  const after = await page.request.get("/account/session-status/", { headers: { Accept: "application/json" } });
  expect((await after.json()).session_data.login_info.email).toBe(email);

  // The link works once.
  await followMailedLink(page, email, /sign-in link/i, "/account/login/link/");
  await expect(page.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
  await expect(page.getByRole("alert")).toContainText("This sign-in link has expired or has already been used.");
  await expectNoAxeViolations(page);
});

import { expect, test, type Page } from "@playwright/test";
import { atPath, signInThroughApi, uniqueEmail, validMember, widgetMounted } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { showNoJavaScriptRendering } from "./support/no-javascript";

const newPassword = "Stage-door-42!";
const taken = "The email address you entered is already associated with an account. Please log in or try again with another email address.";

async function fillAccountForm(page: Page) {
  await page.getByLabel("First name").fill("Tomasz");
  await page.getByLabel("Last name").fill("Wiśniewski");
  await page.getByLabel("Phone number (optional)").fill("01632 960 777");
  await page.getByLabel(/^Password/).fill(newPassword);
}

async function signedInEmail(page: Page): Promise<string | null> {
  const status = await page.request.get("/account/session-status/", { headers: { Accept: "application/json" } });
  return (await status.json()).session_data.login_info?.email ?? null;
}

test.describe("sign up, JavaScript on", () => {
  test("through lookupAccount and createAccount, signed in, on to the school step", async ({ page }) => {
    // Creating the account hashes its password at full scrypt cost: slow on purpose.
    test.slow();
    const email = uniqueEmail("signup-js");
    await page.goto("/account/register/?next=/account/dashboard/");
    await widgetMounted(page, "register-wizard");
    await expectNoAxeViolations(page);
    await page.getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: "Continue" }).click();

    await expect(page.getByRole("heading", { name: "Create your account" })).toBeFocused();
    await expect(page.getByRole("main").getByRole("status")).toHaveText("No account found with that email address. Please register.");
    await expect(page.getByLabel("Email address")).toHaveValue(email);
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByLabel("First name")).toBeFocused();
    await expect(page.getByText("Enter your first name")).toBeVisible();

    await fillAccountForm(page);
    await page.getByRole("button", { name: "Create account" }).click();
    // Signed in, the wizard goes on to the school; next is where it ends.
    await expect(page.getByRole("heading", { name: "Link your school" })).toBeFocused();
    expect(await signedInEmail(page)).toBe(email);
  });

  test("an existing email gets the existing-account message", async ({ page }) => {
    await page.goto("/account/register/");
    await widgetMounted(page, "register-wizard");
    await page.getByLabel("Email address").fill(validMember);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText(taken)).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign in", exact: true }).last()).toHaveAttribute("href", "/account/login/?next=%2Faccount%2Fmy-account%2F");
    await expectNoAxeViolations(page);
  });
});

test.describe("sign up, JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the lookup form, then the account form, to next, signed in", async ({ page }) => {
    // Creating the account hashes its password at full scrypt cost: slow on purpose.
    test.slow();
    const email = uniqueEmail("signup-nojs");
    await page.goto("/account/register/?next=/account/dashboard/");
    await page.getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("No account found with that email address. Please register.")).toBeVisible();
    await expect(page.getByLabel("Email address")).toHaveValue(email);

    await page.getByLabel("First name").fill("Tomasz");
    await page.getByLabel("Last name").fill("Wiśniewski");
    await page.getByLabel(/^Password/).fill("weakpass");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("alert")).toContainText("Password must be at least 8 characters long");
    await expect(page.getByLabel("First name")).toHaveValue("Tomasz");

    await page.getByLabel(/^Password/).fill(newPassword);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(atPath("/account/dashboard/"));
    expect(await signedInEmail(page)).toBe(email);
  });
});

test("the no-JavaScript sign-up screens pass axe", async ({ page }) => {
  await page.route("**/static/dist/**/*.js", (route) => route.abort());
  await page.goto("/account/register/");
  await showNoJavaScriptRendering(page);
  await expectNoAxeViolations(page);
  await page.goto(`/account/lookup/?email=${encodeURIComponent(uniqueEmail("axe"))}&next=%2F`);
  await showNoJavaScriptRendering(page);
  await expectNoAxeViolations(page);
  await page.goto(`/account/lookup/?email=${encodeURIComponent(validMember)}`);
  await showNoJavaScriptRendering(page);
  await expectNoAxeViolations(page);
});

test.describe("Signed in, before the wizard starts", () => {
  const loading = "Loading your membership options…";
  const noJavaScript = "Linking your account to a school needs JavaScript, which is turned off or blocked in this browser.";

  test("with JavaScript, a loading line holds the wizard's place: nobody is told to turn JavaScript on", async ({ page }) => {
    await signInThroughApi(page, "individual@example.com");
    // The wizard's code never arrives, so the page stays as it is before the wizard mounts.
    await page.route(/\/static\/dist\/assets\/register-wizard-[\w-]+\.js$/, () => {});
    await page.goto("/account/register/?link-school=true");
    await expect(page.getByText(loading)).toBeVisible();
    await expect(page.getByText(noJavaScript)).toBeHidden();
  });

  test("Link your school's heading and intro are painted before the wizard's code arrives, where its screen then shows them", async ({ page }) => {
    await signInThroughApi(page, "individual@example.com");
    // Hold the wizard's code until the page before it has been measured.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/static\/dist\/assets\/register-wizard-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    // A phone's width, where the "Why join" aside is below the card and would move if the screen's room changed.
    await page.setViewportSize({ width: 412, height: 823 });
    await page.goto("/account/register/?link-school=true");
    const wizard = page.locator('[data-widget="register-wizard"]');
    const aside = page.getByRole("complementary", { name: "Why join" });
    const heading = wizard.getByRole("heading", { name: "Link your school" });
    const intro = wizard.getByText("Tell us what kind of school you teach at, then find it by name, postcode or URN.");
    await expect(heading).toBeVisible();
    await expect(intro).toBeVisible();
    await expect(page.getByText(loading)).toBeVisible();
    const before = { heading: await heading.boundingBox(), intro: await intro.boundingBox(), aside: await aside.boundingBox() };
    release();
    await expect(wizard).toHaveAttribute("data-widget-state", "mounted");
    await expect(page.getByText(loading)).toHaveCount(0);
    await expect(wizard.getByLabel("School type")).toBeVisible();
    // The widget's own heading and intro, in the same place, and the aside below still: nothing jumps as it mounts.
    // Within half a pixel: the loading line's text and the progress line's round differently.
    for (const [name, locator] of [["heading", heading], ["intro", intro], ["aside", aside]] as const) {
      const [was, is] = [before[name]!, (await locator.boundingBox())!];
      expect({ name, x: is.x, width: is.width }).toEqual({ name, x: was.x, width: was.width });
      expect(is.y, name).toBeCloseTo(was.y, 0);
      expect(is.height, name).toBeCloseTo(was.height, 0);
    }
  });

  test("a wizard that cannot start gives the page back its way to link a school by email", async ({ page }) => {
    await signInThroughApi(page, "individual@example.com");
    await page.route(/\/static\/dist\/assets\/register-wizard-[\w-]+\.js$/, (route) => route.abort());
    await page.goto("/account/register/?link-school=true");
    await expect(page.locator('[data-widget="register-wizard"]')).toHaveAttribute("data-widget-state", "error");
    await expect(page.getByText(noJavaScript)).toBeVisible();
    await expect(page.getByText(loading)).toBeHidden();
    await expect(page.getByText("then find it by name, postcode or URN")).toBeHidden();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the page says how to link a school instead, with no loading line", async ({ page }) => {
      await signInThroughApi(page, "individual@example.com");
      await page.goto("/account/register/?link-school=true");
      await expect(page.getByText(noJavaScript)).toBeVisible();
      await expect(page.getByText(loading)).toBeHidden();
      // The intro tells a wizard's user how to find their school: without JavaScript it is not said.
      await expect(page.getByText("then find it by name, postcode or URN")).toBeHidden();
    });
  });
});

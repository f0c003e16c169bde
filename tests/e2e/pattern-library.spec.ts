import { expect, test, type Page } from "@playwright/test";
import { atPath, demoPassword, uniqueEmail, validMember, widgetMounted } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { signUpAndStaySignedIn } from "./support/my-account";

/*
 * The pattern pages of the account, resource and search widgets: each live
 * example mounts and does what its page says, against the real endpoints.
 * (tests/server/routes/pages.test.ts checks every registry widget has a page;
 * tests/e2e/accessibility.spec.ts runs axe on each, with and without JavaScript,
 * as a visitor sees it; the signed-in versions and the open dialog are checked here.)
 */

async function openPattern(page: Page, name: string): Promise<void> {
  await page.goto(`/patterns/${name}/`);
  await widgetMounted(page, name);
}

const example = (page: Page) => page.locator('section[aria-labelledby="example"]');

test.describe("pattern examples, JavaScript on", () => {
  test("search box: suggests the site's real pages as you type", async ({ page }) => {
    await page.goto("/patterns/search-box/");
    const root = example(page).locator('[data-widget="search-box"]');
    // It mounts on first interaction (docs/performance.md): a pointer over it.
    await root.hover();
    await expect(root).toHaveAttribute("data-widget-state", "mounted");
    const field = page.getByRole("combobox", { name: "Search events, resources and pages" });
    await field.fill("macbeth");
    await expect(page.locator("#pattern-search-listbox")).toBeVisible();
    await expect(page.locator("#pattern-search-option-0")).toContainText(/Macbeth/);
    await field.press("Escape");
    await field.press("Enter");
    await expect(page).toHaveURL(atPath("/search/?q=macbeth"));
  });

  test("save resource, signed out: a click asks the visitor to sign in and come back here", async ({ page }) => {
    await openPattern(page, "save-resource");
    const control = example(page).locator('[data-widget="save-resource"]');
    await control.getByRole("button").click();
    const alert = control.getByRole("alert");
    await expect(alert).toContainText("You must be logged in to save resources.");
    await expect(alert.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/account/login/?next=%2Fpatterns%2Fsave-resource%2F");
  });

  test("save resource, signed in: saves the real resource, still saved after a reload", async ({ page }) => {
    await signUpAndStaySignedIn(page, "pattern-save");
    await openPattern(page, "save-resource");
    const button = example(page).locator('[data-widget="save-resource"]').getByRole("button");
    await expect(button).toHaveAttribute("aria-pressed", "false");
    await button.click();
    await expect(button).toHaveAttribute("aria-pressed", "true");
    await openPattern(page, "save-resource");
    await expect(example(page).locator('[data-widget="save-resource"]').getByRole("button")).toHaveAttribute("aria-pressed", "true");
    await expectNoAxeViolations(page);
  });

  test("resource filters: folds behind Show filter on a phone, and a ticked box sends the form to the listing", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await openPattern(page, "resource-filters");
    const toggle = page.getByRole("button", { name: "Show filter" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(page.getByRole("button", { name: "Hide filter" })).toHaveAttribute("aria-expanded", "true");
    const box = page.getByRole("checkbox", { name: /^Key Stage 3\b/ });
    await box.check();
    await expect(page.getByRole("button", { name: "Clear all (1)" })).toBeVisible();
    await expect(page).toHaveURL(/\/resources\/\?.*key_stage=ks3/);
  });

  test("sign-in form: signs a member in and comes back to the pattern page", async ({ page }) => {
    await openPattern(page, "login-form");
    const form = example(page);
    await form.getByLabel("Email address").fill(validMember);
    await form.getByLabel("Password", { exact: true }).fill("not-the-password");
    await form.getByRole("button", { name: "Sign in" }).click();
    await expect(form.getByRole("alert")).toContainText("Login failed. Please check your credentials and try again.");
    await form.getByLabel("Password", { exact: true }).fill(demoPassword);
    await form.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(atPath("/patterns/login-form/"));
    await expect(example(page)).toContainText(`You are signed in as ${validMember}.`);
  });

  test("registration wizard: an address without an account goes on to Create your account", async ({ page }) => {
    await openPattern(page, "register-wizard");
    const wizard = example(page).locator('[data-widget="register-wizard"]');
    const email = uniqueEmail("pattern-wizard");
    await wizard.getByLabel("Email address").fill(email);
    await wizard.getByRole("button", { name: "Continue" }).click();
    await expect(wizard.getByRole("heading", { name: "Create your account" })).toBeFocused();
    await expect(wizard).toContainText("No account found with that email address. Please register.");
    await expect(wizard.getByLabel("Email address")).toHaveValue(email);
  });

  test("registration wizard, signed in: starts at Link your school", async ({ page }) => {
    await signUpAndStaySignedIn(page, "pattern-wizard-in");
    await openPattern(page, "register-wizard");
    const wizard = example(page).locator('[data-widget="register-wizard"]');
    await expect(wizard.getByRole("heading", { name: "Link your school" })).toBeVisible();
    await expect(wizard.getByLabel("School type")).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("My account tabs: a tab click and an in-page link both choose the tab, in the address", async ({ page }) => {
    await openPattern(page, "account-tabs");
    const tablist = page.getByRole("tablist", { name: "Planning a school visit" });
    await expect(tablist.getByRole("tab")).toHaveText(["Before your visit", "On the day", "After the show"]);
    await tablist.getByRole("tab", { name: "On the day" }).click();
    await expect(page.getByRole("tabpanel")).toHaveAccessibleName("On the day");
    await expect(page).toHaveURL(/#visit-day$/);
    await page.getByRole("link", { name: "this link to After the show" }).click();
    await expect(tablist.getByRole("tab", { name: "After the show" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel")).toHaveAccessibleName("After the show");
  });

  test("account form, signed out: the server's refusal shows in the form", async ({ page }) => {
    await openPattern(page, "account-form");
    const form = example(page);
    await form.getByLabel("First name").fill("Imogen");
    await form.getByLabel("Last name").fill("Achterberg");
    await form.getByRole("button", { name: "Save details" }).click();
    await expect(form.locator(".error-summary")).toContainText("You must be signed in.");
  });

  test("account form, signed in: saves the person's own name and shows it in place", async ({ page }) => {
    await signUpAndStaySignedIn(page, "pattern-form");
    await openPattern(page, "account-form");
    const form = example(page);
    await expect(form.getByLabel("First name")).toHaveValue("Imogen");
    await form.getByLabel("First name").fill("Ngozi");
    await form.getByRole("button", { name: "Save details" }).click();
    await expect(form.getByText("Profile updated successfully!")).toBeVisible();
    await expect(form.locator('[data-account-detail="FirstName"]')).toHaveText("Ngozi");
    await expectNoAxeViolations(page);
  });

  test("change-email dialog: opens over the page on the form, Escape closes it and focus returns", async ({ page }) => {
    await openPattern(page, "change-email-dialog");
    // The form inside is its own widget, moved with the dialog to the end of <body>.
    await expect(page.locator('#example-email [data-widget="account-form"], .change-email-dialog [data-widget="account-form"]')).toHaveAttribute(
      "data-widget-state",
      "mounted",
    );
    const open = page.getByRole("button", { name: "Change email address" });
    await open.click();
    const dialog = page.getByRole("dialog", { name: "Change your email address" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("New email address")).toBeFocused();
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
  });

  test("change-email dialog, signed in: shows the person's own address", async ({ page }) => {
    const person = await signUpAndStaySignedIn(page, "pattern-email");
    await openPattern(page, "change-email-dialog");
    await expect(page.locator("#example-email-current")).toHaveText(person.email);
    await expectNoAxeViolations(page);
  });
});

test.describe("pattern examples, JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("search box: a plain search form to the results page", async ({ page }) => {
    await page.goto("/patterns/search-box/");
    await page.getByLabel("Search events, resources and pages").fill("crucible");
    await example(page).getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(atPath("/search/?q=crucible"));
  });

  test("save resource, signed out: the button leads to sign in, to come back here", async ({ page }) => {
    await page.goto("/patterns/save-resource/");
    await example(page).locator('[data-widget="save-resource"]').getByRole("button").click();
    await expect(page).toHaveURL(atPath("/account/login/?next=%2Fpatterns%2Fsave-resource%2F"));
  });

  test("change-email dialog: the form shows in place, with no button", async ({ page }) => {
    await page.goto("/patterns/change-email-dialog/");
    await expect(example(page).getByRole("heading", { name: "Change your email address" })).toBeVisible();
    await expect(example(page).getByLabel("New email address")).toBeVisible();
    await expect(page.getByRole("button", { name: "Change email address" })).toHaveCount(0);
  });

  test("My account tabs: a contents list, then every section", async ({ page }) => {
    await page.goto("/patterns/account-tabs/");
    await expect(page.getByRole("navigation", { name: "Planning a school visit" }).getByRole("link")).toHaveText([
      "Before your visit",
      "On the day",
      "After the show",
    ]);
    for (const heading of ["Before your visit", "On the day", "After the show"]) {
      await expect(example(page).getByRole("heading", { name: heading })).toBeVisible();
    }
  });
});

import { expect, test, type Locator, type Page } from "@playwright/test";
import { uniqueEmail, widgetMounted } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { wizardPassword } from "./support/wizard";

/*
 * The wizard as one flow (issue 23, item 6 and "The wizard as one flow"):
 * each step is a history entry that Back, Forward and a reload come back
 * to; "Step N of M" for the chosen pathway; the step in a phone's first
 * screen; school suggestions above the keyboard at 375 px.
 */

const progress = (page: Page) => page.locator(".register-wizard__progress");
const combobox = (page: Page) => page.getByRole("combobox", { name: /School name, postcode or URN/ });

/** A new account, signed in through the real sign-up call (as the wizard makes it), without walking its screens. */
async function signedUp(page: Page): Promise<void> {
  await page.goto("/account/register/");
  const token = await page.locator('meta[name="csrf-token"]').getAttribute("content");
  const response = await page.request.post("/account/register/", {
    headers: { "X-CSRFToken": token ?? "", "X-Requested-With": "XMLHttpRequest" },
    data: { first_name: "Nia", last_name: "Okafor", phone_number: "", email: uniqueEmail("flow"), password: wizardPassword, next: "/" },
  });
  expect(response.status()).toBe(201);
}

async function openWizard(page: Page, path = "/account/register/?link-school=true"): Promise<void> {
  await page.goto(path);
  await widgetMounted(page, "register-wizard");
}

/** The box lies inside the visible area (the visual viewport: what the keyboard leaves). */
async function expectInsideVisibleArea(page: Page, locator: Locator): Promise<void> {
  const box = await locator.boundingBox();
  const visible = await page.evaluate(() => ({ top: window.visualViewport?.offsetTop ?? 0, height: window.visualViewport?.height ?? window.innerHeight }));
  expect(box).not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(visible.top);
  expect(box!.y + box!.height).toBeLessThanOrEqual(visible.top + visible.height);
}

test.describe("the wizard as one flow", () => {
  test.slow();

  test("Back and Forward move between steps, each a history entry named in the URL and title; a reload resumes the step", async ({ page }) => {
    await openWizard(page, "/account/register/");
    await expect(progress(page)).toHaveText("Step 1");
    await expect(page).toHaveTitle(/^Enter your email address \(step 1\) – /);
    await expectNoAxeViolations(page);
    const email = uniqueEmail("history");
    await page.getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { name: "Create your account" })).toBeFocused();
    await expect(page).toHaveURL(/[?&]step=createAccount\b/);
    await expect(progress(page)).toHaveText("Step 2");

    await page.goBack();
    await expect(page.getByRole("heading", { name: "Enter your email address" })).toBeFocused();
    await expect(page).toHaveURL(/[?&]step=lookupAccount\b/);
    await expect(page.getByLabel("Email address")).toHaveValue(email);
    await page.goForward();
    await expect(page.getByRole("heading", { name: "Create your account" })).toBeFocused();
    await expect(page.getByLabel("Email address")).toHaveValue(email);
    await expect(page).toHaveTitle(/^Create your account \(step 2\) – /);

    await page.getByLabel("First name").fill("Nia");
    await page.getByLabel("Last name").fill("Okafor");
    await page.getByLabel(/^Password/).fill(wizardPassword);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("heading", { name: "Link your school" })).toBeFocused();
    await expect(progress(page)).toHaveText("Step 3");
    // The pathway sets how many steps there are; another pathway, another count.
    await page.getByLabel("School type").selectOption({ label: "UK State School (FREE)" });
    await expect(progress(page)).toHaveText("Step 3 of 5");
    await page.getByLabel("School type").selectOption({ label: "UK Independent School" });
    await expect(progress(page)).toHaveText("Step 3 of 6");
    await page.getByLabel("School type").selectOption({ label: "UK State School (FREE)" });
    await combobox(page).fill("Oakfield");
    await page.getByRole("option", { name: /Oakfield Primary School/ }).click();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { name: "Is this your school?" })).toBeFocused();
    await expect(progress(page)).toHaveText("Step 4 of 5");
    await expect(page).toHaveURL(/[?&]step=confirmSchool\b/);
    await expect(page).toHaveTitle(/^Is this your school\? \(step 4 of 5\) – /);
    await expectNoAxeViolations(page);

    // Back to the school step, with the school still chosen; Forward to the confirmation again.
    await page.goBack();
    await expect(page.getByRole("heading", { name: "Link your school" })).toBeFocused();
    await expect(page).toHaveURL(/[?&]step=schoolTypeAndSearch\b/);
    await expect(page.getByText("Oakfield Primary School").first()).toBeVisible();
    await page.goForward();
    await expect(page.getByRole("heading", { name: "Is this your school?" })).toBeFocused();

    // A reload carries on at the same step, with the same school.
    await page.reload();
    await widgetMounted(page, "register-wizard");
    await expect(page.getByRole("heading", { name: "Is this your school?" })).toBeVisible();
    await expect(page.getByText("Oakfield Primary School").first()).toBeVisible();
    await expect(progress(page)).toHaveText("Step 4 of 5");
    // Signed in now, Back passes over the account screens: still the wizard's school step first.
    await page.goBack();
    await expect(page.getByRole("heading", { name: "Link your school" })).toBeFocused();
    await expectNoAxeViolations(page);
  });

  test("a new tab at a step's address resumes where the person was", async ({ page, context }) => {
    await signedUp(page);
    await openWizard(page);
    await page.getByLabel("School type").selectOption({ label: "UK State School (FREE)" });
    await combobox(page).fill("Oakfield");
    await page.getByRole("option", { name: /Oakfield Primary School/ }).click();
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { name: "Is this your school?" })).toBeFocused();

    const tab = await context.newPage();
    await tab.goto(page.url());
    await widgetMounted(tab, "register-wizard");
    await expect(tab.getByRole("heading", { name: "Is this your school?" })).toBeVisible();
    await expect(tab.getByText("Oakfield Primary School").first()).toBeVisible();
    await expect(progress(tab)).toHaveText("Step 2 of 3");
  });

  test("at 375 × 667 the step's heading is in the first screen, under a slim header", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 667 });
    await openWizard(page, "/account/register/");
    const lookup = page.getByRole("heading", { name: "Enter your email address" });
    await expect(lookup).toBeVisible();
    await expectInsideVisibleArea(page, lookup);
    await expectInsideVisibleArea(page, page.getByLabel("Email address"));
    await expectNoAxeViolations(page);

    await signedUp(page);
    await openWizard(page);
    const school = page.getByRole("heading", { name: "Link your school" });
    await expect(school).toBeVisible();
    await expectInsideVisibleArea(page, school);
    await expectInsideVisibleArea(page, progress(page));
    await expectNoAxeViolations(page);
  });

  test("at 375 px the school suggestions stay inside the visible area, with and without the keyboard's share of the screen", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 667 });
    await signedUp(page);
    await openWizard(page);
    await page.getByLabel("School type").selectOption({ label: "UK State School (FREE)" });
    await combobox(page).focus();
    await combobox(page).pressSequentially("Academy");
    const listbox = page.getByRole("listbox", { name: /schools/i });
    await expect(listbox.getByRole("option").first()).toBeVisible();
    await expectInsideVisibleArea(page, combobox(page));
    await expectInsideVisibleArea(page, listbox);

    // An on-screen keyboard takes the lower part of the screen: the list shrinks to what is left above it.
    await page.setViewportSize({ width: 375, height: 360 });
    await expect(async () => {
      await expectInsideVisibleArea(page, combobox(page));
      await expectInsideVisibleArea(page, listbox);
    }).toPass();
    await expect(listbox.getByRole("option").first()).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

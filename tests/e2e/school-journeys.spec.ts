import { expect, test, type Page } from "@playwright/test";
import { uniqueEmail, widgetMounted } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { checkStepAtBothWidths } from "./support/journeys";
import { chooseSchool, confirmEmailPage, confirmWithVerifiedEmail, followMailedLink, pressLinkButton, signUpThroughWizard, welcomeEmail, wizardPassword } from "./support/wizard";

/*
 * The journeys of the schools-and-memberships work (accounts spec, sections 2
 * and 4), through the real wizard, server, embedded CRM and dev mailbox, on
 * the demo schools (fixtures/content/schools.yaml). Each journey signs up its
 * own teacher, so parallel workers never share one. Hillcrest gains its
 * membership in its journey alone, walked once with each step checked at 1280
 * and 375 px (tests/e2e/support/journeys.ts); Oakfield gains its admin in
 * school-admin-journeys.spec.ts, the other demo schools' journeys are in
 * wizard-journeys.spec.ts.
 */

const stateSchool = "UK State School (FREE)";
async function schoolIdOf(page: Page, query: string): Promise<number> {
  const answer = await page.request.get(`/account/school-search/?query=${encodeURIComponent(query)}`);
  return (await answer.json()).hits[0].constituentId as number;
}

test.describe("joining a school through the wizard", () => {
  // Each journey creates an account (full-cost password hashing) and walks several screens.
  test.slow();

  test("an email outside the school's domain reaches invalidEmail", async ({ page }) => {
    await signUpThroughWizard(page, uniqueEmail("wrong-domain"));
    await chooseSchool(page, stateSchool, "Oakfeild", "Oakfield Primary");
    await page.getByRole("button", { name: "Yes, link my account" }).click();
    await expect(page.getByRole("heading", { name: "Your email address does not match this school" })).toBeFocused();
    await expectNoAxeViolations(page);
  });

  test("the link opened in another browser confirms the address without signing in; signing in there resumes the wizard", async ({ page, browser }) => {
    const email = uniqueEmail("other-browser").replace("@example.org", "@oakfield.sch.uk");
    await signUpThroughWizard(page, email);
    await chooseSchool(page, stateSchool, "Oakfield", "Oakfield Primary");
    await page.getByRole("button", { name: "Yes, link my account" }).click();
    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeFocused();

    const phone = await (await browser.newContext()).newPage();
    await followMailedLink(phone, email, welcomeEmail, "verify-email");
    await pressLinkButton(phone, confirmEmailPage.heading, confirmEmailPage.button);
    await expect(phone.getByRole("heading", { name: "Your email address is confirmed" })).toBeVisible();
    await widgetMounted(phone, "login-form");
    await expectNoAxeViolations(phone);
    expect((await (await phone.request.get("/account/session-status/")).json()).session_data.login_info).toBeNull();
    await phone.getByLabel("Email address").fill(email);
    await phone.getByLabel("Password", { exact: true }).fill(wizardPassword);
    await phone.getByRole("button", { name: "Sign in" }).click();
    await expect(phone).toHaveURL(/\/account\/register\/\?link-school=true&resume=/);
    await widgetMounted(phone, "register-wizard");
    await expect(phone.getByRole("heading", { name: "Is this your school?" })).toBeVisible();
  });

  test("Riverside has no seat left: nothing is granted, and the wizard says so", async ({ page }) => {
    const email = uniqueEmail("no-seat").replace("@example.org", "@riverside.sch.uk");
    await signUpThroughWizard(page, email);
    await chooseSchool(page, stateSchool, "9000002", "Riverside Academy");
    await confirmWithVerifiedEmail(page, email);
    // The membership is valid: the heading says what is true (wizard-journeys.spec.ts walks the rest of this screen).
    await expect(page.getByRole("heading", { name: "Riverside Academy's seats are all in use" })).toBeFocused();
    await expect(page.getByText("No seats available for the membership, needs to be renewed")).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("Hillcrest, a state school without a membership, gets one created and the teacher joins (each step checked at both widths)", async ({ page }) => {
    test.setTimeout(240_000);
    const check = checkStepAtBothWidths;
    const email = uniqueEmail("hillcrest").replace("@example.org", "@hillcrest.sch.uk");
    await signUpThroughWizard(page, email, check);
    const hillcrest = await schoolIdOf(page, "Hillcrest High");
    const before = await (await page.request.get(`/account/membership-summary/${hillcrest}/`)).json();
    expect(before.details).toBeNull();

    await chooseSchool(page, stateSchool, "Hillcrest", "Hillcrest High", check);
    await confirmWithVerifiedEmail(page, email, check);
    await expect(page.getByRole("heading", { name: "Become your school's admin?" })).toBeFocused();
    await check(page);
    await page.getByRole("button", { name: "No thanks" }).click();
    await expect(page.getByRole("heading", { name: "You're all set" })).toBeFocused();
    await check(page);

    const after = await (await page.request.get(`/account/membership-summary/${hillcrest}/`)).json();
    expect(after.details.Constituent.DisplayName).toBe("Hillcrest High School");
    // The finish: a teacher (not an admin) at Hillcrest, whose free membership is valid.
    await page.getByRole("link", { name: "See your membership" }).click();
    await expect(page).toHaveURL(/\/account\/dashboard\/$/);
    const school = page.locator(".dashboard__card", { has: page.getByRole("heading", { name: "School" }) });
    await expect(school).toContainText("Hillcrest High School");
    await expect(school).toContainText(/Valid until \d{1,2} [A-Z][a-z]+ \d{4}/);
    await check(page);
  });

  test("St Catherine's already has an admin: contactYourAdmin, which names nobody to an address outside its domain", async ({ page }) => {
    // Its own teachers confirm their address first and are told the admin's name (wizard-journeys.spec.ts); a stranger is not.
    await signUpThroughWizard(page, uniqueEmail("independent"));
    await chooseSchool(page, "UK Independent School", "St Catherine", "St Catherine's College");
    await expect(page.getByRole("heading", { name: "Contact your school's admin" })).toBeFocused();
    await expect(page.getByText(/Helen/)).toHaveCount(0);
    await expect(page.getByText(/Ask your school's admin in person or by your school's email to add you; your account is kept/)).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("an independent school not in the register: contactSupport, with the school recorded", async ({ page }) => {
    await signUpThroughWizard(page, uniqueEmail("independent-new"));
    await page.getByLabel("School type").selectOption({ label: "UK Independent School" });
    await page.getByRole("button", { name: /enter its address/ }).click();
    await page.getByLabel("School name").fill("Hollybrook Preparatory School");
    await page.getByLabel("Address line 1").fill("2 Hollybrook Lane");
    await page.getByLabel("Town or city").fill("Bath");
    // A postcode no other school has, so the school is created rather than found.
    await page.getByLabel("Postcode").fill(`BA${Math.floor(Math.random() * 90) + 10} ${Date.now() % 10}ZZ`);
    const created = page.waitForResponse((response) => response.url().endsWith("/account/create-constituent/"));
    await page.getByRole("button", { name: "Continue" }).click();
    expect((await created).status()).toBe(201);
    await expect(page.getByRole("heading", { name: "Contact us to join" })).toBeFocused();
    await expectNoAxeViolations(page);
  });

  test("manual entry with a country without states: no state asked, and none sent", async ({ page }) => {
    await signUpThroughWizard(page, uniqueEmail("abroad"));
    await page.getByLabel("School type").selectOption({ label: "International School" });
    await page.getByRole("button", { name: /enter its address/ }).click();
    await page.getByLabel("Country").selectOption({ label: "Canada" });
    await expect(page.getByLabel("State or region")).toBeVisible();
    await page.getByLabel("Country").selectOption({ label: "Portugal" });
    await expect(page.getByLabel(/State or region/)).toHaveCount(0);
    await expectNoAxeViolations(page);

    await page.getByLabel("School name").fill("Escola Internacional do Porto");
    await page.getByLabel("Address line 1").fill("Rua das Flores 10");
    await page.getByLabel("Town or city").fill("Porto");
    await page.getByLabel("Postcode").fill("4050-262");
    const created = page.waitForRequest((request) => request.url().endsWith("/account/create-constituent/"));
    await page.getByRole("button", { name: "Continue" }).click();
    const address = (await created).postDataJSON().Addresses[0];
    expect(address.State).toBeNull();
    expect(address.Country.Id).not.toBe(209);
    await expect(page.getByRole("heading", { name: "Contact us to join" })).toBeFocused();
  });
});

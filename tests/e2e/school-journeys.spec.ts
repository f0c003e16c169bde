import { expect, test, type Browser, type Page } from "@playwright/test";
import { atPath, demoPassword, uniqueEmail, widgetMounted } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { chooseSchool, followMailedLink, signUpThroughWizard, wizardPassword } from "./support/wizard";

/*
 * The journeys of the schools-and-memberships work (accounts spec, sections 2
 * and 4), through the real wizard, server, embedded CRM and dev mailbox, on
 * the demo schools (fixtures/content/schools.yaml). Each journey signs up its
 * own teacher, so parallel workers never share one; the demo school each
 * changes (Oakfield gains an admin, Hillcrest a membership) is changed by that
 * journey alone.
 */

const stateSchool = "UK State School (FREE)";
/** The welcome email's subject: its link is the one that confirms the address (one email per sign-up, docs/crm.md). */
const welcomeEmail = /Welcome to .+: please confirm your email address/;

/** Confirms a state school, proves the address through the mailed link, and confirms again on the resumed screen. */
async function confirmWithVerifiedEmail(page: Page, email: string): Promise<void> {
  await expect(page.getByRole("heading", { name: "Is this your school?" })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Yes, link my account" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeFocused();
  await expect(page.getByRole("status")).toContainText(`Follow the link in the email we sent to ${email} when you signed up`);
  await expectNoAxeViolations(page);
  // One email per sign-up: choosing the school sent nothing new, the welcome email's link carries the choice.
  await page.goto("/dev/mailbox/");
  await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(1);

  await followMailedLink(page, email, welcomeEmail, "verify-email");
  await expect(page).toHaveURL(/\/account\/register\/\?link-school=true&resume=/);
  await widgetMounted(page, "register-wizard");
  // Resumed where it was left, with the school still chosen: nothing to type again.
  await expect(page.getByRole("heading", { name: "Is this your school?" })).toBeVisible();
  await page.getByRole("button", { name: "Yes, link my account" }).click();
}

async function schoolIdOf(page: Page, query: string): Promise<number> {
  const answer = await page.request.get(`/account/school-search/?query=${encodeURIComponent(query)}`);
  return (await answer.json()).hits[0].constituentId as number;
}

async function signedInPage(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto("/account/login/");
  // Typed only once the widget has taken over the form (as sign-in.spec.ts does): a password typed while it mounts can be lost.
  await widgetMounted(page, "login-form");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(demoPassword);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).not.toHaveURL(/\/account\/login\//);
  return page;
}

test.describe("joining a school through the wizard", () => {
  // Each journey creates an account (full-cost password hashing) and walks several screens.
  test.slow();

  test("a new teacher at Oakfield proves their address, joins, accepts admin, and is done", async ({ page }) => {
    const email = uniqueEmail("teacher").replace("@example.org", "@oakfield.sch.uk");
    await signUpThroughWizard(page, email);
    await chooseSchool(page, stateSchool, "Oakfield", "Oakfield Primary");
    await confirmWithVerifiedEmail(page, email);

    await expect(page.getByRole("heading", { name: "Become your school's admin?" })).toBeFocused();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Yes, make me the admin" }).click();
    await expect(page.getByRole("heading", { name: "You're all set" })).toBeFocused();
    await expect(page.getByText("Your account is linked to Oakfield Primary")).toBeVisible();
    await expectNoAxeViolations(page);

    // The server agrees: an admin at Oakfield, shown on the School tab.
    await page.goto("/account/my-account/#school");
    await expect(page.getByRole("tabpanel", { name: "School" })).toContainText("Oakfield Primary");
    await expect(page.getByRole("tabpanel", { name: "School" })).toContainText("Admin");
  });

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
    await chooseSchool(page, stateSchool, "100002", "Riverside Academy");
    await confirmWithVerifiedEmail(page, email);
    // The membership is valid: the heading says what is true (wizard-journeys.spec.ts walks the rest of this screen).
    await expect(page.getByRole("heading", { name: "Riverside Academy's seats are all in use" })).toBeFocused();
    await expect(page.getByText("No seats available for the membership, needs to be renewed")).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("Hillcrest, a state school without a membership, gets one created and the teacher joins", async ({ page }) => {
    const email = uniqueEmail("hillcrest").replace("@example.org", "@hillcrest.sch.uk");
    await signUpThroughWizard(page, email);
    const hillcrest = await schoolIdOf(page, "Hillcrest High");
    const before = await (await page.request.get(`/account/membership-summary/${hillcrest}/`)).json();
    expect(before.details).toBeNull();

    await chooseSchool(page, stateSchool, "Hillcrest", "Hillcrest High");
    await confirmWithVerifiedEmail(page, email);
    await expect(page.getByRole("heading", { name: "Become your school's admin?" })).toBeFocused();
    await page.getByRole("button", { name: "No thanks" }).click();
    await expect(page.getByRole("heading", { name: "You're all set" })).toBeFocused();

    const after = await (await page.request.get(`/account/membership-summary/${hillcrest}/`)).json();
    expect(after.details.Constituent.DisplayName).toBe("Hillcrest High School");
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

test("an invite, followed from the mailbox, signs the invited teacher up and joins them to the school", async ({ page, browser }) => {
  test.slow();
  const invited = uniqueEmail("invited");
  const admin = await signedInPage(browser, "head@stcatherines.org.uk");
  await admin.goto("/account/my-account/#school");
  await widgetMounted(admin, "edit-users-dialog");
  await admin.getByRole("button", { name: "Edit users" }).click();
  const dialog = admin.getByRole("dialog");
  await dialog.getByLabel("Their email address").fill(invited);
  await dialog.getByRole("button", { name: "Send invite" }).click();
  // Sent: the dialog closes and the page says so.
  await expect(admin.getByText("Invite sent successfully!")).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expectNoAxeViolations(admin);

  // The invited teacher, signed out in their own browser, follows the mailed link.
  await followMailedLink(page, invited, /invite/i, "invite/accept");
  await expect(page).toHaveURL(/\/account\/register\/\?returnURL=/);
  await widgetMounted(page, "register-wizard");
  await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
  await expect(page.getByLabel("Email address")).toHaveValue(invited);
  await page.getByLabel("First name").fill("Idris");
  await page.getByLabel("Last name").fill("Bello");
  await page.getByLabel(/^Password/).fill(wizardPassword);
  await page.getByRole("button", { name: "Create account" }).click();

  await expect(page).toHaveURL(atPath("/account/my-account/#school"));
  await expect(page.getByText("You have joined St Catherine's College.")).toBeVisible();
  await expect(page.getByRole("tabpanel", { name: "School" })).toContainText("St Catherine's College");
});

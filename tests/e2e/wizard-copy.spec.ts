import { expect, test } from "@playwright/test";
import { demoPassword, uniqueEmail, widgetMounted } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { chooseSchool, confirmEmailPage, enterAddress, followMailedLink, pressLinkButton, signUpThroughWizard } from "./support/wizard";
import { openMailboxFor } from "./support/mailbox";

/*
 * Issue 23: the plans as choices, "Wrong address? Change it" on the
 * check-inbox step, and resending a pending invite from the School tab, each
 * walked as the person would, to its finished state.
 */

const welcomeEmail = /Welcome to .+: please confirm your email address/;

test.describe("the wizard's plans and check-inbox step", () => {
  test.slow();

  test("a homeschooler chooses the monthly plan card by keyboard, and it is the plan on the next screen", async ({ page }) => {
    await signUpThroughWizard(page, uniqueEmail("plans-keyboard"));
    // The Why panel says whom membership is free for, beside the plans it sells.
    const why = page.getByRole("complementary", { name: "Why join" });
    await expect(why).toContainText("At a UK state school");
    await expect(why).toContainText("Homeschool, or on your own");
    await enterAddress(page, "Homeschool");
    const plans = page.getByRole("group", { name: "Membership plans" });
    await expect(plans).toBeVisible();
    await expect(page.getByRole("list").filter({ hasText: "Annual plan" })).toHaveCount(0);
    const yearly = plans.getByRole("radio", { name: /^Individual, yearly/ });
    await expect(yearly).toBeChecked();
    await expectNoAxeViolations(page);
    await yearly.focus();
    await page.keyboard.press("ArrowDown");
    await expect(plans.getByRole("radio", { name: /^Individual, pay monthly.*Paid monthly/ })).toBeChecked();
    await page.getByRole("button", { name: "Choose a plan" }).click();
    await expect(page.getByRole("heading", { name: "Choose a membership" })).toBeFocused();
    await expect(page.getByRole("radio", { name: /^Individual, pay monthly/ })).toBeChecked();
    await expectNoAxeViolations(page);
  });

  test("Wrong address? Change it: the link goes to the corrected address; the old link refuses; the new one finishes the sign-up", async ({ page }) => {
    const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    const typo = `nia.typo-${stamp}@oakfield.sch.uk`;
    const fixed = `nia-${stamp}@oakfield.sch.uk`;
    await signUpThroughWizard(page, typo);
    await chooseSchool(page, "UK State School (FREE)", "Oakfield", "Oakfield Primary");
    await page.getByRole("button", { name: "Yes, link my account" }).click();
    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeFocused();

    await page.getByRole("button", { name: "Wrong address? Change it" }).click();
    const field = page.getByRole("textbox", { name: "Your email address" });
    await expect(field).toHaveValue(typo);
    await field.fill(fixed);
    await page.getByRole("button", { name: "Send the link to this address" }).click();
    await expect(page.getByRole("status")).toContainText(`Your address is now ${fixed}, and we've sent the link there. The link sent to ${typo} no longer works.`);
    await expectNoAxeViolations(page);

    // The welcome email's link, to the old address, refuses.
    await followMailedLink(page, typo, welcomeEmail, "verify-email");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link no longer works");

    // The link in the new inbox resumes the registration where it was, and it finishes.
    await followMailedLink(page, fixed, /confirm/i, "verify-email");
    await pressLinkButton(page, confirmEmailPage.heading, confirmEmailPage.button);
    await expect(page).toHaveURL(/\/account\/register\/\?link-school=true&resume=/);
    await widgetMounted(page, "register-wizard");
    await page.getByRole("button", { name: "Yes, link my account" }).click();
    const offer = page.getByRole("heading", { name: "Become your school's admin?" });
    const done = page.getByRole("heading", { name: "You're all set" });
    await expect(offer.or(done)).toBeVisible();
    if (await offer.isVisible()) await page.getByRole("button", { name: "No thanks" }).click();
    await expect(done).toBeVisible();
    await expect(page.getByText("Your account is linked to Oakfield Primary")).toBeVisible();
  });
});

test("an admin resends a pending invite from the School tab, then revokes it, and its link no longer works", async ({ browser }) => {
  test.slow();
  const invited = uniqueEmail("resent");
  const admin = await (await browser.newContext()).newPage();
  await admin.goto("/account/login/");
  await widgetMounted(admin, "login-form");
  await admin.getByLabel("Email address").fill("head@stcatherines.org.uk");
  await admin.getByLabel("Password", { exact: true }).fill(demoPassword);
  await admin.getByRole("button", { name: "Sign in" }).click();
  await expect(admin).not.toHaveURL(/\/account\/login\//);
  await admin.goto("/account/my-account/#school");
  await widgetMounted(admin, "edit-users-dialog");
  await admin.getByRole("button", { name: "Edit users" }).click();
  await admin.getByRole("dialog").getByLabel("Their email address").fill(invited);
  await admin.getByRole("dialog").getByRole("button", { name: "Send invite" }).click();
  await expect(admin.getByText("Invite sent successfully!")).toBeVisible();

  await admin.reload();
  await admin.getByRole("button", { name: `Resend the invite to ${invited}` }).click();
  await expect(admin.getByText(`The invite to ${invited} has been sent again`)).toBeVisible();
  await expect(admin.getByRole("button", { name: `Revoke the invite to ${invited}` })).toBeVisible();
  await expectNoAxeViolations(admin);
  await openMailboxFor(admin, invited, 2);
  await expect(admin.getByRole("row").filter({ hasText: invited })).toHaveCount(2);

  // Revoked: gone from the list, its seat free again, and the link it mailed no longer works.
  await admin.goto("/account/my-account/#school");
  await admin.getByRole("button", { name: `Revoke the invite to ${invited}` }).click();
  await expect(admin.getByText(`The invite to ${invited} has been revoked: its link no longer works.`)).toBeVisible();
  await expect(admin.getByRole("rowheader", { name: invited })).toHaveCount(0);
  await expectNoAxeViolations(admin);
  const colleague = await (await browser.newContext()).newPage();
  await followMailedLink(colleague, invited, /invite/i, "invite/accept");
  await expect(colleague.getByRole("heading", { level: 1 })).toHaveText("This invite link no longer works");
  await expectNoAxeViolations(colleague);
});

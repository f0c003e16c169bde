import { expect, test, type Page } from "@playwright/test";
import { atPath, demoPassword, signInThroughApi, uniqueEmail, widgetMounted } from "./support/accounts";
import { checkStep, checkStepAtBothWidths, widths } from "./support/journeys";
import { chooseSchool, confirmWithVerifiedEmail, followMailedLink, pressLinkButton, signUpThroughWizard, wizardPassword, type StepCheck } from "./support/wizard";
import { openMailboxFor } from "./support/mailbox";

/*
 * A school's admin at work (issue 23, "Proven by": admin make-admin, remove
 * and invite; accounts spec, sections 6 and 7), through the School tab, its
 * confirmation pages and the dev mailbox, with axe on every step at 1280 and
 * 375 px (tests/e2e/support/journeys.ts).
 *
 * Oakfield has no admin until its journey here: a new teacher joins, accepts
 * the admin offer, invites a colleague, makes them an admin and removes them.
 * That changes Oakfield for good (no later teacher is offered the role), so it
 * is walked once and each step is checked at both widths; no other spec
 * accepts Oakfield's admin offer. St Catherine's admin invites a new colleague
 * at each width: each invite uses one of its five seats, and no other spec
 * fills them. Riverside's admin, whose one user seat and one admin seat are
 * both taken, is told at each width why Make admin is not offered, and that
 * an invite has no seat before it is sent (issue 23, items 4 and 12): that
 * changes nothing, so it runs once per width.
 */

/** From the admin's School tab: invites `email` through the Edit users dialog; the tab then lists the pending invite. */
async function invite(admin: Page, email: string, check: StepCheck): Promise<void> {
  await admin.goto("/account/my-account/#school");
  await widgetMounted(admin, "edit-users-dialog");
  await check(admin);
  await admin.getByRole("button", { name: "Edit users" }).click();
  const dialog = admin.getByRole("dialog");
  await dialog.getByLabel("Their email address").fill(email);
  await check(admin);
  await dialog.getByRole("button", { name: "Send invite" }).click();
  // Sent: the dialog closes and the page says so.
  await expect(admin.getByText("Invite sent successfully!")).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await check(admin);
  // Until it is accepted, the invite is listed, holding a seat.
  await admin.reload();
  await expect(admin.getByRole("table", { name: "Pending invites" }).getByRole("rowheader", { name: email })).toBeVisible();
  await check(admin);
}

/** The invited colleague, signed out in their own browser, follows the mailed link, signs up and joins. */
async function acceptInvite(page: Page, email: string, schoolName: string, check: StepCheck): Promise<void> {
  await followMailedLink(page, email, /invite/i, "invite/accept");
  await expect(page).toHaveURL(/\/account\/register\/\?returnURL=/);
  await widgetMounted(page, "register-wizard");
  await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
  await expect(page.getByLabel("Email address")).toHaveValue(email);
  await check(page);
  await page.getByLabel("First name").fill("Idris");
  await page.getByLabel("Last name").fill("Bello");
  await page.getByLabel(/^Password/).fill(wizardPassword);
  await page.getByRole("button", { name: "Create account" }).click();

  // Back to the link, which only offers the button: opening it (or a mail scanner opening it) joins nothing.
  // (The Join page is checked at both widths in email-link-scanner.spec.ts.)
  await expect(page).toHaveURL(/\/account\/invite\/accept\/\?token=/);
  await pressLinkButton(page, `Join ${schoolName}`, `Join ${schoolName}`);
  await expect(page).toHaveURL(atPath("/account/my-account/#school"));
  await expect(page.getByText(`You have joined ${schoolName}.`)).toBeVisible();
  await expect(page.getByRole("tabpanel", { name: "School" })).toContainText(schoolName);
  await check(page);
}

test("Oakfield's first admin (each step checked at both widths): joins, accepts the offer, invites a colleague, makes them admin, removes them", async ({ page, browser }) => {
  // Two sign-ups (full-cost password hashing), the mailbox twice, and every step at two widths.
  test.setTimeout(360_000);
  const check = checkStepAtBothWidths;
  const email = uniqueEmail("teacher").replace("@example.org", "@oakfield.sch.uk");
  await signUpThroughWizard(page, email, check);
  await chooseSchool(page, "UK State School (FREE)", "Oakfield", "Oakfield Primary", check);
  await confirmWithVerifiedEmail(page, email, check);

  await expect(page.getByRole("heading", { name: "Become your school's admin?" })).toBeFocused();
  await check(page);
  await page.getByRole("button", { name: "Yes, make me the admin" }).click();
  await expect(page.getByRole("heading", { name: "You're all set" })).toBeFocused();
  await expect(page.getByText("Your account is linked to Oakfield Primary")).toBeVisible();
  // What they now have, said on the last screen (issue 23, item 14).
  const standing = page.getByRole("definition");
  await expect(page.locator("dl[aria-label='What you now have']")).toBeVisible();
  await expect(standing.filter({ hasText: "Oakfield Primary School" })).toHaveCount(1);
  await expect(standing.filter({ hasText: /^Admin$/ })).toHaveCount(1);
  await expect(standing.filter({ hasText: /^Valid until \d{1,2} [A-Z][a-z]+ \d{4}$/ })).toHaveCount(1);
  await check(page);
  await page.getByRole("link", { name: "See your membership" }).click();
  const schoolCard = page.locator(".dashboard__card", { has: page.getByRole("heading", { name: "School" }) });
  await expect(schoolCard).toContainText("Oakfield Primary School");
  await expect(schoolCard).toContainText("Admin");
  await check(page);

  // As Oakfield's admin: a colleague is invited, and joins.
  const colleague = uniqueEmail("colleague");
  await invite(page, colleague, check);
  const colleaguePage = await (await browser.newContext({ viewport: { width: 375, height: 740 } })).newPage();
  await acceptInvite(colleaguePage, colleague, "Oakfield Primary School", check);

  // Made an admin: confirmed on a page of its own, then said on the School tab. The admin is still on the
  // School tab, and a goto to the same address with a #hash is only a hash change: reload for the new list.
  await page.goto("/account/my-account/#school");
  await page.reload();
  const users = page.getByRole("table", { name: "Your school's users" });
  const colleagueRow = users.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Idris Bello" }) });
  await expect(colleagueRow).toBeVisible();
  await colleagueRow.getByRole("link", { name: "Make admin Idris Bello" }).click();
  await expect(page.getByRole("heading", { name: "Make Idris Bello an admin?" })).toBeVisible();
  await check(page);
  await page.getByRole("button", { name: "Make admin" }).click();
  await expect(page).toHaveURL(atPath("/account/my-account/#school"));
  await expect(page.getByText("Idris Bello is now an admin.")).toBeVisible();
  await expect(colleagueRow).toContainText("Admin");
  await expect(colleagueRow.getByRole("link", { name: /Make admin/ })).toHaveCount(0);
  await check(page);

  // Removed: confirmed, then gone from the list, and their seat is free again.
  await colleagueRow.getByRole("link", { name: "Remove Idris Bello" }).click();
  await expect(page.getByRole("heading", { name: "Remove Idris Bello from this school?" })).toBeVisible();
  await check(page);
  await page.getByRole("button", { name: "Remove" }).click();
  await expect(page).toHaveURL(atPath("/account/my-account/#school"));
  await expect(page.getByText("Idris Bello has been removed from this school.")).toBeVisible();
  await expect(users.getByRole("rowheader", { name: "Idris Bello" })).toHaveCount(0);
  await check(page);

  // The colleague's own account is kept, no longer linked to Oakfield.
  // The colleague is still on that address since joining: a goto would only change the hash, so reload.
  await colleaguePage.reload();
  await expect(colleaguePage.getByRole("tabpanel", { name: "School" })).toContainText("Your account is not linked to a school.");
  await check(colleaguePage);
});

for (const width of widths) {
  test.describe(`St Catherine's admin at ${width.label}`, () => {
    test.use({ viewport: { width: width.width, height: width.height } });

    test("head@stcatherines.org.uk invites a colleague, who follows the mailed link, signs up and joins", async ({ page, browser }) => {
      test.setTimeout(180_000);
      const colleague = uniqueEmail("invited");
      const admin = await (await browser.newContext({ viewport: { width: width.width, height: width.height } })).newPage();
      await signInThroughApi(admin, "head@stcatherines.org.uk");
      await invite(admin, colleague, checkStep);
      await acceptInvite(page, colleague, "St Catherine's College", checkStep);
      // The admin's list: a user now, no longer a pending invite.
      // Still on the School tab: a goto to the same address with a #hash would not load the page again.
      await admin.reload();
      await expect(admin.getByRole("table", { name: "Your school's users" }).getByRole("rowheader", { name: "Idris Bello" }).first()).toBeVisible();
      await expect(admin.getByRole("rowheader", { name: colleague })).toHaveCount(0);
      await checkStep(admin);
    });
  });
}

/** The School tab's reasons at Riverside (server/memberships/school-admin-rules.ts, server/domain/school-invites.ts). */
const riversideNoAdminSeat = "Riverside Academy's membership has no admin seat free. Remove an admin first, or contact us to add one.";
const riversideNoUserSeat = "All 1 seat is in use or held by pending invites. Revoke a pending invite or remove someone first.";

for (const width of widths) {
  test.describe(`Riverside's admin, its seats all taken, at ${width.label}`, () => {
    test.use({ viewport: { width: width.width, height: width.height } });

    test("admin@riverside.sch.uk is told why Make admin is not offered, and that an invite has no seat before it is sent", async ({ page }) => {
      test.slow();
      const colleague = uniqueEmail("no-seat-invite");
      await signInThroughApi(page, "admin@riverside.sch.uk", demoPassword);
      await page.goto("/account/my-account/#school");
      await widgetMounted(page, "edit-users-dialog");
      const tab = page.getByRole("tabpanel", { name: "School" });
      await expect(tab.getByRole("rowheader", { name: "Priya Shah" })).toBeVisible();
      await expect(tab.getByText(riversideNoAdminSeat)).toBeVisible();
      await expect(tab.getByRole("link", { name: /Make admin/ })).toHaveCount(0);
      await checkStep(page);

      await page.getByRole("button", { name: "Edit users" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel("Their email address").fill(colleague);
      await dialog.getByRole("button", { name: "Send invite" }).click();
      // Refused before anything is sent: the reason in the dialog, never "Invite sent", and no pending invite.
      await expect(dialog.getByRole("alert")).toContainText(riversideNoUserSeat);
      await expect(page.getByText("Invite sent successfully!")).toHaveCount(0);
      await checkStep(page);
      await page.reload();
      await expect(page.getByRole("rowheader", { name: colleague })).toHaveCount(0);
      await openMailboxFor(page, colleague);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("row").filter({ hasText: colleague })).toHaveCount(0);
    });
  });
}

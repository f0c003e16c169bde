import { expect, test } from "@playwright/test";
import { atPath, demoPassword, signInThroughApi, validMember, widgetMounted } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { openMyAccount, signInElsewhere, signUpAndStaySignedIn, startingPassword } from "./support/my-account";
import { showNoJavaScriptRendering } from "./support/no-javascript";
import { followMailedLink, pressLinkButton } from "./support/wizard";
import { openMailboxFor } from "./support/mailbox";

const newPassword = "Opening-night-27?";
/** The subject of the email that carries an email change's link, to the new address (docs/my-account.md, "Email"). */
const confirmNewEmail = /Confirm your new email address/;

/** What My account says while an email change waits on its link (server/routes/my-account.ts, pendingChangeMessage). */
function pendingChangeText(newEmail: string, currentEmail: string): string {
  return `We've sent a link to ${newEmail}. Your address stays ${currentEmail} until you follow it.`;
}

/** Matches an address anywhere in a text (a mailbox row's name). */
function containing(email: string): RegExp {
  return new RegExp(email.replace(/[.+]/g, "\\$&"));
}

test.describe("My account, JavaScript on", () => {
  test("tabs by keyboard: arrows, Home and End select, and the hash is replaced without history", async ({ page }) => {
    await signUpAndStaySignedIn(page, "tabs-keys");
    await openMyAccount(page);
    const tablist = page.getByRole("tablist", { name: "My account sections" });
    await expect(tablist.getByRole("tab")).toHaveText(["Profile", "Contact us", "Saved resources", "School", "Membership", "Your data"]);
    await expect(page.getByRole("tab", { name: "Profile" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel")).toHaveAccessibleName("Profile");
    await expectNoAxeViolations(page);

    const historyLength = await page.evaluate(() => history.length);
    await page.getByRole("tab", { name: "Profile" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tab", { name: "Contact us" })).toBeFocused();
    await expect(page.getByRole("tab", { name: "Contact us" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel")).toHaveAccessibleName("Contact us");
    await expect(page).toHaveURL(/#contact$/);
    await page.keyboard.press("End");
    await expect(page.getByRole("tab", { name: "Your data" })).toBeFocused();
    await expect(page).toHaveURL(/#your-data$/);
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tab", { name: "Profile" })).toBeFocused();
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect(page.getByRole("tab", { name: "School" })).toHaveAttribute("aria-selected", "true");
    await expect(page).toHaveURL(/#school$/);
    await expect(page.getByText("Your account is not linked to a school.")).toBeVisible();
    await page.keyboard.press("ArrowLeft");
    await expect(page.getByRole("tab", { name: "Saved resources" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByText("You haven't saved any resources yet.")).toBeVisible();
    await page.keyboard.press("Home");
    await expect(page.getByRole("tab", { name: "Profile" })).toHaveAttribute("aria-selected", "true");
    // Tab leaves the tab list for the panel.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("tabpanel")).toBeFocused();
    expect(await page.evaluate(() => history.length)).toBe(historyLength);
  });

  test("tabs by hash: the address opens a tab, and changing the hash switches it", async ({ page }) => {
    await signUpAndStaySignedIn(page, "tabs-hash");
    await openMyAccount(page, "#contact");
    await expect(page.getByRole("tab", { name: "Contact us" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByLabel("Message")).toBeVisible();
    await expect(page.getByLabel("First name")).toBeHidden();
    await page.evaluate(() => {
      location.hash = "school";
    });
    await expect(page.getByRole("tab", { name: "School" })).toHaveAttribute("aria-selected", "true");
    await page.goto("/account/dashboard/");
    await page.getByRole("link", { name: "Your saved resources" }).click();
    await expect(page.getByRole("tab", { name: "Saved resources" })).toHaveAttribute("aria-selected", "true");
  });

  test("change the profile: title and names are saved in place", async ({ page }) => {
    await signUpAndStaySignedIn(page, "profile");
    await openMyAccount(page);
    await page.getByLabel("Title (optional)").selectOption({ label: "Dr" });
    await page.getByLabel("First name").fill("Ngozi");
    await page.getByLabel("Last name").fill("Okonkwo-Hale");
    await page.getByRole("button", { name: "Save details" }).click();
    await expect(page.getByRole("main").getByRole("status").filter({ hasText: "Profile updated successfully!" })).toBeVisible();
    await expect(page).toHaveURL(atPath("/account/my-account/"));

    await page.getByLabel("First name").fill(" ");
    await page.getByRole("button", { name: "Save details" }).click();
    const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
    await expect(summary).toBeFocused();
    await expect(summary).toContainText("Enter your first name");
    await expectNoAxeViolations(page);

    await openMyAccount(page);
    await expect(page.getByLabel("Title (optional)")).toHaveValue("6");
    await expect(page.getByLabel("First name")).toHaveValue("Ngozi");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hello, Ngozi");
  });

  test("ask for an email change in the modal dialog, which sends the link to the new address and a notice to the old one", async ({ page }) => {
    // Four full-cost password hashes (sign-up and three checks) plus three axe runs.
    test.slow();
    const person = await signUpAndStaySignedIn(page, "email");
    const newEmail = person.email.replace("email-", "moved-");
    await openMyAccount(page);
    const opener = page.getByRole("button", { name: "Change email address" });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Change your email address" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("New email address")).toBeFocused();
    await expectNoAxeViolations(page);

    // The current address is refused in the browser, before anything is sent.
    await dialog.getByLabel("New email address").fill(person.email.toUpperCase());
    await dialog.getByLabel("Current password").fill(startingPassword);
    await dialog.getByRole("button", { name: "Send a confirmation link" }).click();
    expect(await dialog.getByLabel("New email address").evaluate((input: HTMLInputElement) => input.validationMessage)).toBe(
      "Please enter a new email address",
    );

    // A wrong password comes back from the server, inside the dialog.
    await dialog.getByLabel("New email address").fill(newEmail);
    await dialog.getByLabel("Current password").fill("Not-my-password-1!");
    await dialog.getByRole("button", { name: "Send a confirmation link" }).click();
    await expect(dialog.getByRole("alert")).toContainText("The password you entered is incorrect.");
    await expectNoAxeViolations(page);

    await dialog.getByLabel("Current password").fill(startingPassword);
    await dialog.getByRole("button", { name: "Send a confirmation link" }).click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    // Nothing has changed yet: the notice names the address the link went to, and the account keeps its own.
    await expect(page.getByRole("main").getByRole("status").filter({ hasText: pendingChangeText(newEmail, person.email) })).toBeVisible();
    await expect(page.locator(".change-email__address")).toHaveText(person.email);

    await openMailboxFor(page, person.email, 1);
    await expect(page.getByRole("row", { name: containing(person.email) }).first()).toContainText("asked to change the email address");
    await openMailboxFor(page, newEmail, 1);
    await expect(page.getByRole("row", { name: containing(newEmail) }).first()).toContainText("Confirm your new email address");
  });

  test("an email change is made by following the link from the new address's inbox", async ({ page }) => {
    // Two full-cost password hashes (sign-up and the change's check) plus two axe runs.
    test.slow();
    const person = await signUpAndStaySignedIn(page, "confirm");
    const newEmail = person.email.replace("confirm-", "confirmed-");
    await openMyAccount(page);
    await page.getByRole("button", { name: "Change email address" }).click();
    const dialog = page.getByRole("dialog", { name: "Change your email address" });
    await dialog.getByLabel("New email address").fill(newEmail);
    await dialog.getByLabel("Current password").fill(startingPassword);
    await dialog.getByRole("button", { name: "Send a confirmation link" }).click();
    await expect(dialog).toBeHidden();

    // Pending: My account says where the link went, the account keeps its address, and the change can be resent or cancelled.
    await openMyAccount(page);
    const pending = page.locator("#pending-email-change");
    await expect(pending.getByRole("status")).toHaveText(pendingChangeText(newEmail, person.email));
    await expect(page.locator(".change-email__address")).toHaveText(person.email);
    await expect(page.locator("#contact-form-email")).toHaveValue(person.email);
    await expect(pending.getByRole("button", { name: `Resend the link to ${newEmail}` })).toBeVisible();
    await expect(pending.getByRole("button", { name: "Cancel the change" })).toBeVisible();
    await expectNoAxeViolations(page);

    await followMailedLink(page, newEmail, confirmNewEmail, "verify-email");
    await pressLinkButton(page, "Confirm your new email address", "Confirm my new email", expectNoAxeViolations);
    await expect(page).toHaveURL(atPath("/account/my-account/#profile"));
    await widgetMounted(page, "change-email-dialog");
    await expect(page.getByRole("main").getByRole("status").filter({ hasText: "Email updated successfully!" })).toBeVisible();
    await expect(page.locator(".change-email__address")).toHaveText(newEmail);
    await expect(page.locator("#pending-email-change")).toHaveCount(0);
    await expectNoAxeViolations(page);

    // The old address is told the change has happened.
    await openMailboxFor(page, person.email, 1);
    await expect(page.getByRole("row", { name: containing(person.email) }).first()).toContainText("has changed");
  });

  test("the dialog closes with Escape, returning focus to its button", async ({ page }) => {
    await signUpAndStaySignedIn(page, "dialog-escape");
    await openMyAccount(page);
    const opener = page.getByRole("button", { name: "Change email address" });
    await opener.click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("change the password: this browser stays signed in, every other one is signed out", async ({ page, browser }) => {
    const person = await signUpAndStaySignedIn(page, "password");
    const elsewhere = await signInElsewhere(browser, person);
    await openMyAccount(page);

    await page.locator("#change-password-Password").fill(startingPassword);
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirm new password").fill(`${newPassword}x`);
    await page.getByRole("button", { name: "Change password" }).click();
    expect(await page.getByLabel("Confirm new password").evaluate((input: HTMLInputElement) => input.validationMessage)).toBe(
      "Passwords do not match",
    );

    await page.getByLabel("Confirm new password").fill(newPassword);
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByRole("main").getByRole("status").filter({ hasText: "Password changed successfully!" })).toBeVisible();
    await expect(page.getByLabel("New password", { exact: true })).toHaveValue("");

    // The rotated session's new token works for the next change on the same page.
    await page.getByLabel("First name").fill("Still-here");
    await page.getByRole("button", { name: "Save details" }).click();
    await expect(page.getByRole("main").getByRole("status").filter({ hasText: "Profile updated successfully!" })).toBeVisible();

    await elsewhere.goto("/account/my-account/");
    await expect(elsewhere).toHaveURL(atPath("/account/login/?next=%2Faccount%2Fmy-account%2F"));
    await elsewhere.context().close();
  });
});

test.describe("My account, JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the sections are plain headings with anchors, all shown", async ({ page }) => {
    await signUpAndStaySignedIn(page, "nojs-sections");
    await page.goto("/account/my-account/");
    await expect(page.getByRole("tab")).toHaveCount(0);
    for (const [id, name] of [
      ["profile", "Profile"],
      ["contact", "Contact us"],
      ["saved-resources", "Saved resources"],
      ["school", "School"],
    ]) {
      await expect(page.getByRole("heading", { level: 2, name, exact: true })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "My account sections" }).getByRole("link", { name })).toHaveAttribute("href", `#${id}`);
    }
    // The change-email form shows in place, with no dialog button.
    await expect(page.getByRole("heading", { name: "Change your email address" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Change email address" })).toHaveCount(0);
  });

  test("change the profile, the email and the password with plain forms", async ({ page }) => {
    // A sign-up and four password checks, each at full hashing cost, plus the mailbox.
    test.slow();
    const person = await signUpAndStaySignedIn(page, "nojs-forms");
    await page.goto("/account/my-account/");
    await page.getByLabel("First name").fill("Tobias");
    await page.getByRole("button", { name: "Save details" }).click();
    await expect(page).toHaveURL(atPath("/account/my-account/#profile"));
    await expect(page.getByRole("main").getByRole("status").filter({ hasText: "Profile updated successfully!" })).toBeVisible();
    await expect(page.getByLabel("First name")).toHaveValue("Tobias");

    const newEmail = person.email.replace("nojs-forms-", "nojs-moved-");
    await page.getByLabel("New email address").fill(newEmail);
    await page.locator("#change-email-form-Password").fill("Wrong-guess-1!");
    await page.getByRole("button", { name: "Send a confirmation link" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toContainText("The password you entered is incorrect.");
    await expect(page.getByLabel("New email address")).toHaveValue(newEmail);
    await page.locator("#change-email-form-Password").fill(startingPassword);
    await page.getByRole("button", { name: "Send a confirmation link" }).click();
    await expect(page).toHaveURL(atPath("/account/my-account/#profile"));
    const main = page.getByRole("main");
    await expect(main.getByRole("status").filter({ hasText: "Check your new inbox: we've sent a link to confirm your new email address." })).toBeVisible();
    await expect(main.getByRole("status").filter({ hasText: pendingChangeText(newEmail, person.email) })).toBeVisible();
    await expect(page.locator(".change-email__address")).toHaveText(person.email);

    // The link, followed from the new address's inbox, makes the change.
    await followMailedLink(page, newEmail, confirmNewEmail, "verify-email");
    await pressLinkButton(page, "Confirm your new email address", "Confirm my new email");
    await expect(page).toHaveURL(atPath("/account/my-account/#profile"));
    await expect(main.getByRole("status").filter({ hasText: "Email updated successfully!" })).toBeVisible();
    await expect(page.locator(".change-email__address")).toHaveText(newEmail);
    await expect(page.locator("#pending-email-change")).toHaveCount(0);

    await page.locator("#change-password-Password").fill(startingPassword);
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirm new password").fill("Something-else-1!");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toContainText("Passwords do not match");
    await expect(page.getByLabel("New password", { exact: true })).toHaveValue("");

    await page.locator("#change-password-Password").fill(startingPassword);
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirm new password").fill(newPassword);
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByRole("main").getByRole("status").filter({ hasText: "Password changed successfully!" })).toBeVisible();
  });

  test("a signed-out visitor's form post goes to sign in, and then back to the page the form was on", async ({ page }) => {
    await page.goto("/patterns/account-form/");
    await page.getByLabel("First name").fill("Tobias");
    await page.getByLabel("Last name").fill("Achterberg");
    await page.getByRole("button", { name: "Save details" }).click();
    await expect(page).toHaveURL(atPath("/account/login/?next=%2Fpatterns%2Faccount-form%2F"));
    await page.getByLabel("Email address").fill(validMember);
    await page.getByLabel("Password", { exact: true }).fill(demoPassword);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(atPath("/patterns/account-form/"));
    await expect(page.getByText("You are signed in, so this is your own details form")).toBeVisible();
  });
});

test("My account without JavaScript passes axe, errors included", async ({ page }) => {
  await signUpAndStaySignedIn(page, "nojs-axe");
  await page.route("**/static/dist/**/*.js", (route) => route.abort());
  await page.goto("/account/my-account/");
  await showNoJavaScriptRendering(page);
  await expectNoAxeViolations(page);
  await page.getByLabel("First name").fill(" ");
  await page.getByRole("button", { name: "Save details" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toBeVisible();
  await showNoJavaScriptRendering(page);
  await expectNoAxeViolations(page);
});

test("a signed-out visitor is sent to sign in, and back", async ({ page }) => {
  await page.goto("/account/my-account/#contact");
  await expect(page).toHaveURL(/\/account\/login\/\?next=%2Faccount%2Fmy-account%2F/);
});

/*
 * The demo's Riverside Academy has one admin seat, held by its admin: "Make
 * admin" is not offered, the School tab says why, and the confirmation page
 * and its form post, reached anyway, say so too (409) instead of the error page.
 */
const riversideNoAdminSeat = "Riverside Academy's membership has no admin seat free. Remove an admin first, or contact us to add one.";

for (const javaScriptEnabled of [true, false]) {
  test(`Make admin with no admin seat free, JavaScript ${javaScriptEnabled ? "on" : "off"}: not offered, and explained, never the error page`, async ({ page }) => {
    // Three axe runs.
    test.slow();
    await signInThroughApi(page, "admin@riverside.sch.uk", demoPassword);
    // Without the bundle the page is what a browser without JavaScript gets; axe itself still runs.
    if (!javaScriptEnabled) await page.route("**/static/dist/**/*.js", (route) => route.abort());
    const settle = async () => {
      if (!javaScriptEnabled) await showNoJavaScriptRendering(page);
    };
    await page.goto("/account/my-account/#school");
    await settle();
    const school = javaScriptEnabled ? page.getByRole("tabpanel", { name: "School" }) : page.locator("#school");
    await expect(school.getByRole("rowheader", { name: "Priya Shah" })).toBeVisible();
    await expect(school.getByText(riversideNoAdminSeat)).toBeVisible();
    await expect(school.getByRole("link", { name: /Make admin/ })).toHaveCount(0);
    await expectNoAxeViolations(page);

    // Reached anyway (an old tab, a bookmark): the reason, and only the way back.
    const schoolId = await page.locator('input[name="organisationConstituentId"]').getAttribute("value");
    const affiliations = await (await page.request.get(`/account/affiliations/?groupConstituentID=${schoolId}&currentOnly=true`)).json();
    const priya = affiliations.details.find((record: { IndividualConstituent: { DisplayName: string } }) => record.IndividualConstituent.DisplayName === "Priya Shah");
    const makeAdminPath = `/account/school/${schoolId}/make-admin/${priya.IndividualConstituent.Id}/`;
    const confirmation = await page.goto(makeAdminPath);
    expect(confirmation?.status()).toBe(409);
    await settle();
    await expect(page.getByRole("alert")).toHaveText(riversideNoAdminSeat);
    await expect(page.getByRole("button", { name: "Make admin" })).toHaveCount(0);
    await expect(page.getByText("We couldn't read that request")).toHaveCount(0);
    await expectNoAxeViolations(page);

    // The form posted anyway (its page opened while a seat was free): the same reason, on a proper page.
    const token = (await page.locator('meta[name="csrf-token"]').getAttribute("content")) ?? "";
    await page.evaluate(
      ({ action, csrf }) => {
        const form = Object.assign(document.createElement("form"), { method: "post", action });
        form.append(Object.assign(document.createElement("input"), { type: "hidden", name: "_csrf", value: csrf }));
        document.body.append(form);
        form.submit();
      },
      { action: makeAdminPath, csrf: token },
    );
    await expect(page.getByRole("heading", { name: "This person can't be made an admin now" })).toBeVisible();
    await settle();
    await expect(page.getByRole("alert")).toHaveText(riversideNoAdminSeat);
    await expect(page.getByText("We couldn't read that request")).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Go back to your school" }).click();
    await expect(page).toHaveURL(/\/account\/my-account\/#school$/);
  });
}

import { expect, test, type Browser, type Page } from "@playwright/test";
import { atPath, signInThroughApi, uniqueEmail, widgetMounted } from "./support/accounts";
import { checkStep, widths } from "./support/journeys";
import { askToJoin, followMailedLink, wizardPassword } from "./support/wizard";
import { openMailboxFor } from "./support/mailbox";

/*
 * Join requests (issue 28, docs/requests.md), at 1280 and 375 px with axe on
 * every step. Bristol Primary School is as the real register leaves a state
 * school: no email domain on record, so every teacher's address "does not
 * match". A teacher asks to join from that screen (confirming their address
 * first, through the emailed link that brings them back to it); the school's
 * admin, head@bristol0.sch.uk, approves on the School tab; the teacher's next
 * sign-in lands on My account holding a seat. And the decline path: a polite
 * email, with the admin's note. Its seats are unlimited and each run's
 * teachers are new, so each width walks the whole journey.
 */

const school = "Bristol Primary School";
const admin = "head@bristol0.sch.uk";
const teacherName = "Nia Okafor";

/** The admin, in a browser of their own, opens the School tab and the request's Approve or Decline page. */
async function adminOpens(browser: Browser, viewport: { width: number; height: number }, email: string, action: "Approve" | "Decline"): Promise<Page> {
  const page = await (await browser.newContext({ viewport })).newPage();
  await signInThroughApi(page, admin);
  await page.goto("/account/my-account/#school");
  await widgetMounted(page, "account-tabs");
  const requests = page.getByRole("table", { name: "Requests to join" });
  const row = requests.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText(teacherName);
  await checkStep(page);
  await row.getByRole("link", { name: `${action} ${teacherName}` }).click();
  await expect(page).toHaveURL(/\/account\/school\/join-requests\/\d+\/(approve|decline)\/$/);
  await expect(page.getByText(email)).toBeVisible();
  await checkStep(page);
  return page;
}

for (const { label, width, height } of widths) {
  test.describe(`join requests at ${label}`, () => {
    test.use({ viewport: { width, height } });

    test("a teacher asks to join, the school's admin approves on the School tab, and the teacher's next sign-in holds a seat", async ({ page, browser }) => {
      // A sign-up (full-cost password hashing), the mailbox twice, two browsers, and axe on every step.
      test.setTimeout(300_000);
      const email = uniqueEmail("asks");
      await askToJoin(page, email, { query: "Bristol Primary", name: school }, "I teach Year 4 and our school addresses aren't set up yet.", checkStep);

      const headTeacher = await adminOpens(browser, { width, height }, email, "Approve");
      await expect(headTeacher.getByRole("heading", { name: `Let ${teacherName} join ${school}?` })).toBeVisible();
      await expect(headTeacher.getByText("I teach Year 4 and our school addresses aren't set up yet.")).toBeVisible();
      await headTeacher.getByRole("button", { name: "Approve" }).click();
      await expect(headTeacher).toHaveURL(atPath("/account/my-account/#school"));
      await expect(headTeacher.getByText(`${teacherName} has joined ${school}. We've emailed them to say so.`)).toBeVisible();
      // Theirs now: listed among the school's users, no longer waiting.
      await expect(headTeacher.getByRole("table", { name: "Your school's users" })).toContainText(teacherName);
      await expect(headTeacher.getByRole("table", { name: "Requests to join" }).getByRole("row").filter({ hasText: email })).toHaveCount(0);
      await checkStep(headTeacher);
      await headTeacher.context().close();

      // The teacher, signed out, follows the approval email and signs in: straight to My account, holding a seat.
      await page.context().clearCookies();
      await followMailedLink(page, email, /was approved/, "account/login");
      await expect(page).toHaveURL(/\/account\/login\/\?next=/);
      await checkStep(page);
      await page.getByLabel("Email address").fill(email);
      await page.getByLabel("Password", { exact: true }).fill(wizardPassword);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page).toHaveURL(atPath("/account/my-account/#school"));
      const tab = page.getByRole("tabpanel", { name: "School" });
      await expect(tab).toContainText(school);
      await expect(tab.getByRole("definition").filter({ hasText: /^User$/ })).toBeVisible();
      await checkStep(page);
    });

    test("the admin declines with a note: the teacher is told politely, and holds no seat", async ({ page, browser }) => {
      test.setTimeout(300_000);
      const email = uniqueEmail("declined");
      await askToJoin(page, email, { query: "Bristol Primary", name: school }, "I'm a supply teacher here this term.", checkStep);

      const headTeacher = await adminOpens(browser, { width, height }, email, "Decline");
      await expect(headTeacher.getByRole("heading", { name: `Decline ${teacherName}'s request?` })).toBeVisible();
      await headTeacher.getByLabel("A note for them (optional)").fill("Please ask the office for a school email address first.");
      await checkStep(headTeacher);
      await headTeacher.getByRole("button", { name: "Decline" }).click();
      await expect(headTeacher).toHaveURL(atPath("/account/my-account/#school"));
      await expect(headTeacher.getByText(`You declined ${teacherName}'s request to join ${school}. We've emailed them to say so.`)).toBeVisible();
      await checkStep(headTeacher);
      await headTeacher.context().close();

      await openMailboxFor(page, email, 1);
      await page.getByRole("row").filter({ hasText: email }).filter({ hasText: `Your request to join ${school}` }).first().getByRole("link").first().click();
      const mail = page.locator("[data-mail-text]");
      await expect(mail).toContainText("wasn't able to add you this time");
      await expect(mail).toContainText("Please ask the office for a school email address first.");
      await expect(mail).toContainText("Your account is kept");
      await checkStep(page);

      // Their account is as it was: no school on My account.
      await page.goto("/account/my-account/#school");
      await expect(page.getByRole("tabpanel", { name: "School" })).toContainText("Your account is not linked to a school.");
      await checkStep(page);
    });
  });
}

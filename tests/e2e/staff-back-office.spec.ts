import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { signInThroughApi, validMember } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { nuCheck } from "./support/nu-checker";
import { enrol, enrolmentPathIn, latestMailTo, mailToContains, nextCode, staffCreate, staffSignIn, staffSignOut, uniqueStaffEmail } from "./support/staff";

/*
 * The back office in Chromium, at a desk and on a phone, with axe on every
 * page it shows (issue 28): an owner made by `npm run staff:create` enrols
 * with a TOTP code computed here, signs in with the app and with a recovery
 * code; invites a support user, who enrols from the emailed link and is
 * refused the owner's pages and writes; a member who types /staff/ gets 404.
 */

for (const { label, viewport } of [
  { label: "1280 px", viewport: { width: 1280, height: 900 } },
  { label: "375 px", viewport: { width: 375, height: 812 } },
]) {
  test.describe(`the back office at ${label}`, () => {
    test.use({ viewport });

    test("an owner enrols, signs in with the app and with a recovery code, and a used link no longer works", async ({ page }) => {
      // A long journey (the command in its own process, a dozen pages, axe on six of them, two scrypt hashes).
      test.setTimeout(240_000);
      const owner = uniqueStaffEmail("owner");
      const link = await staffCreate(owner, "owner");
      const { app, recoveryCodes } = await enrol(page, link, expectNoAxeViolations);
      await expect(page.getByText(`signed in as ${owner}`)).toBeVisible();

      await page.getByRole("link", { name: "Continue to the back office" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
      await expect(page.getByText("Schools with a current membership")).toBeVisible();
      await expect(page.getByText("Paid orders")).toBeVisible();
      await expectNoAxeViolations(page);
      expect(await horizontalOverflow(page)).toBe(false);

      await staffSignOut(page);
      await expect(page.getByText("You have signed out of the back office.")).toBeVisible();
      await expectNoAxeViolations(page);
      expect((await page.goto("/staff/"))?.status()).toBe(404);

      // A wrong code: the form again, saying so without saying which part was wrong.
      await page.goto("/staff-sign-in/");
      await staffSignIn(page, owner, "000000");
      await expect(page.getByRole("alert")).toContainText("The email address, password or code is not right.");
      await expectNoAxeViolations(page);

      await staffSignIn(page, owner, nextCode(app));
      await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
      await staffSignOut(page);

      await staffSignIn(page, owner, recoveryCodes[0]!.toUpperCase());
      await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
      await expect(page.getByText("You signed in with a recovery code: 9 recovery codes left.")).toBeVisible();
      await staffSignOut(page);
      // Each recovery code works once.
      await staffSignIn(page, owner, recoveryCodes[0]!);
      await expect(page.getByRole("alert")).toContainText("The email address, password or code is not right.");

      await page.goto(link);
      await expect(page.getByRole("heading", { level: 1, name: "This enrolment link can't be used" })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test("an owner invites a support user, who enrols from the email and is refused the owner's pages and writes, and refunds", async ({ page, browser }) => {
      test.setTimeout(240_000);
      const owner = uniqueStaffEmail("owner");
      await enrol(page, await staffCreate(owner, "owner"), async () => {});
      await page.getByRole("link", { name: "Continue to the back office" }).click();
      await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Staff" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Staff" })).toBeVisible();
      await expectNoAxeViolations(page);
      expect(await horizontalOverflow(page)).toBe(false);

      const support = uniqueStaffEmail("support");
      await page.getByLabel("Email address").fill(support);
      await page.getByRole("combobox", { name: "Role" }).selectOption("support");
      await page.getByRole("button", { name: "Send the invite" }).click();
      await expect(page.getByText(`${support} is invited as Support`)).toBeVisible();
      const row = page.getByRole("row").filter({ hasText: support });
      await expect(row).toContainText("Not yet");
      await row.getByRole("link", { name: /Manage/ }).click();
      await expect(page.getByRole("heading", { level: 1, name: support })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole("link", { name: "Remove from the staff" }).click();
      await expect(page.getByRole("heading", { level: 1, name: `Remove ${support} from the staff?` })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole("link", { name: "Cancel" }).click();

      // The support user, in a browser of their own.
      const supportContext = await browser.newContext({ viewport });
      const supportPage = await supportContext.newPage();
      await enrol(supportPage, enrolmentPathIn(await latestMailTo(support)), async () => {});
      await supportPage.getByRole("link", { name: "Continue to the back office" }).click();
      await expect(supportPage.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
      await expect(supportPage.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Staff" })).toHaveCount(0);

      const refused = await supportPage.goto("/staff/team/");
      expect(refused?.status()).toBe(403);
      await expect(supportPage.getByText("Only an owner can manage staff accounts.")).toBeVisible();
      await expectNoAxeViolations(supportPage);
      // The write itself, with a good CSRF token, is refused too: the server checks the role, not the page.
      await supportPage.goto("/staff/");
      const token = await supportPage.locator('input[name="_csrf"]').first().inputValue();
      const write = await supportPage.request.post("/staff/team/", { form: { _csrf: token, email: uniqueStaffEmail("sneaky"), role: "owner" } });
      expect(write.status()).toBe(403);
      // A refund too: the orders are Finance's, page and write alike.
      const orders = await supportPage.goto("/staff/orders/");
      expect(orders?.status()).toBe(403);
      await expect(supportPage.getByText("Orders are for the Finance role and above.")).toBeVisible();
      const refund = await supportPage.request.post("/staff/orders/1/refund/", { form: { _csrf: token, amount: "45.00", membership: "end" } });
      expect(refund.status()).toBe(403);
      await supportContext.close();

      // The owner makes them Finance; the page says so.
      await expect(page.getByRole("heading", { level: 1, name: support })).toBeVisible();
      await page.getByRole("combobox", { name: "Role" }).selectOption("finance");
      await page.getByRole("button", { name: "Change role" }).click();
      await expect(page.getByText(`${support} is now Finance.`)).toBeVisible();
    });

    test("an owner uploads the register and follows its import to the summary", async ({ page }) => {
      test.setTimeout(120_000);
      await enrol(page, await staffCreate(uniqueStaffEmail("owner"), "owner"), async () => {});
      await page.getByRole("link", { name: "Continue to the back office" }).click();
      await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Register" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Schools register" })).toBeVisible();
      await expectNoAxeViolations(page);
      expect(await horizontalOverflow(page)).toBe(false);

      // The other viewport's run may be importing the same file: then this page says so, and the upload waits for it.
      for (let attempt = 0; ; attempt += 1) {
        await expect(page.getByRole("heading", { level: 2, name: "Upload the register" })).toBeVisible({ timeout: 30_000 });
        await page.getByLabel("Establishment file (CSV)").setInputFiles({ name: "edubasealldata-e2e.csv", mimeType: "text/csv", buffer: Buffer.from(registerCsv, "utf8") });
        await page.getByRole("button", { name: "Upload and import" }).click();
        if (!(await page.getByText("An import is already running.").first().isVisible()) || attempt >= 5) break;
        await page.goto("/staff/register/");
      }
      // The page reloads itself (no script) until the import ends.
      await expect(page.getByRole("heading", { level: 2, name: "The last import" })).toBeVisible({ timeout: 60_000 });
      await expect(page.getByText("edubasealldata-e2e.csv", { exact: true })).toBeVisible();
      await expect(page.getByText("Line").first()).toBeVisible();
      await expectNoAxeViolations(page);
      expect(await horizontalOverflow(page)).toBe(false);
    });

    test("a member's message reaches the requests inbox, where membership staff find it, answer it and close it", async ({ page }) => {
      test.setTimeout(240_000);
      const topic = `Costume store visit ${label} ${Date.now()}`;
      await signInThroughApi(page, validMember);
      await page.goto("/account/my-account/#contact");
      await page.getByLabel("Subject").selectOption({ index: 1 });
      await page.getByLabel("Message").fill(`${topic}: could our Year 10 group see the costume store?`);
      await page.getByRole("button", { name: "Send message" }).click();
      await expect(page.getByText("Your message has been sent successfully!")).toBeVisible();

      await enrol(page, await staffCreate(uniqueStaffEmail("membership"), "membership"), async () => {});
      await page.getByRole("link", { name: "Continue to the back office" }).click();
      await expect(page.getByText("Requests waiting")).toBeVisible();
      await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Requests" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Requests" })).toBeVisible();
      await page.getByLabel("Words in the name, address, subject or message").fill(topic);
      await page.getByRole("button", { name: "Show requests" }).click();
      await expect(page.getByRole("heading", { level: 2, name: "1 request open" })).toBeVisible();
      await expectNoAxeViolations(page);
      expect(await horizontalOverflow(page)).toBe(false);

      await page.getByRole("row").filter({ hasText: validMember }).getByRole("link").click();
      await expect(page.getByText(`${topic}: could our Year 10 group see the costume store?`)).toBeVisible();
      await expectNoAxeViolations(page);
      expect(await horizontalOverflow(page)).toBe(false);
      // An empty answer: the reason on the field, and nothing sent.
      await page.getByRole("button", { name: "Send the answer" }).click();
      await expect(page.getByRole("alert")).toContainText("Write your answer.");
      await expectNoAxeViolations(page);
      await page.getByLabel(/^Write to /).fill("Yes: the costume store opens to schools on Thursday mornings.");
      await page.getByRole("button", { name: "Send the answer" }).click();
      await expect(page.getByText(`Your answer is on its way to ${validMember}.`)).toBeVisible();
      await expect(page.getByText("Yes: the costume store opens to schools on Thursday mornings.")).toBeVisible();
      await page.getByRole("button", { name: "Close the request" }).click();
      await expect(page.getByText(/is closed\.$/)).toBeVisible();
      await expect(page.getByRole("button", { name: "Send the answer" })).toHaveCount(0);
      // The People test mails the same demo member meanwhile: look for this answer, not the newest message.
      expect(await mailToContains(validMember, "Yes: the costume store opens to schools on Thursday mornings.")).toBe(true);
    });

    test("support staff find a member by address, read their record and send them a password-reset link", async ({ page }) => {
      test.setTimeout(180_000);
      await enrol(page, await staffCreate(uniqueStaffEmail("support"), "support"), async () => {});
      await page.getByRole("link", { name: "Continue to the back office" }).click();
      await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "People" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "People" })).toBeVisible();
      await page.getByLabel("Name or email address").fill(validMember.toUpperCase());
      await page.getByRole("button", { name: "Find people" }).click();
      await expect(page.getByRole("heading", { level: 2, name: `1 person matching “${validMember.toUpperCase()}”` })).toBeVisible();
      await expectNoAxeViolations(page);
      expect(await horizontalOverflow(page)).toBe(false);

      await page.getByRole("row").filter({ hasText: validMember }).getByRole("link").click();
      await expect(page.getByText(new RegExp(`${validMember}: (confirmed|not confirmed yet)`))).toBeVisible();
      await expect(page.getByRole("region", { name: "Memberships of their own" })).toContainText("Individual");
      await expect(page.getByRole("heading", { level: 2, name: "Audit trail" })).toBeVisible();
      await expectNoAxeViolations(page);
      expect(await horizontalOverflow(page)).toBe(false);
      await page.getByRole("button", { name: "Email a password-reset link" }).click();
      await expect(page.getByText(`A password-reset link is on its way to ${validMember}.`)).toBeVisible();
      expect(await mailToContains(validMember, "/account/reset-password/")).toBe(true);
    });

    test("a member who types /staff/ gets 404, as a visitor does", async ({ page }) => {
      test.slow();
      for (const path of ["/staff/", "/staff/team/"]) expect((await page.goto(path))?.status(), path).toBe(404);
      await signInThroughApi(page, validMember);
      for (const path of ["/staff/", "/staff/team/"]) {
        const answer = await page.goto(path);
        expect(answer?.status(), path).toBe(404);
        await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
      }
      await expectNoAxeViolations(page);
    });
  });
}

test("the back office's pages are valid HTML (the Nu HTML Checker)", async ({ page, request }) => {
  test.setTimeout(240_000);
  const owner = uniqueStaffEmail("owner");
  const { sources } = await enrol(page, await staffCreate(owner, "owner"), async () => {});
  const id = await staffIdOnTeamPage(page);
  const pages: Record<string, string> = {
    "/staff-enrol/": sources.enrolment,
    "the recovery codes": sources.recoveryCodes,
    "/staff-sign-in/": await (await request.get("/staff-sign-in/")).text(),
  };
  const people = await (await page.request.get(`/staff/people/?q=${validMember}`)).text();
  const personPath = /href="(\/staff\/people\/\d+\/)"/.exec(people)![1]!;
  // The erasure's confirmation page, for the owner only here: axe too (the support user's journey never reaches it).
  await page.goto(`${personPath}erase/`);
  await expect(page.getByRole("heading", { level: 1, name: /^Erase .+'s account\?$/ })).toBeVisible();
  await expectNoAxeViolations(page);
  const schools = await (await page.request.get("/staff/schools/?q=9000005")).text();
  const schoolPath = /href="(\/staff\/schools\/\d+\/)"/.exec(schools)![1]!;
  // A refused form on a school's page (what was typed kept, the reason beside it): axe here, Nu below.
  await page.goto(schoolPath);
  await page.getByLabel("Add a domain").fill("not a domain");
  await page.getByRole("button", { name: "Add the domain" }).click();
  await expect(page.getByRole("alert")).toContainText("Enter a domain like oakfield.sch.uk");
  const refusedSchoolForm = await page.content();
  await expectNoAxeViolations(page);
  await page.goto("/staff/exports/");
  await expect(page.getByRole("link", { name: "Download members (CSV)" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto("/staff/orders/?from=not-a-date");
  await expect(page.getByText("“not-a-date” is not a date")).toBeVisible();
  await expectNoAxeViolations(page);
  for (const path of ["/staff/", "/staff/team/", `/staff/team/${id}/`, `/staff/team/${id}/remove/`, "/staff/requests/?status=all", "/staff/people/?q=example", personPath, `${personPath}erase/`, "/staff/orders/?from=not-a-date", "/staff/exports/", "/staff/schools/?q=primary", schoolPath, "/staff/register/"]) {
    const answer = await page.request.get(path);
    expect(answer.status(), path).toBe(200);
    pages[path] = await answer.text();
  }
  pages["a school's refused domain form"] = refusedSchoolForm;
  const dir = await mkdtemp(join(tmpdir(), "nu-staff-"));
  try {
    const files = new Map(Object.keys(pages).map((name, index) => [join(dir, `page-${index}.html`), name]));
    await Promise.all([...files].map(([file, name]) => writeFile(file, pages[name]!)));
    const messages = await nuCheck([...files.keys()]);
    expect(messages.map((message) => `${files.get(message.url.replace(/^file:/, ""))}: line ${message.lastLine}: ${message.message}`)).toEqual([]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

/** A register-shaped file: two open schools and a row without a URN (refused, so the summary lists a problem). */
const registerCsv = [
  '"URN","EstablishmentName","TypeOfEstablishment (code)","EstablishmentStatus (name)","Street","Locality","Address3","Town","County (name)","Postcode"',
  '"148001","E2E Upload Primary School","1","Open","1 High Street","","","Wakefield","","WF2 6EQ"',
  '"148002","E2E Upload Academy","1","Open","2 High Street","","","Wakefield","","WF2 6EQ"',
  '"","No URN School","1","Open","3 High Street","","","Wakefield","","WF2 6EQ"',
].join("\r\n");

/** A staff account's id, from the staff page's first link to one. */
async function staffIdOnTeamPage(page: import("@playwright/test").Page): Promise<number> {
  const team = await (await page.request.get("/staff/team/")).text();
  return Number(/href="\/staff\/team\/(\d+)\/"/.exec(team)![1]);
}

/** Whether the page is wider than the window (nothing may scroll sideways at 375 px). */
function horizontalOverflow(page: import("@playwright/test").Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

import request from "supertest";
import {
  CURRENT_PASSWORD_CHECK_LIMIT,
  CURRENT_PASSWORD_CHECKS_EXHAUSTED_MESSAGE,
  CURRENT_PASSWORD_WRONG_MESSAGE,
} from "../../../server/accounts/current-password-check";
import { createSqlCrm } from "../../../server/crm/sql-crm";
import { takeSeat } from "../../../server/schools/seats/school-seats";
import { PASSWORD_REQUIRED_MESSAGE } from "../../../server/privacy/account-deletion";
import { escapeHtml } from "../../../server/search/excerpt";
import { browserOnLoginPage, strongPassword } from "../accounts/support";
import { formPost, jsonCall, signedInBrowser, type Agent } from "../my-account/support";
import { createTestApp, type TestApp } from "../support/test-app";
import { addPersonWithData, addSchoolAndResources, ids } from "./support";

/** Signs in through the real login call: the answer says whether the credentials worked. */
async function tryToSignIn(t: TestApp, email: string, password: string) {
  const { agent, token } = await browserOnLoginPage(t.app);
  return agent.post("/account/login/").set("X-CSRFToken", token).send({ email, password, next: "/account/my-account/" });
}

async function deletePageToken(agent: Agent): Promise<string> {
  const page = await agent.get("/account/delete-account/").set("Accept", "text/html");
  expect(page.status).toBe(200);
  return /name="_csrf" value="([^"]+)"/.exec(page.text)![1]!;
}

/** The error summary's links, and whether each one's target is on the page (GOV.UK: each message links to its field). */
function summaryLinks(html: string): { href: string; targetExists: boolean }[] {
  const summary = /<div class="error-summary"[\s\S]*?<\/div>/.exec(html)?.[0] ?? "";
  return [...summary.matchAll(/href="#([^"]+)"/g)].map(([, id]) => ({ href: `#${id}`, targetExists: html.includes(`id="${id}"`) }));
}

describe("the Your data routes", () => {
  let t: TestApp;
  let school: Awaited<ReturnType<typeof addSchoolAndResources>>;
  const person = (label: string) => ({ label, email: `${label}@riverside.sch.uk`, schoolId: school.schoolId, activityId: school.activityIds[0]!, resourceId: 21 });

  beforeAll(async () => {
    t = await createTestApp();
    const crm = createSqlCrm(t.database.db, ids);
    school = await addSchoolAndResources(t.database.db, crm, 10);
    for (const label of ["dana", "eli", "fay", "gus", "hal", "ivy"]) await addPersonWithData(t.database.db, crm, person(label));
  });
  afterAll(() => t.close());

  it("sends a visitor to sign in, then back", async () => {
    for (const path of ["/account/my-data/", "/account/delete-account/"]) {
      const response = await request(t.app).get(path).set("Accept", "text/html");
      expect(response.status).toBe(302);
      expect(response.headers.location).toBe(`/account/login/?next=${encodeURIComponent(path)}`);
    }
  });

  it("downloads the person's own data as an uncached JSON attachment", async () => {
    const { agent } = await signedInBrowser(t.app, "dana@riverside.sch.uk");
    const response = await agent.get("/account/my-data/");
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(response.headers["cache-control"]).toContain("no-store");
    const data = JSON.parse(response.text) as Record<string, unknown>;
    for (const section of ["profile", "affiliations", "memberships", "orders", "savedResources", "notes", "shareLinks"]) {
      expect(data[section], section).toBeDefined();
    }
    expect(response.text).toContain("dana@riverside.sch.uk");
    expect(response.text).not.toMatch(/eli|fay|gus/);
  });

  it("links both from My account's Your data tab", async () => {
    const { agent } = await signedInBrowser(t.app, "dana@riverside.sch.uk");
    const page = await agent.get("/account/my-account/").set("Accept", "text/html");
    expect(page.text).toContain('href="/account/my-data/" download');
    expect(page.text).toContain('href="/account/delete-account/"');
  });

  it("refuses a deletion without the form's CSRF token, changing nothing", async () => {
    const { agent } = await signedInBrowser(t.app, "eli@riverside.sch.uk");
    const response = await agent.post("/account/delete-account/").type("form").send({ Password: strongPassword });
    expect(response.status).toBe(403);
    expect((await agent.get("/account/my-account/").set("Accept", "text/html")).status).toBe(200);
    expect((await tryToSignIn(t, "eli@riverside.sch.uk", strongPassword)).status).toBe(200);
  });

  it("shows the form again with the error for a wrong password, still signed in", async () => {
    const { agent } = await signedInBrowser(t.app, "eli@riverside.sch.uk");
    const token = await deletePageToken(agent);
    const response = await formPost(agent, "/account/delete-account/", token, { Password: "Wrong-password-9!" });
    expect(response.status).toBe(400);
    expect(response.text).toContain(escapeHtml(CURRENT_PASSWORD_WRONG_MESSAGE));
    expect(response.text).toContain('action="/account/delete-account/"');
    expect((await agent.get("/account/my-account/").set("Accept", "text/html")).status).toBe(200);
  });

  it("asks for the password when none was sent, in the shared account form, with the summary linking to the field", async () => {
    const { agent } = await signedInBrowser(t.app, "hal@riverside.sch.uk");
    const token = await deletePageToken(agent);
    const response = await formPost(agent, "/account/delete-account/", token, { Password: "" });
    expect(response.status).toBe(400);
    expect(PASSWORD_REQUIRED_MESSAGE).toMatch(/^Enter your current password/);
    // The message shows twice: in the summary and beside the field.
    expect(response.text.split(PASSWORD_REQUIRED_MESSAGE)).toHaveLength(3);
    expect(summaryLinks(response.text)).toEqual([{ href: "#delete-account-Password", targetExists: true }]);
    // My account's form markup, without its widget: a plain post that works without JavaScript.
    expect(response.text).toContain('<div class="account-form" id="delete-account">');
    expect(response.text).toContain('<div class="account-form__actions">');
    expect(response.text).not.toContain('data-widget="account-form"');
    expect((await agent.get("/account/my-account/").set("Accept", "text/html")).status).toBe(200);
  });

  it("answers a widget's JSON call as the other account forms do", async () => {
    const { agent } = await signedInBrowser(t.app, "hal@riverside.sch.uk");
    const token = await deletePageToken(agent);
    const missing = await jsonCall(agent, "post", "/account/delete-account/", token, {});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ success: false, errors: { Password: [PASSWORD_REQUIRED_MESSAGE] } });
    const wrongType = await jsonCall(agent, "post", "/account/delete-account/", token, { Password: ["x"] });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.errors.Password[0]).toMatch(/^Send Password as text/);
  });

  it("never shows the typed password again, and stops guessing after the shared limit with Retry-After", async () => {
    const { agent } = await signedInBrowser(t.app, "ivy@riverside.sch.uk");
    const token = await deletePageToken(agent);
    const typed = "Guess-number-1!";
    const wrong = await formPost(agent, "/account/delete-account/", token, { Password: typed });
    expect(wrong.status).toBe(400);
    expect(wrong.text).not.toContain(typed);
    for (let check = 1; check < CURRENT_PASSWORD_CHECK_LIMIT.checks; check += 1) {
      await formPost(agent, "/account/delete-account/", token, { Password: `${typed}${check}` });
    }
    // Even the right password is not checked now: the account stays.
    const stopped = await formPost(agent, "/account/delete-account/", token, { Password: strongPassword });
    expect(stopped.status).toBe(429);
    expect(Number(stopped.headers["retry-after"])).toBeGreaterThan(0);
    expect(stopped.text).toContain(escapeHtml(CURRENT_PASSWORD_CHECKS_EXHAUSTED_MESSAGE));
    expect(summaryLinks(stopped.text)).toEqual([{ href: "#delete-account-Password", targetExists: true }]);
    expect((await agent.get("/account/my-account/").set("Accept", "text/html")).status).toBe(200);
  });

  it("deletes the account, signs this browser and every other one out, and the old password no longer works", async () => {
    const elsewhere = await signedInBrowser(t.app, "fay@riverside.sch.uk");
    const { agent } = await signedInBrowser(t.app, "fay@riverside.sch.uk");
    const token = await deletePageToken(agent);
    const response = await formPost(agent, "/account/delete-account/", token, { Password: strongPassword });
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe("/account/account-deleted/");

    const confirmation = await agent.get("/account/account-deleted/").set("Accept", "text/html");
    expect(confirmation.status).toBe(200);
    expect(confirmation.text).toContain("Your account has been deleted");
    expect(confirmation.text).not.toContain("Sign out");
    // The card's blocks are spaced as the other account pages' (reset-password's done state).
    expect(confirmation.text).toMatch(/<div class="auth-page__card">\s*<div class="stack">/);
    expect(confirmation.text).toContain('href="mailto:learning@greyfriars.example"');

    for (const browser of [agent, elsewhere.agent]) {
      const page = await browser.get("/account/my-account/").set("Accept", "text/html");
      expect(page.status).toBe(302);
      expect(page.headers.location).toMatch(/^\/account\/login\//);
    }
    const again = await tryToSignIn(t, "fay@riverside.sch.uk", strongPassword);
    expect(again.body).toMatchObject({ IsLoggedIn: false });
  });

  it("shows the confirmation only to the browser that deleted", async () => {
    const response = await request(t.app).get("/account/account-deleted/").set("Accept", "text/html");
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe("/");
  });

  it("warns a school's only admin before they delete", async () => {
    const gus = (await t.database.db.selectFrom("constituents").select("id").where("email", "=", "gus@riverside.sch.uk").executeTakeFirstOrThrow()).id;
    await takeSeat(createSqlCrm(t.database.db, ids), ids, { schoolId: school.schoolId, personId: gus, role: "admin", now: new Date() });
    const { agent } = await signedInBrowser(t.app, "gus@riverside.sch.uk");
    const page = await agent.get("/account/delete-account/").set("Accept", "text/html");
    expect(page.text).toContain("You are the only admin of Riverside Primary");
    // It says where to fix it: the School tab (make another admin), or the learning team's address.
    const warning = /<div class="alert alert--info">[\s\S]*?<\/div>/.exec(page.text)?.[0] ?? "";
    expect(warning).toContain('<a href="/account/my-account/#school">School tab of My account</a>');
    expect(warning).toContain('<a href="mailto:learning@greyfriars.example">learning@greyfriars.example</a>');

    // A refused attempt shows the page again, warning included: the server works it out every time.
    const token = /name="_csrf" value="([^"]+)"/.exec(page.text)![1]!;
    const refused = await formPost(agent, "/account/delete-account/", token, { Password: "Wrong-password-9!" });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('<a href="/account/my-account/#school">School tab of My account</a>');
  });

  it("serves the privacy page with the site's real durations, cookies and contact", async () => {
    const page = await request(t.app).get("/privacy/").set("Accept", "text/html");
    expect(page.status).toBe(200);
    expect(page.text).toContain("<h1 class=\"page-header__title\">Privacy</h1>");
    expect(page.text).toContain("2 hours without activity");
    expect(page.text).toContain("never last more than 14 days");
    expect(page.text).toContain("kept for 12 months");
    expect(page.text).toContain("learning@greyfriars.example");
    for (const cookie of ["sid", "reset_token", "verify_email_token"]) expect(page.text).toContain(`<code>${cookie}</code>`);
  });
});

import request from "supertest";
import { addPerson, browserOnLoginPage, followVerifyLink, inAYear, outboxFor, signInAs, strongPassword, verifyLinkIn } from "./support";
import { jsonCall, myAccountPath } from "../my-account/support";
import { checkoutAndPay } from "../payments/support";
import { seedResourceFixtures } from "../resources/resource-fixtures";
import { logStatements, type StatementLog } from "../support/statements";
import { createTestApp, type TestApp } from "../support/test-app";

/*
 * Issue 27: what a signed-in request needs about its person is read once per
 * request (server/accounts/session-people.ts): the credentials' auth_version
 * every time (one query), the CRM record and own memberships when this
 * process does not keep them for the session, and never twice.
 */

const resourcePage = "/resources/macbeth-freeze-frames/";

/** The queries of one request that read the person: their credentials, their CRM record, their own memberships. */
function personReads(log: StatementLog) {
  const from = (table: string) => log.all().filter((statement) => new RegExp(`from "${table}" (where|inner join)`).test(statement)).length;
  return { credentials: from("account_credentials"), person: from("constituents"), memberships: from("memberships") };
}

describe("what a signed-in request needs about its person (issue 27)", () => {
  let t: TestApp;
  let log: StatementLog;
  let people = 0;
  beforeAll(async () => {
    t = await createTestApp();
    await seedResourceFixtures(t.database.db);
    log = logStatements(t.services.database.db);
  });
  afterAll(async () => {
    log.stop();
    await t.close();
  });

  /** A new person, signed in in a new browser; nothing has read them for this session yet. */
  async function signedIn(options: { member?: boolean } = {}) {
    const email = `person${++people}@example.org`;
    const id = await addPerson(t.database.db, { email, firstName: "Priya", membershipExpiresAt: options.member === false ? undefined : inAYear() });
    const { agent, token } = await browserOnLoginPage(t.app);
    await signInAs(agent, token, email);
    return { id, email, agent };
  }

  async function readsOf(agent: ReturnType<typeof request.agent>, path: string) {
    log.clear();
    const response = await agent.get(path).set("Accept", "text/html");
    expect(response.status).toBe(200);
    return { reads: personReads(log), html: response.text };
  }

  it("reads the credentials once per request, and the CRM record and memberships once per session while this process keeps them", async () => {
    const { agent, email } = await signedIn();
    const first = await readsOf(agent, resourcePage);
    expect(first.reads).toEqual({ credentials: 1, person: 1, memberships: 1 });
    expect(first.html).toContain('data-widget="tools-panel"');
    expect((await readsOf(agent, resourcePage)).reads).toEqual({ credentials: 1, person: 0, memberships: 0 });
    // My account shows the person's details and membership from the same read.
    const account = await readsOf(agent, myAccountPath);
    expect(account.reads).toEqual({ credentials: 1, person: 0, memberships: 0 });
    expect(account.html).toContain(email);
    expect(account.html).toContain('value="Priya"');
  });

  it("reads a person's school affiliations once on My account: one its School tab does not show as an admin administers no school", async () => {
    const { agent } = await signedIn();
    await readsOf(agent, myAccountPath);
    log.clear();
    expect((await agent.get(myAccountPath).set("Accept", "text/html")).status).toBe(200);
    expect(log.all().filter((statement) => /from "affiliations"/.test(statement))).toHaveLength(1);
  });

  it("reads the person afresh after their name changes through the site", async () => {
    const { agent } = await signedIn();
    await readsOf(agent, myAccountPath);
    const token = /<meta name="csrf-token" content="([^"]+)">/.exec((await agent.get(myAccountPath)).text)![1]!;
    expect((await jsonCall(agent, "put", "/account/update-profile/", token, { Prefix: -1, FirstName: "Renamed", LastName: "Person" })).status).toBe(200);
    const after = await readsOf(agent, myAccountPath);
    expect(after.reads.person).toBe(1);
    expect(after.html).toContain('value="Renamed"');
  });

  it("reads the person afresh after their email address changes through its link", async () => {
    const { agent, email } = await signedIn();
    const token = /<meta name="csrf-token" content="([^"]+)">/.exec((await agent.get(myAccountPath)).text)![1]!;
    const newEmail = `renamed-${email}`;
    expect((await jsonCall(agent, "put", "/account/update-profile/", token, { Email: newEmail, Password: strongPassword })).status).toBe(200);
    await readsOf(agent, myAccountPath);
    const link = verifyLinkIn((await outboxFor(t.database.db, newEmail))[0]!.text_body);
    // The hand-off, the page, and its "Confirm my new email" button, as a person follows it.
    expect((await followVerifyLink(agent, link)).status).toBe(303);
    const after = await readsOf(agent, myAccountPath);
    expect(after.html).toContain(`data-account-detail="Email">${newEmail}</strong>`);
    expect(after.html).not.toContain(`>${email}<`);
  });

  it("reads the person afresh after a membership is bought: the resource page opens at once", async () => {
    const { agent, id } = await signedIn({ member: false });
    expect((await readsOf(agent, resourcePage)).html).toContain('data-access="no-membership"');
    await checkoutAndPay(t, agent, id);
    const after = await readsOf(agent, resourcePage);
    expect(after.reads.memberships).toBe(1);
    expect(after.html).toContain('data-widget="tools-panel"');
    expect(after.html).not.toContain("resource-access");
  });

  it("signs out at once when the password changes in another session: the credentials are read on every request", async () => {
    const { agent, email } = await signedIn();
    await readsOf(agent, resourcePage);
    const other = await browserOnLoginPage(t.app);
    await signInAs(other.agent, other.token, email);
    const token = /<meta name="csrf-token" content="([^"]+)">/.exec((await other.agent.get(myAccountPath)).text)![1]!;
    const changed = await jsonCall(other.agent, "put", "/account/update-password/", token, { Password: strongPassword, NewPassword: "Another-long-pass-9!", ConfirmPassword: "Another-long-pass-9!" });
    expect(changed.status).toBe(200);
    const status = await agent.get("/account/session-status/").set("Accept", "application/json");
    expect(status.body.session_data.login_info).toBeNull();
  });
});

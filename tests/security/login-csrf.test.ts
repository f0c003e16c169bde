import request from "supertest";
import { addPerson, browserOnLoginPage, followVerifyLink, freshToken, outboxFor, signInAs, strongPassword, verifiedAtOf } from "../server/accounts/support";
import { csrfTokenOf } from "../server/support/pages";
import { createTestApp, type TestApp } from "../server/support/test-app";

type Agent = ReturnType<typeof request.agent>;

/*
 * Login CSRF through the email verification link (issue 22, item 6; ASVS 5.0
 * V3.5.1: sensitive functionality, here signing in, only from the
 * application's own requests). A verification link confirms its address and
 * never signs anyone in: an attacker who gets a victim to open the attacker's
 * link must not leave the victim's browser signed in as the attacker.
 */
describe("a verification link never signs anyone in", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const choice = { pathway: "state-school", school: { name: "Riverside Primary", constituentId: 12, type: "state" }, step: "confirmSchool" };

  async function signedIn(email: string): Promise<Agent> {
    await addPerson(t.database.db, { email });
    const { agent, token } = await browserOnLoginPage(t.app);
    await signInAs(agent, token, email);
    return agent;
  }

  /** A fresh link of `email`'s, carrying the wizard's choice, as its owner asks for one. */
  async function linkOf(owner: Agent, email: string): Promise<string> {
    const token = await freshToken(owner, "/account/register/");
    expect((await owner.post("/account/verify-email/").set("X-CSRFToken", token).send(choice)).status).toBe(200);
    const [mail] = await outboxFor(t.database.db, email);
    const url = new URL(/https?:\/\/\S+\/account\/verify-email\/\?token=[A-Za-z0-9_-]{43}/.exec(mail!.text_body ?? "")![0]);
    return url.pathname + url.search;
  }

  /** The link followed as a browser does: the token hand-off, the page, then its "Confirm my email" button. */
  const follow = followVerifyLink;

  const signedInEmail = async (agent: Agent) => ((await agent.get("/account/session-status/")).body.session_data.login_info as { email: string } | null)?.email;
  const verified = async (email: string) => ((await verifiedAtOf(t.database.db, email)) ?? null) !== null;

  it("V3.5.1 a signed-in victim who opens the attacker's link stays the victim; only the attacker's address is confirmed", async () => {
    const attacker = await signedIn("mallory@attacker.example");
    const link = await linkOf(attacker, "mallory@attacker.example");
    const victim = await signedIn("victim@riverside.sch.uk");

    const page = await follow(victim, link);
    expect(page.status).toBe(200);
    expect(await signedInEmail(victim)).toBe("victim@riverside.sch.uk");
    expect(await verified("mallory@attacker.example")).toBe(true);
    expect(await verified("victim@riverside.sch.uk")).toBe(false);
    // The page names the confirmed address and nothing more: no way into the attacker's wizard.
    expect(page.text).toContain("The email address mallory@attacker.example is confirmed.");
    expect(page.text).toContain("sign out, then sign in as that account");
    expect(page.text).not.toMatch(/resume=|Riverside Primary/);
  });

  it("V3.5.1 a signed-out browser stays signed out and is asked to sign in; signing in as the owner resumes the wizard", async () => {
    const owner = await signedIn("owner@riverside.sch.uk");
    const link = await linkOf(owner, "owner@riverside.sch.uk");
    const other = request.agent(t.app);

    const page = await follow(other, link);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Your email address is confirmed");
    expect(await signedInEmail(other)).toBeUndefined();
    expect(await verified("owner@riverside.sch.uk")).toBe(true);

    const next = /<input type="hidden" name="next" value="([^"]+)">/.exec(page.text)![1]!.replaceAll("&amp;", "&");
    expect(next).toMatch(/^\/account\/register\/\?link-school=true&resume=[A-Za-z0-9_-]{43}$/);
    const signIn = await other
      .post("/account/login/")
      .type("form")
      .set("Accept", "text/html")
      .send({ _csrf: csrfTokenOf(page.text), email: "owner@riverside.sch.uk", password: strongPassword, next });
    expect(signIn.status).toBe(303);
    expect(signIn.headers.location).toBe(next);
    const wizard = await other.get(next).set("Accept", "text/html");
    expect(wizard.text).toContain("data-resume=");
    expect(wizard.text).toContain("Riverside Primary");
  });

  it("V3.5.1 the person who asked for the link, still signed in, goes straight on into the wizard (the link, then its button)", async () => {
    const owner = await signedIn("same@riverside.sch.uk");
    const link = await linkOf(owner, "same@riverside.sch.uk");
    const page = await follow(owner, link);
    expect(page.status).toBe(303);
    expect(page.headers.location).toMatch(/^\/account\/register\/\?link-school=true&resume=[A-Za-z0-9_-]{43}$/);
    expect(await signedInEmail(owner)).toBe("same@riverside.sch.uk");
  });
});

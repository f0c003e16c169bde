import request from "supertest";
import { hashSingleUseToken } from "../../server/accounts/single-use-tokens";
import { addPerson, outboxFor, strongPassword } from "../server/accounts/support";
import { browserWithPage, csrfTokenOf, sessionCookieOf } from "../server/support/pages";
import { databaseEngines } from "../server/support/databases";
import { createTestApp, type TestApp } from "../server/support/test-app";

/*
 * Emailed sign-in links, offered while password sign-in is throttled (ASVS
 * 5.0 V6.3.1: the brute-force control must not become a way to lock the
 * owner out; V6.4.1/V6.6.x: an emailed secret is random, hashed at rest,
 * single-use and short-lived; V6.3.8: no account enumeration; V3.5.3: a GET
 * never signs in, so a mail scanner following the link signs nobody in;
 * V7.2.4: a new session on sign-in; V16.3.1: audited).
 */
const signInLinkIn = (textBody: string | null): string => {
  const link = /https?:\/\/\S+\/account\/login\/link\/[A-Za-z0-9_-]{43}\//.exec(textBody ?? "")?.[0];
  if (!link) throw new Error(`no sign-in link in: ${textBody}`);
  return new URL(link).pathname;
};

// On every engine: the unknown-address path rolls a transaction back, and the spend is one conditional update.
describe.each(databaseEngines)("emailed sign-in links on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ engine, env: { TRUST_PROXY: "true" } });
  });
  afterAll(() => t.close());

  let addressCounter = 0;
  /** A browser at its own client address (TRUST_PROXY: the address is X-Forwarded-For). */
  const browserAt = async (path = "/account/login/") => {
    addressCounter += 1;
    const address = `198.51.100.${addressCounter}`;
    const browser = await browserWithPage(t.app, path);
    return { ...browser, address };
  };
  const askForLink = async (email: string) => {
    const browser = await browserAt();
    return browser.agent.post("/account/login/email-link/").set("X-Forwarded-For", browser.address).set("X-CSRFToken", browser.token).send({ email });
  };
  const linkFor = async (email: string) => {
    expect((await askForLink(email)).status).toBe(200);
    const [mail] = await outboxFor(t.database.db, email);
    expect(mail?.template).toBe("sign-in-link");
    return signInLinkIn(mail!.text_body);
  };
  /** Follows the emailed link in a fresh browser: the hand-off, then the page with its button. */
  const openLink = async (link: string) => {
    const agent = request.agent(t.app);
    const handoff = await agent.get(link).set("Accept", "text/html");
    const page = await agent.get("/account/login/link/").set("Accept", "text/html");
    return { agent, handoff, page };
  };
  const signedInEmail = async (agent: ReturnType<typeof request.agent>) =>
    (await agent.get("/account/session-status/").set("Accept", "application/json")).body.session_data.login_info?.email ?? null;

  it("V6.3.8 answers an unknown address exactly as a known one, doing the same work (the mail written, then rolled back)", async () => {
    await addPerson(t.database.db, { email: "known@example.org" });
    const known = await askForLink("known@example.org");
    const unknown = await askForLink("nobody-here@example.org");
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(known.body).toEqual({ success: true, message: expect.stringMatching(/^If there is an account for that email address, we have sent it a sign-in link\./) });
    expect(await outboxFor(t.database.db, "known@example.org")).toHaveLength(1);
    expect(await outboxFor(t.database.db, "nobody-here@example.org")).toHaveLength(0);
    // The plain form answers the same page for both.
    const form = async (email: string) => {
      const browser = await browserAt();
      const answer = await browser.agent.post("/account/login/email-link/").set("X-Forwarded-For", browser.address).type("form").send({ _csrf: browser.token, email });
      return { status: answer.status, text: answer.text.replace(/name="_csrf" value="[^"]*"|content="[^"]*"/g, "").replaceAll(email, "EMAIL") };
    };
    const [knownPage, unknownPage] = [await form("known@example.org"), await form("nobody-here@example.org")];
    expect(unknownPage.status).toBe(200);
    expect(unknownPage).toEqual(knownPage);
  });

  it("V6.3.8 takes about as long for an unknown address as for a known one", async () => {
    await addPerson(t.database.db, { email: "timed@example.org" });
    const time = async (email: string) => {
      const started = performance.now();
      await askForLink(email);
      return performance.now() - started;
    };
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const known: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      known.push(await time("timed@example.org"));
      unknown.push(await time(`unknown-${round}@example.org`));
    }
    // Gross differences only (a skipped write or render): the machine is shared, so no tight bound.
    expect(median(unknown)).toBeGreaterThan(median(known) / 5);
  });

  it("V6.6.2 stores only the token's hash, valid for 15 minutes", async () => {
    const id = await addPerson(t.database.db, { email: "hashed@example.org" });
    const link = await linkFor("hashed@example.org");
    const token = link.split("/").at(-2)!;
    const rows = await t.database.db.selectFrom("sign_in_link_tokens").selectAll().where("constituent_id", "=", id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(hashSingleUseToken(token));
    expect(Date.parse(rows[0]!.expires_at) - Date.parse(rows[0]!.created_at)).toBe(15 * 60 * 1000);
  });

  it("V3.5.3 V6.3.1 V7.2.4 V16.3.1 a GET never signs in; the button signs in that account once, in a new session, audited", async () => {
    const id = await addPerson(t.database.db, { email: "owner@example.org" });
    const link = await linkFor("owner@example.org");
    const tokenRows = () => t.database.db.selectFrom("sign_in_link_tokens").selectAll().where("constituent_id", "=", id).execute();
    const unopened = await tokenRows();
    // A mail scanner opens it first, in a browser of its own: the token's row is as it was.
    expect((await openLink(link)).page.status).toBe(200);
    expect(await tokenRows()).toEqual(unopened);
    const { agent, handoff, page } = await openLink(link);
    expect(handoff.status).toBe(303);
    expect(handoff.headers.location).toBe("/account/login/link/");
    const cookie = (handoff.headers["set-cookie"] as unknown as string[]).find((value) => value.startsWith("sign_in_token="))!;
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("Path=/account/login/link/");
    expect(page.status).toBe(200);
    expect(page.text).toContain('<form class="auth-form" method="post" action="/account/login/link/">');
    // Opening the link, and opening its page again (a scanner), signs nobody in.
    expect((await agent.get("/account/login/link/")).status).toBe(200);
    expect(await signedInEmail(agent)).toBeNull();
    expect(await tokenRows()).toEqual(unopened);
    const before = sessionCookieOf(page);

    const signedIn = await agent.post("/account/login/link/").type("form").send({ _csrf: csrfTokenOf(page.text) });
    expect(signedIn.status).toBe(303);
    expect(sessionCookieOf(signedIn)).toBeDefined();
    expect(sessionCookieOf(signedIn)).not.toBe(before);
    expect(await signedInEmail(agent)).toBe("owner@example.org");
    const events = await t.database.db.selectFrom("audit_events").selectAll().where("event", "=", "sign-in.succeeded").where("subject_id", "=", id).execute();
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0]!.details ?? "{}")).toEqual({ via: "emailed-link" });

    // Used once: the same link in another browser no longer works, and signs nobody in.
    const again = await openLink(link);
    expect(again.page.status).toBe(410);
    expect(again.page.text).toContain("This sign-in link has expired or has already been used.");
    const replay = await again.agent.post("/account/login/link/").type("form").send({ _csrf: csrfTokenOf(again.page.text) });
    expect(replay.status).toBe(410);
    expect(await signedInEmail(again.agent)).toBeNull();
  });

  it("V6.6.1 refuses an expired link", async () => {
    const id = await addPerson(t.database.db, { email: "late@example.org" });
    const link = await linkFor("late@example.org");
    const expired = new Date(Date.now() - 1000).toISOString();
    await t.database.db.updateTable("sign_in_link_tokens").set({ expires_at: expired }).where("constituent_id", "=", id).execute();
    const { agent, page } = await openLink(link);
    expect(page.status).toBe(410);
    const posted = await agent.post("/account/login/link/").type("form").send({ _csrf: csrfTokenOf(page.text) });
    expect(posted.status).toBe(410);
    expect(await signedInEmail(agent)).toBeNull();
  });

  it("V2.4.1 limits link requests: 3 per email in 15 minutes (quietly), 10 per address (429)", async () => {
    await addPerson(t.database.db, { email: "flooded@example.org" });
    for (let ask = 0; ask < 5; ask += 1) expect((await askForLink("flooded@example.org")).status).toBe(200);
    expect(await outboxFor(t.database.db, "flooded@example.org")).toHaveLength(3);

    const browser = await browserAt();
    const ask = (index: number) =>
      browser.agent.post("/account/login/email-link/").set("X-Forwarded-For", browser.address).set("X-CSRFToken", browser.token).send({ email: `spray${index}@example.org` });
    for (let index = 0; index < 10; index += 1) expect((await ask(index)).status).toBe(200);
    expect((await ask(10)).status).toBe(429);
  });

  it("V6.3.1 is offered on the sign-in page while throttled, for the email typed", async () => {
    await addPerson(t.database.db, { email: "offered@example.org" });
    const browser = await browserAt();
    const attempt = (password: string) =>
      browser.agent.post("/account/login/").set("X-Forwarded-For", browser.address).type("form").send({ _csrf: browser.token, email: "offered@example.org", password });
    for (let failure = 0; failure < 10; failure += 1) expect((await attempt("Wrong-pass-1!")).status).toBe(401);
    expect((await attempt("Wrong-pass-1!")).status).toBe(429);
    const throttled = await attempt(strongPassword);
    expect(throttled.status).toBe(429);
    expect(throttled.text).toContain('action="/account/login/email-link/"');
    expect(throttled.text).toContain("Email me a sign-in link");
    const json = await browser.agent.post("/account/login/").set("X-Forwarded-For", browser.address).set("X-CSRFToken", browser.token).send({ email: "offered@example.org", password: strongPassword });
    expect(json.status).toBe(429);
    expect(json.body.sign_in_link).toBe(true);
  });
});

import request from "supertest";
import { DEMO_CONTENT_DIRECTORY, seedFromDirectory } from "../../../server/content/seed";
import { essentialCookies } from "../../../server/routes/privacy-view";
import { browserOnLoginPage, outboxFor, resetLinkIn, signInAs, strongPassword } from "../accounts/support";
import { csrfTokenOf } from "../support/pages";
import { createTestApp, type TestApp } from "../support/test-app";

/*
 * UK GDPR / PECR: the site sets only strictly necessary cookies, and the
 * privacy page lists them. This walks the public pages, a signed-in journey
 * and both emailed links, and checks that the cookies set along the way are
 * exactly the ones the privacy page lists: a new cookie fails it, and so does
 * a listed one the site no longer sets.
 */

type Agent = ReturnType<typeof request.agent>;

const seen = new Set<string>();

/** Remembers the name of every cookie a response sets. */
function record<Response extends { headers: Record<string, unknown> }>(response: Response): Response {
  for (const cookie of (response.headers["set-cookie"] as string[] | undefined) ?? []) seen.add(cookie.split("=")[0]!);
  return response;
}

async function visit(agent: Agent, path: string) {
  return record(await agent.get(path).set("Accept", "text/html"));
}

describe("cookies the site sets", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedFromDirectory(t.database.db, DEMO_CONTENT_DIRECTORY);
  });
  afterAll(() => t.close());

  it("are exactly the essential cookies the privacy page lists", async () => {
    // A visitor on the public pages.
    const visitor = request.agent(t.app);
    for (const path of ["/", "/whats-on/", "/resources/", "/search/?q=macbeth", "/gallery/", "/people/", "/about-us/", "/privacy/",
      "/account/login/", "/account/register/", "/account/forgot-password/"]) {
      expect((await visit(visitor, path)).status, path).toBe(200);
    }

    // A member signs in, looks around, downloads their data and signs out.
    const { agent, token } = await browserOnLoginPage(t.app);
    record(await signInAs(agent, token, "individual@example.com", "Demo-pass-1!"));
    for (const path of ["/account/my-account/", "/account/dashboard/", "/resources/", "/account/my-data/", "/privacy/"]) {
      expect((await visit(agent, path)).status, path).toBe(200);
    }
    const pageToken = csrfTokenOf((await visit(agent, "/account/my-account/")).text);
    record(await agent.post("/account/logout/").set("X-CSRFToken", pageToken).set("X-Requested-With", "XMLHttpRequest"));

    // Someone follows a password reset link.
    const forgotten = await browserOnLoginPage(t.app, "/account/forgot-password/");
    record(await forgotten.agent.post("/account/forgot-password/").set("X-CSRFToken", forgotten.token).send({ email: "lapsed@example.com" }));
    const [resetMail] = await outboxFor(t.database.db, "lapsed@example.com");
    const resetLink = resetLinkIn(resetMail!.text_body);
    expect((await visit(forgotten.agent, resetLink)).status).toBe(303);
    expect((await visit(forgotten.agent, "/account/reset-password/")).status).toBe(200);

    // A newcomer signs up and follows the verification link.
    const newcomer = await browserOnLoginPage(t.app, "/account/register/");
    const email = "newcomer@riverside.sch.uk";
    record(
      await newcomer.agent
        .post("/account/register/")
        .set("X-CSRFToken", newcomer.token)
        .send({ first_name: "Nia", last_name: "Bello", phone_number: "", email, password: strongPassword, next: "/account/my-account/" }),
    );
    const [welcome] = await outboxFor(t.database.db, email);
    const verifyLink = /https?:\/\/\S+(\/account\/verify-email\/\?token=[A-Za-z0-9_-]{43})/.exec(welcome!.text_body ?? "")![1]!;
    expect((await visit(newcomer.agent, verifyLink)).status).toBe(303);
    await visit(newcomer.agent, "/account/verify-email/");

    expect([...seen].sort()).toEqual(essentialCookies(t.config).map((cookie) => cookie.name).sort());
  });
});

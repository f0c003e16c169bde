import request from "supertest";
import { addPerson, inAYear } from "../server/accounts/support";
import { formPost, jsonCall, signedInBrowser } from "../server/my-account/support";
import { paymentRecords } from "../server/payments/support";
import { browserWithPage } from "../server/support/pages";
import { addShareableResources } from "../server/resources/share-links/support";
import { createTestApp, type TestApp } from "../server/support/test-app";

/*
 * Oversized input: bodies past the parsers' 100 kB limit answer 413 with a
 * page or JSON that says what to do (ASVS 5.0 V15.2.2 defences against
 * resource-demanding requests), and fields past their own maximum answer a
 * validation error that keeps what was typed (V2.2.1 input validated against
 * logical limits).
 */
describe("oversized bodies and fields", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("V15.2.2 answers a body over 100 kB with 413, as JSON or as a page", async () => {
    const { agent, token } = await browserWithPage(t.app);
    const big = "x".repeat(101 * 1024);
    const json = await agent.post("/account/contact/").set("X-CSRFToken", token).send({ message: big });
    expect(json.status).toBe(413);
    expect(json.body.errors.__all__[0]).toContain("larger than 100 kB");
    const form = await agent.post("/contact/").type("form").set("Accept", "text/html").send({ _csrf: token, message: big });
    expect(form.status).toBe(413);
    expect(form.text).toContain("That was too much to send");
  });


  it("V15.2.2 accepts a body just under the limit", async () => {
    const { agent, token } = await browserWithPage(t.app);
    const response = await agent.post("/account/contact/").set("X-CSRFToken", token).send({ message: "x".repeat(99 * 1024) });
    expect(response.status).toBe(404);
  });


  it("V15.2.2 refuses a provider notification over 100 kB with 413 before any signature work, changing nothing", async () => {
    const before = await paymentRecords(t.database.db);
    const response = await request(t.app)
      .post("/payments/notifications/sandbox/")
      .set("Content-Type", "application/json")
      .set("Sandbox-Signature", "0".repeat(64))
      .send(JSON.stringify({ type: "payment.approved", reference: "x".repeat(101 * 1024) }));
    expect(response.status).toBe(413);
    expect(await paymentRecords(t.database.db)).toEqual(before);
  });

  it("V2.2.1 a profile name over 100 characters is refused, and the form keeps what was typed", async () => {
    await addPerson(t.database.db, { email: "long-name@example.org", firstName: "Short" });
    const { agent, token } = await signedInBrowser(t.app, "long-name@example.org");
    const long = `Long${"n".repeat(100)}`;
    const json = await jsonCall(agent, "put", "/account/update-profile/", token, { FirstName: long, LastName: "B" });
    expect(json.status).toBe(400);
    expect(json.body.errors).toEqual({ FirstName: ["First name must be 100 characters or fewer"] });
    const form = await formPost(agent, "/account/update-profile/", token, { FirstName: long, LastName: "B" });
    const page = form.status === 303 ? (await agent.get(form.headers.location!).set("Accept", "text/html")).text : form.text;
    expect(page).toContain("First name must be 100 characters or fewer");
    expect(page).toContain(`value="${long}"`);
    const stored = await t.database.db.selectFrom("constituents").select("first_name").where("email", "=", "long-name@example.org").executeTakeFirstOrThrow();
    expect(stored.first_name).toBe("Short");
  });

  it("V2.2.1 a note over 10,000 characters is refused with a field error and nothing is saved", async () => {
    const { activityIds } = await addShareableResources(t.database.db);
    await addPerson(t.database.db, { email: "long-note@example.org", membershipExpiresAt: inAYear() });
    const { agent, token } = await signedInBrowser(t.app, "long-note@example.org");
    const response = await jsonCall(agent, "post", `/resources/notes/${activityIds[0]}/save/`, token, { content: "n".repeat(10_001) });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.errors)).toEqual(["content"]);
    expect(await t.database.db.selectFrom("teacher_notes").selectAll().execute()).toEqual([]);
  });

  it("V2.2.1 search text over its limit answers 400 naming the limit, and the search page keeps the text", async () => {
    const suggestions = await request(t.app).get("/search/autocomplete/").query({ query: "q".repeat(257) });
    expect(suggestions.status).toBe(400);
    expect(suggestions.body.errors.query[0]).toBe("Search text must be 256 characters or fewer.");
    const page = await request(t.app).get("/search/").query({ q: "q".repeat(257) }).set("Accept", "text/html");
    expect(page.status).toBe(400);
    expect(page.text).toContain("Search text must be 256 characters or fewer.");
    expect(page.text).toContain("q".repeat(257));
    const schools = await request(t.app).get("/account/school-search/").query({ query: "a".repeat(513) });
    expect(schools.status).toBe(400);
  });
});

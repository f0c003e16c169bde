import { jsonFieldProblems } from "../../../server/http/json-fields";
import { addPerson } from "../accounts/support";
import { jsonCall, signedInBrowser, type Agent } from "../my-account/support";
import { browserWithPage } from "../support/pages";
import { createTestApp, type TestApp } from "../support/test-app";

describe("jsonFieldProblems", () => {
  it("names every field sent with the wrong JSON type, and what it was", () => {
    expect(jsonFieldProblems({ a: [1], b: { x: 1 }, c: null, d: true, e: 2.5, f: "fine" }, { a: "text", b: "text", c: "text", d: "text", e: "text", f: "text" })).toEqual({
      a: ["Send a as text (a JSON string), not a list."],
      b: ["Send b as text (a JSON string), not an object."],
      c: ["Send c as text (a JSON string), not null."],
      d: ["Send d as text (a JSON string), not true."],
      e: ["Send e as text (a JSON string), not a fraction."],
    });
  });

  it("takes a whole number where a select's id may come as one, and ignores absent and unlisted fields", () => {
    expect(jsonFieldProblems({ Prefix: -1, other: [1] }, { Prefix: "text or whole number", FirstName: "text" })).toEqual({});
    expect(jsonFieldProblems({ Prefix: "6" }, { Prefix: "text or whole number" })).toEqual({});
    expect(jsonFieldProblems({ Prefix: 6.5 }, { Prefix: "text or whole number" })).toEqual({
      Prefix: ["Send Prefix as text or a whole number, not a fraction."],
    });
  });

  it("refuses a body that is not one object", () => {
    expect(jsonFieldProblems([{ email: "a@example.com" }], { email: "text" })).toEqual({
      __all__: ['Send the fields as one JSON object, for example {"email": "ada@example.com"}.'],
    });
  });
});

describe("wrong JSON types at every JSON-taking endpoint", () => {
  let t: TestApp;
  let people = 0;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function signedIn(): Promise<{ agent: Agent; token: string; id: number }> {
    people += 1;
    const email = `types${people}@example.org`;
    const id = await addPerson(t.database.db, { email, firstName: "Priya" });
    return { id, ...(await signedInBrowser(t.app, email)) };
  }

  it("PUT /account/update-profile/ with Prefix [1] answers 400 naming Prefix, and keeps the title", async () => {
    const { agent, token, id } = await signedIn();
    const db = t.database.db;
    await db.updateTable("constituents").set({ prefix: 6 }).where("id", "=", id).execute();
    const response = await jsonCall(agent, "put", "/account/update-profile/", token, { Prefix: [1], FirstName: "Priya", LastName: "Shah" });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, errors: { Prefix: ["Send Prefix as text or a whole number, not a list."] } });
    const stored = await db.selectFrom("constituents").select(["prefix", "last_name"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(stored.prefix).toBe(6);
    expect(stored.last_name).not.toBe("Shah");
  });

  const signedInWrites: [string, "put" | "post", string, Record<string, unknown>, string[]][] = [
    ["update-profile", "put", "/account/update-profile/", { FirstName: { first: "Priya" }, LastName: "Shah" }, ["FirstName"]],
    ["update-profile (email)", "put", "/account/update-profile/", { Email: ["new@example.org"], Password: 1 }, ["Email", "Password"]],
    ["update-password", "put", "/account/update-password/", { Password: 12345678, NewPassword: "Another-long-pass-9!" }, ["Password"]],
    ["contact-us-form", "post", "/account/contact-us-form/", { name: "Priya", email: "priya@example.org", subject: "General enquiry", message: ["Hello"] }, ["message"]],
    ["save-resource", "post", "/account/save-resource/", { resource_id: 1, resource_type: "video", to_save: true, next: { path: "/" } }, ["next"]],
  ];

  it.each(signedInWrites)("%s answers 400 naming the field", async (_name, method, path, body, fields) => {
    const { agent, token } = await signedIn();
    const response = await jsonCall(agent, method, path, token, body);
    expect(response.status).toBe(400);
    expect(response.body.success).toBe(false);
    expect(Object.keys(response.body.errors)).toEqual(fields);
  });

  const visitorWrites: [string, Record<string, unknown>][] = [
    ["/account/login/", { email: ["individual@example.com"], password: "Demo-pass-1!" }],
    ["/account/register/", { first_name: "Ada", last_name: "Lovelace", phone_number: 7700900123, email: "ada@example.org", password: "Rehearsal-room-7!" }],
    ["/account/forgot-password/", { email: { address: "ada@example.org" } }],
    ["/account/reset-password/", { token: "abc", password: true, confirm_password: "x" }],
  ];

  it.each(visitorWrites)("POST %s answers 400 naming the field", async (path, body) => {
    const { agent, token } = await browserWithPage(t.app);
    const response = await jsonCall(agent, "post", path, token, body);
    expect(response.status).toBe(400);
    const wrong = Object.entries(body).filter(([, value]) => typeof value !== "string");
    expect(response.body).toEqual({ success: false, errors: { [wrong[0]![0]]: [expect.stringContaining(`Send ${wrong[0]![0]} as text`)] } });
  });

  it("lets form posts through to the route: a repeated form field is not a JSON type", async () => {
    const { agent, token } = await browserWithPage(t.app);
    const response = await agent
      .post("/account/login/")
      .type("form")
      .set("Accept", "text/html")
      .send(`_csrf=${token}&email=a@example.org&email=b@example.org&password=x`);
    // The login route's own answer: a repeated email reads as no email.
    expect(response.status).toBe(400);
    expect(response.text).toContain("Please enter email and password");
  });

  it("answers a JSON list instead of an object with 400", async () => {
    const { agent, token } = await browserWithPage(t.app);
    const response = await agent.post("/account/login/").set("X-CSRFToken", token).set("Content-Type", "application/json").send("[]");
    expect(response.status).toBe(400);
    expect(response.body.errors.__all__[0]).toContain("one JSON object");
  });
});

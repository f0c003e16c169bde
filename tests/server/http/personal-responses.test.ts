import request from "supertest";
import { addPerson } from "../accounts/support";
import { myAccountPath, signedInBrowser } from "../my-account/support";
import { createTestApp, type TestApp } from "../support/test-app";

describe("Cache-Control on personal responses", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await addPerson(t.database.db, { email: "member@example.org", firstName: "Priya" });
  });
  afterAll(() => t.close());

  it.each([myAccountPath, "/account/dashboard/", "/", "/whats-on/", "/api/attendable/v1/instances/?start_date=2026-07-01&end_date=2026-07-02"])(
    "keeps %s out of every shared cache for a signed-in person",
    async (path) => {
      const { agent } = await signedInBrowser(t.app, "member@example.org");
      const response = await agent.get(path).set("Accept", "text/html");
      expect(response.status).toBe(200);
      expect(response.headers["cache-control"]).toBe("private, no-store");
    },
  );

  it("marks a response that sets a cookie private, no-store, even for a visitor", async () => {
    const response = await request(t.app).get("/account/login/").set("Accept", "text/html");
    expect(response.headers["set-cookie"]).toBeDefined();
    expect(response.headers["cache-control"]).toBe("private, no-store");
  });

  it("replaces what a route set itself when the response is personal", async () => {
    // The session-status route sets plain no-store; a personal answer also says private.
    const { agent } = await signedInBrowser(t.app, "member@example.org");
    const response = await agent.get("/account/session-status/");
    expect(response.body.session_data.login_info).toEqual({ email: "member@example.org" });
    expect(response.headers["cache-control"]).toBe("private, no-store");
  });

  it("lets a shared cache keep a visitor's cookieless page, revalidated every time (the page cache's answer)", async () => {
    const response = await request(t.app).get("/").set("Accept", "text/html");
    expect(response.headers["set-cookie"]).toBeUndefined();
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(response.headers.vary).toBe("Accept-Encoding, Cookie");
  });
});

import request from "supertest";
import { browserWithPage } from "../support/pages";
import { createTestApp, type TestApp } from "../support/test-app";

const reloadHint = "Reload the page and try again.";

describe("CSRF protection", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("refuses a JSON write without a token with 403 and JSON errors", async () => {
    const response = await request(t.app).post("/account/save-resource/").send({ resource_id: 1 });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ success: false, errors: { csrf: [expect.stringContaining(reloadHint)] } });
  });

  it("refuses a form post without a token with the styled error page", async () => {
    const response = await request(t.app).post("/contact/").type("form").set("Accept", "text/html").send({ message: "Hello" });
    expect(response.status).toBe(403);
    expect(response.type).toBe("text/html");
    expect(response.text).toContain(reloadHint);
    expect(response.text).toContain('<main id="main-content"');
  });

  it("refuses a wrong token and a token from another session", async () => {
    const { agent } = await browserWithPage(t.app);
    const other = await browserWithPage(t.app);
    for (const token of ["not-the-token", other.token]) {
      const response = await agent.post("/account/save-resource/").set("X-CSRFToken", token).send({ resource_id: 1 });
      expect(response.status).toBe(403);
    }
  });

  it("lets a write with the session's token through as the X-CSRFToken header or the _csrf field", async () => {
    const { agent, token } = await browserWithPage(t.app);
    // Getting past CSRF shows as the route's own answer: 401 for a visitor saving, 404 where no route answers.
    expect((await agent.post("/account/save-resource/").set("X-CSRFToken", token).send({ resource_id: 1 })).status).toBe(401);
    expect((await agent.post("/contact/").type("form").send({ _csrf: token, message: "Hello" })).status).toBe(404);
    expect((await agent.post("/account/save-resource/").send({ _csrf: token, resource_id: 1 })).status).toBe(401);
  });

  it("refuses cross-site writes even with a valid token", async () => {
    const { agent, token } = await browserWithPage(t.app);
    const crossOrigin = await agent.post("/account/save-resource/").set("X-CSRFToken", token).set("Origin", "https://evil.example").send({});
    expect(crossOrigin.status).toBe(403);
    expect(crossOrigin.body.errors.csrf).toHaveLength(1);
    const nullOrigin = await agent.post("/account/save-resource/").set("X-CSRFToken", token).set("Origin", "null").send({});
    expect(nullOrigin.status).toBe(403);
    const crossSite = await agent.post("/account/save-resource/").set("X-CSRFToken", token).set("Sec-Fetch-Site", "cross-site").send({});
    expect(crossSite.status).toBe(403);
  });

  it("accepts the site's own Origin and same-origin fetches", async () => {
    const { agent, token } = await browserWithPage(t.app);
    const response = await agent
      .post("/account/save-resource/")
      .set("X-CSRFToken", token)
      .set("Origin", t.config.publicOrigin)
      .set("Sec-Fetch-Site", "same-origin")
      .send({});
    // Past the CSRF check: the route's own 401 for a visitor.
    expect(response.status).toBe(401);
  });

  it("never asks reads for a token", async () => {
    expect((await request(t.app).get("/").set("Origin", "https://evil.example")).status).toBe(200);
  });
});

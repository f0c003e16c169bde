import request from "supertest";
import { createTestApp, type TestApp } from "../support/test-app";

describe("error responses", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("answers malformed JSON with 400 and a JSON error", async () => {
    const response = await request(t.app).post("/account/login/").set("Content-Type", "application/json").send('{"email": "a@example.org",');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, errors: { __all__: ["The data sent was not valid JSON. Check it and try again."] } });
  });

  it("renders the styled 404 page for an unknown path", async () => {
    const response = await request(t.app).get("/no-such-page/").set("Accept", "text/html");
    expect(response.status).toBe(404);
    expect(response.type).toBe("text/html");
    expect(response.text).toContain("Page not found");
    expect(response.text).toContain('href="/"');
    expect(response.text).toMatch(/<link rel="stylesheet"|<main/);
  });

  it("answers unknown API paths and XMLHttpRequest calls with JSON", async () => {
    const api = await request(t.app).get("/api/attendable/v1/nothing/");
    expect(api.status).toBe(404);
    expect(api.body.success).toBe(false);
    const xhr = await request(t.app).get("/no-such-page/").set("X-Requested-With", "XMLHttpRequest");
    expect(xhr.status).toBe(404);
    expect(xhr.type).toBe("application/json");
  });

  it("answers a missing static file with 404", async () => {
    expect((await request(t.app).get("/static/css/missing.css")).status).toBe(404);
  });
});

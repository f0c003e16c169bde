import request from "supertest";
import { browserWithPage } from "./support/pages";
import { createTestApp, type TestApp } from "./support/test-app";

describe("request logging", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("logs one line per request with method, path and status", async () => {
    await request(t.app).get("/no-such-page/");
    const line = t.logLines().find((entry) => (entry.req as { url?: string } | undefined)?.url === "/no-such-page/");
    expect(line).toMatchObject({ req: { method: "GET" }, res: { statusCode: 404 } });
  });

  it("never writes passwords, cookies, tokens or authorization headers", async () => {
    const { agent, token } = await browserWithPage(t.app);
    await agent
      .post("/account/login/")
      .set("X-CSRFToken", token)
      .set("Authorization", "Basic c2VjcmV0LWF1dGg=")
      .send({ email: "teacher@example.org", password: "Sup3r-secret-pw!", next: "/account/my-account/" });
    await agent.post("/account/update-password/").set("X-CSRFToken", token).send({ Password: "Old-pw-9!", NewPassword: "N3w-secret-pw!" });
    await agent.post("/account/login/").type("form").send({ _csrf: token, email: "teacher@example.org", password: "Form-secret-pw!" });
    await request(t.app).post("/account/login/").send({ password: "Refused-secret-pw!" });

    const log = t.logText();
    expect(log).toContain("/account/login/");
    for (const secret of ["Sup3r-secret-pw!", "Old-pw-9!", "N3w-secret-pw!", "Form-secret-pw!", "Refused-secret-pw!", "c2VjcmV0LWF1dGg=", token]) {
      expect(log).not.toContain(secret);
    }
    expect(log).not.toMatch(/sid=s%3A/);
  });

  it("leaves health probes out", async () => {
    await request(t.app).get("/healthz");
    await request(t.app).get("/readyz");
    expect(t.logText()).not.toMatch(/"url":"\/(healthz|readyz)"/);
  });
});

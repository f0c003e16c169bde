import { Writable } from "node:stream";
import { createLogger, redactShareTokens } from "../../server/logging";
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

function capturingLogger() {
  let output = "";
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      output += chunk.toString();
      done();
    },
  });
  return { logger: createLogger("info", sink), output: () => output };
}

describe("createLogger", () => {
  it("redacts password and token fields at any of the first levels of nesting", () => {
    const { logger, output } = capturingLogger();
    logger.info({ password: "Top-secret-1!" }, "flat");
    logger.info({ body: { email: "a@example.org", password: "Nested-secret-2!", Password: "Old-secret-3!" } }, "nested");
    logger.info({ req: { body: { NewPassword: "New-secret-4!", token: "reset-token-5" } } }, "deeper");
    logger.info({ data: { form: { fields: { new_password: "Deepest-secret-6!" } } } }, "deepest");
    const text = output();
    for (const secret of ["Top-secret-1!", "Nested-secret-2!", "Old-secret-3!", "New-secret-4!", "reset-token-5", "Deepest-secret-6!"]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain("[redacted]");
    expect(text).toContain("a@example.org");
  });

  it("redacts cookies, authorization and set-cookie headers", () => {
    const { logger, output } = capturingLogger();
    logger.info({
      req: { headers: { cookie: "sid=s%3Aabc.def", authorization: "Bearer xyz", "x-csrftoken": "tok" } },
      res: { headers: { "set-cookie": "sid=s%3Aabc.def; HttpOnly" } },
    });
    const line = JSON.parse(output()) as { req: { headers: Record<string, string> }; res: { headers: Record<string, string> } };
    expect(line.req.headers).toEqual({ cookie: "[redacted]", authorization: "[redacted]", "x-csrftoken": "[redacted]" });
    expect(line.res.headers["set-cookie"]).toBe("[redacted]");
  });

  it("writes nothing at level silent", () => {
    let output = "";
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        output += chunk.toString();
        done();
      },
    });
    createLogger("silent", sink).error("not shown");
    expect(output).toBe("");
  });
});

describe("access log weight", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("writes no headers, only method, path, status and timing", async () => {
    await request(t.app).get("/no-such-page/").set("User-Agent", "probe-agent/1.0");
    const line = t.logLines().find((entry) => (entry.req as { url?: string } | undefined)?.url === "/no-such-page/")!;
    expect(line).toMatchObject({ req: { method: "GET" }, res: { statusCode: 404 } });
    expect(line).toHaveProperty("responseTime");
    expect(JSON.stringify(line)).not.toContain("probe-agent");
    expect(line.req).not.toHaveProperty("headers");
    expect(line.res).not.toHaveProperty("headers");
  });

  it("leaves served static files out at info, but logs a missing one", async () => {
    await request(t.app).get("/static/images/favicon.svg").expect(200);
    await request(t.app).get("/static/missing-file.css").expect(404);
    const urls = t.logLines().map((entry) => (entry.req as { url?: string } | undefined)?.url);
    expect(urls).not.toContain("/static/images/favicon.svg");
    expect(urls).toContain("/static/missing-file.css");
  });
});

describe("redactShareTokens", () => {
  it("replaces a CSRF token sent in a query string (a file upload's form), wherever it stands", () => {
    expect(redactShareTokens("/staff/register/?_csrf=abc%2Fdef")).toBe("/staff/register/?_csrf=[redacted]");
    expect(redactShareTokens("/staff/register/?x=1&_csrf=abc&y=2")).toBe("/staff/register/?x=1&_csrf=[redacted]&y=2");
    expect(redactShareTokens("/staff/register/")).toBe("/staff/register/");
  });
});

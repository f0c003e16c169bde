import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { Writable } from "node:stream";
import express, { type NextFunction, type Request, type Response } from "express";
import type { LogLevel } from "../../server/config";
import { quietRefusals } from "../../server/http/quiet-refusals";
import { accessLog, createLogger, redactShareTokens } from "../../server/logging";
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

function capturingLogger(level: LogLevel = "info") {
  let output = "";
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      output += chunk.toString();
      done();
    },
  });
  return { logger: createLogger(level, sink), output: () => output };
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

/*
 * The access log's own lines (issue 27: it replaced pino-http and writes its
 * lines field for field), on a small app: Express behind a node:http handler
 * that answers /front itself through logAnswer, as the front door does.
 */
describe("the access log", () => {
  function loggedApp(level: LogLevel = "debug") {
    const { logger, output } = capturingLogger(level);
    const log = accessLog(logger);
    const app = express();
    app.use(quietRefusals);
    app.use(log.middleware);
    app.get("/healthz", (_req, res) => void res.send("ok"));
    app.get("/page/", (_req, res) => void res.send("page"));
    app.get("/static/site.css", (_req, res) => void res.type("css").send("a{}"));
    app.get("/static/missing.css", (_req, res) => void res.status(404).send("none"));
    app.get("/refused/", (_req, res) => void res.status(409).json({ success: false }));
    app.get("/unavailable/", (_req, res) => void res.status(503).send("later"));
    app.get("/thrown/", () => {
      throw new Error("a bug");
    });
    app.get("/never-answered/", () => {});
    app.get("/response-error/", (_req, res) => {
      res.emit("error", Object.assign(new Error("the response failed"), { token: "token-on-the-error" }));
      res.send("sent anyway");
    });
    app.get("/logs-twice/", (req, res) => {
      req.log.warn({ detail: 1 }, "first through req.log");
      req.log.info("second through req.log");
      res.send("logged");
    });
    // As server/http/error-handler.ts: the error is logged through req.log, the answer is a 500.
    app.use((error: Error, req: Request, res: Response, _next: NextFunction) => {
      req.log.error({ err: error }, "request failed");
      res.status(500).send("failed");
    });
    const handler = (req: IncomingMessage, res: ServerResponse) => {
      if (req.url !== "/front") return void app(req, res);
      log.logAnswer(req, res);
      res.end("kept");
    };
    const lines = () =>
      output()
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown> & { req?: Record<string, unknown> });
    const accessLines = () => lines().filter((line) => String(line.msg).startsWith("request "));
    return { logger, handler, lines, accessLines };
  }

  it("writes one line per answer with pino-http's fields, in pino-http's order, and nothing else", async () => {
    const { handler, accessLines } = loggedApp();
    await request(handler).get("/page/?q=1").expect(200);
    const lines = accessLines();
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(Object.keys(line!)).toEqual(["level", "time", "pid", "hostname", "req", "res", "responseTime", "msg"]);
    expect(line).toEqual({
      level: 30,
      time: expect.any(Number),
      pid: process.pid,
      hostname: expect.any(String),
      req: { id: expect.any(Number), method: "GET", url: "/page/?q=1", remoteAddress: "127.0.0.1" },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
      msg: "request completed",
    });
    expect(Object.keys(line!.req!)).toEqual(["id", "method", "url", "remoteAddress"]);
    expect(line!.responseTime).toBeGreaterThanOrEqual(0);
  });

  it("redacts share-link and CSRF tokens in the logged URL", async () => {
    const { handler, accessLines } = loggedApp();
    await request(handler).get(`/resources/shared/${"a".repeat(43)}?_csrf=secret-token`);
    expect(accessLines()[0]!.req!.url).toBe("/resources/shared/[redacted]?_csrf=[redacted]");
  });

  it("logs a served static file at debug, a refusal (quiet or not) and a missing file at warn, a 5xx at error", async () => {
    const { handler, accessLines } = loggedApp();
    await request(handler).get("/static/site.css").expect(200);
    await request(handler).get("/static/missing.css").expect(404);
    await request(handler).get("/refused/").expect(409);
    await request(handler).get("/refused/").set("Prefer", "quiet-refusal").expect(200);
    await request(handler).get("/unavailable/").expect(503);
    const summary = accessLines().map((line) => [line.req!.url, line.level, (line.res as { statusCode: number }).statusCode, line.msg]);
    expect(summary).toEqual([
      ["/static/site.css", 20, 200, "request completed"],
      ["/static/missing.css", 40, 404, "request completed"],
      ["/refused/", 40, 409, "request completed"],
      ["/refused/", 40, 409, "request completed"],
      ["/unavailable/", 50, 503, "request errored"],
    ]);
    expect(accessLines()[4]!.err).toMatchObject({ type: "Error", message: "failed with status code 503", stack: expect.any(String) });
  });

  it("logs a request that errors as pino-http did: the handler's line through req.log, then 'request errored' at error", async () => {
    const { handler, lines } = loggedApp();
    await request(handler).get("/thrown/").expect(500);
    const [failed, errored] = lines();
    expect(failed).toMatchObject({ level: 50, msg: "request failed", err: { type: "Error", message: "a bug" } });
    expect(Object.keys(errored!)).toEqual(["level", "time", "pid", "hostname", "req", "res", "err", "responseTime", "msg"]);
    expect(errored).toMatchObject({ level: 50, msg: "request errored", res: { statusCode: 500 }, err: { type: "Error", message: "failed with status code 500" } });
    expect(failed!.req).toEqual(errored!.req);
    expect(lines()).toHaveLength(2);
  });

  it("logs an error the response emits as 'request errored' with that error, redacted like any other line", async () => {
    const { handler, accessLines } = loggedApp();
    await request(handler).get("/response-error/").expect(200);
    expect(accessLines()).toEqual([
      expect.objectContaining({ level: 50, msg: "request errored", res: { statusCode: 200 }, err: expect.objectContaining({ type: "Error", message: "the response failed", token: "[redacted]" }) }),
    ]);
  });

  it("logs an answer the client hung up on as 'request aborted' at info", async () => {
    const { handler, accessLines } = loggedApp();
    const server = createServer(handler);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const socket = connect((server.address() as AddressInfo).port, "127.0.0.1");
      await new Promise<void>((resolve) => socket.once("connect", resolve));
      socket.write("GET /never-answered/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
      await new Promise((resolve) => setTimeout(resolve, 50));
      socket.destroy();
      for (let attempt = 0; attempt < 100 && accessLines().length === 0; attempt++) await new Promise((resolve) => setTimeout(resolve, 10));
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(accessLines()).toEqual([expect.objectContaining({ level: 30, msg: "request aborted", req: expect.objectContaining({ url: "/never-answered/", remoteAddress: "127.0.0.1" }) })]);
  });

  it("numbers requests 1, 2, 3… across Express and the front door's logAnswer, and leaves health probes out", async () => {
    const { handler, accessLines } = loggedApp();
    await request(handler).get("/page/");
    await request(handler).get("/front").expect(200, "kept");
    await request(handler).get("/healthz").expect(200);
    await request(handler).get("/page/");
    expect(accessLines().map((line) => [line.req!.id, line.req!.url, line.level, line.msg])).toEqual([
      [1, "/page/", 30, "request completed"],
      [2, "/front", 30, "request completed"],
      [4, "/page/", 30, "request completed"],
    ]);
  });

  it("skips logAnswer outright when its level is off, while Express's failures are still logged", async () => {
    const { logger, handler, accessLines } = loggedApp("warn");
    const child = vi.spyOn(logger, "child");
    await request(handler).get("/front").expect(200);
    await request(handler).get("/page/").expect(200);
    await request(handler).get("/refused/").expect(409);
    expect(accessLines().map((line) => [line.req!.id, line.req!.url, line.level])).toEqual([[2, "/refused/", 40]]);
    expect(child).not.toHaveBeenCalled();
  });

  it("makes req.log only when it is first read: the app's logger with the line's req bound", async () => {
    const { logger, handler, lines, accessLines } = loggedApp();
    const child = vi.spyOn(logger, "child");
    await request(handler).get("/page/");
    await request(handler).get("/front");
    await request(handler).get("/refused/");
    expect(child).not.toHaveBeenCalled();

    await request(handler).get("/logs-twice/");
    expect(child).toHaveBeenCalledTimes(1);
    const access = accessLines().find((line) => line.req!.url === "/logs-twice/")!;
    expect(child).toHaveBeenCalledWith({ req: access.req });
    const throughReqLog = lines().filter((line) => String(line.msg).endsWith("through req.log"));
    expect(throughReqLog).toEqual([
      expect.objectContaining({ level: 40, detail: 1, req: access.req }),
      expect.objectContaining({ level: 30, req: access.req }),
    ]);
    expect(Object.keys(throughReqLog[0]!)).toEqual(["level", "time", "pid", "hostname", "req", "detail", "msg"]);
  });
});

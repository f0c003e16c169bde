import { createServer, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { isDatabaseUnavailable } from "../../server/db/unavailable";
import { createTestApp, type TestApp } from "../server/support/test-app";

/*
 * A client that stops sending its body half-way (issue 22, item 12) is a
 * client abort: logged at info, never as "database unavailable" nor at error
 * level, so nobody can raise a database alarm with a half-sent POST
 * (ASVS 5.0 V16.3.4: unexpected errors and control failures are logged as
 * what they are).
 */
describe("a half-sent request body", () => {
  let t: TestApp;
  let server: Server;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    server = createServer(t.handleRequest);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await t.close();
  });

  /** Headers promising 1000 bytes, then 10 of them, then the socket is destroyed. */
  async function sendHalfABody(path: string, contentType: string): Promise<void> {
    const socket = connect(port, "127.0.0.1");
    await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
    socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${contentType}\r\nContent-Length: 1000\r\n\r\n`);
    socket.write("0123456789");
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.destroy();
  }

  async function untilLogged(message: string): Promise<Record<string, unknown>> {
    for (let attempt = 0; attempt < 100; attempt++) {
      const line = t.logLines().find((entry) => entry.msg === message);
      if (line) return line;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no "${message}" line in:\n${t.logText()}`);
  }

  it("V16.3.4 logs a JSON and a form body cut short as client aborts at info, with no database alarm and no error line", async () => {
    const before = t.logLines().length;
    await sendHalfABody("/account/contact/", "application/json");
    await sendHalfABody("/account/login/", "application/x-www-form-urlencoded");
    await untilLogged("client aborted the request");
    // Both requests' access lines are written once their sockets close.
    for (let attempt = 0; attempt < 100 && t.logLines().filter((entry) => entry.msg === "request aborted").length < 2; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const lines = t.logLines().slice(before);
    expect(lines.filter((entry) => entry.msg === "client aborted the request").length).toBe(2);
    for (const entry of lines.filter((line) => line.msg === "client aborted the request" || line.msg === "request aborted")) {
      expect(entry.level, JSON.stringify(entry)).toBe(30);
    }
    expect(t.logText()).not.toContain("database unavailable");
    expect(lines.filter((entry) => (entry.level as number) >= 40), t.logText()).toEqual([]);
  });

  it("V16.3.4 the database classifier does not count body-parser's abort (ECONNABORTED) as the database away", () => {
    const abort = Object.assign(new Error("request aborted"), { code: "ECONNABORTED", type: "request.aborted", status: 400 });
    expect(isDatabaseUnavailable(abort)).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }))).toBe(true);
  });
});

import { Writable } from "node:stream";
import { createLogger } from "../../../server/logging";

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

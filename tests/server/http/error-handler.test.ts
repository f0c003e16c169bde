import express from "express";
import request from "supertest";
import { DATABASE_UNAVAILABLE_MESSAGE, DATABASE_UNAVAILABLE_TITLE, errorHandler, notFoundHandler, REDIS_UNAVAILABLE_MESSAGE } from "../../../server/http/error-handler";
import { RedisUnavailableError } from "../../../server/redis";
import { DEFAULT_RETRY_AFTER_SECONDS, ServiceUnavailableError } from "../../../server/shared/errors";
import { HttpError } from "../../../server/http/errors";

/** A bare app with no views: page errors fall back to the built-in page. */
function appThatFails(error: unknown, development = false) {
  const app = express();
  app.get(["/page", "/api/thing"], () => {
    throw error;
  });
  app.use(notFoundHandler);
  app.use(errorHandler({ development }));
  return app;
}

describe("errorHandler", () => {
  it("answers API requests with { success: false, errors }", async () => {
    const response = await request(appThatFails(new HttpError(422, "Check the form.", { email: ["Enter an email address"] }))).get(
      "/api/thing",
    );
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ success: false, errors: { email: ["Enter an email address"] } });
  });

  it("puts a message without fields under __all__", async () => {
    const response = await request(appThatFails(new HttpError(409, "Already saved."))).get("/page").set("X-Requested-With", "XMLHttpRequest");
    expect(response.body).toEqual({ success: false, errors: { __all__: ["Already saved."] } });
  });

  it("hides the details of unexpected errors", async () => {
    const secretError = new Error("connection to db.internal:5432 refused");
    const api = await request(appThatFails(secretError)).get("/api/thing");
    expect(api.status).toBe(500);
    expect(JSON.stringify(api.body)).not.toMatch(/db\.internal|at .*\.ts/);
    expect(api.body.errors.__all__[0]).toMatch(/try again later/);

    const page = await request(appThatFails(secretError)).get("/page").set("Accept", "text/html");
    expect(page.status).toBe(500);
    expect(page.type).toBe("text/html");
    expect(page.text).toContain("Sorry, something went wrong");
    expect(page.text).not.toMatch(/db\.internal|error-handler\.test/);
  });

  it("answers a database that cannot be reached with 503, Retry-After and what to do, page or JSON", async () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 10.0.0.5:5432"), { code: "ECONNREFUSED" });
    const api = await request(appThatFails(refused)).get("/api/thing");
    expect(api.status).toBe(503);
    expect(api.headers["retry-after"]).toBe(String(DEFAULT_RETRY_AFTER_SECONDS));
    expect(api.body).toEqual({ success: false, errors: { __all__: [DATABASE_UNAVAILABLE_MESSAGE] } });

    const page = await request(appThatFails(refused)).get("/page").set("Accept", "text/html");
    expect(page.status).toBe(503);
    expect(page.headers["retry-after"]).toBe(String(DEFAULT_RETRY_AFTER_SECONDS));
    expect(page.text).toContain(DATABASE_UNAVAILABLE_TITLE);
    expect(page.text).not.toContain("10.0.0.5");
  });

  it("answers Redis that cannot be reached with 503, Retry-After and what to do, page or JSON", async () => {
    const away = new RedisUnavailableError("Redis did not answer within 2000 ms");
    const api = await request(appThatFails(away)).get("/api/thing");
    expect(api.status).toBe(503);
    expect(api.headers["retry-after"]).toBe(String(DEFAULT_RETRY_AFTER_SECONDS));
    expect(api.body).toEqual({ success: false, errors: { __all__: [REDIS_UNAVAILABLE_MESSAGE] } });

    const page = await request(appThatFails(away)).get("/page").set("Accept", "text/html");
    expect(page.status).toBe(503);
    expect(page.headers["retry-after"]).toBe(String(DEFAULT_RETRY_AFTER_SECONDS));
    expect(page.text).toContain(DATABASE_UNAVAILABLE_TITLE);
    expect(page.text).not.toContain("2000 ms");
  });

  it("gives every 503 a Retry-After", async () => {
    const response = await request(appThatFails(new HttpError(503, "Busy."))).get("/api/thing");
    expect(response.headers["retry-after"]).toBe(String(DEFAULT_RETRY_AFTER_SECONDS));
    const named = await request(appThatFails(new ServiceUnavailableError("Busy.", 7))).get("/api/thing");
    expect(named.headers["retry-after"]).toBe("7");
  });

  it("escapes messages in the fallback page", async () => {
    const page = await request(appThatFails(new HttpError(400, "<b>bold</b> & more"))).get("/page");
    expect(page.text).toContain("&#60;b&#62;bold&#60;/b&#62; &#38; more");
  });

  it("answers unknown paths with 404", async () => {
    const page = await request(appThatFails(new Error("unused"))).get("/nowhere/");
    expect(page.status).toBe(404);
    expect(page.text).toContain("Page not found");
    const api = await request(appThatFails(new Error("unused"))).get("/api/nowhere/");
    expect(api.status).toBe(404);
    expect(api.body.success).toBe(false);
  });
});

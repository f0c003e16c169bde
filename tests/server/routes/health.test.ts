import request from "supertest";
import { createTestApp, type TestApp } from "../support/test-app";

describe("health probes", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("GET /healthz answers 200 while the process is up", async () => {
    const response = await request(t.app).get("/healthz");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: "ok" });
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("GET /readyz answers 200 when the database answers, 503 once shutting down", async () => {
    expect((await request(t.app).get("/readyz")).status).toBe(200);
    t.services.readiness.shuttingDown = true;
    try {
      const response = await request(t.app).get("/readyz");
      expect(response.status).toBe(503);
      expect(response.body).toEqual({ status: "shutting down" });
      expect((await request(t.app).get("/healthz")).status).toBe(200);
    } finally {
      t.services.readiness.shuttingDown = false;
    }
  });

  it("GET /readyz answers 503 when the database is gone", async () => {
    const broken = await createTestApp();
    // Closed underneath the app, as when the database file or server goes away.
    await broken.services.database.close();
    const response = await request(broken.app).get("/readyz");
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ status: "database unavailable" });
    await broken.database.dispose();
  });
});

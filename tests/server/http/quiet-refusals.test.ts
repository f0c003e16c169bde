import request from "supertest";
import { createTestApp, type TestApp } from "../support/test-app";
import { signedInBrowser } from "../my-account/support";
import { addPerson } from "../accounts/support";

/*
 * A refusal a widget expects comes as 200 with Refusal-Status when the call
 * asks (Prefer: quiet-refusal, as widgets/lib/http.ts does), so the browser
 * logs no "Failed to load resource" line; every other caller gets the status.
 */
describe("quiet refusals (Prefer: quiet-refusal)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await addPerson(t.database.db, { email: "member@example.org", firstName: "Priya" });
  });
  afterAll(() => t.close());

  const noteSave = async (prefer?: string) => {
    const { agent, token } = await signedInBrowser(t.app, "member@example.org");
    const call = agent
      .post("/resources/notes/987654/save/")
      .set("Accept", "application/json")
      .set("X-Requested-With", "XMLHttpRequest")
      .set("X-CSRFToken", token)
      .send({ content: "x" });
    return prefer ? call.set("Prefer", prefer) : call;
  };

  it("answers the documented status to a caller that does not ask", async () => {
    const response = await noteSave();
    expect(response.status).toBe(404);
    expect(response.headers["refusal-status"]).toBeUndefined();
  });

  it("answers 200 with Refusal-Status, the same body, never cached, to a caller that asks", async () => {
    const plain = await noteSave();
    const quiet = await noteSave("quiet-refusal");
    expect(quiet.status).toBe(200);
    expect(quiet.headers["refusal-status"]).toBe("404");
    expect(quiet.headers["preference-applied"]).toBe("quiet-refusal");
    expect(quiet.headers["cache-control"]).toMatch(/no-store/);
    expect(quiet.headers.vary).toMatch(/\bPrefer\b/);
    expect(quiet.body).toEqual(plain.body);
  });

  it("quiets a refusal before sign-in too (401), and leaves a success alone", async () => {
    const signedOut = await request(t.app)
      .get("/resources/notes/1/")
      .set("Accept", "application/json")
      .set("X-Requested-With", "XMLHttpRequest")
      .set("Prefer", "respond-async, quiet-refusal");
    expect(signedOut.status).toBe(200);
    expect(signedOut.headers["refusal-status"]).toBe("401");
    const success = await request(t.app).get("/readyz").set("Prefer", "quiet-refusal");
    expect(success.status).toBe(200);
    expect(success.headers["refusal-status"]).toBeUndefined();
  });
});

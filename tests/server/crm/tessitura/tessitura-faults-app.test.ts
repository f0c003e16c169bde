import request from "supertest";
import { CRM_UNAVAILABLE_MESSAGE } from "../../../../server/crm/circuit-breaking-crm";
import { browserOnLoginPage, strongPassword } from "../../accounts/support";
import { createTestApp, type TestApp } from "../../support/test-app";
import { standInSettings, TessituraStandIn, type StandInFaults } from "./stand-in";

/*
 * The site on Tessitura (the stand-in) when Tessitura fails (issue 30,
 * "Faults"): a read slower than the CRM's timeout, a 500, a 401 (the API
 * user's credentials refused) and an answer that is not JSON each reach a
 * person as the spec's message (a 503 with Retry-After), a sign-up sent
 * meanwhile leaves nothing half made (the same sign-up succeeds once
 * Tessitura answers), and the breaker, opened by them, closes again.
 */

const faults: [string, StandInFaults][] = [
  ["a Tessitura slower than the CRM timeout", { delayMs: 900 }],
  ["a 500", { status500: true }],
  ["a 401 (our credentials refused)", { status401: true }],
  ["an answer that is not JSON", { malformedJson: true }],
];

describe("the site on Tessitura while Tessitura fails", () => {
  let standIn: TessituraStandIn;
  let t: TestApp;
  beforeAll(async () => {
    standIn = new TessituraStandIn();
    const baseUrl = await standIn.start();
    // A short CRM timeout (a slow Tessitura fails fast) and breaker reset (it is tried again soon).
    t = await createTestApp({ env: { ...standInSettings(baseUrl), CRM_TIMEOUT_MS: "300", CRM_BREAKER_RESET_MS: "200", CRM_BREAKER_MIN_CALLS: "2" } });
  });
  afterEach(() => {
    standIn.faults = {};
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.stop();
  });

  const lookUp = (email: string) => request(t.app).get("/account/lookup/").query({ email }).set("Accept", "application/json");

  /** Until the breaker lets a call through again and Tessitura answers it (the reset timeout is 200 ms). */
  async function untilTessituraAnswers(email: string) {
    for (let tries = 0; tries < 50; tries++) {
      const answer = await lookUp(email);
      if (answer.status === 200) return answer;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error("the site never reached Tessitura again");
  }

  it.each(faults)("%s: the wizard's look-up and a sign-up get the spec's message; the sign-up then succeeds as sent, and the breaker closes", async (_what, fault) => {
    const email = `fault-${Object.keys(fault)[0]}@example.org`.toLowerCase();
    const constituentsBefore = standIn.constituents.size;
    standIn.faults = fault;

    const looked = await lookUp(email);
    expect(looked.status).toBe(503);
    expect(looked.headers["retry-after"]).toMatch(/^\d+$/);
    expect(looked.body).toEqual({ success: false, errors: { __all__: [CRM_UNAVAILABLE_MESSAGE] } });

    const { agent, token } = await browserOnLoginPage(t.app, "/account/register/");
    const person = { first_name: "Faye", last_name: "Ulting", phone_number: "", email, password: strongPassword, next: "/resources/" };
    const refused = await agent.post("/account/register/").set("X-CSRFToken", token).send(person);
    expect(refused.status).toBe(503);
    expect(refused.body.errors).toEqual({ __all__: [CRM_UNAVAILABLE_MESSAGE] });

    // Tessitura answers again: the breaker lets a call through and closes; nothing of the refused sign-up stands in the way.
    standIn.faults = {};
    expect((await untilTessituraAnswers(email)).body).toEqual({ resetPassword: false, email: null });
    const made = await agent.post("/account/register/").set("X-CSRFToken", token).send(person);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ IsLoggedIn: true, constituentId: expect.any(Number) });
    // One person in Tessitura: the refused sign-up made none.
    expect(standIn.constituents.size).toBe(constituentsBefore + 1);
    expect(standIn.violations).toEqual([]);
  });

  it("a page a member asks for while Tessitura fails is the spec's page, not an error trace", async () => {
    standIn.faults = { status500: true };
    const page = await request(t.app).get("/account/countries/").set("Accept", "text/html");
    expect(page.status).toBe(503);
    expect(page.text).toContain("Membership records are unavailable for a moment");
    expect(page.text).toContain("Wait a minute, then try again.");
    expect(page.text).not.toMatch(/at \w+ \(|Error:/);
  });
});

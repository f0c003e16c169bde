import request from "supertest";
import { standInCrm, standInSettings, TessituraStandIn } from "../crm/tessitura/stand-in";
import { databaseEngines } from "../support/databases";
import { csrfTokenOf } from "../support/pages";
import { createTestApp, type TestApp } from "../support/test-app";
import { browserOnLoginPage, outboxFor, resetLinkIn, signInAs } from "./support";

/*
 * On a site whose CRM is Tessitura (CRM_PROVIDER=tessitura, here over the
 * stand-in), a person the box office created in Tessitura has no password on
 * the site: asking for one by email sends the set-password link, and setting
 * it signs them in as that constituent (docs/crm.md, "People").
 */
describe.each(databaseEngines)("a Tessitura constituent made by the box office sets a site password, on %s", (engine) => {
  let standIn: TessituraStandIn;
  let baseUrl: string;
  let t: TestApp;
  beforeAll(async () => {
    standIn = new TessituraStandIn();
    baseUrl = await standIn.start();
    t = await createTestApp({
      engine,
      env: {
        ...standInSettings(baseUrl),
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.stop();
  });

  it("gets the set-password email, sets a password and is signed in as the constituent", async () => {
    const email = `box-office-${engine}@example.org`;
    // Made in Tessitura, not through the site: a constituent with its primary email, and no credentials here.
    const boxOffice = standInCrm(baseUrl, t.database.db);
    const person = await boxOffice.createPerson({ FirstName: "Ada", LastName: "Boxoffice", Phone: "", PrefixId: -1, Email: email }, new Date());
    expect(person).toBeDefined();

    const { agent, token } = await browserOnLoginPage(t.app, "/account/forgot-password/");
    expect((await agent.post("/account/forgot-password/").type("form").send({ _csrf: token, email })).status).toBe(200);
    const [mail] = await outboxFor(t.database.db, email);
    expect(mail?.template).toBe("set-password");
    expect(mail?.text_body).toContain("Ada");

    const browser = request.agent(t.app);
    await browser.get(resetLinkIn(mail!.text_body));
    const page = await browser.get("/account/reset-password/");
    const password = "Box-office-2026!";
    const saved = await browser.post("/account/reset-password/").type("form").send({ _csrf: csrfTokenOf(page.text), password, confirm_password: password });
    expect(saved.status).toBe(303);
    const status = await browser.get("/account/session-status/").set("Accept", "application/json");
    expect(status.body.session_data.login_info).toEqual({ email });

    const login = await browserOnLoginPage(t.app);
    expect((await signInAs(login.agent, login.token, email, password)).status).toBe(200);
    expect(standIn.violations).toEqual([]);
  });
});

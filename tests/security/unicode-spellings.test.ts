import request from "supertest";
import { EMAIL_TAKEN_MESSAGE } from "../../server/accounts/registration";
import { browserOnLoginPage, strongPassword } from "../server/accounts/support";
import { jsonCall } from "../server/my-account/support";
import { createTestApp, type TestApp } from "../server/support/test-app";

/*
 * One person, one account, however the keyboard spells their name (issue 22,
 * item 11; ASVS 5.0 V2.2.1). "josé" can arrive precomposed (NFC, é is
 * U+00E9) or decomposed (NFD, e then U+0301): the probe made two accounts
 * from the two spellings. Emails and names are now composed to NFC at the
 * edge, so the second spelling is the first account.
 */

const NFC_EMAIL = "jos\u00e9@example.org";
const NFD_EMAIL = "jose\u0301@example.org";

describe("Unicode spellings of one email", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const register = async (email: string, names: { first_name: string; last_name: string }) => {
    const { agent, token } = await browserOnLoginPage(t.app, "/account/register/");
    return agent.post("/account/register/").set("X-CSRFToken", token).send({ ...names, phone_number: "", email, password: strongPassword });
  };

  it("V2.2.1 the NFD spelling of a registered NFC email is refused as an existing account, and names are stored in NFC", async () => {
    expect(NFC_EMAIL).not.toBe(NFD_EMAIL);
    const first = await register(NFC_EMAIL, { first_name: "Jose\u0301", last_name: "Nu\u0301n\u0303ez" });
    expect(first.status).toBe(201);
    const second = await register(NFD_EMAIL, { first_name: "José", last_name: "Núñez" });
    expect(second.status).toBe(400);
    expect(second.body.errors).toEqual({ email: [EMAIL_TAKEN_MESSAGE] });

    const rows = await t.database.db.selectFrom("constituents").select(["email", "first_name", "last_name"]).where("email", "in", [NFC_EMAIL, NFD_EMAIL]).execute();
    expect(rows).toEqual([{ email: NFC_EMAIL, first_name: "Jos\u00e9", last_name: "N\u00fa\u00f1ez" }]);
  });

  it("V2.2.1 signing in and looking up with the NFD spelling find the NFC account", async () => {
    const { agent, token } = await browserOnLoginPage(t.app);
    const login = await jsonCall(agent, "post", "/account/login/", token, { email: NFD_EMAIL, password: strongPassword, next: "/account/my-account/" });
    expect(login.status).toBe(200);
    expect(login.body.IsLoggedIn).toBe(true);

    const lookup = await request(t.app).get("/account/lookup/").query({ email: NFD_EMAIL }).set("Accept", "application/json");
    expect(lookup.body.email).toBe(NFC_EMAIL);
  });

  it("V2.2.1 a profile name typed in NFD is stored in NFC", async () => {
    const { agent, token } = await browserOnLoginPage(t.app);
    await jsonCall(agent, "post", "/account/login/", token, { email: NFC_EMAIL, password: strongPassword, next: "/account/my-account/" });
    const fresh = (await agent.get("/account/my-account/").set("Accept", "text/html")).text.match(/name="csrf-token" content="([^"]+)"/)?.[1];
    const response = await jsonCall(agent, "put", "/account/update-profile/", fresh, { FirstName: "Zoe\u0308", LastName: "Nu\u0301n\u0303ez" });
    expect(response.status).toBe(200);
    const row = await t.database.db.selectFrom("constituents").select("first_name").where("email", "=", NFC_EMAIL).executeTakeFirstOrThrow();
    expect(row.first_name).toBe("Zo\u00eb");
  });
});

import { addPerson } from "../accounts/support";
import { databaseEngines } from "../support/databases";
import { createTestApp, type TestApp } from "../support/test-app";
import { formPost, jsonCall, myAccountPath, signedInBrowser } from "./support";

const path = "/account/membership-reminders/";
const checkbox = /<input type="checkbox" id="membership-reminders-reminders" name="reminders" value="on" aria-describedby="membership-reminders-hint"( checked)?>/;

describe.each(databaseEngines)("the membership reminders setting on %s", (engine) => {
  let t: TestApp;
  let count = 0;
  beforeAll(async () => {
    t = await createTestApp({ engine });
  });
  afterAll(() => t.close());

  async function signedInPerson() {
    count += 1;
    const email = `reminded${count}@example.org`;
    const id = await addPerson(t.database.db, { email, firstName: "Ada" });
    return { id, email, ...(await signedInBrowser(t.app, email)) };
  }
  const optedOut = async (id: number) =>
    (await t.database.db.selectFrom("membership_reminder_opt_outs").select("person_id").where("person_id", "=", id).executeTakeFirst()) !== undefined;
  const ticked = async (agent: Awaited<ReturnType<typeof signedInPerson>>["agent"]) => {
    const page = await agent.get(myAccountPath).set("Accept", "text/html");
    const match = checkbox.exec(page.text);
    if (!match) throw new Error("no reminders checkbox on My account");
    return match[1] !== undefined;
  };

  it("is ticked at first; a plain form post without the box (unticked) turns reminders off, and one with it back on", async () => {
    const { id, agent, token } = await signedInPerson();
    expect(await ticked(agent)).toBe(true);

    const off = await formPost(agent, path, token, {});
    expect(off.status).toBe(303);
    expect(off.headers.location).toBe("/account/my-account/#profile");
    expect(await optedOut(id)).toBe(true);
    const page = await agent.get(myAccountPath).set("Accept", "text/html");
    expect(page.text).toContain("Saved: we won&#39;t email you before your membership ends. Receipts still come.");
    expect(await ticked(agent)).toBe(false);

    const on = await formPost(agent, path, token, { reminders: "on" });
    expect(on.status).toBe(303);
    expect(await optedOut(id)).toBe(false);
    expect(await ticked(agent)).toBe(true);
  });

  it("refuses a value that is neither ticked nor unticked, saying what to do, and changes nothing", async () => {
    const { id, agent, token } = await signedInPerson();
    const refused = await formPost(agent, path, token, { reminders: "sometimes" });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("Tick the box to get reminders, or untick it to stop them, then save your choice.");
    expect(await optedOut(id)).toBe(false);
  });

  it("answers a JSON call with the choice saved", async () => {
    const { id, agent, token } = await signedInPerson();
    const response = await jsonCall(agent, "post", path, token, { reminders: false });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, reminders: false });
    expect(await optedOut(id)).toBe(true);
  });

  it("needs the CSRF token and a signed-in person", async () => {
    const { id, agent } = await signedInPerson();
    const forged = await agent.post(path).set("Accept", "text/html").type("form").send({});
    expect(forged.status).toBe(403);
    expect(await optedOut(id)).toBe(false);
  });
});

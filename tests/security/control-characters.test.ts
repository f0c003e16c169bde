import request from "supertest";
import { addPerson, browserOnLoginPage, inAYear, strongPassword } from "../server/accounts/support";
import { addSchool, crmOf, join } from "../server/memberships/support";
import { jsonCall, signedInBrowser } from "../server/my-account/support";
import { addShareableResources } from "../server/resources/share-links/support";
import { createTestApp, type TestApp } from "../server/support/test-app";

/*
 * Control characters in typed text (issue 22, item 10; ASVS 5.0 V2.2.1 input
 * validated against its expected structure). The probe stored the names
 * "A\u001b[31mRED" and "B\u0007" and queued an invite to an address holding
 * ESC. Every form that stores text now refuses C0, DEL and C1 controls in a
 * single-line field with 400 and the field's own message; a multi-line field
 * keeps its line breaks and tabs; search cleans them silently.
 */

const ESC_NAME = "A\u001b[31mRED";
const BEL_NAME = "B\u0007";
const controls = (called: string) => `Remove the hidden control characters from ${called}.`;

describe("control characters in typed text", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const count = async (table: "constituents" | "mail_outbox" | "requests" | "teacher_notes") =>
    Number((await t.database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);

  it("V2.2.1 sign-up refuses ESC and BEL in the names, field by field, and creates no account", async () => {
    const before = await count("constituents");
    const { agent, token } = await browserOnLoginPage(t.app, "/account/register/");
    const response = await agent
      .post("/account/register/")
      .set("X-CSRFToken", token)
      .send({ first_name: ESC_NAME, last_name: BEL_NAME, phone_number: "01632\u0007960001", email: "controls@example.org", password: strongPassword });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({
      first_name: [controls("your first name")],
      last_name: [controls("your last name")],
      phone_number: [controls("your phone number")],
    });
    expect(await count("constituents")).toBe(before);
  });

  it("V2.2.1 the profile form refuses them too, and the stored names are unchanged", async () => {
    await addPerson(t.database.db, { email: "profile-controls@example.org", firstName: "Ada" });
    const { agent, token } = await signedInBrowser(t.app, "profile-controls@example.org");
    const response = await jsonCall(agent, "put", "/account/update-profile/", token, { FirstName: ESC_NAME, LastName: BEL_NAME });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ FirstName: [controls("your first name")], LastName: [controls("your last name")] });
    const change = await jsonCall(agent, "put", "/account/update-profile/", token, { Email: "new\u001b@example.org", Password: strongPassword });
    expect(change.status).toBe(400);
    expect(change.body.errors).toEqual({ Email: [controls("the email address")] });
    const stored = await t.database.db.selectFrom("constituents").select(["first_name", "email"]).where("email", "=", "profile-controls@example.org").executeTakeFirstOrThrow();
    expect(stored.first_name).toBe("Ada");
  });

  it("V2.2.1 the contact form refuses ESC in the name and BEL in the message, but keeps a message's line breaks and tabs", async () => {
    await addPerson(t.database.db, { email: "contact-controls@example.org" });
    const { agent, token } = await signedInBrowser(t.app, "contact-controls@example.org");
    const message = { name: "Priya Shah", email: "priya@example.org", subject: "General enquiry", message: "Line one\n\tindented\r\nLine three" };
    const before = await count("requests");
    const refused = await jsonCall(agent, "post", "/account/contact-us-form/", token, { ...message, name: ESC_NAME, message: "Ring\u0007" });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ name: [controls("your name")], message: [controls("your message")] });
    expect(await count("requests")).toBe(before);

    const sent = await jsonCall(agent, "post", "/account/contact-us-form/", token, message);
    expect(sent.status).toBe(200);
    const stored = await t.database.db.selectFrom("requests").select("message").where("kind", "=", "contact").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(stored.message).toBe("Line one\n\tindented\r\nLine three");
  });

  it("V2.2.1 a teacher note refuses ESC but keeps line breaks and tabs", async () => {
    const { activityIds } = await addShareableResources(t.database.db);
    await addPerson(t.database.db, { email: "note-controls@example.org", membershipExpiresAt: inAYear() });
    const { agent, token } = await signedInBrowser(t.app, "note-controls@example.org");
    const path = `/resources/notes/${activityIds[0]}/save/`;
    const refused = await jsonCall(agent, "post", path, token, { content: `Starter: ${ESC_NAME}` });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ content: [controls("your note")] });
    expect(await count("teacher_notes")).toBe(0);

    const saved = await jsonCall(agent, "post", path, token, { content: "Starter:\n\tfreeze-frames in fours" });
    expect(saved.status).toBe(200);
    expect(saved.body.content).toBe("Starter:\n\tfreeze-frames in fours");
  });

  it("V2.2.1 a school typed in by hand refuses controls in its name, address and email addresses, and nothing is created", async () => {
    await addPerson(t.database.db, { email: "school-controls@example.org" });
    const { agent, token } = await signedInBrowser(t.app, "school-controls@example.org");
    const before = await count("constituents");
    const response = await jsonCall(agent, "post", "/account/create-constituent/", token, {
      LastName: ESC_NAME,
      Addresses: [{ Street1: "1 Bell Lane\u0007", City: "Leeds", PostalCode: "LS1\u00851AB" }],
      ElectronicAddresses: [{ Address: "office\u001b@school.example.org" }],
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({
      LastName: [controls("the school's name")],
      Street1: [controls("address line 1")],
      PostalCode: [controls("the postcode")],
      ElectronicAddresses: [controls("the school's email addresses")],
    });
    expect(await count("constituents")).toBe(before);
  });

  it("V2.2.1 an invite to an address holding ESC is refused and nothing is queued in the mail outbox", async () => {
    const crm = crmOf(t);
    const school = await addSchool(t.database.db, crm, { name: "Riverside Academy", seats: 5 });
    const adminId = await addPerson(t.database.db, { email: "head-controls@example.org" });
    await join(crm, school.schoolId, adminId, "admin");
    const { agent, token } = await signedInBrowser(t.app, "head-controls@example.org");
    const before = await count("mail_outbox");
    const response = await jsonCall(agent, "post", "/account/invite-user/", token, {
      email: "in\u001bvitee@example.org",
      organisationConstituentId: school.schoolId,
      membershipId: school.membershipId,
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ email: [controls("the email address")] });
    expect(await count("mail_outbox")).toBe(before);
  });

  it("V2.2.1 search reads control characters as spaces instead of refusing them", async () => {
    const suggestions = await request(t.app).get("/search/autocomplete/").query({ query: "mac\u001bbeth" });
    expect(suggestions.status).toBe(200);
    const schools = await request(t.app).get("/account/school-search/").query({ query: "river\u0007side" });
    expect(schools.status).toBe(200);
  });
});

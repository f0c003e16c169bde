import { addPerson, outboxFor } from "../accounts/support";
import { databaseEngines } from "../support/databases";
import { browserWithPage } from "../support/pages";
import { createTestApp, type TestApp } from "../support/test-app";
import { formPost, jsonCall, myAccountPath, signedInBrowser } from "./support";

const path = "/account/contact-us-form/";
const staffEmail = "learning-team@example.org";
const subjects = ["Booking a workshop", "Resources & lesson plans", "Something else"];

const goodMessage = {
  name: "Priya Shah",
  email: "priya.shah@school.example.org",
  subject: "Resources & lesson plans",
  message: "Could the Macbeth freeze-frame lesson work with a mixed Year 8 and 9 group?\nThanks!",
};

describe.each(databaseEngines)("POST /account/contact-us-form/ on %s", (engine) => {
  let t: TestApp;
  let personCount = 0;

  beforeAll(async () => {
    t = await createTestApp({ engine, env: { STAFF_EMAIL: staffEmail, CONTACT_SUBJECTS: subjects.join(" | ") } });
  });
  afterAll(() => t.close());

  async function signedInPerson() {
    personCount += 1;
    const email = `writer${personCount}@example.org`;
    const id = await addPerson(t.database.db, { email });
    return { id, email, ...(await signedInBrowser(t.app, email)) };
  }

  const storedMessages = (constituentId: number) =>
    t.database.db.selectFrom("requests").selectAll().where("kind", "=", "contact").where("person_id", "=", constituentId).execute();

  it("stores the message and mails it to the staff address, replying to the sender", async () => {
    const { id, agent, token } = await signedInPerson();
    const before = (await outboxFor(t.database.db, staffEmail)).length;
    const response = await jsonCall(agent, "post", path, token, { ...goodMessage, email: " Priya.Shah@School.example.org " });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true });

    const [stored] = await storedMessages(id);
    expect(stored).toMatchObject({ ...goodMessage, person_id: id, kind: "contact", status: "open" });
    const mails = await outboxFor(t.database.db, staffEmail);
    expect(mails).toHaveLength(before + 1);
    const [mail] = mails;
    expect(mail?.template).toBe("contact-message");
    expect(mail?.reply_to).toBe(goodMessage.email);
    expect(mail?.subject).toContain("Resources & lesson plans");
    expect(mail?.text_body).toContain("mixed Year 8 and 9 group");
    expect(mail?.html_body).toContain("Resources &amp; lesson plans");
  });

  it("answers each validation message per field, and stores nothing", async () => {
    const { id, agent, token } = await signedInPerson();
    const response = await jsonCall(agent, "post", path, token, { name: " ", email: "", subject: "", message: "  " });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      success: false,
      errors: {
        name: ["Enter your name"],
        email: ["Please enter your email."],
        subject: ["Choose a subject from the list"],
        message: ["Enter your message"],
      },
    });
    const invalid = await jsonCall(agent, "post", path, token, { ...goodMessage, email: "priya@", subject: "Not an option" });
    expect(invalid.body.errors).toEqual({ email: ["Please enter a valid email address"], subject: ["Choose a subject from the list"] });
    const long = await jsonCall(agent, "post", path, token, { ...goodMessage, message: "x".repeat(5001) });
    expect(long.body.errors).toEqual({ message: ["Your message must be 5,000 characters or fewer"] });
    expect(await storedMessages(id)).toHaveLength(0);
  });

  it("takes five messages an hour from one person, then answers 429 with Retry-After", async () => {
    const { agent, token } = await signedInPerson();
    for (let sent = 1; sent <= 5; sent += 1) expect((await jsonCall(agent, "post", path, token, goodMessage)).status).toBe(200);
    const blocked = await jsonCall(agent, "post", path, token, goodMessage);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    expect(blocked.body.errors.__all__[0]).toMatch(/Wait an hour/);
  });

  it("refuses a write without the CSRF token, and a signed-out caller", async () => {
    const { id, agent } = await signedInPerson();
    expect((await jsonCall(agent, "post", path, undefined, goodMessage)).status).toBe(403);
    expect(await storedMessages(id)).toHaveLength(0);
    const visitor = await browserWithPage(t.app, "/account/login/");
    const signedOut = await jsonCall(visitor.agent, "post", path, visitor.token, goodMessage);
    expect(signedOut.status).toBe(401);
  });

  it("offers the configured subjects, each option's value being its text", async () => {
    const { agent } = await signedInPerson();
    const page = await agent.get(myAccountPath).set("Accept", "text/html");
    expect(page.text).toContain('<option value="" selected>Choose a subject</option>');
    for (const subject of subjects) {
      const escaped = subject.replace("&", "&amp;");
      expect(page.text).toContain(`<option value="${escaped}">${escaped}</option>`);
    }
  });

  describe("as a plain form post", () => {
    it("redirects to the Contact tab with 'Your message has been sent successfully!'", async () => {
      const { id, agent, token } = await signedInPerson();
      const response = await formPost(agent, path, token, goodMessage);
      expect(response.status).toBe(303);
      expect(response.headers.location).toBe(`${myAccountPath}#contact`);
      expect(await storedMessages(id)).toHaveLength(1);
      const page = await agent.get(myAccountPath).set("Accept", "text/html");
      expect(page.text).toContain('<p class="alert__text">Your message has been sent successfully!</p>');
      expect(page.text).toContain('data-initial-tab="contact"');
    });

    it("re-renders with the errors and everything typed kept", async () => {
      const { agent, token } = await signedInPerson();
      const response = await formPost(agent, path, token, { ...goodMessage, subject: "", message: "Kept <b>text</b>" });
      expect(response.status).toBe(400);
      expect(response.text).toContain('<a href="#contact-form-subject">Choose a subject from the list</a>');
      expect(response.text).toContain(">Kept &lt;b&gt;text&lt;/b&gt;</textarea>");
      expect(response.text).toContain(`value="${goodMessage.name}"`);
      expect(response.text).toContain('data-initial-tab="contact"');
    });
  });
});

import request from "supertest";
import type { CrmPort } from "../../../server/crm/crm-port";
import { SIGNED_OUT_MESSAGE } from "../../../server/http/require-user";
import { addPerson, setEmailVerifiedAt } from "../accounts/support";
import { addSchool, crmOf, currentRoles, ids, join, seatRecords } from "../memberships/support";
import { formPost, jsonCall, signedInBrowser, type Agent } from "../my-account/support";
import { mailTo } from "../requests/support";
import { databaseEngines } from "../support/databases";
import { createTestApp, type TestApp } from "../support/test-app";

/*
 * The requests' HTTP edge (issue 28, docs/requests.md): the wizard's JSON
 * calls (CSRF, the contract shapes checked at the edge) and the School tab's
 * no-JavaScript approve and decline pages, with the server's own checks:
 * not an admin, decided already, no seat free.
 */
describe.each(databaseEngines)("request routes on %s", (engine) => {
  let t: TestApp;
  let crm: CrmPort;
  let count = 0;

  beforeAll(async () => {
    t = await createTestApp({ engine });
    crm = crmOf(t);
  });
  afterAll(() => t.close());

  async function person(label: string, options: { verified?: boolean } = {}) {
    count += 1;
    const email = `${label}${count}@example.org`;
    const id = await addPerson(t.database.db, { email, firstName: label.charAt(0).toUpperCase() + label.slice(1) });
    if (options.verified !== false) await setEmailVerifiedAt(t.database.db, id);
    return { id, email, ...(await signedInBrowser(t.app, email)) };
  }

  /** A school whose admin is signed in, with `seats` user seats (the admin's own user seat not among them). */
  async function school(seats: number | "unlimited" = "unlimited") {
    const made = await addSchool(t.database.db, crm, { name: `Riverside ${count + 1}`, kind: "independent", seats });
    const admin = await person("admin");
    await join(crm, made.schoolId, admin.id, "admin");
    return { ...made, name: `Riverside ${count}`, admin };
  }

  const askToJoin = (who: { agent: Agent; token: string }, schoolId: number, message = "I run the drama club.") =>
    jsonCall(who.agent, "post", "/account/requests/join/", who.token, { schoolId, message });

  async function joinRequest(schoolId: number) {
    const teacher = await person("teacher");
    const response = await askToJoin(teacher, schoolId);
    expect(response.status).toBe(201);
    return { teacher, requestId: response.body.request.id as number };
  }

  describe("POST /account/requests/join/", () => {
    it("answers 201 with the request as sent, then 200 with the same one while it waits", async () => {
      const { schoolId, name } = await school();
      const teacher = await person("teacher");
      const first = await askToJoin(teacher, schoolId);
      expect(first.status).toBe(201);
      expect(first.body).toEqual({ success: true, request: { id: expect.any(Number), schoolName: name, email: teacher.email, sentTo: "admins" }, alreadySent: false });
      const again = await askToJoin(teacher, schoolId);
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ ...first.body, alreadySent: true });
    });

    it("needs the CSRF token and a session", async () => {
      const { schoolId } = await school();
      const teacher = await person("teacher");
      const noToken = await askToJoin({ agent: teacher.agent, token: "" }, schoolId);
      expect(noToken.status).toBe(403);
      const signedOut = await request(t.app).post("/account/requests/join/").set("Accept", "application/json").send({ schoolId, message: "" });
      expect(signedOut.status).toBe(403);
      const { agent, token } = await signedInBrowser(t.app, teacher.email);
      await agent.post("/account/logout/").set("X-CSRFToken", token).set("Accept", "application/json");
      const afterLogout = await askToJoin({ agent, token: await tokenOf(agent) }, schoolId);
      expect(afterLogout.status).toBe(401);
      expect(afterLogout.body.errors.__all__).toEqual([SIGNED_OUT_MESSAGE]);
      expect(await t.database.db.selectFrom("requests").select("id").where("school_id", "=", schoolId).execute()).toEqual([]);
    });

    it("checks the shape at the edge, naming the field, and answers the service's refusals", async () => {
      const { schoolId } = await school();
      const teacher = await person("teacher");
      const wrongType = await jsonCall(teacher.agent, "post", "/account/requests/join/", teacher.token, { schoolId: String(schoolId), message: "" });
      expect(wrongType.status).toBe(400);
      expect(wrongType.body.errors.schoolId).toEqual([expect.any(String)]);
      const tooLong = await askToJoin(teacher, schoolId, "m".repeat(2001));
      expect(tooLong.status).toBe(400);
      expect(tooLong.body.errors.message).toEqual(["Keep your message to 2,000 characters or fewer."]);
      const unverified = await person("unverified", { verified: false });
      const refused = await askToJoin(unverified, schoolId);
      expect(refused.status).toBe(403);
      expect(refused.body.errors.email).toEqual([expect.stringContaining("confirm your email address first")]);
    });
  });

  describe("POST /account/requests/support/", () => {
    it("stores the wizard's details and answers 201 with where the answer will go", async () => {
      const teacher = await person("bursar");
      const response = await jsonCall(teacher.agent, "post", "/account/requests/support/", teacher.token, {
        ending: "contactSupport",
        pathway: "consortium",
        school: null,
        message: "Five schools in our trust.",
      });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({ success: true, request: { id: expect.any(Number), email: teacher.email } });
      const stored = await t.database.db.selectFrom("requests").selectAll().where("id", "=", response.body.request.id).executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ kind: "support", subject: "Help to set up a membership (Group of Schools (UK/Ireland))", message: "Five schools in our trust." });
      const unknownEnding = await jsonCall(teacher.agent, "post", "/account/requests/support/", teacher.token, { ending: "somewhere", pathway: null, school: null });
      expect(unknownEnding.status).toBe(400);
      expect(unknownEnding.body.errors.ending).toEqual([expect.any(String)]);
    });
  });

  describe("the School tab", () => {
    it("lists the requests waiting on an admin, with Approve and Decline, and none to anyone else", async () => {
      const { schoolId, admin } = await school();
      const { teacher } = await joinRequest(schoolId);
      const page = await admin.agent.get("/account/my-account/").set("Accept", "text/html");
      expect(page.text).toContain("Requests to join");
      expect(page.text).toContain(teacher.email);
      expect(page.text).toContain("I run the drama club.");
      expect(page.text).toMatch(/href="\/account\/school\/join-requests\/\d+\/approve\/"/);
      const teachersPage = await teacher.agent.get("/account/my-account/").set("Accept", "text/html");
      expect(teachersPage.text).not.toContain("Requests to join");
    });
  });

  describe("approving", () => {
    it("confirms on a page of its own, then grants the seat and comes back to the School tab with a notice", async () => {
      const { schoolId, admin, name } = await school();
      const { teacher, requestId } = await joinRequest(schoolId);
      const path = `/account/school/join-requests/${requestId}/approve/`;
      const confirmation = await admin.agent.get(path).set("Accept", "text/html");
      expect(confirmation.status).toBe(200);
      expect(confirmation.text).toContain(`Let Teacher Baptiste join ${name}?`);
      expect(confirmation.text).toContain(teacher.email);
      expect(confirmation.text).toContain("I run the drama club.");

      const noToken = await formPost(admin.agent, path, "", {});
      expect(noToken.status).toBe(403);
      expect(await currentRoles(crm, schoolId, teacher.id)).toEqual([]);

      const approved = await formPost(admin.agent, path, admin.token, {});
      expect(approved.status).toBe(303);
      expect(approved.headers.location).toBe("/account/my-account/#school");
      const tab = await admin.agent.get("/account/my-account/").set("Accept", "text/html");
      expect(tab.text).toContain(`Teacher Baptiste has joined ${name}. We&#39;ve emailed them to say so.`);
      expect(await currentRoles(crm, schoolId, teacher.id)).toEqual([ids.affiliationTypes.user]);
      expect(await mailTo(t.database.db, teacher.email)).toEqual([expect.objectContaining({ template: "join-request-approved" })]);
    });

    it("refuses a second approval with 409, changing nothing", async () => {
      const { schoolId, admin } = await school();
      const { requestId } = await joinRequest(schoolId);
      const path = `/account/school/join-requests/${requestId}/approve/`;
      expect((await formPost(admin.agent, path, admin.token, {})).status).toBe(303);
      const before = await seatRecords(t.database.db);
      const again = await formPost(admin.agent, path, admin.token, {});
      expect(again.status).toBe(409);
      expect(again.text).toContain("This request has already been approved.");
      const json = await jsonCall(admin.agent, "post", path, admin.token, {});
      expect(json.status).toBe(409);
      expect(json.body.errors.__all__).toEqual(["This request has already been approved."]);
      expect(await seatRecords(t.database.db)).toEqual(before);
    });

    it("refuses anyone who is not an admin of that school with 404, on the page and the post", async () => {
      const { schoolId } = await school();
      const other = await school();
      const { requestId, teacher } = await joinRequest(schoolId);
      const path = `/account/school/join-requests/${requestId}/approve/`;
      const before = await seatRecords(t.database.db);
      for (const who of [other.admin, teacher]) {
        expect((await who.agent.get(path).set("Accept", "text/html")).status).toBe(404);
        expect((await formPost(who.agent, path, who.token, {})).status).toBe(404);
        expect((await formPost(who.agent, `/account/school/join-requests/${requestId}/decline/`, who.token, {})).status).toBe(404);
      }
      expect(await seatRecords(t.database.db)).toEqual(before);
      const stored = await t.database.db.selectFrom("requests").select("status").where("id", "=", requestId).executeTakeFirstOrThrow();
      expect(stored.status).toBe("open");
    });

    it("shows the page again with 409 and the reason when no seat is free; JSON gets the reason", async () => {
      const { schoolId, admin, name } = await school(1);
      const holder = await person("holder");
      await join(crm, schoolId, holder.id, "user");
      const { requestId, teacher } = await joinRequest(schoolId);
      const path = `/account/school/join-requests/${requestId}/approve/`;
      const full = await formPost(admin.agent, path, admin.token, {});
      expect(full.status).toBe(409);
      expect(full.text).toContain(`All of ${name}&#39;s seats are in use. Remove someone or add seats, then approve the request again.`);
      expect(full.text).toContain("Go back to your school");
      const json = await jsonCall(admin.agent, "post", path, admin.token, {});
      expect(json.status).toBe(409);
      expect(json.body.errors.__all__).toEqual([`All of ${name}'s seats are in use. Remove someone or add seats, then approve the request again.`]);
      expect(await currentRoles(crm, schoolId, teacher.id)).toEqual([]);
    });
  });

  describe("declining", () => {
    it("asks for an optional note, emails the teacher and closes the request; a bad note shows the form again", async () => {
      const { schoolId, admin, name } = await school();
      const { requestId, teacher } = await joinRequest(schoolId);
      const path = `/account/school/join-requests/${requestId}/decline/`;
      const confirmation = await admin.agent.get(path).set("Accept", "text/html");
      expect(confirmation.text).toContain("Decline Teacher Baptiste&#39;s request?");
      expect(confirmation.text).toContain('name="note"');
      const bad = await formPost(admin.agent, path, admin.token, { note: "Bell\u0007" });
      expect(bad.status).toBe(400);
      expect(bad.text).toContain("Remove the hidden control characters from your message.");
      const declined = await formPost(admin.agent, path, admin.token, { note: "Please use your school address." });
      expect(declined.status).toBe(303);
      const tab = await admin.agent.get("/account/my-account/").set("Accept", "text/html");
      expect(tab.text).toContain(`You declined Teacher Baptiste&#39;s request to join ${name}.`);
      const [mail] = await mailTo(t.database.db, teacher.email);
      expect(mail).toMatchObject({ template: "join-request-declined" });
      expect(mail!.text_body).toContain("Please use your school address.");
      expect(await currentRoles(crm, schoolId, teacher.id)).toEqual([]);
    });
  });

  async function tokenOf(agent: Agent): Promise<string> {
    const page = await agent.get("/account/login/").set("Accept", "text/html");
    return /name="_csrf" value="([^"]+)"/.exec(page.text)?.[1] ?? "";
  }
});

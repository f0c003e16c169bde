import request from "supertest";
import { jsonCall } from "../../my-account/support";
import { databaseEngines } from "../../support/databases";
import { createTestApp, type TestApp } from "../../support/test-app";
import { addMember, addSchool, crmOf, join } from "../../memberships/support";
import { signedInBrowser } from "../../my-account/support";
import { addPerson, credentialsRow, lastMonth } from "../../accounts/support";
import { addNote, addShareableResources, endMembership, GENERATE_PATH, pathOf, signedInPerson, type Person } from "./support";

describe.each(databaseEngines)("share links: opening them on %s", (engine) => {
  let t: TestApp;
  let sharer: Person;
  let otherTeacher: Person;
  let nonMember: Person;
  let activityIds: number[];
  let studentPath: string;
  let teacherPath: string;

  beforeAll(async () => {
    t = await createTestApp({ engine });
    ({ activityIds } = await addShareableResources(t.database.db));
    sharer = await signedInPerson(t, "sharer@example.org");
    otherTeacher = await signedInPerson(t, "other@example.org");
    nonMember = await signedInPerson(t, "visitor@example.org", { member: false });
    await addNote(t.database.db, sharer.id, activityIds[0]!, "Pairs first.\nThen <b>swap</b> & report back.");
    await addNote(t.database.db, otherTeacher.id, activityIds[0]!, "SECRET other teacher note");
    await addNote(t.database.db, otherTeacher.id, activityIds[1]!, "SECRET second other note");
    const link = async (type: string) =>
      pathOf((await jsonCall(sharer.agent, "post", GENERATE_PATH, sharer.token, { type, resource_id: 21, resource_type: "lesson-plan" })).body.link as string);
    studentPath = await link("student");
    teacherPath = await link("teacher");
  });
  afterAll(() => t.close());

  describe("a student link", () => {
    it("opens without sign-in: title, summary, body, activities and only the sharer's notes, escaped", async () => {
      const response = await request(t.app).get(studentPath).set("Accept", "text/html");
      expect(response.status).toBe(200);
      expect(response.text).toContain("Macbeth: the banquet");
      expect(response.text).toContain("About Macbeth: the banquet");
      expect(response.text).toContain("<p>Body</p>");
      expect(response.text).toContain("1. Warm up");
      expect(response.text).toContain("<p>Steps for The ghost appears</p>");
      expect(response.text).toContain("Your teacher's note");
      expect(response.text).toContain("Pairs first.<br>Then &lt;b&gt;swap&lt;/b&gt; &amp; report back.");
      expect(response.text).not.toContain("<b>swap</b>");
      expect(response.text).not.toContain("SECRET");
      // One note, so one note heading.
      expect(response.text.match(/Your teacher's note/g)).toHaveLength(1);
    });

    it("shows nothing else of the teacher's, and no Save or tools but Print", async () => {
      const response = await request(t.app).get(studentPath).set("Accept", "text/html");
      expect(response.text).not.toContain("sharer@example.org");
      expect(response.text).not.toContain("Baptiste");
      expect(response.text).not.toContain('data-widget="save-resource"');
      expect(response.text).toContain("data-tools-print");
    });

    it("is not cached, indexed or referred onwards", async () => {
      const response = await request(t.app).get(studentPath).set("Accept", "text/html");
      expect(response.headers["cache-control"]).toContain("no-store");
      expect(response.headers["referrer-policy"]).toBe("no-referrer");
      expect(response.headers["x-robots-tag"]).toBe("noindex");
      expect(response.text).toContain('<meta name="robots" content="noindex">');
    });

    it("keeps the token out of the access log", async () => {
      await request(t.app).get(studentPath).set("Accept", "text/html");
      const token = studentPath.split("/")[3]!;
      expect(t.logText()).toContain("/resources/shared/[redacted]/");
      expect(t.logText()).not.toContain(token);
    });

    it("answers 404 to a token that is not one of ours", async () => {
      const wrong = await request(t.app).get("/resources/shared/not-a-token/").set("Accept", "text/html");
      expect(wrong.status).toBe(404);
      const unknown = await request(t.app).get(`/resources/shared/${"A".repeat(43)}/`).set("Accept", "text/html");
      expect(unknown.status).toBe(404);
      expect(unknown.text).toContain("Page not found");
    });
  });

  describe("a teacher link", () => {
    it("sends someone signed out to sign in, then back", async () => {
      const response = await request(t.app).get(teacherPath).set("Accept", "text/html");
      expect(response.status).toBe(302);
      expect(response.headers.location).toBe(`/account/login/?next=${encodeURIComponent(teacherPath)}`);
      // The login page's address carries the token percent-encoded: the access log must not.
      await request(t.app).get(response.headers.location as string).set("Accept", "text/html");
      expect(t.logText()).not.toContain(teacherPath.split("/")[3]!);
    });

    it("answers a signed-in non-member 403 with a page that says a membership is needed and links to Join", async () => {
      const response = await nonMember.agent.get(teacherPath).set("Accept", "text/html");
      expect(response.status).toBe(403);
      expect(response.text).toContain("Teacher links open for members only.");
      expect(response.text).toContain('href="/account/register/"');
    });

    it("offers someone whose membership ended a way to renew and come back to the link", async () => {
      await addPerson(t.database.db, { email: "lapsed@example.org", membershipExpiresAt: lastMonth() });
      const lapsed = await signedInBrowser(t.app, "lapsed@example.org");
      const response = await lapsed.agent.get(teacherPath).set("Accept", "text/html");
      expect(response.status).toBe(403);
      expect(response.text).toContain("your membership ended on");
      expect(response.text).toContain(`href="/account/register/?link-school=true&amp;next=${encodeURIComponent(teacherPath)}"`);
      expect(response.text).toContain("Renew your membership");
    });

    it("sends a member to the resource page", async () => {
      const response = await otherTeacher.agent.get(teacherPath).set("Accept", "text/html");
      expect(response.status).toBe(303);
      expect(response.headers.location).toBe("/resources/macbeth-banquet/");
    });

    it("counts a teacher at a school with a valid membership as a member", async () => {
      const crm = crmOf(t);
      const { schoolId } = await addSchool(t.database.db, crm, { name: "Leeds High", seats: 5 });
      const teacherId = await addMember(t.database.db, "teacher@leeds.example");
      const { password_hash } = (await credentialsRow(t.database.db, sharer.id))!;
      await t.database.db.updateTable("account_credentials").set({ password_hash }).where("constituent_id", "=", teacherId).execute();
      await join(crm, schoolId, teacherId, "user");
      const teacher = await signedInBrowser(t.app, "teacher@leeds.example");
      const response = await teacher.agent.get(teacherPath).set("Accept", "text/html");
      expect(response.status).toBe(303);
    });
  });

  describe("when the sharer is no longer a member", () => {
    it("answers the student link 404: no longer active, ask your teacher", async () => {
      await endMembership(t.database.db, sharer.id);
      const response = await request(t.app).get(studentPath).set("Accept", "text/html");
      expect(response.status).toBe(404);
      expect(response.text).toContain("This link is no longer active. Ask your teacher for a new link.");
      expect(response.text).not.toContain("Pairs first.");
    });
  });
});

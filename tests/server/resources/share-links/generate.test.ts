import request from "supertest";
import { formPost, jsonCall } from "../../my-account/support";
import { databaseEngines } from "../../support/databases";
import { browserWithPage } from "../../support/pages";
import { createTestApp, type TestApp } from "../../support/test-app";
import { addShareableResources, GENERATE_PATH, pathOf, signedInPerson, type Person } from "./support";

const linkPattern = /^http:\/\/127\.0\.0\.1:3000\/resources\/shared\/[A-Za-z0-9_-]{43}\/$/;

describe.each(databaseEngines)("share links: generating and revoking on %s", (engine) => {
  let t: TestApp;
  let member: Person;
  let colleague: Person;
  let nonMember: Person;

  beforeAll(async () => {
    t = await createTestApp({ engine });
    await addShareableResources(t.database.db);
    member = await signedInPerson(t, "member@example.org");
    colleague = await signedInPerson(t, "colleague@example.org");
    nonMember = await signedInPerson(t, "visitor@example.org", { member: false });
  });
  afterAll(() => t.close());
  beforeEach(() => t.database.db.deleteFrom("share_links").execute());

  const generate = (person: Person, body: object) => jsonCall(person.agent, "post", GENERATE_PATH, person.token, body);
  const revoke = (person: Person, link: string) => jsonCall(person.agent, "post", `${pathOf(link)}revoke/`, person.token, {});
  const student = { type: "student", resource_id: 21, resource_type: "lesson-plan" };

  describe("generation", () => {
    it("answers a member {link}: an absolute, unguessable address on the public origin", async () => {
      const response = await generate(member, student);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ link: expect.stringMatching(linkPattern) });
    });

    it("accepts the resource id as digits in a string", async () => {
      const response = await generate(member, { ...student, resource_id: "21" });
      expect(response.status).toBe(200);
    });

    it("answers 401 signed out, and makes nothing", async () => {
      const visitor = await browserWithPage(t.app);
      const response = await jsonCall(visitor.agent, "post", GENERATE_PATH, visitor.token, student);
      expect(response.status).toBe(401);
      expect(response.body.success).toBe(false);
      expect(await t.database.db.selectFrom("share_links").selectAll().execute()).toEqual([]);
    });

    it("answers 403 to someone signed in without a membership, saying why", async () => {
      const response = await generate(nonMember, student);
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ success: false, errors: { __all__: [expect.stringContaining("Only members can share resources")] } });
      expect(await t.database.db.selectFrom("share_links").selectAll().execute()).toEqual([]);
    });

    it("answers 400 naming each bad field", async () => {
      const response = await generate(member, { type: "parent", resource_id: -1, resource_type: "poster" });
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.errors as object).sort()).toEqual(["resource_id", "resource_type", "type"]);
      expect((await generate(member, {})).status).toBe(400);
    });

    it("answers 404 for a resource that does not exist, is of another type, or is not published", async () => {
      expect((await generate(member, { ...student, resource_id: 4040 })).status).toBe(404);
      expect((await generate(member, { ...student, resource_type: "video" })).status).toBe(404);
      expect((await generate(member, { ...student, resource_id: 23, resource_type: "guide" })).status).toBe(404);
    });
  });

  describe("reuse", () => {
    it("gives the same link back for the same person, resource and type", async () => {
      const first = await generate(member, student);
      const second = await generate(member, student);
      expect(second.body.link).toBe(first.body.link);
      expect(await t.database.db.selectFrom("share_links").selectAll().execute()).toHaveLength(1);
    });

    it("gives a different link for the other type, another resource and another person", async () => {
      const links = [
        (await generate(member, student)).body.link,
        (await generate(member, { ...student, type: "teacher" })).body.link,
        (await generate(member, { type: "student", resource_id: 22, resource_type: "video" })).body.link,
        (await generate(colleague, student)).body.link,
      ];
      expect(new Set(links).size).toBe(4);
    });

    it("makes one link when two requests race", async () => {
      const answers = await Promise.all([generate(member, student), generate(member, student), generate(member, student)]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
      expect(new Set(answers.map((answer) => answer.body.link)).size).toBe(1);
    });
  });

  describe("revocation", () => {
    it("revokes the sharer's link: it then answers 410 with the page the dialog promises, and generating again gives a new link", async () => {
      const { link } = (await generate(member, student)).body as { link: string };
      // Opened twice as a visitor's browser would: the page cache must not keep it, or the revoke would not show.
      for (let visit = 0; visit < 2; visit += 1) {
        const opened = await request(t.app).get(pathOf(link)).set("Accept", "text/html");
        expect(opened.status).toBe(200);
        expect(opened.headers["x-cache"]).not.toBe("hit");
      }
      const revoked = await revoke(member, link);
      expect(revoked.status).toBe(200);
      expect(revoked.body).toEqual({ success: true });

      const page = await request(t.app).get(pathOf(link)).set("Accept", "text/html");
      expect(page.status).toBe(410);
      expect(page.text).toContain('<h1 class="page-header__title">This link no longer works</h1>');
      expect(page.text).toContain("This link no longer works. Ask your teacher for a new one.");
      expect(page.text).not.toContain("Page not found");

      const again = await generate(member, student);
      expect(again.body.link).toMatch(linkPattern);
      expect(again.body.link).not.toBe(link);
    });

    it("answers a revoked teacher link 410 too, pointing to the colleague; the page is not cached, indexed or referred on", async () => {
      const { link } = (await generate(member, { ...student, type: "teacher" })).body as { link: string };
      await revoke(member, link);
      const page = await request(t.app).get(pathOf(link)).set("Accept", "text/html");
      expect(page.status).toBe(410);
      expect(page.text).toContain("This link no longer works. Ask the colleague who shared it for a new one.");
      expect(page.headers["cache-control"]).toContain("no-store");
      expect(page.headers["referrer-policy"]).toBe("no-referrer");
      expect(page.headers["x-robots-tag"]).toBe("noindex");
      expect(t.logText()).not.toContain(pathOf(link).split("/")[3]!);
      const json = await request(t.app).get(pathOf(link)).set("Accept", "application/json");
      expect(json.status).toBe(410);
      expect(json.body.success).toBe(false);
    });

    it("keeps 404 for a token that was never made, next to a revoked one", async () => {
      const { link } = (await generate(member, student)).body as { link: string };
      await revoke(member, link);
      const token = pathOf(link).split("/")[3]!;
      const unknown = `/resources/shared/${token.slice(0, -4)}${token.endsWith("AAAA") ? "BBBB" : "AAAA"}/`;
      const page = await request(t.app).get(unknown).set("Accept", "text/html");
      expect(page.status).toBe(404);
      expect(page.text).toContain("Page not found");
    });

    it("lets only the sharer revoke: anyone else gets 404 and the link keeps working", async () => {
      const { link } = (await generate(member, student)).body as { link: string };
      expect((await revoke(colleague, link)).status).toBe(404);
      expect((await revoke(member, `${link.slice(0, -5)}AAAA/`)).status).toBe(404);
      expect((await request(t.app).get(pathOf(link))).status).toBe(200);
      const visitor = await browserWithPage(t.app);
      expect((await jsonCall(visitor.agent, "post", `${pathOf(link)}revoke/`, visitor.token, {})).status).toBe(401);
    });

    it("answers 404 to revoking a link twice", async () => {
      const { link } = (await generate(member, student)).body as { link: string };
      expect((await revoke(member, link)).status).toBe(200);
      expect((await revoke(member, link)).status).toBe(404);
    });

    it("logs the revocation at info without the token", async () => {
      const { link } = (await generate(member, student)).body as { link: string };
      await revoke(member, link);
      const token = pathOf(link).split("/")[3]!;
      expect(t.logLines().some((line) => line.msg === "share link revoked" && line.userId === member.id && line.resourceId === 21)).toBe(true);
      expect(t.logText()).not.toContain(token);
    });
  });

  describe("without JavaScript", () => {
    it("creates a link from the share page's form and shows it there", async () => {
      const share = await member.agent.get("/resources/macbeth-banquet/share/").set("Accept", "text/html");
      expect(share.status).toBe(200);
      expect(share.text).toContain("Teacher links are for members and colleagues only. Student links go to your students and include your notes.");

      const posted = await formPost(member.agent, GENERATE_PATH, member.token, { ...student, resource_id: "21", next: "/resources/macbeth-banquet/share/" });
      expect(posted.status).toBe(303);
      expect(posted.headers.location).toBe("/resources/macbeth-banquet/share/");
      const after = await member.agent.get("/resources/macbeth-banquet/share/").set("Accept", "text/html");
      const [row] = await t.database.db.selectFrom("share_links").selectAll().execute();
      expect(after.text).toMatch(new RegExp(`<input[^>]+value="http://127.0.0.1:3000/resources/shared/${row!.token}/"[^>]*readonly`));
      expect(after.text).toContain(`action="/resources/shared/${row!.token}/revoke/"`);
      expect(after.text).toContain("Link created.");
    });

    it("asks first: the share page's revoke form answers a confirmation page, and the link keeps working", async () => {
      const { link } = (await generate(member, student)).body as { link: string };
      const asked = await formPost(member.agent, `${pathOf(link)}revoke/`, member.token, { next: "/resources/macbeth-banquet/share/" });
      expect(asked.status).toBe(200);
      expect(asked.text).toContain('<h1 class="page-header__title">Revoke this link?</h1>');
      expect(asked.text).toContain(`action="${pathOf(link)}revoke/"`);
      expect(asked.text).toContain('<input type="hidden" name="confirm" value="yes">');
      expect(asked.text).toContain('href="/resources/macbeth-banquet/share/">Cancel</a>');
      expect(asked.headers["cache-control"]).toContain("no-store");
      expect((await request(t.app).get(pathOf(link)).set("Accept", "text/html")).status).toBe(200);
    });

    it("revokes from the share page's form, once confirmed, with a notice", async () => {
      const { link } = (await generate(member, student)).body as { link: string };
      const posted = await formPost(member.agent, `${pathOf(link)}revoke/`, member.token, { confirm: "yes" });
      expect(posted.status).toBe(303);
      expect(posted.headers.location).toBe("/resources/macbeth-banquet/share/");
      const after = await member.agent.get("/resources/macbeth-banquet/share/").set("Accept", "text/html");
      expect(after.text).toContain("Link revoked.");
      expect(after.text).not.toContain(pathOf(link));
    });

    it("sends a signed-out visitor of the share page to sign in and back", async () => {
      const visitor = await browserWithPage(t.app);
      const response = await visitor.agent.get("/resources/macbeth-banquet/share/").set("Accept", "text/html");
      expect(response.status).toBe(302);
      expect(response.headers.location).toBe(`/account/login/?next=${encodeURIComponent("/resources/macbeth-banquet/share/")}`);
    });

    it("sends a non-member from the share page to the resource page, and 404s an unknown resource", async () => {
      const response = await nonMember.agent.get("/resources/macbeth-banquet/share/").set("Accept", "text/html");
      expect(response.status).toBe(303);
      expect(response.headers.location).toBe("/resources/macbeth-banquet/");
      expect((await member.agent.get("/resources/no-such-thing/share/").set("Accept", "text/html")).status).toBe(404);
    });

    it("refuses a non-member's form post with a notice and makes nothing", async () => {
      const posted = await formPost(nonMember.agent, GENERATE_PATH, nonMember.token, { ...student, resource_id: "21", next: "/resources/macbeth-banquet/" });
      expect(posted.status).toBe(303);
      expect(posted.headers.location).toBe("/resources/macbeth-banquet/");
      expect(await t.database.db.selectFrom("share_links").selectAll().execute()).toEqual([]);
    });
  });
});

describe("share links: a failed generation", () => {
  let t: TestApp;
  afterAll(() => t.close());

  it("is logged with the user and resource ids, and answered 500", async () => {
    t = await createTestApp();
    await addShareableResources(t.database.db);
    const member = await signedInPerson(t, "member@example.org");
    // The table gone: every insert fails, as a broken database would.
    await t.database.db.schema.dropTable("share_links").execute();
    const response = await jsonCall(member.agent, "post", GENERATE_PATH, member.token, { type: "student", resource_id: 21, resource_type: "lesson-plan" });
    expect(response.status).toBe(500);
    const line = t.logLines().find((entry) => entry.msg === "share link generation failed");
    expect(line).toMatchObject({ level: 50, userId: member.id, resourceId: 21 });
  });
});

import request from "supertest";
import { NOTE_EMPTY_MESSAGE, NOTE_TOO_LONG_MESSAGE } from "../../../server/domain/teacher-note-content";
import { addPerson, inAYear, lastMonth } from "../accounts/support";
import { formPost, jsonCall, signedInBrowser, type Agent } from "../my-account/support";
import { databaseEngines } from "../support/databases";
import { browserWithPage } from "../support/pages";
import { createTestApp, type TestApp } from "../support/test-app";
import { seedResourceFixtures } from "./resource-fixtures";

const page = "/resources/macbeth-freeze-frames/";
const notePath = (id: number | string) => `/resources/notes/${id}/`;

/** The one-time notice the layout shows (server/http/flash.ts). */
function noticeIn(html: string): { role: string; text: string } | undefined {
  const match = /<div class="container flash-notice"><div class="alert alert--\w+" role="(\w+)">\s*<p class="alert__text">([^<]*)<\/p>/.exec(html);
  return match ? { role: match[1]!, text: match[2]! } : undefined;
}

describe.each(databaseEngines)("teacher notes on %s", (engine) => {
  let t: TestApp;
  let activities: number[];
  let hiddenActivity: number;
  let member: { agent: Agent; token: string };
  let memberId: number;
  let other: { agent: Agent; token: string };

  beforeAll(async () => {
    t = await createTestApp({ engine });
    const db = t.database.db;
    await seedResourceFixtures(db);
    activities = (await db.selectFrom("resource_activities").select("id").where("resource_id", "=", 1).orderBy("position").execute()).map((row) => row.id);
    // An activity of a resource not published yet: nobody may reach it.
    hiddenActivity = (
      await db.insertInto("resource_activities").values({ resource_id: 999, position: 1, title: "Secret", body_html: "<p>Secret</p>" }).returning("id").executeTakeFirstOrThrow()
    ).id;
    memberId = await addPerson(db, { email: "note-taker@example.org", membershipExpiresAt: inAYear() });
    await addPerson(db, { email: "colleague@example.org", membershipExpiresAt: inAYear() });
    await addPerson(db, { email: "visitor-account@example.org" });
    member = await signedInBrowser(t.app, "note-taker@example.org");
    other = await signedInBrowser(t.app, "colleague@example.org");
  });
  afterAll(() => t.close());
  beforeEach(() => t.database.db.deleteFrom("teacher_notes").execute());

  const get = (who: { agent: Agent }, id: number | string) => who.agent.get(notePath(id)).set("Accept", "application/json").set("X-Requested-With", "XMLHttpRequest");
  const save = (who: { agent: Agent; token: string }, id: number | string, body: object) => jsonCall(who.agent, "post", `${notePath(id)}save/`, who.token, body);
  const remove = (who: { agent: Agent; token: string }, id: number | string) =>
    who.agent.delete(`${notePath(id)}delete/`).set("Accept", "application/json").set("X-Requested-With", "XMLHttpRequest").set("X-CSRFToken", who.token);
  const stored = () => t.database.db.selectFrom("teacher_notes").selectAll().orderBy("activity_id").execute();

  describe("JSON, as the teacher-note widget calls it", () => {
    it("saves, reads back, replaces and deletes the member's own note", async () => {
      const id = activities[0]!;
      const none = await get(member, id);
      expect(none.status).toBe(200);
      expect(none.body).toEqual({ content: "" });

      const saved = await save(member, id, { content: "Start in a circle.\r\nKeep it quick." });
      expect(saved.status).toBe(200);
      expect(saved.body).toEqual({ success: true, content: "Start in a circle.\nKeep it quick.", updated_at: expect.any(String) });

      const read = await get(member, id);
      expect(read.status).toBe(200);
      expect(read.body).toEqual({ content: "Start in a circle.\nKeep it quick." });
      expect(read.headers["cache-control"]).toBe("private, no-store");

      expect((await save(member, id, { content: "Second thoughts" })).status).toBe(200);
      expect(await stored()).toEqual([expect.objectContaining({ constituent_id: memberId, activity_id: id, content: "Second thoughts" })]);

      const deleted = await remove(member, id);
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual({ success: true });
      expect(await stored()).toEqual([]);
      expect((await remove(member, id)).status).toBe(404);
      expect((await get(member, id)).body).toEqual({ content: "" });
    });

    it("keeps notes as text: markup is stored and answered as typed", async () => {
      const id = activities[1]!;
      await save(member, id, { content: "<script>alert(1)</script> & more" });
      expect((await get(member, id)).body).toEqual({ content: "<script>alert(1)</script> & more" });
    });

    it("refuses blank and over-long notes with 400 and the exact messages, changing nothing", async () => {
      const id = activities[0]!;
      await save(member, id, { content: "Kept" });
      for (const content of ["", "   \n ", undefined]) {
        const response = await save(member, id, content === undefined ? {} : { content });
        expect(response.status).toBe(400);
        expect(response.body).toEqual({ success: false, errors: { content: [NOTE_EMPTY_MESSAGE] } });
      }
      const long = await save(member, id, { content: "x".repeat(10_001) });
      expect(long.status).toBe(400);
      expect(long.body).toEqual({ success: false, errors: { content: [NOTE_TOO_LONG_MESSAGE] } });
      expect((await save(member, id, { content: "x".repeat(10_000) })).status).toBe(200);
      expect((await get(member, id)).body.content).toHaveLength(10_000);
    });

    it("answers 400 to content that is not text", async () => {
      const response = await save(member, activities[0]!, { content: ["a"] });
      expect(response.status).toBe(400);
      expect(response.body.errors.content).toEqual([expect.stringContaining("Send content as text")]);
    });

    it("keeps each person to their own notes: another's note reads as none", async () => {
      const id = activities[0]!;
      await save(member, id, { content: "Mine" });
      expect((await get(other, id)).body).toEqual({ content: "" });
      expect((await remove(other, id)).status).toBe(404);
      expect((await save(other, id, { content: "Theirs" })).status).toBe(200);
      expect((await get(member, id)).body).toEqual({ content: "Mine" });
      expect((await get(other, id)).body).toEqual({ content: "Theirs" });
    });

    it("answers 404 for unknown activities, an unpublished resource's, and ids that are not ids", async () => {
      for (const id of [987654, hiddenActivity]) {
        expect((await get(member, id)).status).toBe(404);
        expect((await save(member, id, { content: "x" })).status).toBe(404);
        expect((await remove(member, id)).status).toBe(404);
      }
      expect((await get(member, "abc")).status).toBe(404);
      expect((await get(member, "1.5")).status).toBe(404);
      expect(await stored()).toEqual([]);
    });

    it("answers 401 to someone signed out", async () => {
      const visitor = await browserWithPage(t.app);
      const id = activities[0]!;
      expect((await request(t.app).get(notePath(id))).status).toBe(401);
      const saved = await save(visitor, id, { content: "x" });
      expect(saved.status).toBe(401);
      expect(saved.body).toEqual({ success: false, errors: { __all__: ["You must be signed in."] } });
      expect((await remove(visitor, id)).status).toBe(401);
      expect(await stored()).toEqual([]);
    });

    it("answers 403 to a signed-in person who is not a member, or whose membership ended", async () => {
      await addPerson(t.database.db, { email: "lapsed-notes@example.org", membershipExpiresAt: lastMonth() });
      for (const email of ["visitor-account@example.org", "lapsed-notes@example.org"]) {
        const person = await signedInBrowser(t.app, email);
        const response = await save(person, activities[0]!, { content: "x" });
        expect(response.status).toBe(403);
        expect(response.body).toEqual({ success: false, errors: { __all__: [expect.stringContaining("Notes are for members")] } });
      }
      expect(await stored()).toEqual([]);
    });

    it("refuses a save without the CSRF token", async () => {
      const response = await jsonCall(member.agent, "post", `${notePath(activities[0]!)}save/`, undefined, { content: "x" });
      expect(response.status).toBe(403);
      expect(await stored()).toEqual([]);
    });
  });

  describe("plain forms, without JavaScript", () => {
    it("saves and comes back to the note on the page with “Note saved.”", async () => {
      const id = activities[0]!;
      const response = await formPost(member.agent, `${notePath(id)}save/`, member.token, { content: "By form", next: `${page}#note-${id}` });
      expect(response.status).toBe(303);
      expect(response.headers.location).toBe(`${page}#note-${id}`);
      const html = (await member.agent.get(page)).text;
      expect(noticeIn(html)).toEqual({ role: "status", text: "Note saved." });
      expect(html).toMatch(new RegExp(`id="note-${id}-content" name="content"[^>]*>\\n?By form</textarea>`));
    });

    it("goes to the resource page's note when next is missing or another site", async () => {
      const id = activities[1]!;
      for (const next of [undefined, "https://evil.example/", "//evil.example/"]) {
        const response = await formPost(member.agent, `${notePath(id)}save/`, member.token, next === undefined ? { content: "x" } : { content: "x", next });
        expect(response.headers.location).toBe(`${page}#note-${id}`);
      }
    });

    it("keeps the typed text after a refused save, with the reason beside the field, once", async () => {
      const id = activities[2]!;
      const typed = `<b>${"y".repeat(10_001)}</b>`;
      const response = await formPost(member.agent, `${notePath(id)}save/`, member.token, { content: typed, next: `${page}#note-${id}` });
      expect(response.status).toBe(303);
      const html = (await member.agent.get(page)).text;
      expect(noticeIn(html)).toEqual({ role: "alert", text: NOTE_TOO_LONG_MESSAGE });
      expect(html).toContain(`&lt;b&gt;${"y".repeat(10_001)}&lt;/b&gt;</textarea>`);
      expect(html).toContain(`<p class="form-error-message teacher-note__error" id="note-${id}-content-error"><span class="visually-hidden">Error: </span>${NOTE_TOO_LONG_MESSAGE}</p>`);
      expect(await stored()).toEqual([]);
      // Shown once: a reload has the saved state again.
      expect((await member.agent.get(page)).text).not.toContain("y".repeat(100));

      await formPost(member.agent, `${notePath(id)}save/`, member.token, { content: "  ", next: page });
      expect(noticeIn((await member.agent.get(page)).text)).toEqual({ role: "alert", text: NOTE_EMPTY_MESSAGE });
    });

    it("asks first: a plain delete post without confirm=yes answers a confirmation page and deletes nothing", async () => {
      const id = activities[0]!;
      await save(member, id, { content: "Still here" });
      const response = await formPost(member.agent, `${notePath(id)}delete/`, member.token, { next: `${page}#note-${id}` });
      expect(response.status).toBe(200);
      expect(response.text).toContain('<h1 class="page-header__title">Delete your note?</h1>');
      expect(response.text).toContain(`action="${notePath(id)}delete/"`);
      expect(response.text).toContain('<input type="hidden" name="confirm" value="yes">');
      expect(response.text).toContain(`<input type="hidden" name="next" value="${page}#note-${id}">`);
      expect(response.text).toMatch(new RegExp(`<a class="button button--secondary" href="${page}#note-${id}">Cancel</a>`));
      expect(await stored()).toHaveLength(1);
    });

    it("deletes with a confirmed POST to the delete path, “Note deleted.”", async () => {
      const id = activities[0]!;
      await save(member, id, { content: "Going soon" });
      const response = await formPost(member.agent, `${notePath(id)}delete/`, member.token, { next: `${page}#note-${id}`, confirm: "yes" });
      expect(response.status).toBe(303);
      expect(response.headers.location).toBe(`${page}#note-${id}`);
      expect(noticeIn((await member.agent.get(page)).text)).toEqual({ role: "status", text: "Note deleted." });
      expect(await stored()).toEqual([]);
    });

    it("sends a signed-out form post to sign in and back", async () => {
      const visitor = await browserWithPage(t.app);
      const response = await formPost(visitor.agent, `${notePath(activities[0]!)}save/`, visitor.token, { content: "x", next: page });
      expect(response.status).toBe(303);
      expect(response.headers.location).toBe(`/account/login/?next=${encodeURIComponent(page)}`);
    });

    it("tells a non-member why with a notice, saving nothing", async () => {
      const person = await signedInBrowser(t.app, "visitor-account@example.org");
      const response = await formPost(person.agent, `${notePath(activities[0]!)}save/`, person.token, { content: "x", next: page });
      expect(response.headers.location).toBe(page);
      expect(noticeIn((await person.agent.get(page)).text)?.text).toContain("Notes are for members");
      expect(await stored()).toEqual([]);
    });
  });
});

import request from "supertest";
import { addPerson } from "../accounts/support";
import { formPost, jsonCall, myAccountPath, signedInBrowser, type Agent } from "../my-account/support";
import { databaseEngines } from "../support/databases";
import { browserWithPage } from "../support/pages";
import { createTestApp, type TestApp } from "../support/test-app";
import { addResources, savedIds } from "./save-support";

const path = "/account/save-resource/";
const AMPERSAND_TITLE = "Romeo & Juliet <masks>";

/** The one-time notice the layout shows at the top of <main> (server/http/flash.ts), as HTML-escaped text. */
function noticeIn(html: string): { role: string; text: string } | undefined {
  const match = /<div class="container flash-notice"><div class="alert alert--\w+" role="(\w+)">\s*<p class="alert__text">([^<]*)<\/p>/.exec(html);
  return match ? { role: match[1]!, text: match[2]! } : undefined;
}

describe.each(databaseEngines)("POST /account/save-resource/ on %s", (engine) => {
  let t: TestApp;
  let saverId: number;
  let saver: { agent: Agent; token: string };

  beforeAll(async () => {
    t = await createTestApp({ engine });
    await addResources(t.database.db, [
      { id: 11, type: "lesson-plan", slug: "macbeth-banquet", title: "Macbeth: the banquet" },
      { id: 12, type: "video", slug: "romeo-masks", title: AMPERSAND_TITLE },
      { id: 13, type: "guide", slug: "not-yet", title: "Not published yet", publishedInDays: 3 },
    ]);
    saverId = await addPerson(t.database.db, { email: "saver@example.org" });
    saver = await signedInBrowser(t.app, "saver@example.org");
  });
  afterAll(() => t.close());
  beforeEach(() => t.database.db.deleteFrom("saved_resources").execute());

  const save = (body: object) => jsonCall(saver.agent, "post", path, saver.token, body);

  describe("JSON, as the Save widget calls it", () => {
    it("saves and unsaves, answering { success: true }", async () => {
      const saved = await save({ resource_id: 11, resource_type: "lesson-plan", to_save: true });
      expect(saved.status).toBe(200);
      expect(saved.body).toEqual({ success: true });
      expect(await savedIds(t.database.db, saverId)).toEqual([11]);

      const unsaved = await save({ resource_id: 11, resource_type: "lesson-plan", to_save: false });
      expect(unsaved.status).toBe(200);
      expect(unsaved.body).toEqual({ success: true });
      expect(await savedIds(t.database.db, saverId)).toEqual([]);
    });

    it("treats saving twice as success and keeps the first save", async () => {
      await save({ resource_id: 12, resource_type: "video", to_save: true });
      const first = await t.database.db.selectFrom("saved_resources").selectAll().execute();
      const again = await save({ resource_id: 12, resource_type: "video", to_save: true });
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ success: true });
      expect(await t.database.db.selectFrom("saved_resources").selectAll().execute()).toEqual(first);
    });

    it("treats unsaving something never saved as success and changes nothing", async () => {
      await save({ resource_id: 12, resource_type: "video", to_save: true });
      const response = await save({ resource_id: 11, resource_type: "lesson-plan", to_save: false });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true });
      expect(await savedIds(t.database.db, saverId)).toEqual([12]);
    });

    it("accepts the id as plain decimal digits in a string", async () => {
      const response = await save({ resource_id: "11", resource_type: "lesson-plan", to_save: true });
      expect(response.status).toBe(200);
      expect(await savedIds(t.database.db, saverId)).toEqual([11]);
    });

    it("answers 401 with success: false to a visitor who is not signed in, and saves nothing", async () => {
      const visitor = await browserWithPage(t.app, "/account/login/");
      const response = await jsonCall(visitor.agent, "post", path, visitor.token, { resource_id: 11, resource_type: "lesson-plan", to_save: true });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ success: false, errors: { __all__: ["You must be logged in to save resources."] } });
      expect(await t.database.db.selectFrom("saved_resources").selectAll().execute()).toEqual([]);
    });

    it.each([
      ["missing", undefined],
      ["wrong", "not-the-token"],
    ])("answers 403 with success: false when the CSRF token is %s", async (_case, token) => {
      const response = await jsonCall(saver.agent, "post", path, token, { resource_id: 11, resource_type: "lesson-plan", to_save: true });
      expect(response.status).toBe(403);
      expect(response.headers["content-type"]).toMatch(/json/);
      expect(response.body.success).toBe(false);
      expect(await savedIds(t.database.db, saverId)).toEqual([]);
    });

    it("answers 400 with success: false to JSON it cannot read", async () => {
      const response = await saver.agent
        .post(path)
        .set("Content-Type", "application/json")
        .set("X-Requested-With", "XMLHttpRequest")
        .set("X-CSRFToken", saver.token)
        .send('{"resource_id": 11, "resource_type": ');
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ success: false, errors: { __all__: [expect.stringContaining("not valid JSON")] } });
    });

    it.each([
      ["an unknown id", { resource_id: 999, resource_type: "video", to_save: true }],
      ["an id with another type", { resource_id: 11, resource_type: "video", to_save: true }],
      ["a resource not published yet", { resource_id: 13, resource_type: "guide", to_save: true }],
    ])("answers 404 with success: false to %s", async (_case, body) => {
      const response = await save(body);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ success: false, errors: { __all__: ["That resource does not exist."] } });
      expect(await savedIds(t.database.db, saverId)).toEqual([]);
    });

    it.each([
      ["to_save as a string", { resource_id: 11, resource_type: "lesson-plan", to_save: "true" }, ["to_save"]],
      ["to_save as a number", { resource_id: 11, resource_type: "lesson-plan", to_save: 1 }, ["to_save"]],
      ["a fractional id", { resource_id: 11.5, resource_type: "lesson-plan", to_save: true }, ["resource_id"]],
      ["a negative id", { resource_id: -11, resource_type: "lesson-plan", to_save: true }, ["resource_id"]],
      ["an id past 32 bits", { resource_id: 4_294_967_296, resource_type: "lesson-plan", to_save: true }, ["resource_id"]],
      ["a decimal string id", { resource_id: "11.0", resource_type: "lesson-plan", to_save: true }, ["resource_id"]],
      ["an unknown type", { resource_id: 11, resource_type: "podcast", to_save: true }, ["resource_type"]],
      ["nothing at all", {}, ["resource_id", "resource_type", "to_save"]],
    ])("answers 400 with the field errors for %s", async (_case, body, fields) => {
      const response = await save(body);
      expect(response.status).toBe(400);
      expect(response.body.success).toBe(false);
      expect(Object.keys(response.body.errors).sort()).toEqual([...fields].sort());
      for (const field of fields) expect(response.body.errors[field]).toEqual([expect.any(String)]);
      expect(await savedIds(t.database.db, saverId)).toEqual([]);
    });

    it("answers a JSON array body with the field errors, not a crash", async () => {
      const response = await save([11, "lesson-plan", true]);
      expect(response.status).toBe(400);
      expect(response.body.success).toBe(false);
    });
  });

  describe("a plain form post, without JavaScript", () => {
    const fields = (overrides: Record<string, string> = {}) => ({
      resource_id: "12",
      resource_type: "video",
      to_save: "true",
      next: `${myAccountPath}#saved-resources`,
      ...overrides,
    });

    it("saves, redirects (303) to a same-site next, and shows the notice once there", async () => {
      const response = await formPost(saver.agent, path, saver.token, fields());
      expect(response.status).toBe(303);
      expect(response.headers.location).toBe("/account/my-account/#saved-resources");
      expect(await savedIds(t.database.db, saverId)).toEqual([12]);

      const page = await saver.agent.get(myAccountPath).set("Accept", "text/html");
      expect(noticeIn(page.text)).toEqual({ role: "status", text: "Saved “Romeo &amp; Juliet &lt;masks&gt;” to your resources." });
      const reload = await saver.agent.get(myAccountPath).set("Accept", "text/html");
      expect(noticeIn(reload.text)).toBeUndefined();
    });

    it("unsaves with its own notice", async () => {
      await formPost(saver.agent, path, saver.token, fields());
      const response = await formPost(saver.agent, path, saver.token, fields({ to_save: "false" }));
      expect(response.status).toBe(303);
      expect(await savedIds(t.database.db, saverId)).toEqual([]);
      const page = await saver.agent.get(myAccountPath).set("Accept", "text/html");
      expect(noticeIn(page.text)?.text).toBe("Removed “Romeo &amp; Juliet &lt;masks&gt;” from your saved resources.");
    });

    it("keeps the query of a same-site next", async () => {
      const response = await formPost(saver.agent, path, saver.token, fields({ next: "/resources/?key_stage=ks3&page=2" }));
      expect(response.headers.location).toBe("/resources/?key_stage=ks3&page=2");
    });

    it.each(["https://evil.example/", "//evil.example/", "/\\evil.example", "javascript:alert(1)", ""])(
      "never redirects off the site: next %j goes to the resource's page",
      async (next) => {
        const response = await formPost(saver.agent, path, saver.token, fields({ next }));
        expect(response.status).toBe(303);
        expect(response.headers.location).toBe("/resources/romeo-masks/");
        expect(await savedIds(t.database.db, saverId)).toEqual([12]);
      },
    );

    it("redirects back with an error notice, not an error page, when a field is wrong", async () => {
      const response = await formPost(saver.agent, path, saver.token, fields({ to_save: "maybe" }));
      expect(response.status).toBe(303);
      expect(response.headers.location).toBe("/account/my-account/#saved-resources");
      expect(await savedIds(t.database.db, saverId)).toEqual([]);
      const page = await saver.agent.get(myAccountPath).set("Accept", "text/html");
      expect(noticeIn(page.text)).toEqual({ role: "alert", text: "We couldn&#39;t save that resource. Please try again." });
    });

    it("redirects to the listing with an error notice when the resource does not exist", async () => {
      const response = await formPost(saver.agent, path, saver.token, fields({ resource_id: "999", next: "https://evil.example/" }));
      expect(response.status).toBe(303);
      expect(response.headers.location).toBe("/resources/");
      const page = await saver.agent.get(myAccountPath).set("Accept", "text/html");
      expect(noticeIn(page.text)).toEqual({ role: "alert", text: "We couldn&#39;t find that resource. It may have been removed." });
    });

    it("sends a visitor who is not signed in to sign in, then back to the page", async () => {
      const visitor = await browserWithPage(t.app, "/account/login/");
      const response = await formPost(visitor.agent, path, visitor.token, fields({ next: "/resources/?page=2" }));
      expect(response.status).toBe(303);
      expect(response.headers.location).toBe(`/account/login/?next=${encodeURIComponent("/resources/?page=2")}`);
      expect(await t.database.db.selectFrom("saved_resources").selectAll().execute()).toEqual([]);
    });

    it("refuses a form post without the CSRF token", async () => {
      const response = await saver.agent.post(path).set("Accept", "text/html").type("form").send(fields());
      expect(response.status).toBe(403);
      expect(await savedIds(t.database.db, saverId)).toEqual([]);
    });
  });

  describe("My account, Saved resources tab", () => {
    it("lists saved resources newest first, each linking to its page with an Unsave control", async () => {
      await save({ resource_id: 11, resource_type: "lesson-plan", to_save: true });
      // saved_at has millisecond precision: make the order certain.
      await new Promise((resolve) => setTimeout(resolve, 5));
      await save({ resource_id: 12, resource_type: "video", to_save: true });
      const html = (await saver.agent.get(myAccountPath).set("Accept", "text/html")).text;
      const panel = html.slice(html.indexOf('id="saved-resources"'), html.indexOf('id="school"'));
      expect(panel).not.toContain("You haven't saved any resources yet.");
      expect(panel).toContain('<a href="/resources/romeo-masks/">Romeo &amp; Juliet &lt;masks&gt;</a>');
      expect(panel).toContain('<a href="/resources/macbeth-banquet/">Macbeth: the banquet</a>');
      expect(panel.indexOf("romeo-masks")).toBeLessThan(panel.indexOf("macbeth-banquet"));
      expect(panel).toContain('data-widget="save-resource"');
      expect(panel).toContain('<input type="hidden" name="to_save" value="false">');
      expect(panel).toContain('<input type="hidden" name="next" value="/account/my-account/#saved-resources">');
      expect(panel).toContain('aria-pressed="true"');
      expect(panel.match(/save-resource--saved/g)).toHaveLength(2);
    });

    it("shows a helpful empty state linking to the resources", async () => {
      const html = (await saver.agent.get(myAccountPath).set("Accept", "text/html")).text;
      expect(html).toContain("You haven't saved any resources yet.");
      expect(html).toContain('<a class="button button--secondary" href="/resources/">Browse teaching resources</a>');
    });

    it("shows each person only their own saves", async () => {
      await save({ resource_id: 11, resource_type: "lesson-plan", to_save: true });
      await addPerson(t.database.db, { email: "other@example.org" });
      const other = await signedInBrowser(t.app, "other@example.org");
      const html = (await other.agent.get(myAccountPath).set("Accept", "text/html")).text;
      expect(html).not.toContain("macbeth-banquet");
      expect(html).toContain("You haven't saved any resources yet.");
    });
  });

  it("marks the body with the signed-in flag the Save widget reads", async () => {
    const visitorPage = await request(t.app).get("/account/login/").set("Accept", "text/html");
    expect(visitorPage.text).toContain('<body data-signed-in="false">');
    const memberPage = await saver.agent.get(myAccountPath).set("Accept", "text/html");
    expect(memberPage.text).toContain('<body data-signed-in="true">');
  });
});

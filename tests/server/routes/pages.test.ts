import request from "supertest";
import { DEMO_CONTENT_DIRECTORY, seedFromDirectory } from "../../../server/content/seed";
import { listPatternNames } from "../../../server/views/pattern-library";
import { templatesDir } from "../../../server/paths";
import { widgetRegistry } from "../../../widgets/registry";
import { createTestApp, type TestApp } from "../support/test-app";

describe("page routes", () => {
  let t: TestApp;
  let publishedSlug: string;
  beforeAll(async () => {
    t = await createTestApp();
    await seedFromDirectory(t.database.db, DEMO_CONTENT_DIRECTORY);
    const page = await t.database.db.selectFrom("pages").select("slug").where("published_at", "is not", null).executeTakeFirstOrThrow();
    publishedSlug = page.slug;
  });
  afterAll(() => t.close());

  it("renders the home page with the shared template context", async () => {
    const response = await request(t.app).get("/");
    expect(response.status).toBe(200);
    expect(response.type).toBe("text/html");
    const siteName = await t.database.db.selectFrom("site_settings").select("value_json").where("key", "=", "name").executeTakeFirstOrThrow();
    expect(response.text).toContain(`– ${JSON.parse(siteName.value_json) as string}</title>`);
    // No form on the page, so no CSRF token: a visitor's first page view writes no session (docs/performance.md).
    expect(response.text).not.toContain('name="csrf-token"');
    expect(response.headers["set-cookie"]).toBeUndefined();
    expect(response.text).toContain('<main id="main-content"');
  });

  it("lists every pattern on /patterns/ and renders each one", async () => {
    const patterns = await listPatternNames(templatesDir);
    expect(patterns).not.toContain("index");
    const index = await request(t.app).get("/patterns/");
    expect(index.status).toBe(200);
    for (const name of patterns) {
      expect(index.text).toContain(`/patterns/${name}/`);
      expect((await request(t.app).get(`/patterns/${name}/`)).status).toBe(200);
    }
  });

  // A widget without a pattern page is not finished: editors and other backends' teams learn the widgets there.
  it("has a pattern page for every widget in the registry, linked from the index, with a live example", async () => {
    const patterns = await listPatternNames(templatesDir);
    const index = await request(t.app).get("/patterns/");
    for (const { name } of widgetRegistry) {
      expect(patterns, `templates/pages/patterns/${name}.njk`).toContain(name);
      expect(index.text).toContain(`href="/patterns/${name}/"`);
      const page = await request(t.app).get(`/patterns/${name}/`);
      expect(page.status, `/patterns/${name}/`).toBe(200);
      expect(page.text, `/patterns/${name}/ shows the widget itself`).toContain(`data-widget="${name}"`);
    }
  });

  it("answers 404 for unknown patterns, including the index's own name", async () => {
    expect((await request(t.app).get("/patterns/no-such-widget/")).status).toBe(404);
    expect((await request(t.app).get("/patterns/index/")).status).toBe(404);
    expect((await request(t.app).get("/patterns/..%2Flayouts%2Fbase/")).status).toBe(404);
  });

  it("renders a published content page at /<slug>/", async () => {
    const page = await t.database.db.selectFrom("pages").select("title").where("slug", "=", publishedSlug).executeTakeFirstOrThrow();
    const response = await request(t.app).get(`/${publishedSlug}/`);
    expect(response.status).toBe(200);
    expect(response.text).toContain(page.title.replace(/&/g, "&amp;"));
  });

  it("answers 404 for a slug without a published page", async () => {
    const response = await request(t.app).get("/no-such-page/");
    expect(response.status).toBe(404);
    expect(response.text).toContain("Page not found");
  });

  it("redirects slashless page addresses to the address with the slash, keeping the query", async () => {
    const response = await request(t.app).get(`/${publishedSlug}?ref=news`);
    expect(response.status).toBe(301);
    expect(response.headers.location).toBe(`/${publishedSlug}/?ref=news`);
    expect((await request(t.app).get("/patterns")).headers.location).toBe("/patterns/");
    expect((await request(t.app).get("/no-such-page")).status).toBe(404);
  });
});

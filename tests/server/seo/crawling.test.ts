import request from "supertest";
import { createApp } from "../../../server/app";
import { createSitemapService, sitemapSourcesOf } from "../../../server/seo/sitemap-service";
import { createTestApp, type TestApp } from "../support/test-app";
import { seedSeoFixtures } from "./seo-support";

/** Every <loc> with its <lastmod> (undefined when it has none). */
function locationsOf(xml: string): Map<string, string | undefined> {
  return new Map([...xml.matchAll(/<loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?/g)].map((match) => [match[1]!, match[2]]));
}

const site = "http://127.0.0.1:3000";

describe("robots.txt, the sitemap, the icons and the web manifest", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedSeoFixtures(t.database.db);
  });
  afterAll(() => t.close());

  it("robots.txt allows the site, keeps crawlers out of accounts, staff, search and the developer pages, and names the sitemap", async () => {
    const response = await request(t.app).get("/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toBe("text/plain; charset=utf-8");
    const lines = response.text.split("\n");
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Allow: /");
    for (const area of ["/account/", "/staff/", "/search/", "/dev/", "/patterns/", "/resources/shared/"]) expect(lines).toContain(`Disallow: ${area}`);
    expect(lines).not.toContain("Disallow: /");
    expect(lines).toContain(`Sitemap: ${site}/sitemap.xml`);
  });

  it("the sitemap lists every public page, event, resource and person, each with its row's updated_at", async () => {
    const response = await request(t.app).get("/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(response.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const locations = locationsOf(response.text);
    const { db } = t.database;
    const events = await db.selectFrom("events").select(["slug", "updated_at"]).execute();
    const resources = await db.selectFrom("resources").select(["slug", "updated_at", "published_at"]).execute();
    const published = resources.filter((resource) => resource.published_at <= new Date().toISOString());
    expect(published.length).toBeLessThan(resources.length);
    for (const event of events) expect(locations.get(`${site}/whats-on/${event.slug}/`)).toBe(event.updated_at);
    for (const resource of published) expect(locations.get(`${site}/resources/${resource.slug}/`)).toBe(resource.updated_at);
    expect(locations.has(`${site}/resources/not-yet-published/`)).toBe(false);
    const page = await db.selectFrom("pages").select("updated_at").where("slug", "=", "about-us").executeTakeFirstOrThrow();
    expect(locations.get(`${site}/about-us/`)).toBe(page.updated_at);
    for (const listing of ["/", "/whats-on/", "/resources/", "/people/", "/gallery/", "/privacy/"]) expect(locations.has(site + listing)).toBe(true);
    // The listings change when what they list does.
    const newestEvent = events.map((event) => event.updated_at).sort().at(-1);
    expect(locations.get(`${site}/whats-on/`)).toBe(newestEvent);
    // Nothing a crawler should not index.
    expect([...locations.keys()].filter((url) => /\/(account|search|patterns|dev|staff)\//.test(url))).toEqual([]);
    expect(locations.size).toBe(6 + 1 + events.length + published.length);
  });

  it("keeps the sitemap in the page cache until the content changes, then lists the change", async () => {
    const first = await request(t.app).get("/sitemap.xml");
    expect(first.headers["x-cache"]).toMatch(/hit|miss/);
    const kept = await request(t.app).get("/sitemap.xml");
    expect(kept.headers["x-cache"]).toBe("hit");
    expect(kept.headers["content-type"]).toBe("application/xml; charset=utf-8");
    const changedAt = new Date(Date.now() + 60_000).toISOString();
    await t.database.db.updateTable("events").set({ title: "Hamlet (revived)", updated_at: changedAt }).where("slug", "=", "hamlet").execute();
    const after = await request(t.app).get("/sitemap.xml");
    expect(after.headers["x-cache"]).toBe("miss");
    expect(locationsOf(after.text).get(`${site}/whats-on/hamlet/`)).toBe(changedAt);
    expect(locationsOf(after.text).get(`${site}/`)).toBe(changedAt);
    // The front door, which the real server runs, answers from the same kept copy.
    const throughFrontDoor = await request(t.handleRequest).get("/sitemap.xml");
    expect(throughFrontDoor.headers["x-cache"]).toBe("hit");
    expect(throughFrontDoor.text).toBe(after.text);
  });

  it("becomes a sitemap index naming its parts once there are more addresses than one file may hold", async () => {
    const urlsPerSitemap = 10;
    const sitemap = createSitemapService({ sources: sitemapSourcesOf(t.services.features), publicUrl: t.config.publicUrl, urlsPerSitemap });
    const app = createApp({ ...t.services, features: { ...t.services.features, sitemap } });
    const all = locationsOf((await request(t.app).get("/sitemap.xml")).text);
    const parts = Math.ceil(all.size / urlsPerSitemap);
    expect(parts).toBeGreaterThan(2);

    const index = await request(app).get("/sitemap.xml");
    expect(index.status).toBe(200);
    expect(index.text).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const named = locationsOf(index.text);
    expect([...named.keys()]).toEqual(Array.from({ length: parts }, (_, part) => `${site}/sitemap-${part + 1}.xml`));

    const listed = new Map<string, string | undefined>();
    for (let part = 1; part <= parts; part++) {
      const response = await request(app).get(`/sitemap-${part}.xml`);
      expect(response.status).toBe(200);
      expect(response.headers["content-type"]).toBe("application/xml; charset=utf-8");
      const locations = locationsOf(response.text);
      expect(locations.size).toBeLessThanOrEqual(urlsPerSitemap);
      // Each part's lastmod in the index is its newest address's.
      const newest = [...locations.values()].filter((value) => value !== undefined).sort().at(-1);
      expect(named.get(`${site}/sitemap-${part}.xml`)).toBe(newest);
      for (const [url, lastModified] of locations) listed.set(url, lastModified);
    }
    expect(listed).toEqual(all);
    expect((await request(app).get(`/sitemap-${parts + 1}.xml`)).status).toBe(404);
    expect((await request(app).get("/sitemap-0.xml")).status).toBe(404);
    // Unsplit, there are no parts.
    expect((await request(t.app).get("/sitemap-1.xml")).status).toBe(404);
  });

  it("serves a real ICO favicon, a 180×180 apple-touch-icon and the web manifest, linked from every page", async () => {
    const favicon = await request(t.app).get("/favicon.ico").buffer(true);
    expect(favicon.status).toBe(200);
    expect(favicon.headers["content-type"]).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)$/);
    const ico = favicon.body as Buffer;
    // ICONDIR: reserved 0, type 1 (icon), then the number of images.
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
    expect(ico.readUInt16LE(4)).toBeGreaterThanOrEqual(2);

    const touch = await request(t.app).get("/apple-touch-icon.png").buffer(true);
    expect(touch.headers["content-type"]).toBe("image/png");
    const png = touch.body as Buffer;
    expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([180, 180]);

    const manifest = await request(t.app).get("/site.webmanifest");
    expect(manifest.headers["content-type"]).toBe("application/manifest+json; charset=utf-8");
    const body = JSON.parse(manifest.text) as Record<string, unknown>;
    expect(body).toMatchObject({ name: "Test Playhouse", short_name: "Test", start_url: "/", display: "standalone", theme_color: "#141414", background_color: "#ffffff" });
    const icons = body.icons as { src: string; sizes: string; type: string }[];
    expect(icons.map((icon) => icon.sizes)).toEqual(["192x192", "512x512"]);
    for (const icon of icons) {
      const file = await request(t.app).get(icon.src).buffer(true);
      expect(file.headers["content-type"]).toBe("image/png");
      const [width, height] = icon.sizes.split("x").map(Number);
      expect([(file.body as Buffer).readUInt32BE(16), (file.body as Buffer).readUInt32BE(20)]).toEqual([width, height]);
    }

    const home = (await request(t.app).get("/")).text;
    expect(home).toContain('<link rel="icon" href="/favicon.ico" sizes="48x48">');
    expect(home).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png">');
    expect(home).toContain('<link rel="manifest" href="/site.webmanifest">');
  });
});

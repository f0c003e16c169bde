import request from "supertest";
import { signedInBrowser } from "../my-account/support";
import { addPerson } from "../accounts/support";
import { createTestApp, type TestApp } from "../support/test-app";
import { canonicalOf, metaOf } from "./rich-results";
import { seedSeoFixtures } from "./seo-support";

const site = "http://127.0.0.1:3000";
const defaultImage = `${site}/static/images/icons/share-default.png`;

describe("canonical addresses, Open Graph and Twitter cards, and noindex", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedSeoFixtures(t.database.db);
    // One person, so the People page and a person's page have something to show.
    const { db } = t.database;
    const team = await db.insertInto("people_teams").values({ slug: "artistic", label: "Artistic team", intro: "", position: 0 }).returning("id").executeTakeFirstOrThrow();
    await db
      .insertInto("people")
      .values({ slug: "priya-raman", team_id: team.id, position: 0, name: "Priya Raman", role: "Artistic Director", portrait_url: null, portrait_alt: "", bio_html: "<p>Priya directs.</p>", updated_at: new Date().toISOString() })
      .execute();
  });
  afterAll(() => t.close());

  const page = async (path: string) => {
    const response = await request(t.app).get(path);
    expect(response.status).toBe(200);
    return response.text;
  };

  it.each([
    { kind: "home page", path: "/", canonical: "/", title: "Theatre, learning and participation", type: "website" },
    { kind: "content page", path: "/about-us/", canonical: "/about-us/", title: "About us", type: "article", description: "Who we are." },
    { kind: "event page", path: "/whats-on/hamlet/", canonical: "/whats-on/hamlet/", title: "Hamlet", type: "website", description: "A summary." },
    { kind: "resource page", path: "/resources/alpha-warm-ups/", canonical: "/resources/alpha-warm-ups/", title: "alpha warm-ups", type: "article" },
    { kind: "resources listing", path: "/resources/", canonical: "/resources/", title: "Resources", type: "website" },
    { kind: "What's On", path: "/whats-on/", canonical: "/whats-on/", title: undefined, type: "website" },
    { kind: "People page", path: "/people/", canonical: "/people/", title: "People", type: "website" },
    { kind: "person's page", path: "/people/priya-raman/", canonical: "/people/priya-raman/", title: "Priya Raman, Artistic Director", type: "website" },
    { kind: "gallery", path: "/gallery/", canonical: "/gallery/", title: "Gallery", type: "website" },
    { kind: "privacy notice", path: "/privacy/", canonical: "/privacy/", title: "Privacy", type: "website" },
  ])("the $kind has a title, a description, a canonical URL and the sharing tags", async ({ path, canonical, title, type, description }) => {
    const html = await page(path);
    const url = site + canonical;
    expect(canonicalOf(html)).toBe(url);
    expect(html).not.toContain('<meta name="robots"');
    expect(html).toMatch(/<title>[^<]+ – Test Playhouse<\/title>/);
    const metaDescription = metaOf(html, "description");
    expect(metaDescription).toBeTruthy();
    if (description) expect(metaDescription).toBe(description);
    if (title) expect(metaOf(html, "og:title")).toBe(title);
    expect(metaOf(html, "og:description")).toBe(metaDescription);
    expect(metaOf(html, "og:url")).toBe(url);
    expect(metaOf(html, "og:type")).toBe(type);
    expect(metaOf(html, "og:site_name")).toBe("Test Playhouse");
    expect(metaOf(html, "og:image")).toMatch(/^http:\/\/127\.0\.0\.1:3000\//);
    expect(metaOf(html, "twitter:card")).toBe("summary_large_image");
    expect(metaOf(html, "twitter:title")).toBe(metaOf(html, "og:title"));
    expect(metaOf(html, "twitter:description")).toBe(metaDescription);
    expect(metaOf(html, "twitter:image")).toBe(metaOf(html, "og:image"));
    expect(metaOf(html, "twitter:image:alt")).toBeTruthy();
  });

  it("follows Google's guidance on faceted navigation: a page of the plain listing is its own, filters and sorts name the listing", async () => {
    expect(canonicalOf(await page("/resources/?page=2"))).toBe(`${site}/resources/?page=2`);
    expect(canonicalOf(await page("/resources/?page=2&utm_source=newsletter"))).toBe(`${site}/resources/?page=2`);
    expect(canonicalOf(await page("/resources/?page=1"))).toBe(`${site}/resources/`);
    expect(canonicalOf(await page("/resources/?subject=drama"))).toBe(`${site}/resources/`);
    expect(canonicalOf(await page("/resources/?subject=drama&key_stage=ks3&page=2"))).toBe(`${site}/resources/`);
    expect(canonicalOf(await page("/resources/?sort=title&page=2"))).toBe(`${site}/resources/`);
    expect(canonicalOf(await page("/whats-on/?date=2026-07-01&genre=tragedy"))).toBe(`${site}/whats-on/`);
    expect(canonicalOf(await page("/whats-on/hamlet/?utm_campaign=spring"))).toBe(`${site}/whats-on/hamlet/`);
  });

  it("shares a page's own picture when it is one social sites show, else the site's default card", async () => {
    const svg = await page("/whats-on/hamlet/");
    expect(metaOf(svg, "og:image")).toBe(defaultImage);
    expect(metaOf(svg, "og:image:width")).toBe("1200");
    await t.database.db.updateTable("events").set({ image_url: "/static/images/hamlet.jpg", image_alt: "A skull on a stage" }).where("slug", "=", "hamlet").execute();
    const own = await page("/whats-on/hamlet/");
    expect(metaOf(own, "og:image")).toBe(`${site}/static/images/hamlet.jpg`);
    expect(metaOf(own, "og:image:alt")).toBe("A skull on a stage");
    expect(metaOf(own, "og:image:width")).toBeUndefined();
  });

  it.each(["/account/login/", "/account/register/", "/account/forgot-password/", "/search/?q=hamlet", "/patterns/", "/patterns/accordion/"])(
    "%s says noindex, with no canonical or sharing tags",
    async (path) => {
      const html = await page(path);
      expect(html).toContain('<meta name="robots" content="noindex">');
      expect(canonicalOf(html)).toBeUndefined();
      expect(metaOf(html, "og:title")).toBeUndefined();
    },
  );

  it("a signed-in person's own pages say noindex, and so does an error page", async () => {
    await addPerson(t.database.db, { email: "member@example.org", firstName: "Priya" });
    const { agent } = await signedInBrowser(t.app, "member@example.org");
    const myAccount = await agent.get("/account/my-account/");
    expect(myAccount.status).toBe(200);
    expect(myAccount.text).toContain('<meta name="robots" content="noindex">');
    const missing = await request(t.app).get("/whats-on/no-such-event/");
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('<meta name="robots" content="noindex">');
    expect(canonicalOf(missing.text)).toBeUndefined();
  });
});

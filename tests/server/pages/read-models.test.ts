import { loadHomeContent } from "../../../server/pages/home-content";
import { findPublishedPage } from "../../../server/pages/pages";
import { seedFromDirectory } from "../../../server/content/seed";
import { FALLBACK_SITE_SETTINGS, loadSiteSettings } from "../../../server/pages/site-settings";
import { createTestDatabase, databaseEngines, type TestDatabase } from "../support/databases";
import { createContentDirectory, type ContentDirectory } from "../content/content-directory";

const now = new Date("2026-11-21T12:00:00.000Z");

function eventYaml(slug: string, days: number[], venue = "main-house"): string {
  return `
  - slug: ${slug}
    title: ${slug.replace(/-/g, " ")}
    summary: Summary of ${slug}.
    description_html: <p>${slug}</p>
    image_url: /static/images/demo/poster-01.svg
    image_alt: Poster art
    event_type: talk
    season: winter
    venue: ${venue}
    duration: 60
    dates: [${days.map((day) => `{ day: ${day}, time: "19:30" }`).join(", ")}]`;
}

function resourceYaml(id: number, published: number, keyStages: string[]): string {
  return `
  - { id: ${id}, resource_type: lesson-plan, slug: r-${id}, title: Resource ${id}, summary: S, body_html: <p>B</p>,
      image_url: /static/images/demo/resource-02.svg, image_alt: A page of script, duration_minutes: ${id % 90 + 5},
      published: ${published}, key_stage: [${keyStages.join(", ")}] }`;
}

const CONTENT = {
  "site.yaml": "name: Test Theatre\ntagline: Plays & more\nnav:\n  - { label: About, href: /about/ }\n",
  "pages.yaml": `pages:
  - { slug: about, title: About, summary: Who we are, body_html: "<p>Hello &amp; welcome</p>" }
  - { slug: secret, title: Secret, draft: true, body_html: <p>Not yet</p> }
`,
  "events.yaml": `
taxonomies:
  event_type: [{ slug: talk, label: Talk }]
  genre: []
  season: [{ slug: winter, label: Winter }]
  series: []
  venue: [{ slug: main-house, label: Main House }, { slug: studio, label: The Studio }]
  access_type: []
events:${[
    eventYaml("past-only", [-3, -1]),
    eventYaml("in-a-week", [7, 8]),
    eventYaml("tomorrow", [-5, 1], "studio"),
    eventYaml("in-two-days", [2]),
    eventYaml("in-three-days", [3]),
    eventYaml("in-four-days", [4]),
    eventYaml("in-five-days", [5]),
    eventYaml("next-month", [30]),
  ].join("")}
`,
  "resources.yaml": `
facets:
  key_stage: [{ slug: ks2, label: Key Stage 2 }, { slug: ks3, label: Key Stage 3 }]
  subject: []
  play_or_topic: []
  theme: []
resources:${[
    resourceYaml(1, -10, ["ks3", "ks2"]),
    resourceYaml(2, -1, ["ks3"]),
    resourceYaml(3, 5, ["ks3"]),
    resourceYaml(4, -3, []),
    resourceYaml(5, -2, ["ks2"]),
    resourceYaml(6, -30, ["ks2"]),
    resourceYaml(7, -4, ["ks2"]),
    resourceYaml(8, -6, ["ks2"]),
  ].join("")}
`,
};

describe.each(databaseEngines)("reading content on %s", (engine) => {
  let database: TestDatabase;
  let directory: ContentDirectory;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    directory = createContentDirectory(CONTENT);
  });
  afterAll(async () => {
    directory.remove();
    await database.dispose();
  });

  it("falls back to empty site settings before anything is seeded", async () => {
    expect(await loadSiteSettings(database.db)).toEqual(FALLBACK_SITE_SETTINGS);
    expect((await loadHomeContent(database.db, now)).upcomingEvents).toEqual([]);
  });

  it("loads the seeded site settings straight after a seed in this process", async () => {
    await seedFromDirectory(database.db, directory.path, { now });
    expect(await loadSiteSettings(database.db)).toEqual({
      name: "Test Theatre",
      tagline: "Plays & more",
      nav: [{ label: "About", href: "/about/" }],
      footerNav: [],
      address: null,
    });
  });

  it("lists the next six events by their next instance, as cards", async () => {
    const { upcomingEvents } = await loadHomeContent(database.db, now);
    expect(upcomingEvents.map((event) => event.slug)).toEqual([
      "tomorrow",
      "in-two-days",
      "in-three-days",
      "in-four-days",
      "in-five-days",
      "in-a-week",
    ]);
    expect(upcomingEvents[0]).toEqual({
      title: "tomorrow",
      slug: "tomorrow",
      url: "/whats-on/tomorrow/",
      summary: "Summary of tomorrow.",
      imageUrl: "/static/images/demo/poster-01.svg",
      imageAlt: "Poster art",
      eventType: "Talk",
      venue: "The Studio",
      nextStart: "2026-11-22T19:30:00.000Z",
      nextStartLabel: "Sun 22 Nov, 7.30pm",
    });
  });

  it("lists the six newest published resources, with key stages in their own order", async () => {
    const { featuredResources } = await loadHomeContent(database.db, now);
    expect(featuredResources.map((resource) => resource.slug)).toEqual(["r-2", "r-5", "r-4", "r-7", "r-8", "r-1"]);
    expect(featuredResources.find((resource) => resource.slug === "r-1")).toEqual({
      id: 1,
      resourceType: "lesson-plan",
      title: "Resource 1",
      slug: "r-1",
      url: "/resources/r-1/",
      summary: "S",
      imageUrl: "/static/images/demo/resource-02.svg",
      imageAlt: "A page of script",
      resourceTypeLabel: "Lesson plan",
      keyStages: ["Key Stage 2", "Key Stage 3"],
      durationMinutes: 6,
    });
    expect(featuredResources.find((resource) => resource.slug === "r-4")?.keyStages).toEqual([]);
  });

  it("finds published pages by slug, never drafts or unknown slugs", async () => {
    expect(await findPublishedPage(database.db, "about")).toMatchObject({
      slug: "about",
      title: "About",
      summary: "Who we are",
      body_html: "<p>Hello &amp; welcome</p>",
    });
    expect(await findPublishedPage(database.db, "secret")).toBeUndefined();
    expect(await findPublishedPage(database.db, "nowhere")).toBeUndefined();
  });

  it("keeps a page's first publication date when it is reseeded", async () => {
    const firstPublished = await database.db.selectFrom("pages").select("published_at").where("slug", "=", "about").executeTakeFirstOrThrow();
    await seedFromDirectory(database.db, directory.path, { now: new Date("2026-12-01T09:00:00.000Z") });
    const reseeded = await database.db.selectFrom("pages").select(["published_at", "updated_at"]).where("slug", "=", "about").executeTakeFirstOrThrow();
    expect(reseeded.published_at).toBe(firstPublished.published_at);
    expect(reseeded.updated_at).toBe("2026-12-01T09:00:00.000Z");
  });
});

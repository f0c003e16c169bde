import { createSiteSearch } from "../../../server/search/create-site-search";
import type { SiteSearch } from "../../../server/search/search-port";
import { searchTermsOf } from "../../../server/search/search-terms";
import { createTestDatabase, databaseEngines, type TestDatabase } from "../support/databases";
import { contentWriter, FUTURE, type ContentWriter } from "./search-content";

/*
 * The same behaviour on both engines: SQLite FTS5 and PostgreSQL full text +
 * pg_trgm. Content is written with plain inserts/updates/deletes, so these
 * tests also prove the database triggers keep the index in step.
 */

describe.each(databaseEngines)("site search on %s", (engine) => {
  let database: TestDatabase;
  let search: SiteSearch;
  let content: ContentWriter;
  const suggest = (text: string, limit = 8) => search.suggest(searchTermsOf(text), limit);
  const titlesFor = async (text: string) => (await suggest(text, 20)).map((hit) => hit.title);

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    search = createSiteSearch(database.handle);
    content = contentWriter(database.db);
    await content.addResource({ title: "Macbeth: the witches", summary: "Three witches meet on a heath.", body_html: "<p>Thunder and lightning.</p>" });
    await content.addResource({ title: "Staging a storm", summary: "Sound effects.", body_html: "<p>Prospero raises a tempest in the opening scene.</p>" });
    await content.addResource({ title: "The Tempest: a guide", summary: "Island magic.", body_html: "<p>Ariel and Caliban.</p>" });
    await content.addResource({ title: "Café scenes", summary: "Improvising in a café.", body_html: "<p>Tables.</p>" });
    await content.addEvent({ slug: "macbeth-live", title: "Macbeth", summary: "Our new Macbeth.", description_html: "<p>A <strong>dark</strong> tragedy.</p>" });
    await content.addPage({ slug: "visit-us", title: "Visit us", body_html: "<p>Find the box office by the river.</p>" });
  });
  afterAll(() => database.dispose());

  it("matches a word by its first letters (the last term is a prefix)", async () => {
    expect(await titlesFor("mac")).toEqual(expect.arrayContaining(["Macbeth: the witches", "Macbeth"]));
    expect(await titlesFor("witch")).toEqual(["Macbeth: the witches"]);
    expect(await titlesFor("macbeth witc")).toEqual(["Macbeth: the witches"]);
  });

  it("requires every earlier term as a whole word", async () => {
    expect(await titlesFor("witch macbeth")).toEqual([]);
    expect(await titlesFor("witches macbeth")).toEqual(["Macbeth: the witches"]);
  });

  it("ranks a match in the title above a match in the body", async () => {
    expect(await titlesFor("tempest")).toEqual(["The Tempest: a guide", "Staging a storm"]);
  });

  it("finds events, resources and pages, with their addresses, ids and images", async () => {
    const [event] = await suggest("tragedy");
    expect(event).toMatchObject({ kind: "event", title: "Macbeth", url: "/whats-on/macbeth-live/", image: "/static/images/demo/poster-01.svg" });
    expect(event!.objectID).toMatch(/^event:\d+$/);
    const [page] = await suggest("box office");
    expect(page).toMatchObject({ kind: "page", title: "Visit us", url: "/visit-us/" });
    expect(page).not.toHaveProperty("image");
    const [resource] = await suggest("witches");
    expect(resource).toMatchObject({ objectID: "resource:1", kind: "resource", url: "/resources/resource-1/" });
  });

  it("indexes the text of HTML bodies, not their tags", async () => {
    expect(await titlesFor("strong")).toEqual([]);
    expect(await titlesFor("dark")).toEqual(["Macbeth"]);
  });

  it("ignores case and diacritics", async () => {
    expect(await titlesFor("CAFE")).toEqual(["Café scenes"]);
    expect(await titlesFor("café")).toEqual(["Café scenes"]);
  });

  it("follows resources as they are added, changed and deleted", async () => {
    const id = await content.addResource({ title: "Puppetry basics", body_html: "<p>Rods and strings.</p>" });
    expect(await titlesFor("puppetry")).toEqual(["Puppetry basics"]);
    await database.db.updateTable("resources").set({ title: "Mask work", body_html: "<p>Half masks.</p>" }).where("id", "=", id).execute();
    expect(await titlesFor("puppetry")).toEqual([]);
    expect(await titlesFor("half masks")).toEqual(["Mask work"]);
    await database.db.deleteFrom("resources").where("id", "=", id).execute();
    expect(await titlesFor("mask")).toEqual([]);
  });

  it("follows events and pages as they are changed and deleted", async () => {
    const eventId = await content.addEvent({ slug: "gala", title: "Winter gala" });
    const pageId = await content.addPage({ slug: "gala-faq", title: "Gala questions", body_html: "<p>Dress code.</p>" });
    expect(await titlesFor("gala")).toEqual(expect.arrayContaining(["Winter gala", "Gala questions"]));
    await database.db.updateTable("events").set({ title: "Summer party", slug: "party" }).where("id", "=", eventId).execute();
    const [party] = await suggest("summer party");
    expect(party).toMatchObject({ title: "Summer party", url: "/whats-on/party/" });
    await database.db.deleteFrom("events").where("id", "=", eventId).execute();
    await database.db.updateTable("pages").set({ body_html: "<p>Black tie.</p>" }).where("id", "=", pageId).execute();
    expect(await titlesFor("dress")).toEqual([]);
    expect(await titlesFor("black tie")).toEqual(["Gala questions"]);
    await database.db.deleteFrom("pages").where("id", "=", pageId).execute();
    expect(await titlesFor("gala")).toEqual([]);
    expect(await titlesFor("party")).toEqual([]);
  });

  it("leaves out resources not yet published and draft pages", async () => {
    const id = await content.addResource({ title: "Embargoed workshop", published_at: FUTURE });
    await content.addPage({ slug: "draft", title: "Embargoed page", body_html: "<p>Soon.</p>", published_at: null });
    expect(await titlesFor("embargoed")).toEqual([]);
    await database.db.updateTable("resources").set({ published_at: "2021-01-01T00:00:00.000Z" }).where("id", "=", id).execute();
    expect(await titlesFor("embargoed")).toEqual(["Embargoed workshop"]);
  });

  it("never raises an engine error for quotes or operator characters", async () => {
    const nasty = [
      '"',
      '"macbeth',
      "mac*",
      "*",
      "NEAR(macbeth witches)",
      "macbeth AND witches",
      "macbeth OR tempest",
      "NOT macbeth",
      "-macbeth",
      "title:macbeth",
      "^macbeth",
      "(macbeth",
      "macbeth)",
      "'",
      "mac' | tempest",
      "!macbeth & <-> :* \\",
      "{title}: x",
      "'); drop table resources; --",
    ];
    for (const text of nasty) {
      await expect(suggest(text), text).resolves.toBeInstanceOf(Array);
      await expect(search.search(searchTermsOf(text), { page: 1, pageSize: 10 }), text).resolves.toHaveProperty("total");
    }
    // The operator words are plain words: "NOT macbeth" needs the word "not", so finds nothing here.
    expect(await titlesFor("NOT macbeth")).toEqual([]);
    expect(await titlesFor('"macbeth" witches*')).toEqual(["Macbeth: the witches"]);
    expect(await database.db.selectFrom("resources").select("id").execute()).not.toHaveLength(0);
  });

  it("marks matches in an escaped plain-text excerpt", async () => {
    await content.addResource({
      title: "<script>alert(1)</script> Zebra crossing",
      summary: "Fish & chips",
      body_html: "<p>&lt;script&gt;alert(2)&lt;/script&gt; the zebra's <em>stripes</em>.</p>",
    });
    const [hit] = await suggest("zebra");
    expect(hit!.title).toBe("<script>alert(1)</script> Zebra crossing");
    expect(hit!.excerpt).toBe("Fish &amp; chips &lt;script&gt;alert(2)&lt;/script&gt; the <mark>zebra</mark>&#39;s stripes .");
  });

  it("pages through every match with a total", async () => {
    for (let index = 1; index <= 12; index++) await content.addResource({ title: `Voice exercise ${index}` });
    const first = await search.search(searchTermsOf("voice"), { page: 1, pageSize: 5 });
    const third = await search.search(searchTermsOf("voice"), { page: 3, pageSize: 5 });
    expect(first.total).toBe(12);
    expect(first.hits).toHaveLength(5);
    expect(third.hits).toHaveLength(2);
    const seen = new Set([...first.hits, ...third.hits].map((hit) => hit.objectID));
    expect(seen.size).toBe(7);
    expect(await suggest("voice", 8)).toHaveLength(8);
  });

  it("forgives a typo in a single word on PostgreSQL only (pg_trgm), never adding to real matches", async () => {
    expect(await titlesFor("mcbeth")).toEqual(engine === "postgres" ? ["Macbeth", "Macbeth: the witches"] : []);
    expect(await titlesFor("macbeth")).toEqual(["Macbeth", "Macbeth: the witches"]);
  });

  it("answers nothing for no terms", async () => {
    expect(await search.suggest([], 8)).toEqual([]);
    expect(await search.search([], { page: 1, pageSize: 10 })).toEqual({ hits: [], total: 0, counts: { event: 0, resource: 0, page: 0 } });
  });
});

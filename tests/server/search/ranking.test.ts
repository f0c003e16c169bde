import request from "supertest";
import { seedIfEmpty } from "../../../server/content/seed";
import { searchTermsOf } from "../../../server/search/search-terms";
import type { SiteSearch } from "../../../server/search/search-port";
import { createSiteSearch } from "../../../server/search/create-site-search";
import { createTestDatabase, databaseEngines, type TestDatabase } from "../support/databases";
import { createTestApp, type TestApp } from "../support/test-app";
import { contentWriter } from "./search-content";

/*
 * The ranking rule (server/search/ranking.ts, docs/search.md) on both engines:
 * the title match first, then events and pages before resources, then the
 * shorter title, then the engine's score.
 */

interface AutocompleteHit {
  objectID: string;
  title: string;
  url: string;
}

/** The result title links of the search page, in order, with their addresses. */
function resultLinks(html: string): { url: string; title: string }[] {
  return [...html.matchAll(/<a class="search-result__link" href="([^"]*)">([^<]*)<\/a>/g)].map((match) => ({ url: match[1]!, title: match[2]! }));
}

describe.each(databaseEngines)("search ranking with the demo content on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ engine });
    expect(await seedIfEmpty(t.database.db)).toBe(true);
  });
  afterAll(() => t.close());

  const suggestions = async (query: string): Promise<AutocompleteHit[]> => {
    const response = await request(t.app).get(`/search/autocomplete/?query=${encodeURIComponent(query)}`);
    expect(response.status).toBe(200);
    return (response.body as { hits: AutocompleteHit[] }).hits;
  };

  it.each(["mac", "macbeth", "Macbeth", "MACB"])("suggests the Macbeth production first for %j, then the other Macbeth events", async (query) => {
    const hits = await suggestions(query);
    expect(hits[0]).toMatchObject({ title: "Macbeth", url: "/whats-on/macbeth/" });
    expect(hits[0]!.objectID).toMatch(/^event:\d+$/);
    const kinds = hits.map((hit) => hit.objectID.split(":")[0]);
    // Every Macbeth event (five in the demo) comes before the first resource.
    expect(kinds.slice(0, 5)).toEqual(["event", "event", "event", "event", "event"]);
    expect(kinds.slice(5).every((kind) => kind === "resource")).toBe(true);
  });

  it("shows the Macbeth production first on page 1 of /search/?q=macbeth", async () => {
    const response = await request(t.app).get("/search/?q=macbeth");
    expect(response.status).toBe(200);
    const [first] = resultLinks(response.text);
    expect(first).toEqual({ url: "/whats-on/macbeth/", title: "Macbeth" });
  });

  it("puts The Tempest production before the events and resources that only start with its name", async () => {
    const [first] = await suggestions("tempest");
    expect(first).toMatchObject({ title: "The Tempest", url: "/whats-on/the-tempest/" });
  });
});

describe.each(databaseEngines)("search ranking rules on %s", (engine) => {
  let database: TestDatabase;
  let search: SiteSearch;
  const titlesFor = async (text: string) => (await search.search(searchTermsOf(text), { page: 1, pageSize: 20 })).hits.map((hit) => hit.title);

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    search = createSiteSearch(database.handle);
    const content = contentWriter(database.db);
    // The bodies would win on the engines' own scores: the later the tier, the more often the words appear.
    const many = (text: string, times: number) => `<p>${Array.from({ length: times }, () => text).join(" ")}</p>`;
    await content.addResource({ title: "Weather", summary: "", body_html: many("island tempest", 12) });
    await content.addResource({ title: "Island life", summary: "", body_html: many("tempest", 9) });
    await content.addResource({ title: "Island tempests", summary: "", body_html: many("island tempest", 6) });
    await content.addResource({ title: "The tempest on our island", summary: "", body_html: "<p>Notes.</p>" });

    await content.addResource({ title: "Storm", summary: "", body_html: many("storm", 8) });
    await content.addEvent({ slug: "storm-at-the-quay", title: "Storm at the quay", summary: "", description_html: "<p>Outdoors.</p>" });
    await content.addPage({ slug: "storm-shelter", title: "Storm shelter", body_html: "<p>Where to wait.</p>" });
  });
  afterAll(() => database.dispose());

  it("ranks whole title words, then a title word's start, then a partial title match, then the body", async () => {
    expect(await titlesFor("island tempest")).toEqual(["The tempest on our island", "Island tempests", "Island life", "Weather"]);
  });

  it("puts events and pages before resources of the same title match, then the shorter title", async () => {
    expect(await titlesFor("storm")).toEqual(["Storm shelter", "Storm at the quay", "Storm"]);
  });
});

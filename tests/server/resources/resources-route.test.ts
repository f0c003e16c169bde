import request from "supertest";
import { addPerson, inAYear } from "../accounts/support";
import { signedInBrowser } from "../my-account/support";
import { createTestApp, type TestApp } from "../support/test-app";
import { seedResourceFixtures } from "./resource-fixtures";

describe("GET /resources/ and /resources/:slug/", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedResourceFixtures(t.database.db);
  });
  afterAll(() => t.close());

  const page = async (path: string) => {
    const response = await request(t.app).get(path);
    expect(response.status).toBe(200);
    return response.text;
  };

  it("renders the filter form as a plain GET form with counts, duration, sort, Apply and Clear all", async () => {
    const html = await page("/resources/?key_stage=ks3&subject=drama&sort=title");
    expect(html).toContain('<form class="resource-filters" id="resource-filters" method="get" action="/resources/" role="search"');
    expect(html).toContain('data-widget="resource-filters"');
    expect(html).toMatch(/<fieldset class="resource-filters__group">\s*<legend class="resource-filters__legend">Key stage<\/legend>/);
    expect(html).toContain(
      '<input class="resource-filters__checkbox" type="checkbox" id="filter-key_stage-ks3" name="key_stage" value="ks3" checked>',
    );
    expect(html).toContain('<input class="resource-filters__checkbox" type="checkbox" id="filter-subject-english" name="subject" value="english">');
    // Key stage 3 with drama: 1 and 5; the count beside KS3 is 2.
    expect(html).toMatch(/for="filter-key_stage-ks3">Key Stage 3 <span class="resource-filters__count"><span aria-hidden="true">\(2\)<\/span><span class="visually-hidden">, 2 resources<\/span>/);
    expect(html).toContain('<option value="title" selected>Title A to Z</option>');
    expect(html).toContain('<option value="any" selected>Any length</option>');
    expect(html).toContain('<button class="button resource-filters__apply" type="submit">Apply filters</button>');
    expect(html).toContain('<a class="resource-filters__clear" href="/resources/?sort=title">Clear all (2)</a>');
    expect(html).toContain('<h2 class="resources-page__count" id="resources-results-title" tabindex="-1">2 resources</h2>');
  });

  it("counts a duration other than any in Clear all (N), and clears it without JavaScript", async () => {
    const html = await page("/resources/?key_stage=ks3&duration=30-60&sort=title");
    expect(html).toContain('<a class="resource-filters__clear" href="/resources/?sort=title">Clear all (2)</a>');
  });

  it("links each card to its page and escapes titles", async () => {
    const html = await page("/resources/");
    expect(html).toContain('<a class="card__link" href="/resources/macbeth-freeze-frames/">Macbeth: freeze-frames</a>');
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; Twelfth Night letters");
    expect(html).not.toContain("<script>alert(1)");
    expect(html).toContain('<a class="resource-filters__clear" href="/resources/">Clear all</a>');
  });

  it("has a pagination nav whose links keep the filters", async () => {
    const html = await page("/resources/?subject=history&page=2");
    expect(html).toContain('<nav class="pagination" aria-label="Pagination">');
    expect(html).toContain('<a class="pagination__link" href="/resources/?subject=history&amp;page=2" aria-current="page"><span class="visually-hidden">Page </span>2</a>');
    expect(html).toContain('<a class="pagination__link" href="/resources/?subject=history" rel="prev">Previous');
    expect(html).toContain("<title>Resources (filtered), page 2 of 2 – Test Playhouse</title>");
  });

  it("says what to do when nothing matches", async () => {
    const html = await page("/resources/?key_stage=ks5&subject=drama");
    expect(html).toContain("No resources match all of these filters.");
    expect(html).toContain('<a href="/resources/">clear every filter</a>');
    expect(html).not.toContain('aria-label="Pagination"');
  });

  it("shows a member a resource's page with its facts, body and activities as an accordion", async () => {
    // The body and activities are for members (resource-access.test.ts has who sees what).
    await addPerson(t.database.db, { email: "reader@example.org", membershipExpiresAt: inAYear() });
    const { agent } = await signedInBrowser(t.app, "reader@example.org");
    const response = await agent.get("/resources/macbeth-freeze-frames/");
    expect(response.status).toBe(200);
    const html = response.text;
    expect(html).toContain('<h1 class="resource-hero__title">Macbeth: freeze-frames</h1>');
    expect(html).toContain("<p>Body of macbeth-freeze-frames.</p>");
    expect(html).toContain("<dd>14 minutes</dd>");
    expect(html).toContain('<a href="/resources/?play_or_topic=macbeth">Macbeth<span class="visually-hidden"> resources</span></a>');
    expect(html).toContain('data-widget="accordion"');
    const headings = [...html.matchAll(/class="accordion__heading-text" id="[^"]+">([^<]+)</g)].map((match) => match[1]);
    expect(headings).toEqual(["1. Warm up", "2. Freeze", "3. Reflect"]);
  });

  it("gives every card and the resource page a Save control, saved as the signed-in person saved it", async () => {
    const saveControls = (html: string) =>
      [...html.matchAll(/data-widget="save-resource"\s+data-resource-id="(\d+)" data-resource-type="([^"]+)"\s+data-saved="(\w+)"/g)].map(
        (match) => `${match[1]} ${match[2]} ${match[3]}`,
      );
    const listing = saveControls(await page("/resources/"));
    expect(listing).toHaveLength(20);
    expect(listing[0]).toBe("1 activity false");

    const personId = await addPerson(t.database.db, { email: "saver@example.org" });
    await t.database.db.insertInto("saved_resources").values({ constituent_id: personId, resource_id: 2, saved_at: new Date().toISOString() }).execute();
    const { agent } = await signedInBrowser(t.app, "saver@example.org");
    const signedIn = (await agent.get("/resources/?key_stage=ks2")).text;
    expect(saveControls(signedIn)).toEqual(["2 worksheet true", "3 activity false", "6 worksheet false"]);
    expect(signedIn).toContain('<input type="hidden" name="next" value="/resources/?key_stage=ks2">');
    const detail = (await agent.get("/resources/alpha-warm-ups/")).text;
    expect(saveControls(detail)).toEqual(["2 worksheet true"]);
  });

  it("answers 404 for unknown and unpublished resources", async () => {
    expect((await request(t.app).get("/resources/no-such-thing/")).status).toBe(404);
    expect((await request(t.app).get("/resources/not-yet-published/")).status).toBe(404);
  });

  it("never fails on odd queries", async () => {
    const response = await request(t.app).get("/resources/?page[a]=1&subject[x]=y&sort=&duration=%00&key_stage=ks3&key_stage=KS3");
    expect(response.status).toBe(200);
  });

  it("redirects slashless addresses, keeping the query", async () => {
    const listing = await request(t.app).get("/resources?theme=love");
    expect(listing.status).toBe(301);
    expect(listing.headers.location).toBe("/resources/?theme=love");
    const detail = await request(t.app).get("/resources/tempest-songs");
    expect(detail.status).toBe(301);
    expect(detail.headers.location).toBe("/resources/tempest-songs/");
  });
});

describe("GET /resources/ after the content changes", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedResourceFixtures(t.database.db);
  });
  afterAll(() => t.close());

  const countLine = async (path: string) => {
    const response = await request(t.app).get(path);
    expect(response.status).toBe(200);
    return { html: response.text, count: /id="resources-results-title" tabindex="-1">([^<]+)</.exec(response.text)?.[1] };
  };

  // The listing is cached per process (server/resources/cached-resource-listing.ts); a write must show at once.
  it("shows a changed title, a removed facet link and a deleted resource on the next request", async () => {
    const db = t.database.db;
    const before = await countLine("/resources/?key_stage=ks3&subject=drama");
    expect(before.count).toBe("2 resources");
    expect(before.html).toContain("Macbeth: freeze-frames");

    await db.updateTable("resources").set({ title: "Macbeth: freeze-frames and tableaux" }).where("id", "=", 1).execute();
    expect((await countLine("/resources/?key_stage=ks3&subject=drama")).html).toContain("Macbeth: freeze-frames and tableaux");

    const drama = await db.selectFrom("resource_facet_terms").select("id").where("facet", "=", "subject").where("slug", "=", "drama").executeTakeFirstOrThrow();
    await db.deleteFrom("resource_facets").where("resource_id", "=", 5).where("term_id", "=", drama.id).execute();
    expect((await countLine("/resources/?key_stage=ks3&subject=drama")).count).toBe("1 resource");

    await db.deleteFrom("resource_activities").where("resource_id", "=", 1).execute();
    await db.deleteFrom("resource_facets").where("resource_id", "=", 1).execute();
    await db.deleteFrom("resources").where("id", "=", 1).execute();
    const after = await countLine("/resources/?key_stage=ks3&subject=drama");
    expect(after.html).toContain("No resources match all of these filters.");
  });

  it("starts no session for a visitor's listing or search page", async () => {
    for (const path of ["/resources/", "/resources/?subject=drama", "/search/?q=macbeth"]) {
      const response = await request(t.app).get(path);
      expect(response.status).toBe(200);
      expect(response.headers["set-cookie"], path).toBeUndefined();
    }
  });
});

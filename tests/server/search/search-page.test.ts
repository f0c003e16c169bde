import request from "supertest";
import { vi } from "vitest";
import { createTestApp, type TestApp } from "../support/test-app";
import { contentWriter } from "./search-content";

/** The text of each result title link, in order. */
function resultTitles(html: string): string[] {
  return [...html.matchAll(/<a class="search-result__link" href="[^"]*">([^<]*)<\/a>/g)].map((match) => match[1]!);
}

describe("GET /search/ results page", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const content = contentWriter(t.database.db);
    for (let index = 1; index <= 23; index++) await content.addResource({ title: `Voice warm-up ${String(index).padStart(2, "0")}` });
    await content.addResource({ title: "Macbeth: the witches" });
    await content.addPage({ slug: "macbeth-access", title: "Macbeth: access performances", body_html: "<p>Captioned.</p>" });
    await content.addResource({ title: `<script>alert("x")</script> Stage fright`, summary: "Nerves <img src=x onerror=alert(1)> & how to calm them." });
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  it("shows the count, ten results and pagination that keeps the query", async () => {
    const response = await request(t.app).get("/search/?q=voice");
    expect(response.status).toBe(200);
    const html = response.text;
    expect(html).toContain("23 results for “voice”");
    expect(html).toContain("showing 1–10");
    expect(resultTitles(html)).toHaveLength(10);
    expect(html).toContain('<nav class="pagination" aria-label="Pagination">');
    expect(html).toMatch(/href="\/search\/\?q=voice&amp;page=2" rel="next"/);
    expect(html).toMatch(/href="\/search\/\?q=voice&amp;page=3"/);
    expect(html).toMatch(/aria-current="page"><span class="visually-hidden">Page <\/span>1</);
    // The search box holds the query, so it can be refined.
    expect(html).toMatch(/<input class="search-box__input" id="search-page-q" type="search" name="q" value="voice"/);
  });

  it('corrects a typo server-side: "machbeth" shows Macbeth results with "Did you mean Macbeth?"', async () => {
    const html = (await request(t.app).get("/search/?q=machbeth")).text;
    expect(html).toContain('No results for “machbeth”. Did you mean <a href="/search/?q=Macbeth">Macbeth</a>?');
    expect(html).toContain("2 results for “Macbeth”");
    expect(resultTitles(html)).toEqual(expect.arrayContaining(["Macbeth: the witches", "Macbeth: access performances"]));
  });

  it("filters by type with a plain GET form that shows each type's count and keeps the type in page links", async () => {
    const html = (await request(t.app).get("/search/?q=macbeth&type=page")).text;
    expect(html).toContain('<form class="search-filter" method="get" action="/search/">');
    expect(html).toContain('<input type="hidden" name="q" value="macbeth">');
    expect(html).toMatch(/<input type="radio" name="type" value=""> All \(2\)/);
    expect(html).toMatch(/<input type="radio" name="type" value="page" checked> Pages \(1\)/);
    expect(html).toMatch(/<input type="radio" name="type" value="resource"> Resources \(1\)/);
    expect(resultTitles(html)).toEqual(["Macbeth: access performances"]);
    const paged = (await request(t.app).get("/search/?q=voice&type=resource")).text;
    expect(paged).toMatch(/href="\/search\/\?q=voice&amp;type=resource&amp;page=2" rel="next"/);
  });

  it("shows later pages, and the last one partly filled", async () => {
    const second = await request(t.app).get("/search/?q=voice&page=2");
    const third = await request(t.app).get("/search/?q=voice&page=3");
    expect(resultTitles(second.text)).toHaveLength(10);
    expect(resultTitles(third.text)).toHaveLength(3);
    expect(third.text).toContain("showing 21–23");
    expect(third.text).toMatch(/<ol class="search-results__list" role="list" start="21">/);
    expect(third.text).not.toContain('rel="next"');
    const all = new Set([...resultTitles((await request(t.app).get("/search/?q=voice")).text), ...resultTitles(second.text), ...resultTitles(third.text)]);
    expect(all.size).toBe(23);
    expect(third.text).toContain("<title>Search results for “voice” (page 3 of 3)");
  });

  it("says so past the last page, with a way back", async () => {
    const response = await request(t.app).get("/search/?q=voice&page=9");
    expect(response.status).toBe(200);
    expect(response.text).toContain("No results on page 9");
    expect(response.text).toContain('href="/search/?q=voice"');
  });

  it("treats a page that is not a whole number as the first", async () => {
    for (const page of ["0", "-1", "abc", "2.5", "99999999999"]) {
      const response = await request(t.app).get(`/search/?q=voice&page=${page}`);
      expect(response.status, page).toBe(200);
      expect(response.text, page).toContain("showing 1–10");
    }
  });

  it("helps when there is no query, without searching", async () => {
    const search = vi.spyOn(t.services.siteSearch, "search");
    for (const path of ["/search/", "/search/?q=", "/search/?q=%20%20"]) {
      const response = await request(t.app).get(path);
      expect(response.status).toBe(200);
      expect(response.text).toContain("What are you looking for?");
      expect(response.text).not.toContain("search-results__list");
    }
    expect(search).not.toHaveBeenCalled();
  });

  it("suggests what to do when nothing matches", async () => {
    const response = await request(t.app).get("/search/?q=zzyzx");
    expect(response.status).toBe(200);
    expect(response.text).toContain("No results for “zzyzx”");
    expect(response.text).toContain("checking the spelling");
    expect(response.text).not.toContain('class="pagination"');
  });

  it("escapes titles, excerpts and the query; only <mark> is markup", async () => {
    const response = await request(t.app).get(`/search/?q=${encodeURIComponent('fright <script>alert(1)</script>"')}`);
    const html = response.text;
    expect(response.status).toBe(200);
    // The query has words "script", "alert", "1" too, which nothing has all of; search the title alone for the hit.
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;&quot;");
    const hit = await request(t.app).get("/search/?q=fright");
    expect(hit.text).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Stage fright</a>");
    expect(hit.text).toContain("Nerves &lt;img src=x onerror=alert(1)&gt; &amp; how to calm them.");
    expect(hit.text).not.toContain("<img src=x");
    const nerves = await request(t.app).get("/search/?q=nerves");
    expect(nerves.text).toContain('<p class="search-result__excerpt"><mark>Nerves</mark> &lt;img src=x');
  });

  it("answers 400 with a clear message for text over 256 characters, keeping it in the box", async () => {
    const response = await request(t.app).get(`/search/?q=${"b".repeat(257)}`);
    expect(response.status).toBe(400);
    expect(response.text).toContain("Search text must be 256 characters or fewer.");
    expect(response.text).toContain(`value="${"b".repeat(257)}"`);
    expect(response.text).not.toMatch(/at \w+ \(|node_modules/);
    expect((await request(t.app).get(`/search/?q=${"b".repeat(256)}`)).status).toBe(200);
  });

  it("redirects the slashless address", async () => {
    const response = await request(t.app).get("/search?q=voice");
    expect(response.status).toBe(301);
    expect(response.headers.location).toBe("/search/?q=voice");
  });
});

import { EXCERPT_LENGTH, escapeHtml, markedExcerpt } from "../../../server/search/excerpt";
import { htmlToPlainText } from "../../../server/search/plain-text";
import { pageNumbersAround, safeExcerptHtml, searchResultsPageOf } from "../../../server/search/search-results-page";

/** The excerpt's text with marks removed and the five entities decoded. */
function plainOf(excerpt: string): string {
  return excerpt
    .replace(/<\/?mark>/g, "")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&amp;", "&");
}

describe("markedExcerpt", () => {
  it("marks every matching word of a short text", () => {
    expect(markedExcerpt("The witches meet Macbeth on the heath.", ["macbeth", "wit"])).toBe(
      "The <mark>witches</mark> meet <mark>Macbeth</mark> on the heath.",
    );
  });

  it("escapes everything and inserts no markup but <mark>", () => {
    const excerpt = markedExcerpt(`<script>alert("x")</script> & the zebra's <img onerror=1>`, ["zebra"]);
    expect(excerpt).toBe("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; the <mark>zebra</mark>&#39;s &lt;img onerror=1&gt;");
    expect(excerpt.replace(/<\/?mark>/g, "")).not.toMatch(/[<>"']/);
  });

  it("cuts long text to about 160 characters around the first match, at spaces, with ellipses", () => {
    const before = "Lorem ipsum dolor sit amet consectetur ".repeat(8);
    const after = " adipiscing elit sed do eiusmod tempor".repeat(8);
    const excerpt = markedExcerpt(`${before}Macbeth${after}`, ["macbeth"]);
    expect(excerpt.startsWith("\u2026")).toBe(true);
    expect(excerpt.endsWith("\u2026")).toBe(true);
    expect(excerpt).toContain("<mark>Macbeth</mark>");
    const plain = plainOf(excerpt).slice(1, -1);
    expect(plain.length).toBeLessThanOrEqual(EXCERPT_LENGTH);
    expect(plain.length).toBeGreaterThan(EXCERPT_LENGTH / 2);
    expect(`${before}Macbeth${after}`).toContain(plain);
    // Whole words at both ends.
    expect(plain).toMatch(/^[A-Za-z]/);
    expect(plain).toMatch(/[A-Za-z]$/);
    expect(plain.indexOf("Macbeth")).toBeGreaterThan(20);
  });

  it("starts at the beginning, unmarked, when nothing in the text matches", () => {
    const text = "A ".repeat(200);
    const excerpt = markedExcerpt(text, ["zebra"]);
    expect(excerpt).not.toContain("<mark>");
    expect(excerpt.startsWith("A A")).toBe(true);
    expect(excerpt.endsWith("\u2026")).toBe(true);
  });

  it("matches across case and diacritics but keeps the text as written", () => {
    expect(markedExcerpt("Un café à Paris", ["cafe"])).toBe("Un <mark>café</mark> à Paris");
  });

  it("does not mark a word that only starts with an earlier (whole-word) term", () => {
    expect(markedExcerpt("Macbeth and Mac", ["mac", "and"])).toBe("Macbeth <mark>and</mark> <mark>Mac</mark>");
  });

  it("shows a match at the very end of a long text", () => {
    const excerpt = markedExcerpt(`${"word ".repeat(100)}finale`, ["finale"]);
    expect(excerpt.endsWith("<mark>finale</mark>")).toBe(true);
  });
});

describe("escapeHtml", () => {
  it("escapes the five HTML characters", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
  });
});

describe("htmlToPlainText", () => {
  it("drops tags, decodes the common entities once, and collapses whitespace", () => {
    expect(htmlToPlainText("<p>Fish &amp; chips</p>\n<ul><li>One</li><li>Two&nbsp;&lt;3</li></ul>")).toBe("Fish & chips One Two <3");
    expect(htmlToPlainText("&amp;lt;b&amp;gt;")).toBe("&lt;b&gt;");
    expect(htmlToPlainText(null)).toBe("");
  });
});

describe("safeExcerptHtml", () => {
  it("keeps <mark> and our escaping, and escapes anything else that looks like markup", () => {
    expect(safeExcerptHtml("a <mark>b</mark> &amp; &lt;i&gt;")).toBe("a <mark>b</mark> &amp; &lt;i&gt;");
    expect(safeExcerptHtml('<img src=x onerror="1"><mark>ok</mark>')).toBe("&lt;img src=x onerror=&quot;1&quot;&gt;<mark>ok</mark>");
  });
});

describe("results page model", () => {
  it("lists the pages near the current one, with gaps", () => {
    expect(pageNumbersAround(1, 1)).toEqual([1]);
    expect(pageNumbersAround(1, 4)).toEqual([1, 2, 3, 4]);
    expect(pageNumbersAround(6, 12)).toEqual([1, null, 4, 5, 6, 7, 8, null, 12]);
    expect(pageNumbersAround(12, 12)).toEqual([1, null, 10, 11, 12]);
  });

  it("links pages with the query encoded", () => {
    const hits = Array.from({ length: 10 }, (_, index) => ({
      objectID: `page:${index}`,
      kind: "page" as const,
      title: "T",
      url: "/t/",
      excerpt: "x",
    }));
    const model = searchResultsPageOf("a&b c", 2, { hits, total: 35, counts: { event: 0, resource: 0, page: 35 } });
    expect(model).toMatchObject({ page: 2, pageCount: 4, from: 11, to: 20, previousHref: "/search/?q=a%26b%20c", nextHref: "/search/?q=a%26b%20c&page=3" });
    expect(model.pagination).toEqual([
      { number: 1, href: "/search/?q=a%26b%20c", current: false },
      { number: 2, href: "/search/?q=a%26b%20c&page=2", current: true },
      { number: 3, href: "/search/?q=a%26b%20c&page=3", current: false },
      { number: 4, href: "/search/?q=a%26b%20c&page=4", current: false },
    ]);
    expect(model.hits[0]).toMatchObject({ kindLabel: "Page", excerptHtml: "x" });
  });
});

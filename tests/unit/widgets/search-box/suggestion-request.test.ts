import {
  isSafeUrl,
  readSuggestions,
  SuggestionResponseError,
  suggestionQuery,
  suggestionUrl,
} from "../../../../widgets/search-box/suggestion-request";

describe("suggestionQuery", () => {
  it("is null for empty or whitespace-only text, so no request is sent", () => {
    for (const blank of ["", " ", "\t\n", "\u00a0 \u3000"]) expect(suggestionQuery(blank)).toBeNull();
  });

  it("trims the text it asks about", () => {
    expect(suggestionQuery("  macbeth  ")).toBe("macbeth");
  });
});

describe("suggestionUrl", () => {
  it("encodes the text with encodeURIComponent", () => {
    expect(suggestionUrl("/search/autocomplete/", "R&J #1 ?=+/ Ophélie")).toBe(
      "/search/autocomplete/?query=R%26J%20%231%20%3F%3D%2B%2F%20Oph%C3%A9lie",
    );
  });

  it("appends to a URL that already has a query string", () => {
    expect(suggestionUrl("/api/suggest?site=learning", "mac")).toBe("/api/suggest?site=learning&query=mac");
  });
});

describe("readSuggestions", () => {
  it("reads objectID, title, url, excerpt and the optional image", () => {
    expect(
      readSuggestions({
        hits: [
          { objectID: "resource:12", title: "Macbeth", url: "/resources/macbeth/", excerpt: "<mark>Mac</mark>beth", image: "/static/m.jpg" },
          { objectID: 7, title: "Hamlet", url: "https://example.org/hamlet/", excerpt: "Hamlet" },
        ],
      }),
    ).toEqual([
      { objectID: "resource:12", title: "Macbeth", url: "/resources/macbeth/", excerpt: "<mark>Mac</mark>beth", image: "/static/m.jpg" },
      { objectID: "7", title: "Hamlet", url: "https://example.org/hamlet/", excerpt: "Hamlet", image: null },
    ]);
  });

  it("skips hits without a title or a safe url, and drops an unsafe image", () => {
    expect(
      readSuggestions({
        hits: [
          null,
          { title: "", url: "/a/" },
          { title: "No url" },
          { title: "Script", url: "javascript:alert(1)" },
          { title: "Elsewhere", url: "//evil.example/" },
          { title: "Kept", url: "/kept/", image: "javascript:alert(1)" },
        ],
      }),
    ).toEqual([{ objectID: "/kept/", title: "Kept", url: "/kept/", excerpt: "", image: null }]);
  });

  it("throws when the answer has no hits array", () => {
    for (const body of [undefined, "<html>", [], { hits: "x" }, { results: [] }]) {
      expect(() => readSuggestions(body)).toThrow(SuggestionResponseError);
    }
  });
});

describe("isSafeUrl", () => {
  it("allows same-site paths and http(s) addresses only", () => {
    expect(isSafeUrl("/resources/x/")).toBe(true);
    expect(isSafeUrl("https://example.org/")).toBe(true);
    expect(isSafeUrl("HTTP://example.org/")).toBe(true);
    for (const unsafe of ["javascript:alert(1)", "data:text/html,x", "//evil.example/", "/\\evil.example", "resources/x/"]) {
      expect(isSafeUrl(unsafe)).toBe(false);
    }
  });
});

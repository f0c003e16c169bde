import { tsqueryOf } from "../../../server/search/postgres-site-search";
import { ftsMatchOf, ftsTitleMatchOf } from "../../../server/search/sqlite-site-search";
import { parsePageNumber, parseSearchText } from "../../../server/search/search-request";
import { MAX_TERM_LENGTH, MAX_TERMS, searchTermsOf, wordMatchesTerms } from "../../../server/search/search-terms";

const safeTerm = /^[\p{L}\p{N}]+$/u;

describe("searchTermsOf", () => {
  it("keeps words, lower-cased, in order, without repeats", () => {
    expect(searchTermsOf("  Macbeth   the WITCHES macbeth ")).toEqual(["macbeth", "the", "witches"]);
  });

  it.each([
    ['"macbeth witches"', ["macbeth", "witches"]],
    ['mac"beth', ["mac", "beth"]],
    ["mac*", ["mac"]],
    ["* ** ***", []],
    ["NEAR(macbeth witches, 3)", ["near", "macbeth", "witches", "3"]],
    ["macbeth AND witches OR tempest NOT storm", ["macbeth", "and", "witches", "or", "tempest", "not", "storm"]],
    ["-macbeth --witches", ["macbeth", "witches"]],
    ["title:macbeth body:", ["title", "macbeth", "body"]],
    ["^macbeth", ["macbeth"]],
    ["(macbeth OR (tempest))", ["macbeth", "or", "tempest"]],
    ["{title body}: x", ["title", "body", "x"]],
    ["mac:* & !b | c <-> d", ["mac", "b", "c", "d"]],
    ["'; drop table resources; --", ["drop", "table", "resources"]],
    ["a\\b", ["a", "b"]],
    ["+macbeth", ["macbeth"]],
  ])("turns %j into plain words only", (text, terms) => {
    expect(searchTermsOf(text)).toEqual(terms);
  });

  it("returns nothing for empty, whitespace or punctuation-only text", () => {
    for (const text of ["", "   ", "\t\n", '""', "*:^()-", "\u00a0\u2003"]) expect(searchTermsOf(text)).toEqual([]);
  });

  it("understands letters and digits of every script, and folds diacritics as the engines do", () => {
    expect(searchTermsOf("Café Müller's Ödön")).toEqual(["cafe", "muller", "s", "odon"]);
    expect(searchTermsOf("Ελληνικά Русский 日本語 2026")).toEqual(["ελληνικα", "русскии", "日本語", "2026"]);
    // A decomposed é (e + combining acute) is the same word as the composed one.
    expect(searchTermsOf("cafe\u0301")).toEqual(["cafe"]);
    // Full-width letters are normalised to ASCII.
    expect(searchTermsOf("ＭＡＣＢＥＴＨ")).toEqual(["macbeth"]);
  });

  it("drops emoji and symbols", () => {
    expect(searchTermsOf("🎭 theatre ★ © ™")).toEqual(["theatre", "tm"]);
  });

  it(`keeps at most ${MAX_TERMS} terms of at most ${MAX_TERM_LENGTH} characters`, () => {
    expect(searchTermsOf("a b c d e f g h i j k")).toEqual(["a", "b", "c", "d", "e", "f", "g", "h"]);
    expect(searchTermsOf("x".repeat(300))).toEqual(["x".repeat(MAX_TERM_LENGTH)]);
    const long = searchTermsOf(`${"word ".repeat(40)}${'"*():^-'.repeat(20)}`);
    expect(long).toEqual(["word"]);
  });

  it("never lets an operator character through, whatever the input", () => {
    const alphabet = ['"', "*", ":", "^", "(", ")", "-", "+", "'", "\\", "{", "}", "&", "|", "!", "<", ">", " ", "a", "é", "1", "N", "E", "A", "R"];
    let seed = 7;
    for (let run = 0; run < 500; run++) {
      let text = "";
      for (let index = 0; index < 30; index++) {
        seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
        text += alphabet[seed % alphabet.length];
      }
      for (const term of searchTermsOf(text)) expect(term).toMatch(safeTerm);
    }
  });
});

describe("wordMatchesTerms", () => {
  it("matches earlier terms as whole words and the last as a prefix, ignoring case and accents", () => {
    expect(wordMatchesTerms("Macbeth", ["mac"])).toBe(true);
    expect(wordMatchesTerms("Macbeth", ["mac", "witch"])).toBe(false);
    expect(wordMatchesTerms("Witches", ["mac", "witch"])).toBe(true);
    expect(wordMatchesTerms("CAFÉ", ["cafe"])).toBe(true);
  });
});

describe("engine query strings from terms", () => {
  it("quotes every FTS5 term and makes the last a prefix", () => {
    expect(ftsMatchOf(["near", "macbeth", "wit"])).toBe('"near" "macbeth" "wit"*');
    expect(ftsMatchOf(['a"b'])).toBe('"a""b"*');
  });

  it("quotes every tsquery lexeme, joins with &, and makes the last a prefix", () => {
    expect(tsqueryOf(["not", "macbeth", "wit"])).toBe("'not' & 'macbeth' & 'wit':*");
    expect(tsqueryOf(["o'neil"])).toBe("'o''neil':*");
  });

  it("builds the title-only queries the ranking uses: whole words, prefix, any term", () => {
    expect(ftsTitleMatchOf(["macbeth", "wit"])).toBe('title : ("macbeth" "wit"*)');
    expect(ftsTitleMatchOf(["macbeth", "wit"], { lastIsPrefix: false })).toBe('title : ("macbeth" "wit")');
    expect(ftsTitleMatchOf(["macbeth", "wit"], { any: true })).toBe('title : ("macbeth" OR "wit"*)');
    expect(tsqueryOf(["macbeth", "wit"], { weight: "A" })).toBe("'macbeth':A & 'wit':*A");
    expect(tsqueryOf(["macbeth", "wit"], { weight: "A", lastIsPrefix: false })).toBe("'macbeth':A & 'wit':A");
    expect(tsqueryOf(["macbeth", "wit"], { weight: "A", any: true })).toBe("'macbeth':A | 'wit':*A");
  });
});

describe("parseSearchText", () => {
  it("treats a missing value as empty text", () => {
    expect(parseSearchText(undefined, "query")).toEqual({ ok: true, text: "", terms: [] });
  });

  it("accepts 256 characters, counting code points, and refuses 257", () => {
    expect(parseSearchText("a".repeat(256), "q").ok).toBe(true);
    expect(parseSearchText("😀".repeat(256), "q").ok).toBe(true);
    expect(parseSearchText("a".repeat(257), "q")).toEqual({
      ok: false,
      text: "a".repeat(257),
      errors: { q: ["Search text must be 256 characters or fewer."] },
    });
  });

  it("refuses repeated or structured values", () => {
    expect(parseSearchText(["a", "b"], "query").ok).toBe(false);
    expect(parseSearchText({ a: "b" }, "query").ok).toBe(false);
  });
});

describe("parsePageNumber", () => {
  it.each([
    [undefined, 1],
    ["1", 1],
    ["7", 7],
    ["0", 1],
    ["-2", 1],
    ["2.5", 1],
    ["x", 1],
    ["1234567", 1],
    [["2", "3"], 1],
  ])("reads %j as %d", (value, page) => {
    expect(parsePageNumber(value)).toBe(page);
  });
});

import { linkedParagraphs } from "../../../server/mail/text-links";

describe("linkedParagraphs", () => {
  it("splits paragraphs on blank lines and keeps the lines of each", () => {
    expect(linkedParagraphs("Hello Ada,\n\nLine one\nLine two\n\n\n--\nSign-off\n")).toEqual([
      [[{ text: "Hello Ada," }]],
      [[{ text: "Line one" }], [{ text: "Line two" }]],
      [[{ text: "--" }], [{ text: "Sign-off" }]],
    ]);
  });

  it("picks out web addresses, leaving sentence punctuation outside the link", () => {
    expect(linkedParagraphs("Open https://example.org/reset/abc?x=1&y=2. Or see (http://example.org/help), then stop.")).toEqual([
      [
        [
          { text: "Open " },
          { href: "https://example.org/reset/abc?x=1&y=2" },
          { text: ". Or see (" },
          { href: "http://example.org/help" },
          { text: "), then stop." },
        ],
      ],
    ]);
  });

  it("links only http and https addresses, never javascript: or other schemes", () => {
    const pieces = linkedParagraphs("javascript:alert(1) mailto:a@example.org ftp://example.org").flat(2);
    expect(pieces).toEqual([{ text: "javascript:alert(1) mailto:a@example.org ftp://example.org" }]);
  });

  it("treats Windows line endings like Unix ones", () => {
    expect(linkedParagraphs("One\r\n\r\nTwo")).toEqual([[[{ text: "One" }]], [[{ text: "Two" }]]]);
  });
});

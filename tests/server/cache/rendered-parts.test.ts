import zlib from "node:zlib";
import { renderedParts } from "../../../server/cache/http/rendered-parts";
import type { SharedPage } from "../../../server/views/personal-parts";

/** A kept page with one part, whose macro counts its calls and prints its params. */
function pageWithCountingPart() {
  const calls: unknown[] = [];
  const page: SharedPage = {
    chunks: ["<main>", "</main>"],
    parts: [{ name: "note", macro: (params) => (calls.push(params), `<p>${JSON.stringify(params)}</p>`) }],
  };
  return { page, calls };
}

describe("a member's parts, rendered once per distinct params (issue 27)", () => {
  it("renders a part once for the same params, and sends the same bytes, plain and as deflate blocks", () => {
    const { page, calls } = pageWithCountingPart();
    const parts = renderedParts(1024 * 1024);
    const first = parts.piece(1, page, 0, { content: "Act 1", userKey: "7" });
    const again = parts.piece(1, page, 0, { content: "Act 1", userKey: "7" });
    expect(calls).toHaveLength(1);
    expect(again).toBe(first);
    expect(first.plain.toString()).toBe('<p>{"content":"Act 1","userKey":"7"}</p>');
    expect(zlib.inflateRawSync(Buffer.concat([first.deflated, Buffer.from([0x03, 0x00])])).equals(first.plain)).toBe(true);
    expect(first.crc).toBe(zlib.crc32(first.plain));
  });

  it("renders again for other params: another member's, or the same member's once their data changed", () => {
    const { page, calls } = pageWithCountingPart();
    const parts = renderedParts(1024 * 1024);
    const mine = parts.piece(1, page, 0, { content: "Act 1", userKey: "7" });
    const theirs = parts.piece(1, page, 0, { content: "Act 1", userKey: "8" });
    const edited = parts.piece(1, page, 0, { content: "Act 1, scene 2", userKey: "7" });
    expect(calls).toHaveLength(3);
    expect(theirs.plain.toString()).toContain('"userKey":"8"');
    expect(mine.plain.toString()).not.toContain('"userKey":"8"');
    expect(edited.plain.toString()).toContain("scene 2");
  });

  it("keeps a page's parts apart from another kept page's, whose macros differ", () => {
    const one = pageWithCountingPart();
    const other = pageWithCountingPart();
    const parts = renderedParts(1024 * 1024);
    parts.piece(1, one.page, 0, { content: "x" });
    parts.piece(2, other.page, 0, { content: "x" });
    expect(one.calls).toHaveLength(1);
    expect(other.calls).toHaveLength(1);
  });

  it("compresses a long part and stores a short one", () => {
    const { page } = pageWithCountingPart();
    const parts = renderedParts(1024 * 1024);
    const long = parts.piece(1, page, 0, { content: "Shakespeare ".repeat(1000) });
    const short = parts.piece(1, page, 0, { content: "Act 1" });
    expect(long.deflated.length).toBeLessThan(long.plain.length / 4);
    expect(short.deflated.length).toBe(short.plain.length + 5);
  });

  it("refuses params that JSON would not tell apart (a Map, a function), outside production", () => {
    const { page } = pageWithCountingPart();
    const parts = renderedParts(1024 * 1024);
    expect(() => parts.piece(1, page, 0, { notes: new Map([[1, "mine"]]) })).toThrow(/Map at params\.notes/);
    expect(() => parts.piece(1, page, 0, { render: () => "x" })).toThrow(/function at params\.render/);
    expect(() => parts.piece(1, page, 0, { token: { toJSON: () => "abc" }, at: new Date(0) })).not.toThrow();
  });
});

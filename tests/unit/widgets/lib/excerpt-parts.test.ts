import { decodeEntities, excerptParts } from "../../../../widgets/lib/excerpt-parts";

describe("excerptParts", () => {
  it("splits on <mark> and </mark> into marked and plain runs", () => {
    expect(excerptParts("Explore <mark>Mac</mark>beth and <mark>ambition</mark>.")).toEqual([
      { text: "Explore ", marked: false },
      { text: "Mac", marked: true },
      { text: "beth and ", marked: false },
      { text: "ambition", marked: true },
      { text: ".", marked: false },
    ]);
  });

  it("decodes the escaper's entities inside and outside marks", () => {
    expect(excerptParts("Romeo &amp; Juliet: &quot;<mark>love&#39;s</mark>&quot; &lt;3")).toEqual([
      { text: 'Romeo & Juliet: "', marked: false },
      { text: "love's", marked: true },
      { text: '" <3', marked: false },
    ]);
  });

  // The closing </mark> at the end is a real one; with no <mark> open it is dropped as stray.
  it("keeps every other tag as text, escaped or not", () => {
    const parts = excerptParts('<script>alert(1)</script> &lt;img src=x onerror="alert(2)"&gt; <MARK>no</MARK> <mark class="x">no</mark>');
    expect(parts).toEqual([
      { text: '<script>alert(1)</script> <img src=x onerror="alert(2)"> <MARK>no</MARK> <mark class="x">no', marked: false },
    ]);
  });

  it("drops a stray </mark>, runs an unclosed <mark> to the end and joins neighbours", () => {
    expect(excerptParts("a</mark>b <mark>c<mark>d")).toEqual([
      { text: "ab ", marked: false },
      { text: "cd", marked: true },
    ]);
    expect(excerptParts("<mark></mark>")).toEqual([]);
    expect(excerptParts("")).toEqual([]);
  });
});

describe("decodeEntities", () => {
  it("decodes named and numeric entities and leaves unknown ones as written", () => {
    expect(decodeEntities("&amp;&lt;&gt;&quot;&apos;&nbsp;&#233;&#x2602;")).toBe("&<>\"'\u00a0é☂");
    expect(decodeEntities("&copy; &#0; &#xD800; &#x110000; & amp;")).toBe("&copy; &#0; &#xD800; &#x110000; & amp;");
  });

  it("decodes once: &amp;lt; is the text &lt;", () => {
    expect(decodeEntities("&amp;lt;")).toBe("&lt;");
  });
});

import { escapeHtml } from "../../../../widgets/lib/escape-html";

describe("escapeHtml", () => {
  it("escapes the five characters that matter in content and quoted attributes", () => {
    expect(escapeHtml(`<img src=x onerror="alert('1')"> & co`)).toBe(
      "&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt; &amp; co",
    );
  });

  it("leaves everything else alone", () => {
    expect(escapeHtml("Lady Macbeth, Act 5 – “Out, damned spot”")).toBe("Lady Macbeth, Act 5 – “Out, damned spot”");
  });
});

import { jsonScript } from "../../../server/views/json-script";

describe("jsonScript", () => {
  it("escapes characters that could end the script element or break a parser", () => {
    const output = jsonScript({ html: "</script><script>alert(1)</script>", text: "a & b <!-- c -->", separators: "x\u2028y\u2029z" });
    expect(output).not.toMatch(/[<>&\u2028\u2029]/);
    expect(output).toContain("\\u003C/script\\u003E");
    expect(output).toContain("\\u0026");
    expect(output).toContain("\\u2028");
    expect(output).toContain("\\u2029");
  });

  it("stays JSON that parses back to the same value", () => {
    const value = { title: "Romeo & Juliet <KS3>", lines: ["\u2028", "</script>"], count: 3, nothing: null };
    expect(JSON.parse(jsonScript(value))).toEqual(value);
  });

  it("writes null for undefined", () => {
    expect(jsonScript(undefined)).toBe("null");
  });
});

import { csvField, csvLine } from "../../../server/staff/csv-line";

describe("a CSV line", () => {
  it("quotes a field with a comma, quote or line break, doubling quotes, and ends in CRLF", () => {
    expect(csvLine(["Oakfield, Bristol", 'The "Globe"', "two\nlines", "plain", 42, null])).toBe('"Oakfield, Bristol","The ""Globe""","two\nlines",plain,42,\r\n');
  });

  it("defuses text a spreadsheet would run as a formula, but writes numbers as they are", () => {
    expect(csvField("=HYPERLINK(\"http://evil\")")).toBe("\"'=HYPERLINK(\"\"http://evil\"\")\"");
    expect(csvField("+44 20 7946 0000")).toBe("'+44 20 7946 0000");
    expect(csvField("-5")).toBe("'-5");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField(-5)).toBe("-5");
    expect(csvField("Anne-Marie")).toBe("Anne-Marie");
  });
});

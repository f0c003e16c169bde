import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { establishmentsCsv, generateEstablishmentRows, HEADINGS } from "../../../fixtures/generators/schools/generate-establishments";
import { csvField, parseCsvRecords } from "../../../server/schools/csv-records";
import { EstablishmentFileError, parseGiasEstablishments } from "../../../server/schools/gias-establishments";

const latin1 = (text: string) => Buffer.from(text, "latin1");
const header = HEADINGS.join(",");
const row = (values: Partial<Record<(typeof HEADINGS)[number], string>>) =>
  HEADINGS.map((heading) => csvField(values[heading] ?? "")).join(",");
const open = { "EstablishmentStatus (name)": "Open", "TypeOfEstablishment (code)": "1", Postcode: "bs1 4aa" };

describe("parseCsvRecords", () => {
  it("reads quoted fields with commas, doubled quotes and line breaks, and CRLF or LF line ends", () => {
    const records = parseCsvRecords('a,"b, c","say ""hi"""\r\n"two\nlines",x,\n\nlast,1,2');
    expect(records).toEqual([
      { line: 1, fields: ["a", "b, c", 'say "hi"'] },
      { line: 2, fields: ["two\nlines", "x", ""] },
      { line: 5, fields: ["last", "1", "2"] },
    ]);
  });
});

describe("parseGiasEstablishments", () => {
  it("reads the register's columns by heading, decodes Windows-1252 and classes each school by type code", () => {
    const file = latin1(
      [
        header,
        row({ ...open, URN: "123456", EstablishmentName: "Ysgol Llandâf", Street: "1 Heol", Town: "Cardiff", Postcode: "cf5 2aa" }),
        row({ ...open, URN: "123457", EstablishmentName: "Abbey Prep", "TypeOfEstablishment (code)": "11", Town: "Bath" }),
      ].join("\r\n"),
    );
    const { establishments, problems } = parseGiasEstablishments(file);
    expect(problems).toEqual([]);
    expect(establishments).toEqual([
      expect.objectContaining({ urn: "123456", name: "Ysgol Llandâf", kind: "state", typeCode: 1, town: "Cardiff", postcode: "CF5 2AA" }),
      expect.objectContaining({ urn: "123457", name: "Abbey Prep", kind: "independent", typeCode: 11 }),
    ]);
  });

  it("keeps open establishments only, counting the closed and not-yet-open ones", () => {
    const file = latin1(
      [
        header,
        row({ ...open, URN: "100100", EstablishmentName: "Open School" }),
        row({ ...open, URN: "100101", EstablishmentName: "Closing School", "EstablishmentStatus (name)": "Open, but proposed to close" }),
        row({ ...open, URN: "100102", EstablishmentName: "Shut School", "EstablishmentStatus (name)": "Closed" }),
        row({ ...open, URN: "100103", EstablishmentName: "New School", "EstablishmentStatus (name)": "Proposed to open" }),
      ].join("\n"),
    );
    const { establishments, notOpen } = parseGiasEstablishments(file);
    expect(establishments.map((school) => school.urn)).toEqual(["100100", "100101"]);
    expect(notOpen).toBe(2);
  });

  it("reports a malformed row with its line and carries on with the rest", () => {
    const file = latin1(
      [
        header,
        "100200,too,few,fields",
        row({ ...open, URN: "12AB", EstablishmentName: "Bad URN" }),
        row({ ...open, URN: "100201", EstablishmentName: "" }),
        row({ ...open, URN: "100202", EstablishmentName: "Good School" }),
        row({ ...open, URN: "100202", EstablishmentName: "Good School again" }),
      ].join("\n"),
    );
    const { establishments, problems } = parseGiasEstablishments(file);
    expect(establishments.map((school) => school.name)).toEqual(["Good School"]);
    expect(problems).toEqual([
      { line: 2, message: `expected ${HEADINGS.length} fields, found 4` },
      { line: 3, message: 'URN "12AB" is not a 5 to 7 digit number' },
      { line: 4, message: "EstablishmentName is empty" },
      { line: 6, message: "URN 100202 appears more than once; the first row was kept" },
    ]);
  });

  it("refuses a file without the register's columns, naming them", () => {
    expect(() => parseGiasEstablishments(latin1("Name,Town\nA,B\n"))).toThrow(EstablishmentFileError);
    expect(() => parseGiasEstablishments(latin1("Name,Town\nA,B\n"))).toThrow(/"URN"/);
    expect(() => parseGiasEstablishments(latin1(""))).toThrow(/empty/);
  });
});

describe("the shipped establishments fixture", () => {
  const shipped = readFileSync(new URL("../../../fixtures/content/establishments.csv", import.meta.url));

  it("is what the generator makes for 300 schools, so it can be regenerated", () => {
    expect(Buffer.from(establishmentsCsv(generateEstablishmentRows(300))).equals(shipped)).toBe(true);
  });

  it("parses without problems and holds the demo schools", () => {
    const { establishments, problems, notOpen } = parseGiasEstablishments(shipped);
    expect(problems).toEqual([]);
    expect(notOpen).toBeGreaterThan(0);
    expect(establishments.length + notOpen).toBe(300);
    const byUrn = new Map(establishments.map((school) => [school.urn, school]));
    expect(byUrn.get("9000001")).toMatchObject({ name: "Oakfield Primary School", kind: "state" });
    expect(byUrn.get("9000002")).toMatchObject({ name: "Riverside Academy", kind: "state" });
    expect(byUrn.get("9000003")).toMatchObject({ name: "Hillcrest High School", kind: "state" });
    expect(byUrn.get("9000004")).toMatchObject({ name: "St Catherine's College", kind: "independent" });
    expect(establishments.some((school) => school.name.includes("Llandâf"))).toBe(true);
  });
});

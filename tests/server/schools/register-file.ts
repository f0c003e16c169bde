import iconv from "iconv-lite";
import { HEADINGS } from "../../../fixtures/generators/schools/generate-establishments";

/*
 * A register-shaped file, made by the tests: the Department's column names
 * (a few more than the importer reads, in its order), every field quoted,
 * CRLF line ends, in Windows-1252 or UTF-8 (with or without a BOM).
 */

/** The generator's columns, and one the importer never reads. */
export const GIAS_HEADINGS = [...HEADINGS, "TelephoneNum"] as const;

export type GiasRow = Partial<Record<(typeof GIAS_HEADINGS)[number], string>>;

export function giasRow(urn: string, name: string, more: GiasRow = {}): GiasRow {
  return {
    URN: urn,
    EstablishmentName: name,
    "TypeOfEstablishment (code)": "1",
    "TypeOfEstablishment (name)": "Community school",
    "EstablishmentStatus (name)": "Open",
    Street: "1 High Street",
    Town: "Wakefield",
    Postcode: "WF2 6EQ",
    ...more,
  };
}

const quoted = (value: string) => `"${value.replace(/"/g, '""')}"`;

export function giasText(rows: readonly GiasRow[]): string {
  const lines = [GIAS_HEADINGS.map(quoted).join(","), ...rows.map((row) => GIAS_HEADINGS.map((heading) => quoted(row[heading] ?? "")).join(","))];
  return `${lines.join("\r\n")}\r\n`;
}

export function giasFile(rows: readonly GiasRow[], encoding: "windows-1252" | "utf-8" | "utf-8-bom" = "windows-1252"): Buffer {
  const text = giasText(rows);
  if (encoding === "windows-1252") return iconv.encode(text, "windows-1252");
  return Buffer.concat([encoding === "utf-8-bom" ? Buffer.from([0xef, 0xbb, 0xbf]) : Buffer.alloc(0), Buffer.from(text, "utf8")]);
}

import iconv from "iconv-lite";
import { csvField } from "../../schools";
import { PLACES, SAINTS, STREET_KINDS, STREET_NAMES } from "./places";
import { SCHOOL_NAME_PATTERNS } from "./school-names";

/*
 * Synthetic rows of the Department for Education's "Get Information About
 * Schools" establishment CSV: the shipped fixture (about 300 schools) and the
 * benchmark's 50,000 come from here. Deterministic: the same count always gives
 * the same file, so the fixture can be regenerated and benchmarks compared.
 * URNs are the demo's, from 9000001 (docs/schools.md, "Demo URNs"): outside
 * the Department's range, so the demo never renames a real school.
 */

/** A row of the register, keyed by its column headings. */
export type EstablishmentRow = Record<(typeof HEADINGS)[number], string>;

/** The importer's ten columns, among a few others the real file has, in the register's order. */
export const HEADINGS = [
  "URN",
  "LA (code)",
  "LA (name)",
  "EstablishmentNumber",
  "EstablishmentName",
  "TypeOfEstablishment (code)",
  "TypeOfEstablishment (name)",
  "EstablishmentStatus (code)",
  "EstablishmentStatus (name)",
  "Street",
  "Locality",
  "Address3",
  "Town",
  "County (name)",
  "Postcode",
  "SchoolWebsite",
] as const;

const TYPE_NAMES: Record<number, string> = {
  1: "Community school",
  2: "Voluntary aided school",
  3: "Voluntary controlled school",
  5: "Foundation school",
  7: "Community special school",
  10: "Other independent special school",
  11: "Other independent school",
  28: "Academy sponsor led",
  34: "Academy converter",
  35: "Free schools",
};

const STATUS_CODES: Record<string, string> = { Open: "1", Closed: "2", "Open, but proposed to close": "3", "Proposed to open": "4" };

/** The demo schools named in the README; their email domains and memberships are in fixtures/content/schools.yaml. */
export const DEMO_ESTABLISHMENTS: readonly Omit<EstablishmentRow, "LA (code)" | "LA (name)" | "EstablishmentNumber" | "TypeOfEstablishment (name)" | "EstablishmentStatus (code)">[] = [
  { URN: "9000001", SchoolWebsite: "www.oakfield.sch.uk", EstablishmentName: "Oakfield Primary School", "TypeOfEstablishment (code)": "1", "EstablishmentStatus (name)": "Open", Street: "12 Orchard Lane", Locality: "Henleaze", Address3: "", Town: "Bristol", "County (name)": "City of Bristol", Postcode: "BS9 4PQ" },
  { URN: "9000002", SchoolWebsite: "http://www.riverside.sch.uk/", EstablishmentName: "Riverside Academy", "TypeOfEstablishment (code)": "34", "EstablishmentStatus (name)": "Open", Street: "Quay Road", Locality: "", Address3: "", Town: "Exeter", "County (name)": "Devon", Postcode: "EX2 4AN" },
  { URN: "9000003", SchoolWebsite: "www.hillcrest.sch.uk", EstablishmentName: "Hillcrest High School", "TypeOfEstablishment (code)": "1", "EstablishmentStatus (name)": "Open", Street: "Beacon Hill", Locality: "Roundhay", Address3: "", Town: "Leeds", "County (name)": "West Yorkshire", Postcode: "LS8 2LJ" },
  { URN: "9000004", SchoolWebsite: "https://www.stcatherines.org.uk", EstablishmentName: "St Catherine's College", "TypeOfEstablishment (code)": "11", "EstablishmentStatus (name)": "Open", Street: "College Green", Locality: "Summertown", Address3: "", Town: "Oxford", "County (name)": "Oxfordshire", Postcode: "OX2 7DR" },
];

const FIRST_GENERATED_URN = 9_000_005;
const POSTCODE_LETTERS = [..."ABDEFGHJLNPQRSTUWXYZ"];

function pick<T>(items: readonly T[], index: number): T {
  return items[index % items.length] as T;
}

function statusOf(index: number): string {
  if (index % 37 === 36) return "Closed";
  if (index % 53 === 52) return "Proposed to open";
  if (index % 41 === 40) return "Open, but proposed to close";
  return "Open";
}

/** The nth generated school: strides coprime with each list's length spread names, places and streets. */
function generatedRow(index: number): EstablishmentRow {
  const place = pick(PLACES, index);
  const round = Math.floor(index / PLACES.length);
  const pattern = pick(SCHOOL_NAME_PATTERNS, round * 5 + index);
  const locality = pick(place.localities, round * 3 + index);
  const nameSource = round % 3 === 0 ? place.town : locality;
  const typeCode = pattern.typeCode;
  const status = statusOf(index);
  const district = 1 + ((index * 7) % 20);
  return {
    URN: String(FIRST_GENERATED_URN + index),
    "LA (code)": String(800 + (index % PLACES.length)),
    "LA (name)": place.county,
    EstablishmentNumber: String(2000 + (index % 7000)),
    EstablishmentName: pattern.name(nameSource, pick(SAINTS, index * 7 + round)),
    "TypeOfEstablishment (code)": String(typeCode),
    "TypeOfEstablishment (name)": TYPE_NAMES[typeCode] ?? "",
    "EstablishmentStatus (code)": STATUS_CODES[status] ?? "1",
    "EstablishmentStatus (name)": status,
    Street: `${1 + ((index * 13) % 180)} ${pick(STREET_NAMES, index * 3 + round)} ${pick(STREET_KINDS, index + round)}`,
    Locality: nameSource === locality ? "" : locality,
    Address3: "",
    Town: place.town,
    "County (name)": place.county,
    Postcode: `${place.postcodeArea}${district} ${(index * 3) % 10}${pick(POSTCODE_LETTERS, index * 11)}${pick(POSTCODE_LETTERS, index * 17 + 5)}`,
    // Most schools list a website, as in the register; a third do not.
    SchoolWebsite: index % 3 === 2 ? "" : `www.${slugOf(nameSource)}${index}.sch.uk`,
  };
}

function demoRow(demo: (typeof DEMO_ESTABLISHMENTS)[number], index: number): EstablishmentRow {
  const typeCode = Number(demo["TypeOfEstablishment (code)"]);
  return {
    ...demo,
    "LA (code)": String(900 + index),
    "LA (name)": demo["County (name)"],
    EstablishmentNumber: String(1000 + index),
    "TypeOfEstablishment (name)": TYPE_NAMES[typeCode] ?? "",
    "EstablishmentStatus (code)": STATUS_CODES[demo["EstablishmentStatus (name)"]] ?? "1",
  };
}

/** The demo schools, then `count - 4` generated ones (some closed or not yet open, as in the real register). */
export function generateEstablishmentRows(count: number): EstablishmentRow[] {
  const demos = DEMO_ESTABLISHMENTS.slice(0, count).map(demoRow);
  return [...demos, ...Array.from({ length: Math.max(0, count - demos.length) }, (_, index) => generatedRow(index))];
}

function slugOf(text: string): string {
  return text.normalize("NFD").toLowerCase().replace(/[^a-z0-9]+/g, "");
}

/** The rows as the register publishes them: CSV with CRLF line ends, in Windows-1252. */
export function establishmentsCsv(rows: readonly EstablishmentRow[]): Uint8Array {
  const lines = [HEADINGS.join(","), ...rows.map((row) => HEADINGS.map((heading) => csvField(row[heading])).join(","))];
  return iconv.encode(`${lines.join("\r\n")}\r\n`, "windows-1252");
}

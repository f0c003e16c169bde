import { establishmentIsOpen, schoolKindOfTypeCode, type RegisterSchoolKind } from "../domain/school-kind";
import { parseCsvRecords } from "./csv-records";

/** An open school from the register, ready to import. */
export interface Establishment {
  urn: string;
  name: string;
  typeCode: number;
  kind: RegisterSchoolKind;
  street: string;
  locality: string;
  address3: string;
  town: string;
  county: string;
  postcode: string;
}

/** A row that could not be imported, with the reason, for the importer's report. */
export interface EstablishmentProblem {
  line: number;
  message: string;
}

export interface ParsedEstablishments {
  establishments: Establishment[];
  /** Rows of establishments that are closed or not yet open: skipped, not problems. */
  notOpen: number;
  problems: EstablishmentProblem[];
}

/** The register's column headings this importer reads; the file has many more, in any order. */
export const GIAS_COLUMNS = {
  urn: "URN",
  name: "EstablishmentName",
  typeCode: "TypeOfEstablishment (code)",
  status: "EstablishmentStatus (name)",
  street: "Street",
  locality: "Locality",
  address3: "Address3",
  town: "Town",
  county: "County (name)",
  postcode: "Postcode",
} as const;

type ColumnKey = keyof typeof GIAS_COLUMNS;

export class EstablishmentFileError extends Error {}

/**
 * Reads the "Get Information About Schools" establishment CSV, which is
 * published in ISO-8859-1. A malformed row is reported and skipped, so one bad
 * line never stops an import; a file without the expected columns is refused
 * whole.
 */
export function parseGiasEstablishments(bytes: Uint8Array): ParsedEstablishments {
  const records = parseCsvRecords(new TextDecoder("latin1").decode(bytes));
  const header = records.shift();
  if (!header) throw new EstablishmentFileError("The file is empty: expected the establishment CSV with a header row.");
  const columns = columnIndexes(header.fields);

  const result: ParsedEstablishments = { establishments: [], notOpen: 0, problems: [] };
  const seenUrns = new Set<string>();
  for (const record of records) {
    if (record.fields.length !== header.fields.length) {
      result.problems.push({
        line: record.line,
        message: `expected ${header.fields.length} fields, found ${record.fields.length}`,
      });
      continue;
    }
    const read = (key: ColumnKey) => (record.fields[columns[key]] ?? "").trim();
    if (!establishmentIsOpen(read("status"))) {
      result.notOpen++;
      continue;
    }
    const problem = problemOf(read);
    if (problem) {
      result.problems.push({ line: record.line, message: problem });
      continue;
    }
    const urn = read("urn");
    if (seenUrns.has(urn)) {
      result.problems.push({ line: record.line, message: `URN ${urn} appears more than once; the first row was kept` });
      continue;
    }
    seenUrns.add(urn);
    const typeCode = Number(read("typeCode"));
    result.establishments.push({
      urn,
      name: read("name"),
      typeCode,
      kind: schoolKindOfTypeCode(typeCode),
      street: read("street"),
      locality: read("locality"),
      address3: read("address3"),
      town: read("town"),
      county: read("county"),
      postcode: read("postcode").toUpperCase(),
    });
  }
  return result;
}

function columnIndexes(headings: string[]): Record<ColumnKey, number> {
  const trimmed = headings.map((heading) => heading.replace(/^\uFEFF/, "").trim());
  const missing: string[] = [];
  const indexes = {} as Record<ColumnKey, number>;
  for (const [key, heading] of Object.entries(GIAS_COLUMNS) as [ColumnKey, string][]) {
    const index = trimmed.indexOf(heading);
    if (index === -1) missing.push(heading);
    indexes[key] = index;
  }
  if (missing.length > 0) {
    throw new EstablishmentFileError(
      `The file has no ${missing.map((heading) => `"${heading}"`).join(", ")} column: expected the establishment CSV from Get Information About Schools.`,
    );
  }
  return indexes;
}

function problemOf(read: (key: ColumnKey) => string): string | undefined {
  if (!/^\d{5,7}$/.test(read("urn"))) return `URN "${read("urn")}" is not a 5 to 7 digit number`;
  if (!read("name")) return "EstablishmentName is empty";
  if (!/^\d{1,3}$/.test(read("typeCode"))) return `TypeOfEstablishment (code) "${read("typeCode")}" is not a number`;
  if (!read("postcode")) return "Postcode is empty";
  return undefined;
}

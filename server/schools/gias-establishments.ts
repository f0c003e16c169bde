import { establishmentIsOpen, schoolKindOfTypeCode, type RegisterSchoolKind } from "./school-kind";
import { CsvRecordReader, type CsvRecord } from "./csv-records";
import { EstablishmentFileError } from "./register-file-error";
import { decodeRegisterBytes, type SniffedEncoding } from "./register-encoding";

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
  /** The SchoolWebsite column, as the register has it ("" when none, or when the file has no such column). */
  website: string;
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
  /** The URNs of those rows: a school imported while open and now listed closed leaves the register. */
  notOpenUrns: string[];
  problems: EstablishmentProblem[];
  encoding: SniffedEncoding;
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

/** Columns read when the file has them. */
const OPTIONAL_COLUMNS = { website: "SchoolWebsite" } as const;

type ColumnKey = keyof typeof GIAS_COLUMNS;

export { EstablishmentFileError };

/** What one data row of the register is. */
export type EstablishmentRow =
  | { kind: "open"; establishment: Establishment }
  | { kind: "not-open"; urn: string }
  | { kind: "problem"; problem: EstablishmentProblem };

/**
 * Reads the "Get Information About Schools" establishment CSV record by
 * record: the first record is the header, which names the columns; each later
 * one is classified. A malformed row is a problem, reported and skipped, so one
 * bad line never stops an import; a file without the expected columns is
 * refused whole. Remembers the URNs seen (a few MB for the whole country) to
 * report a URN listed twice.
 */
export class EstablishmentRecords {
  private columns: (Record<ColumnKey, number> & { website: number }) | undefined;
  private width = 0;
  private readonly seenUrns = new Set<string>();

  read(record: CsvRecord): EstablishmentRow | undefined {
    if (!this.columns) {
      this.columns = columnIndexes(record.fields);
      this.width = record.fields.length;
      return undefined;
    }
    if (record.fields.length !== this.width) {
      return { kind: "problem", problem: { line: record.line, message: `expected ${this.width} fields, found ${record.fields.length}` } };
    }
    const columns = this.columns;
    const read = (key: ColumnKey | "website") => (columns[key] === -1 ? "" : (record.fields[columns[key]] ?? "").trim());
    if (!establishmentIsOpen(read("status"))) return { kind: "not-open", urn: read("urn") };
    const problem = problemOf(read);
    if (problem) return { kind: "problem", problem: { line: record.line, message: problem } };
    const urn = read("urn");
    if (this.seenUrns.has(urn)) {
      return { kind: "problem", problem: { line: record.line, message: `URN ${urn} appears more than once; the first row was kept` } };
    }
    this.seenUrns.add(urn);
    const typeCode = Number(read("typeCode"));
    return {
      kind: "open",
      establishment: {
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
        website: read("website"),
      },
    };
  }

  /** Whether the header has been read: a file without one is empty. */
  get started(): boolean {
    return this.columns !== undefined;
  }
}

export const EMPTY_FILE_MESSAGE = "The file is empty: expected the establishment CSV with a header row.";

/**
 * The whole file at once, for a small one (the demo seed's, tests): Windows-1252
 * or UTF-8 with or without a BOM (register-encoding.ts). The importer streams
 * instead (register-file.ts).
 */
export function parseGiasEstablishments(bytes: Uint8Array): ParsedEstablishments {
  const { text, encoding } = decodeRegisterBytes(bytes);
  const reader = new CsvRecordReader();
  const rows = new EstablishmentRecords();
  const result: ParsedEstablishments = { establishments: [], notOpen: 0, notOpenUrns: [], problems: [], encoding };
  for (const record of [...reader.push(text), ...reader.end()]) {
    const row = rows.read(record);
    if (!row) continue;
    if (row.kind === "open") result.establishments.push(row.establishment);
    else if (row.kind === "problem") result.problems.push(row.problem);
    else {
      result.notOpen++;
      result.notOpenUrns.push(row.urn);
    }
  }
  if (!rows.started) throw new EstablishmentFileError(EMPTY_FILE_MESSAGE);
  return result;
}

function columnIndexes(headings: string[]): Record<ColumnKey, number> & { website: number } {
  const trimmed = headings.map((heading) => heading.replace(/^\uFEFF/, "").trim());
  const missing: string[] = [];
  const indexes = { website: trimmed.indexOf(OPTIONAL_COLUMNS.website) } as Record<ColumnKey, number> & { website: number };
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

function problemOf(read: (key: ColumnKey | "website") => string): string | undefined {
  if (!/^\d{5,7}$/.test(read("urn"))) return `URN "${read("urn")}" is not a 5 to 7 digit number`;
  if (!read("name")) return "EstablishmentName is empty";
  if (!/^\d{1,3}$/.test(read("typeCode"))) return `TypeOfEstablishment (code) "${read("typeCode")}" is not a number`;
  if (!read("postcode")) return "Postcode is empty";
  return undefined;
}

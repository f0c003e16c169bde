/** One record of a CSV file, with the line it starts on (1-based) for error messages. */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/**
 * Splits RFC 4180 CSV text into records: fields may be quoted, quotes inside
 * a quoted field are doubled, and a quoted field may hold commas and line
 * breaks. Lines end in CRLF or LF. Blank lines are skipped.
 */
export function parseCsvRecords(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = "";
  let quoted = false;
  let line = 1;
  let recordLine = 1;

  const endRecord = () => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0] === "")) records.push({ line: recordLine, fields });
    fields = [];
    field = "";
  };

  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') {
        quoted = false;
      } else {
        if (char === "\n") line++;
        field += char;
      }
      continue;
    }
    if (char === '"' && field === "") quoted = true;
    else if (char === ",") {
      fields.push(field);
      field = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[index + 1] === "\n") index++;
      endRecord();
      line++;
      recordLine = line;
    } else field += char;
  }
  if (field !== "" || fields.length > 0) endRecord();
  return records;
}

/** Quotes a field when it holds a comma, a quote or a line break, as RFC 4180 writers do. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

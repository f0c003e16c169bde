/** One record of a CSV file, with the line it starts on (1-based) for error messages. */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/**
 * Splits RFC 4180 CSV text into records as it arrives, chunk by chunk: fields
 * may be quoted, quotes inside a quoted field are doubled, and a quoted field
 * may hold commas and line breaks. Lines end in CRLF or LF. Blank lines are
 * skipped. Only the record being read is held.
 */
export class CsvRecordReader {
  private fields: string[] = [];
  private field = "";
  private quoted = false;
  /** A quote inside a quoted field: the end of the field, or the first of a doubled pair (decided by the next character). */
  private quotePending = false;
  /** A CR just ended a record: an LF right after it belongs to it. */
  private afterCr = false;
  private line = 1;
  private recordLine = 1;

  /** The records completed by this chunk. */
  push(text: string): CsvRecord[] {
    const records: CsvRecord[] = [];
    for (let index = 0; index < text.length; index++) {
      const char = text[index]!;
      if (this.afterCr) {
        this.afterCr = false;
        if (char === "\n") continue;
      }
      if (this.quotePending) {
        this.quotePending = false;
        if (char === '"') {
          this.field += '"';
          continue;
        }
        this.quoted = false;
      }
      if (this.quoted) {
        // Copy a run of plain characters at once: the common case, and far quicker than one at a time.
        let next = index;
        while (next < text.length && text[next] !== '"' && text[next] !== "\n") next++;
        if (next > index) {
          this.field += text.slice(index, next);
          index = next - 1;
          continue;
        }
        if (char === '"') this.quotePending = true;
        else {
          this.line++;
          this.field += char;
        }
        continue;
      }
      if (char === '"' && this.field === "") this.quoted = true;
      else if (char === ",") {
        this.fields.push(this.field);
        this.field = "";
      } else if (char === "\n" || char === "\r") {
        this.afterCr = char === "\r";
        this.endRecord(records);
        this.line++;
        this.recordLine = this.line;
      } else {
        let next = index + 1;
        while (next < text.length && !',"\r\n'.includes(text[next]!)) next++;
        this.field += text.slice(index, next);
        index = next - 1;
      }
    }
    return records;
  }

  /** The last record, when the text did not end with a line break. */
  end(): CsvRecord[] {
    const records: CsvRecord[] = [];
    if (this.quotePending) this.quoted = false;
    if (this.field !== "" || this.fields.length > 0) this.endRecord(records);
    return records;
  }

  private endRecord(records: CsvRecord[]): void {
    this.fields.push(this.field);
    if (!(this.fields.length === 1 && this.fields[0] === "")) records.push({ line: this.recordLine, fields: this.fields });
    this.fields = [];
    this.field = "";
  }
}

/** All the records of a text held in memory. */
export function parseCsvRecords(text: string): CsvRecord[] {
  const reader = new CsvRecordReader();
  return [...reader.push(text), ...reader.end()];
}

/** Quotes a field when it holds a comma, a quote or a line break, as RFC 4180 writers do. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

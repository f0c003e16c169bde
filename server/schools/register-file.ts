import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { CsvRecordReader } from "./csv-records";
import { EMPTY_FILE_MESSAGE, EstablishmentFileError, EstablishmentRecords, type Establishment, type EstablishmentProblem } from "./gias-establishments";
import { decoderFor, EncodingSniffer, type SniffedEncoding } from "./register-encoding";

/*
 * The register file read as a stream (docs/schools.md): a first pass decides
 * the encoding (a file that is neither UTF-8 nor Windows-1252 is refused
 * before anything is written), a second decodes, parses and hands the rows
 * over a batch at a time. Neither holds the file or all its rows, so a 60 MB
 * national file imports in well under 200 MB.
 */

/** Rows handed over at once: the importer writes each batch in one transaction. */
export const ROWS_PER_BATCH = 1000;

/** 64 KB reads: big enough to be quick, small enough to stay out of the memory figure. */
const READ_SIZE = 64 * 1024;

/** Problems kept word for word; beyond that they are counted only, so a wrong file cannot fill memory. */
const PROBLEMS_KEPT = 200;

export interface RegisterBatch {
  open: Establishment[];
  /** URNs of rows listed as closed or not yet open. */
  notOpenUrns: string[];
}

export interface RegisterFileProgress {
  rows: number;
  bytesRead: number;
  totalBytes: number;
}

export interface RegisterFileReport {
  encoding: SniffedEncoding;
  rows: number;
  problems: EstablishmentProblem[];
  /** All problems, including those not kept. */
  problemCount: number;
}

export async function sniffRegisterFile(file: string): Promise<SniffedEncoding> {
  const sniffer = new EncodingSniffer();
  for await (const chunk of createReadStream(file, { highWaterMark: READ_SIZE })) sniffer.push(chunk as Buffer);
  return sniffer.result();
}

/**
 * Reads the file, calling `batch` for each full batch (awaited: the next
 * chunk is read only once it is written) and `progress` after each chunk.
 */
export async function readRegisterFile(
  file: string,
  handlers: { batch: (batch: RegisterBatch) => Promise<void>; progress?: (progress: RegisterFileProgress) => void },
): Promise<RegisterFileReport> {
  let totalBytes: number;
  try {
    totalBytes = (await stat(file)).size;
  } catch (error) {
    throw new EstablishmentFileError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  const encoding = await sniffRegisterFile(file);
  const decoder = decoderFor(encoding);
  const csv = new CsvRecordReader();
  const rows = new EstablishmentRecords();
  const report: RegisterFileReport = { encoding, rows: 0, problems: [], problemCount: 0 };
  let batch: RegisterBatch = { open: [], notOpenUrns: [] };
  let bytesRead = 0;

  const take = async (text: string) => {
    for (const record of csv.push(text)) await takeRecord(record);
  };
  const takeRecord = async (record: Parameters<EstablishmentRecords["read"]>[0]) => {
    const row = rows.read(record);
    if (!row) return;
    report.rows++;
    if (row.kind === "open") batch.open.push(row.establishment);
    else if (row.kind === "not-open") batch.notOpenUrns.push(row.urn);
    else {
      report.problemCount++;
      if (report.problems.length < PROBLEMS_KEPT) report.problems.push(row.problem);
    }
    if (batch.open.length + batch.notOpenUrns.length >= ROWS_PER_BATCH) await flush();
  };
  const flush = async () => {
    if (batch.open.length === 0 && batch.notOpenUrns.length === 0) return;
    const full = batch;
    batch = { open: [], notOpenUrns: [] };
    await handlers.batch(full);
  };

  for await (const chunk of createReadStream(file, { highWaterMark: READ_SIZE })) {
    await take(decoder.write(chunk as Buffer));
    bytesRead += (chunk as Buffer).length;
    handlers.progress?.({ rows: report.rows, bytesRead, totalBytes });
  }
  await take(decoder.end());
  for (const record of csv.end()) await takeRecord(record);
  if (!rows.started) throw new EstablishmentFileError(EMPTY_FILE_MESSAGE);
  await flush();
  return report;
}

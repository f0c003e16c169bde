import { createWriteStream, type WriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Request } from "express";

/*
 * One file from a multipart/form-data form, written to a temporary file as it
 * arrives (docs/back-office.md, "The register upload"): the body is never held
 * in memory, and one larger than `maxBytes` is refused as soon as it passes
 * that size (or at once, when its Content-Length says so). No package: the
 * project has no multipart parser, and this reads only what a browser's form
 * sends (RFC 7578): parts with a Content-Disposition naming the field and, for
 * the file, its filename. Other fields are ignored; the CSRF token of such a
 * form travels in the action's query string (server/http/csrf.ts).
 */

export interface ReceivedFile {
  /** The temporary file, alone in a folder of its own (the caller deletes both). */
  path: string;
  /** The name the browser gave, without its folders; "upload" when none. */
  fileName: string;
  bytes: number;
}

export type UploadProblem =
  /** Not a multipart form, or a malformed one. */
  | { kind: "malformed" }
  /** The form had no file in the field (the person chose none), or an empty one. */
  | { kind: "no-file" }
  | { kind: "too-large"; maxBytes: number };

const HEADERS_MAX = 16 * 1024;
const HEADERS_END = Buffer.from("\r\n\r\n");

/** Reads the request's multipart body and saves the file sent in `field`. */
export async function receiveFileUpload(req: Request, options: { field: string; maxBytes: number; prefix: string }): Promise<ReceivedFile | UploadProblem> {
  const boundary = boundaryOf(req.get("content-type"));
  if (!boundary) return { kind: "malformed" };
  const declared = Number(req.get("content-length"));
  if (Number.isFinite(declared) && declared > options.maxBytes + 64 * 1024) return { kind: "too-large", maxBytes: options.maxBytes };

  const folder = await mkdtemp(path.join(tmpdir(), options.prefix));
  const target = path.join(folder, "upload.csv");
  const parser = new MultipartFile(boundary, options.field);
  let out: WriteStream | undefined;
  let outcome: ReceivedFile | UploadProblem | undefined;
  try {
    // Read to the end even once refused (what is past the limit is only counted): leaving the loop early would destroy the request, and the answer with it.
    for await (const chunk of req) {
      if (outcome) continue;
      let events: PartEvent[];
      try {
        events = [...parser.push(chunk as Buffer)];
      } catch (error) {
        if (!(error instanceof MalformedUpload)) throw error;
        outcome = { kind: "malformed" };
        continue;
      }
      for (const event of events) {
        if (event.kind === "file-start") {
          out = createWriteStream(target);
        } else if (event.kind === "file-data" && out && !outcome) {
          if (parser.fileBytes > options.maxBytes) {
            outcome = { kind: "too-large", maxBytes: options.maxBytes };
            continue;
          }
          if (!out.write(event.data)) await new Promise<void>((resolve) => out!.once("drain", () => resolve()));
        }
      }
    }
    if (!outcome) {
      if (!parser.finished) outcome = { kind: "malformed" };
      else if (parser.fileName === undefined || parser.fileBytes === 0) outcome = { kind: "no-file" };
    }
    if (out) await new Promise<void>((resolve, reject) => out!.end((error?: Error | null) => (error ? reject(error) : resolve())));
    if (!outcome) return { path: target, fileName: parser.fileName || "upload", bytes: parser.fileBytes };
    await rm(folder, { recursive: true, force: true });
    return outcome;
  } catch (error) {
    out?.destroy();
    await rm(folder, { recursive: true, force: true });
    if (error instanceof MalformedUpload) return { kind: "malformed" };
    throw error;
  }
}

function boundaryOf(contentType: string | undefined): string | undefined {
  if (!contentType || !/^multipart\/form-data\s*;/i.test(contentType)) return undefined;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

type PartEvent = { kind: "file-start" } | { kind: "file-data"; data: Buffer };

/** A streaming reader of one multipart body: hands over the bytes of the part named `field` that carries a filename. */
class MultipartFile {
  private buffer: Buffer = Buffer.alloc(0);
  private state: "preamble" | "headers" | "body" | "after-delimiter" | "done" = "preamble";
  private inFile = false;
  private readonly firstDelimiter: Buffer;
  private readonly delimiter: Buffer;
  fileName: string | undefined;
  fileBytes = 0;

  constructor(
    boundary: string,
    private readonly field: string,
  ) {
    this.firstDelimiter = Buffer.from(`--${boundary}`);
    this.delimiter = Buffer.from(`\r\n--${boundary}`);
  }

  get finished(): boolean {
    return this.state === "done";
  }

  *push(chunk: Buffer): Generator<PartEvent> {
    if (this.state === "done") return;
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    for (;;) {
      if (this.state === "preamble") {
        const at = this.buffer.indexOf(this.firstDelimiter);
        if (at < 0) {
          if (this.buffer.length > HEADERS_MAX) throw new MalformedUpload();
          return;
        }
        this.buffer = this.buffer.subarray(at + this.firstDelimiter.length);
        this.state = "after-delimiter";
      } else if (this.state === "after-delimiter") {
        if (this.buffer.length < 2) return;
        const next = this.buffer.subarray(0, 2).toString("latin1");
        if (next === "--") {
          this.state = "done";
          this.buffer = Buffer.alloc(0);
          return;
        }
        if (next !== "\r\n") throw new MalformedUpload();
        this.buffer = this.buffer.subarray(2);
        this.state = "headers";
      } else if (this.state === "headers") {
        const end = this.buffer.indexOf(HEADERS_END);
        if (end < 0) {
          if (this.buffer.length > HEADERS_MAX) throw new MalformedUpload();
          return;
        }
        const headers = this.buffer.subarray(0, end).toString("utf8");
        this.buffer = this.buffer.subarray(end + HEADERS_END.length);
        const disposition = /^content-disposition:(.*)$/im.exec(headers)?.[1] ?? "";
        const name = /;\s*name="([^"]*)"/i.exec(disposition)?.[1];
        const fileName = /;\s*filename="([^"]*)"/i.exec(disposition)?.[1];
        this.inFile = name === this.field && fileName !== undefined && this.fileName === undefined;
        if (this.inFile) {
          this.fileName = cleanFileName(fileName!);
          yield { kind: "file-start" };
        }
        this.state = "body";
      } else if (this.state === "body") {
        const at = this.buffer.indexOf(this.delimiter);
        // Without a delimiter, all but what could be its start is this part's.
        const take = at >= 0 ? at : Math.max(0, this.buffer.length - (this.delimiter.length - 1));
        if (take > 0) {
          const data = this.buffer.subarray(0, take);
          if (this.inFile) {
            this.fileBytes += data.length;
            yield { kind: "file-data", data: Buffer.from(data) };
          }
        }
        if (at < 0) {
          this.buffer = this.buffer.subarray(take);
          return;
        }
        this.buffer = this.buffer.subarray(at + this.delimiter.length);
        this.inFile = false;
        this.state = "after-delimiter";
      } else {
        return;
      }
    }
  }
}

export class MalformedUpload extends Error {
  constructor() {
    super("The upload is not a well-formed multipart form.");
  }
}

/** The name without any folders (some browsers send a whole path), control characters or more than 200 characters. */
function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex
  return base.replace(/[\u0000-\u001f\u007f]/g, "").slice(0, 200).trim();
}

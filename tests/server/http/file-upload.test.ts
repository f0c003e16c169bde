import { readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import type { Request } from "express";
import { receiveFileUpload } from "../../../server/http/file-upload";

/*
 * The multipart reader behind the register upload (server/http/file-upload.ts):
 * the file part saved whole whatever the chunks' boundaries fall on (the
 * delimiter split across two reads, CRLFs inside the file), other fields
 * ignored, the size cap, no file, and a body that is not a multipart form.
 */

const boundary = "----formboundaryX7q";

function body(parts: { name: string; fileName?: string; content: Buffer | string }[], closing = true): Buffer {
  const pieces: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.fileName !== undefined ? `; filename="${part.fileName}"` : ""}`;
    pieces.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.fileName !== undefined ? "Content-Type: text/csv\r\n" : ""}\r\n`));
    pieces.push(Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content));
    pieces.push(Buffer.from("\r\n"));
  }
  if (closing) pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(pieces);
}

/** A request whose body arrives in chunks of `size` bytes. */
function requestOf(bytes: Buffer, size: number, headers: Record<string, string> = {}): Request {
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  const stream = Readable.from(chunks) as unknown as Request;
  const all: Record<string, string> = { "content-type": `multipart/form-data; boundary=${boundary}`, ...headers };
  (stream as unknown as { get: (name: string) => string | undefined }).get = (name) => all[name.toLowerCase()];
  return stream;
}

/** Temporary folders this file's uploads left. */
const leftOver = () => readdirSync(tmpdir()).filter((name) => name.startsWith("file-upload-test-"));

const options = { field: "register", maxBytes: 10_000, prefix: "file-upload-test-" };
const content = Buffer.from('"URN","EstablishmentName"\r\n"100001","Abbey\r\n--not a delimiter"\r\n\r\n"100002","Caf\xe9"\r\n', "latin1");

describe("receiveFileUpload", () => {
  it.each([1, 2, 7, 41, 4096])("saves the file part whole in chunks of %i bytes, ignoring the other fields", async (size) => {
    const sent = body([
      { name: "note", content: "before" },
      { name: "register", fileName: "C:\\Users\\me\\edubasealldata.csv", content },
      { name: "after", content: "x" },
    ]);
    const received = await receiveFileUpload(requestOf(sent, size), options);
    if ("kind" in received) throw new Error(received.kind);
    expect(received.fileName).toBe("edubasealldata.csv");
    expect(received.bytes).toBe(content.length);
    expect(readFileSync(received.path).equals(content)).toBe(true);
    rmSync(path.dirname(received.path), { recursive: true, force: true });
  });

  it("refuses a file over the cap, whether Content-Length says so or not, and leaves nothing behind", async () => {
    const big = body([{ name: "register", fileName: "big.csv", content: Buffer.alloc(20_000, 65) }]);
    expect(await receiveFileUpload(requestOf(big, 1000), options)).toEqual({ kind: "too-large", maxBytes: 10_000 });
    expect(await receiveFileUpload(requestOf(big, 1000, { "content-length": String(200_000) }), options)).toEqual({ kind: "too-large", maxBytes: 10_000 });
    expect(leftOver()).toEqual([]);
  });

  it("answers no-file for a form without the file or with an empty one, and malformed for what is not a whole form", async () => {
    expect(await receiveFileUpload(requestOf(body([{ name: "note", content: "x" }]), 100), options)).toEqual({ kind: "no-file" });
    expect(await receiveFileUpload(requestOf(body([{ name: "register", fileName: "", content: "" }]), 100), options)).toEqual({ kind: "no-file" });
    expect(await receiveFileUpload(requestOf(body([{ name: "register", fileName: "a.csv", content }], false), 100), options)).toEqual({ kind: "malformed" });
    expect(await receiveFileUpload(requestOf(Buffer.from("a=b"), 100, { "content-type": "application/x-www-form-urlencoded" }), options)).toEqual({ kind: "malformed" });
    expect(leftOver()).toEqual([]);
  });
});

import { randomBytes } from "node:crypto";
import zlib from "node:zlib";
import { compressQuickly, precompress, splicedGzip, storedPiece } from "../../../server/cache/spliced-gzip";

describe("a gzip answer spliced from pieces compressed at different times (issue 27)", () => {
  const shared = ["<!doctype html><html><head><title>Macbeth</title>", "<main>".repeat(500) + "A shared chunk, the same for every member. ".repeat(200), "</main></html>"];

  it("decompresses, by zlib's own gunzip, to the pieces in order, and is far smaller than the page", () => {
    const chunks = shared.map(precompress);
    const parts = [storedPiece('<meta name="csrf-token" content="abc">'), compressQuickly("<p>Your note: &lt;mine&gt;</p>")];
    const answer = splicedGzip([chunks[0]!, parts[0]!, chunks[1]!, parts[1]!, chunks[2]!]);
    const page = shared[0]! + parts[0]!.plain.toString() + shared[1]! + parts[1]!.plain.toString() + shared[2]!;
    expect(zlib.gunzipSync(answer).toString()).toBe(page);
    expect(answer.length).toBeLessThan(Buffer.byteLength(page) / 5);
  });

  it("stores a part longer than one stored block (64 kB) in several, and skips empty pieces", () => {
    const long = randomBytes(150_000);
    const answer = splicedGzip([precompress(""), storedPiece(long), storedPiece(Buffer.alloc(0)), precompress("end")]);
    expect(zlib.gunzipSync(answer).equals(Buffer.concat([long, Buffer.from("end")]))).toBe(true);
  });

  it("is a whole gzip stream with only shared pieces, or none", () => {
    expect(zlib.gunzipSync(splicedGzip(shared.map(precompress))).toString()).toBe(shared.join(""));
    expect(zlib.gunzipSync(splicedGzip([])).toString()).toBe("");
  });
});

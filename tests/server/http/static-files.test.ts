import express from "express";
import http, { type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { preferredEncoding } from "../../../server/http/accept-encoding";
import { staticFiles } from "../../../server/http/static-files";

const script = "export const greeting = 'hello';\n".repeat(200);

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as they came over the wire (supertest would inflate them). */
  body: Buffer;
}

function rawGet(server: Server, url: string, headers: Record<string, string>): Promise<RawResponse> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: url, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

describe("static files: precompressed bundle copies", () => {
  let dir: string;
  let app: express.Express;
  let server: Server;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "static-files-"));
    mkdirSync(path.join(dir, "dist/assets"), { recursive: true });
    mkdirSync(path.join(dir, "images"));
    const asset = path.join(dir, "dist/assets/main-Ab12Cd34.js");
    writeFileSync(asset, script);
    writeFileSync(`${asset}.br`, brotliCompressSync(script));
    writeFileSync(`${asset}.gz`, gzipSync(script));
    writeFileSync(path.join(dir, "dist/assets/tiny-Zz99Yy88.css"), "a{}");
    writeFileSync(path.join(dir, "images/logo.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
    app = express();
    app.use("/static", staticFiles(dir, path.join(dir, "dist")));
    server = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
    });
  });
  afterAll(() => {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) => rawGet(server, url, acceptEncoding === undefined ? {} : { "Accept-Encoding": acceptEncoding });

  it("sends Brotli when it is accepted, whatever the header's order", async () => {
    const res = await get("/static/dist/assets/main-Ab12Cd34.js", "gzip, deflate, br, zstd");
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(res.body).toString()).toBe(script);
    expect(Number(res.headers["content-length"])).toBe(res.body.length);
  });

  it("sends gzip when Brotli is not accepted", async () => {
    const res = await get("/static/dist/assets/main-Ab12Cd34.js", "gzip, br;q=0");
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(gunzipSync(res.body).toString()).toBe(script);
  });

  it("sends the file itself when no compression is accepted, still with Vary", async () => {
    for (const header of [undefined, "identity", "deflate"]) {
      const res = await get("/static/dist/assets/main-Ab12Cd34.js", header ?? "");
      expect(res.headers["content-encoding"]).toBeUndefined();
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      expect(res.body.toString()).toBe(script);
    }
  });

  it("gives each representation its own ETag", async () => {
    const [br, gz, plain] = [await get("/static/dist/assets/main-Ab12Cd34.js", "br"), await get("/static/dist/assets/main-Ab12Cd34.js", "gzip"), await get("/static/dist/assets/main-Ab12Cd34.js", "")];
    expect(new Set([br.headers.etag, gz.headers.etag, plain.headers.etag]).size).toBe(3);
  });

  it("caches hashed bundle files for a year, and nothing else", async () => {
    const hashed = await get("/static/dist/assets/main-Ab12Cd34.js", "br");
    expect(hashed.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const plain = await get("/static/images/logo.svg", "br, gzip");
    expect(plain.headers["cache-control"]).toBe("public, max-age=3600");
    expect(plain.headers["cache-control"]).not.toContain("immutable");
    expect(plain.headers["content-encoding"]).toBeUndefined();
  });

  it("sends a file without copies as it is, without Vary", async () => {
    const res = await get("/static/dist/assets/tiny-Zz99Yy88.css", "br, gzip");
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
  });

  it("answers 304 to a revalidation of the compressed copy", async () => {
    const first = await get("/static/dist/assets/main-Ab12Cd34.js", "br");
    const again = await rawGet(server, "/static/dist/assets/main-Ab12Cd34.js", { "Accept-Encoding": "br", "If-None-Match": String(first.headers.etag) });
    expect(again.status).toBe(304);
  });
});

describe("preferredEncoding", () => {
  it("prefers Brotli, then gzip, and honours q=0 and *", () => {
    expect(preferredEncoding("gzip, deflate, br", ["br", "gzip"])).toBe("br");
    expect(preferredEncoding("gzip;q=1.0, br;q=0", ["br", "gzip"])).toBe("gzip");
    expect(preferredEncoding("*", ["br", "gzip"])).toBe("br");
    expect(preferredEncoding("*;q=0, identity", ["br", "gzip"])).toBe("identity");
    expect(preferredEncoding("deflate", ["br", "gzip"])).toBe("identity");
    expect(preferredEncoding(undefined, ["br", "gzip"])).toBe("identity");
    expect(preferredEncoding("BR", ["gzip"])).toBe("identity");
  });
});

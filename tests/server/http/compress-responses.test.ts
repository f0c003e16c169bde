import { brotliDecompressSync, gunzipSync } from "node:zlib";
import express from "express";
import { compressResponses } from "../../../server/http/compress-responses";
import { rawGet } from "./page-cache-support";

function app() {
  const served = express();
  served.use(compressResponses);
  const html = `<!doctype html>${"<p>A page of words.</p>".repeat(100)}`;
  served.get("/page/", (_req, res) => res.send(html));
  served.get("/big.json", (_req, res) => res.json({ words: "words ".repeat(400) }));
  served.get("/small.json", (_req, res) => res.json({ ok: true }));
  served.get("/image.png", (_req, res) => res.type("png").send(Buffer.alloc(4096)));
  return { served, html };
}

describe("compressResponses", () => {
  it("compresses HTML and JSON above 1 kB by Accept-Encoding, decompressing to the same bytes, with Vary", async () => {
    const { served, html } = app();
    const br = await rawGet(served, "/page/", { "Accept-Encoding": "gzip, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(br.headers.vary).toBe("Accept-Encoding");
    expect(brotliDecompressSync(br.body).toString()).toBe(html);
    const gzip = await rawGet(served, "/big.json", { "Accept-Encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(gzip.body).toString())).toEqual({ words: "words ".repeat(400) });
    expect(gzip.headers.etag).toBeDefined();
  });

  it("leaves small bodies, images and clients that ask for nothing alone", async () => {
    const { served } = app();
    for (const path of ["/small.json", "/image.png"]) {
      expect((await rawGet(served, path, { "Accept-Encoding": "br" })).headers["content-encoding"], path).toBeUndefined();
    }
    expect((await rawGet(served, "/page/")).headers["content-encoding"]).toBeUndefined();
  });
});

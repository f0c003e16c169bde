import type { RequestHandler, Response } from "express";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { MIN_COMPRESSED_BYTES } from "../cache/compressed-answer";
import { preferredEncoding } from "./accept-encoding";

/*
 * Compresses the HTML and JSON answers that are not kept in a cache (a
 * signed-in page, a first visit to a URL the page cache will not keep) as
 * res.send sends them: every dynamic answer goes through res.send (render and
 * json call it). Static files and kept answers arrive compressed and are left
 * alone. Compressing in the send call, synchronously, costs well under a
 * millisecond for a page at these settings (docs/performance.md).
 */

/** Brotli quality for per-request compression: about gzip 6's speed, a smaller result. */
const PER_REQUEST_BROTLI_QUALITY = 4;
const compressibleType = /^(text\/|application\/(json|javascript|xml|[\w.+-]+\+(json|xml))|image\/svg\+xml)/i;

export const compressResponses: RequestHandler = (req, res, next) => {
  const encoding = preferredEncoding(req.headers["accept-encoding"]);
  if (encoding === "identity" || req.method === "HEAD") return next();
  const send = res.send;
  res.send = function sendCompressed(this: Response, body?: unknown) {
    res.send = send;
    const raw = typeof body === "string" ? Buffer.from(body) : Buffer.isBuffer(body) ? body : undefined;
    if (!raw || raw.length < MIN_COMPRESSED_BYTES || !compressible(res, typeof body === "string")) return send.call(this, body);
    const compressed =
      encoding === "br"
        ? brotliCompressSync(raw, {
            params: { [constants.BROTLI_PARAM_QUALITY]: PER_REQUEST_BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
          })
        : gzipSync(raw, { level: 6 });
    res.setHeader("Content-Encoding", encoding);
    res.vary("Accept-Encoding");
    // Express's ETag is then the compressed body's: each encoding its own representation.
    return send.call(this, compressed);
  } as Response["send"];
  next();
};

/** Fixes the type a string body would have been given (Express: HTML, UTF-8) before it becomes a Buffer. */
function compressible(res: Response, isString: boolean): boolean {
  if (res.statusCode < 200 || res.statusCode === 204 || res.statusCode === 304 || res.getHeader("Content-Encoding") !== undefined) {
    return false;
  }
  if (/no-transform/i.test(String(res.getHeader("Cache-Control") ?? ""))) return false;
  let type = res.getHeader("Content-Type") as string | undefined;
  if (type === undefined) {
    if (!isString) return false;
    type = "text/html; charset=utf-8";
  } else if (isString && !/;\s*charset=/i.test(type)) {
    type = `${type}; charset=utf-8`;
  }
  if (!compressibleType.test(type)) return false;
  res.setHeader("Content-Type", type);
  return true;
}

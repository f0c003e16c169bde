import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/*
 * An answer kept ready to send: its bytes as they are, Brotli'd and gzipped,
 * each with its own ETag. Compressing is paid once per kept answer, not per
 * request (docs/performance.md, "Compression").
 */

export type ContentEncoding = "br" | "gzip" | "identity";
/** The encodings an answer can be kept compressed in, best first. */
export type ContentCoding = Exclude<ContentEncoding, "identity">;

export interface CompressedAnswer {
  contentType: string;
  /** The bytes as they are, and the compressed copies that `codings` names. */
  bodies: { identity: Buffer } & Partial<Record<ContentCoding, Buffer>>;
  /** The compressed copies there are: none for an answer too small to gain from one. */
  codings: readonly ContentCoding[];
  etags: { identity: string } & Partial<Record<ContentCoding, string>>;
  /** What keeping it costs: all its bodies. */
  bytes: number;
}

/**
 * How a kept answer is tagged. `strong`: one content hash, the encoding in
 * each tag. `weak`: each body's tag as Express computes it for a dynamic
 * answer, for answers that were sent through res.send before they were kept
 * (the search suggestions), so their clients see the tags they always had.
 */
export type ETagStyle = "strong" | "weak";

/** Below this a compressed body saves less than the headers and the CPU cost: sent as it is. */
export const MIN_COMPRESSED_BYTES = 1024;

/**
 * Brotli quality for kept answers. Measured on the home page (38 kB of HTML):
 * quality 5 takes under 1 ms and is within a few per cent of quality 9's size;
 * 9 and up cost several ms to over 60 ms (11) for a few hundred bytes more,
 * and a new URL (any query string) pays it on the request path.
 */
export const KEPT_BROTLI_QUALITY = 5;

const JSON_TYPE = "application/json; charset=utf-8";

export function compressAnswer(raw: Buffer, contentType: string, etagStyle: ETagStyle = "strong"): CompressedAnswer {
  const tag = etagStyle === "strong" ? strongTagger(raw) : weakTag;
  if (raw.length < MIN_COMPRESSED_BYTES) {
    return { contentType, bodies: { identity: raw }, codings: [], etags: { identity: tag(raw, "identity") }, bytes: raw.length };
  }
  const br = brotliCompressSync(raw, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: KEPT_BROTLI_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });
  const gzip = gzipSync(raw, { level: 6 });
  return {
    contentType,
    bodies: { br, gzip, identity: raw },
    codings: ["br", "gzip"],
    etags: { br: tag(br, "br"), gzip: tag(gzip, "gzip"), identity: tag(raw, "identity") },
    bytes: raw.length + br.length + gzip.length,
  };
}

/** `value` as a kept JSON answer. */
export function compressJsonAnswer(value: unknown, etagStyle: ETagStyle = "strong"): CompressedAnswer {
  return compressAnswer(Buffer.from(JSON.stringify(value)), JSON_TYPE, etagStyle);
}

/** One hash of the content; the encoding is part of each tag, since each body is its own representation. */
function strongTagger(raw: Buffer): (body: Buffer, encoding: ContentEncoding) => string {
  const hash = createHash("sha256").update(raw).digest("base64url").slice(0, 27);
  return (_body, encoding) => (encoding === "identity" ? `"${hash}"` : `"${hash}-${encoding === "br" ? "br" : "gz"}"`);
}

/** Express's weak ETag of the bytes sent (the `etag` package's). */
function weakTag(body: Buffer): string {
  return `W/"${body.length.toString(16)}-${createHash("sha1").update(body).digest("base64").slice(0, 27)}"`;
}

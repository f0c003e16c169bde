import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/*
 * An answer ready to send: its bytes as they are, Brotli'd and gzipped, each
 * with its own ETag. Each copy is made once per answer, not per request
 * (docs/performance.md, "Compression"): all at once for an answer kept to be
 * sent again and again (a page, an instances API week), or only when a
 * request first asks for that encoding, for answers that are mostly sent once
 * (search suggestions and school search, a new query on each pause in typing).
 */

export type ContentEncoding = "br" | "gzip" | "identity";
/** The encodings an answer can be kept compressed in, best first. */
export type ContentCoding = Exclude<ContentEncoding, "identity">;

/** One body of an answer, as sent in one encoding. */
export interface Representation {
  body: Buffer;
  etag: string;
}

export interface CompressedAnswer {
  contentType: string;
  /** The encodings it can be sent in besides identity: none for an answer too small to gain from one. */
  codings: readonly ContentCoding[];
  /** Its body and ETag in `encoding` (identity, or one of `codings`): made on first ask, then kept with the answer. */
  representation(encoding: ContentEncoding): Representation;
  /** What keeping it costs now: the bodies made so far. */
  readonly bytes: number;
}

/**
 * How a kept answer is tagged. `strong`: one content hash, the encoding in
 * each tag. `weak`: each body's tag as Express computes it for a dynamic
 * answer, for answers that were sent through res.send before they were kept
 * (the search suggestions), so their clients see the tags they always had.
 */
export type ETagStyle = "strong" | "weak";

/** `eager`: every copy now (kept and sent many times); `on-demand`: each copy when first asked for. */
export type CompressionTiming = "eager" | "on-demand";

/** Below this a compressed body saves less than the headers and the CPU cost: sent as it is. */
export const MIN_COMPRESSED_BYTES = 1024;

/**
 * Brotli quality for kept answers. Measured on the home page (38 kB of HTML):
 * quality 5 takes under 1 ms and is within a few per cent of quality 9's size;
 * 9 and up cost several ms to over 60 ms (11) for a few hundred bytes more,
 * and a new URL (any query string) pays it on the request path.
 */
export const KEPT_BROTLI_QUALITY = 5;

/**
 * Brotli quality for a copy made on demand: a search answer of about 3 kB,
 * likely sent once. Measured on 2,000 school search answers (2.9 kB of JSON
 * each): quality 1 about 18 µs for 470 bytes, 4 about 31 µs for 400, 5 about
 * 45 µs for 384; gzip level 6 about 31 µs for 426 (docs/search.md).
 */
export const ON_DEMAND_BROTLI_QUALITY = 2;

const JSON_TYPE = "application/json; charset=utf-8";
const GZIP_LEVEL = 6;

export function compressAnswer(raw: Buffer, contentType: string, etagStyle: ETagStyle = "strong", timing: CompressionTiming = "eager"): CompressedAnswer {
  const codings: readonly ContentCoding[] = raw.length < MIN_COMPRESSED_BYTES ? [] : ["br", "gzip"];
  const tag = etagStyle === "strong" ? strongTagger(raw) : weakTag;
  const brotliQuality = timing === "eager" ? KEPT_BROTLI_QUALITY : ON_DEMAND_BROTLI_QUALITY;
  const made: Partial<Record<ContentEncoding, Representation>> = {};
  let bytes = 0;
  const representation = (encoding: ContentEncoding): Representation => {
    let found = made[encoding];
    if (found === undefined) {
      const body = encoding === "identity" ? raw : encoding === "br" ? brotli(raw, brotliQuality) : gzipSync(raw, { level: GZIP_LEVEL });
      found = { body, etag: tag(body, encoding) };
      made[encoding] = found;
      bytes += body.length;
    }
    return found;
  };
  if (timing === "eager") for (const encoding of ["identity", ...codings] as const) representation(encoding);
  return {
    contentType,
    codings,
    representation,
    get bytes() {
      return bytes;
    },
  };
}

/** `value` as a JSON answer. */
export function compressJsonAnswer(value: unknown, etagStyle: ETagStyle = "strong", timing: CompressionTiming = "eager"): CompressedAnswer {
  return compressAnswer(Buffer.from(JSON.stringify(value)), JSON_TYPE, etagStyle, timing);
}

function brotli(raw: Buffer, quality: number): Buffer {
  return brotliCompressSync(raw, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });
}

/** One hash of the content (made when the first tag is); the encoding is part of each tag, since each body is its own representation. */
function strongTagger(raw: Buffer): (body: Buffer, encoding: ContentEncoding) => string {
  let hash: string | undefined;
  return (_body, encoding) => {
    hash ??= createHash("sha256").update(raw).digest("base64url").slice(0, 27);
    return encoding === "identity" ? `"${hash}"` : `"${hash}-${encoding === "br" ? "br" : "gz"}"`;
  };
}

/** Express's weak ETag of the bytes sent (the `etag` package's). */
function weakTag(body: Buffer): string {
  return `W/"${body.length.toString(16)}-${createHash("sha1").update(body).digest("base64").slice(0, 27)}"`;
}

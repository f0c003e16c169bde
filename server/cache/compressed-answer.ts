import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/*
 * An answer ready to send: its bytes as they are, Brotli'd and gzipped, each
 * with its own ETag. Each copy is made once per answer, not per request
 * (docs/performance.md, "Compression"): all at once for an answer kept to be
 * sent again and again (a page, an instances API week), or on demand for
 * answers that are mostly sent once (search suggestions and school search, a
 * new query on each pause in typing): a small one goes out as it is the first
 * time, and its compressed copy is made only when it is asked for again.
 */

export type ContentEncoding = "br" | "gzip" | "identity";
/** The encodings an answer can be kept compressed in, best first. */
export type ContentCoding = Exclude<ContentEncoding, "identity">;

/** One body of an answer, as sent in one encoding. */
export interface Representation {
  encoding: ContentEncoding;
  body: Buffer;
  etag: string;
}

export interface CompressedAnswer {
  contentType: string;
  /** The encodings it can be sent in besides identity: none for an answer too small to gain from one. */
  codings: readonly ContentCoding[];
  /**
   * What to send a request that prefers `encoding` (identity, or one of `codings`): that body and its ETag, made on
   * first ask and then kept with the answer; or, for a small on-demand answer asked in that encoding for the first
   * time, the body as it is (its `encoding` says which was given).
   */
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

/**
 * `eager`: every copy now (kept and sent many times); `on-demand`: each copy when it is asked for, and for an answer
 * under ON_DEMAND_UNCOMPRESSED_BYTES only from the second ask in that encoding (the first gets the bytes as they are).
 */
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

/**
 * An on-demand answer under this is sent as it is the first time it is asked for in an encoding: most are sent
 * only once, and compressing one (about 3 kB of JSON) cost a distinct school search about 50 µs of its 200 µs of
 * server CPU (docs/search.md), while the bytes saved fit in TCP's first flight either way (10 segments, about
 * 14 kB), so a phone waits for no extra round trip. An answer asked for again gets its compressed copy.
 */
export const ON_DEMAND_UNCOMPRESSED_BYTES = 8 * 1024;

const JSON_TYPE = "application/json; charset=utf-8";
const GZIP_LEVEL = 6;

export function compressAnswer(raw: Buffer, contentType: string, etagStyle: ETagStyle = "strong", timing: CompressionTiming = "eager"): CompressedAnswer {
  const codings: readonly ContentCoding[] = raw.length < MIN_COMPRESSED_BYTES ? [] : ["br", "gzip"];
  const tag = etagStyle === "strong" ? strongTagger(raw) : weakTag;
  const brotliQuality = timing === "eager" ? KEPT_BROTLI_QUALITY : ON_DEMAND_BROTLI_QUALITY;
  const made: Partial<Record<ContentEncoding, Representation>> = {};
  /** Encodings asked for once and given the bytes as they are (on demand, small answers): the next ask makes the copy. */
  const askedOnce: ContentEncoding[] | undefined = timing === "on-demand" && raw.length < ON_DEMAND_UNCOMPRESSED_BYTES ? [] : undefined;
  let bytes = 0;
  const representation = (encoding: ContentEncoding): Representation => {
    let found = made[encoding];
    if (found === undefined) {
      if (encoding !== "identity" && askedOnce !== undefined && !askedOnce.includes(encoding)) {
        askedOnce.push(encoding);
        return representation("identity");
      }
      const body = encoding === "identity" ? raw : encoding === "br" ? brotli(raw, brotliQuality) : gzipSync(raw, { level: GZIP_LEVEL });
      found = { encoding, body, etag: tag(body, encoding) };
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

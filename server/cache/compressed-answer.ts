import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/*
 * An answer kept ready to send: its bytes as they are, Brotli'd and gzipped,
 * each with its own strong ETag. Compressing is paid once per kept answer,
 * not per request (docs/performance.md, "Compression").
 */

export type ContentEncoding = "br" | "gzip" | "identity";

export interface CompressedAnswer {
  contentType: string;
  bodies: Record<ContentEncoding, Buffer>;
  etags: Record<ContentEncoding, string>;
  /** What keeping it costs: all three bodies. */
  bytes: number;
}

/**
 * Brotli quality for kept answers. Measured on the home page (38 kB of HTML):
 * quality 5 takes under 1 ms and is within a few per cent of quality 9's size;
 * 9 and up cost several ms to over 60 ms (11) for a few hundred bytes more,
 * and a new URL (any query string) pays it on the request path.
 */
export const KEPT_BROTLI_QUALITY = 5;

export function compressAnswer(raw: Buffer, contentType: string): CompressedAnswer {
  const br = brotliCompressSync(raw, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: KEPT_BROTLI_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });
  const gzip = gzipSync(raw, { level: 6 });
  // One hash of the content; the encoding is part of each ETag, since each body is its own representation.
  const hash = createHash("sha256").update(raw).digest("base64url").slice(0, 27);
  return {
    contentType,
    bodies: { br, gzip, identity: raw },
    etags: { br: `"${hash}-br"`, gzip: `"${hash}-gz"`, identity: `"${hash}"` },
    bytes: raw.length + br.length + gzip.length,
  };
}

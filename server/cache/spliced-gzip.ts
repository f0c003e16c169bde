import zlib from "node:zlib";

/*
 * One gzip answer from pieces compressed at different times (issue 27): a
 * member's page is its shared chunks, compressed once when the page is
 * kept, with the member's own parts between them, made per request.
 *
 * Deflate allows it. Each shared chunk is compressed as a raw deflate stream
 * of its own and ended with a sync flush, so it stops on a byte boundary,
 * with no final block and no reference to bytes before it; streams like that
 * can follow one another. A member's part goes between them as stored
 * (uncompressed) blocks: a few kB, not worth a compressor's set-up on every
 * request. An empty final block ends the stream, and gzip's trailer takes
 * the CRC-32 and length of everything (node:zlib's crc32, one pass). Brotli
 * has no such seams, so these answers are gzip.
 */

/** A piece of the page compressed ahead of time, with its plain bytes for the trailer's checksum. */
export interface PrecompressedPiece {
  plain: Buffer;
  deflated: Buffer;
}

/** Level 6, as kept pages' gzip copies (docs/performance.md, "Compression"). */
export function precompress(text: string): PrecompressedPiece {
  const plain = Buffer.from(text);
  return { plain, deflated: zlib.deflateRawSync(plain, { level: 6, finishFlush: zlib.constants.Z_SYNC_FLUSH }) };
}

/** A per-request piece, compressed fast: level 1 and a 1 kB window, whose compressor is cheap to set up. */
export function compressQuickly(text: string): PrecompressedPiece {
  const plain = Buffer.from(text);
  return { plain, deflated: zlib.deflateRawSync(plain, { level: 1, windowBits: 10, memLevel: 4, finishFlush: zlib.constants.Z_SYNC_FLUSH }) };
}

const gzipHeader = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff]);
/** BFINAL set, fixed Huffman codes, no symbols but the end of block. */
const finalEmptyBlock = Buffer.from([0x03, 0x00]);
const MAX_STORED_BLOCK = 0xffff;

/** `plain` as stored deflate blocks (not final), which need no compressor. */
function storedBlocks(plain: Buffer): Buffer[] {
  const blocks: Buffer[] = [];
  for (let offset = 0; offset < plain.length; offset += MAX_STORED_BLOCK) {
    const slice = plain.subarray(offset, offset + MAX_STORED_BLOCK);
    const header = Buffer.alloc(5);
    // BFINAL 0, BTYPE 00 (stored); the previous piece ended on a byte boundary, so this byte starts the block.
    header.writeUInt16LE(slice.length, 1);
    header.writeUInt16LE(~slice.length & 0xffff, 3);
    blocks.push(header, slice);
  }
  return blocks;
}

/** The gzip member of `pieces` in order: precompressed pieces as they are, plain ones (a member's parts) stored. */
export function splicedGzip(pieces: readonly (PrecompressedPiece | Buffer)[]): Buffer {
  const parts: Buffer[] = [gzipHeader];
  let crc = 0;
  let length = 0;
  for (const piece of pieces) {
    const plain = Buffer.isBuffer(piece) ? piece : piece.plain;
    if (plain.length === 0) continue;
    crc = zlib.crc32(plain, crc);
    length += plain.length;
    if (Buffer.isBuffer(piece)) parts.push(...storedBlocks(piece));
    else parts.push(piece.deflated);
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  parts.push(finalEmptyBlock, trailer);
  return Buffer.concat(parts);
}

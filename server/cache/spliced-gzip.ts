import zlib from "node:zlib";
import { crc32Combine, crc32Shift } from "./crc32-combine";

/*
 * One gzip answer from pieces compressed at different times (issue 27): a
 * member's page is its shared chunks, compressed once when the page is
 * kept, with the member's own parts between them.
 *
 * Deflate allows it. Each shared chunk is compressed as a raw deflate stream
 * of its own and ended with a sync flush, so it stops on a byte boundary,
 * with no final block and no reference to bytes before it; streams like that
 * can follow one another. A member's part goes between them as stored
 * (uncompressed) blocks, or, when long, compressed quickly the same way. An
 * empty final block ends the stream, and gzip's trailer takes the CRC-32 and
 * length of everything: each piece carries its own CRC, combined per answer
 * (crc32-combine.ts), so no byte is checksummed twice. Brotli has no such
 * seams, so these answers are gzip.
 */

/** A piece of a spliced answer: its plain bytes, the same as byte-aligned deflate blocks (not final), and their CRC-32. */
export interface SplicePiece {
  plain: Buffer;
  deflated: Buffer;
  crc: number;
  /** crc32Shift(plain.length). */
  shift: number;
}

function pieceOf(plain: Buffer, deflated: Buffer): SplicePiece {
  return { plain, deflated, crc: zlib.crc32(plain), shift: crc32Shift(plain.length) };
}

/** Level 6, as kept pages' gzip copies (docs/performance.md, "Compression"). */
export function precompress(text: string): SplicePiece {
  const plain = Buffer.from(text);
  return pieceOf(plain, zlib.deflateRawSync(plain, { level: 6, finishFlush: zlib.constants.Z_SYNC_FLUSH }));
}

/** Compressed fast: level 1 and a 1 kB window, whose compressor is cheap to set up. */
export function compressQuickly(text: string): SplicePiece {
  const plain = Buffer.from(text);
  return pieceOf(plain, zlib.deflateRawSync(plain, { level: 1, windowBits: 10, memLevel: 4, finishFlush: zlib.constants.Z_SYNC_FLUSH }));
}

const MAX_STORED_BLOCK = 0xffff;

/** Stored (uncompressed) deflate blocks, which need no compressor: for a short part. */
export function storedPiece(text: string | Buffer): SplicePiece {
  const plain = Buffer.isBuffer(text) ? text : Buffer.from(text);
  const blocks: Buffer[] = [];
  for (let offset = 0; offset < plain.length; offset += MAX_STORED_BLOCK) {
    const slice = plain.subarray(offset, offset + MAX_STORED_BLOCK);
    const header = Buffer.alloc(5);
    // BFINAL 0, BTYPE 00 (stored); the previous piece ended on a byte boundary, so this byte starts the block.
    header.writeUInt16LE(slice.length, 1);
    header.writeUInt16LE(~slice.length & 0xffff, 3);
    blocks.push(header, slice);
  }
  return pieceOf(plain, Buffer.concat(blocks));
}

const gzipHeader = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff]);
/** BFINAL set, fixed Huffman codes, no symbols but the end of block. */
const finalEmptyBlock = Buffer.from([0x03, 0x00]);

/** The gzip member of `pieces` in order. */
export function splicedGzip(pieces: readonly SplicePiece[]): Buffer {
  const parts: Buffer[] = [gzipHeader];
  let crc = 0;
  let length = 0;
  for (const piece of pieces) {
    if (piece.plain.length === 0) continue;
    crc = crc32Combine(crc, piece.crc, piece.shift);
    length += piece.plain.length;
    parts.push(piece.deflated);
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  parts.push(finalEmptyBlock, trailer);
  return Buffer.concat(parts);
}

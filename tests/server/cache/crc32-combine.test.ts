import { randomBytes } from "node:crypto";
import zlib from "node:zlib";
import { crc32Combine, crc32Shift } from "../../../server/cache/crc32-combine";

describe("CRC-32 of joined byte strings from their own CRCs (issue 27)", () => {
  it("equals node:zlib's CRC-32 of the joined bytes, for lengths from 0 to past 64 kB", () => {
    for (const [lengthA, lengthB] of [[0, 0], [0, 7], [5, 0], [1, 1], [13, 255], [256, 1024], [4097, 65_537], [100_000, 3]]) {
      const a = randomBytes(lengthA!);
      const b = randomBytes(lengthB!);
      expect(crc32Combine(zlib.crc32(a), zlib.crc32(b), crc32Shift(b.length))).toBe(zlib.crc32(Buffer.concat([a, b])));
    }
  });

  it("folds many pieces in order, starting from the empty string's CRC", () => {
    const pieces = Array.from({ length: 20 }, (_, index) => randomBytes(index * 37));
    const folded = pieces.reduce((crc, piece) => crc32Combine(crc, zlib.crc32(piece), crc32Shift(piece.length)), 0);
    expect(folded).toBe(zlib.crc32(Buffer.concat(pieces)));
  });
});

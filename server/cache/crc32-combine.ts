/*
 * CRC-32 of two byte strings joined, from each one's CRC and the second's
 * length (zlib's crc32_combine, in the form zlib 1.2.12 took: one
 * multiplication modulo the CRC polynomial). node:zlib has crc32 but not its
 * combine. With it, a spliced gzip answer (spliced-gzip.ts) checksums only
 * the bytes made for the request, not the kept chunks around them again.
 */

/** The CRC-32 polynomial, reflected. */
const POLY = 0xedb88320;
/** The polynomials 1 and x, reflected. */
const X0 = 0x80000000;
const X1 = 0x40000000;

/** a(x) * b(x) modulo p(x), both reflected. */
function multiplyModP(a: number, b: number): number {
  let product = 0;
  for (let bit = X0; bit !== 0; bit >>>= 1) {
    if (a & bit) {
      product ^= b;
      if ((a & (bit - 1)) === 0) break;
    }
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo p(x), k = 0..31. */
const powersOfTwo: number[] = [];
for (let k = 0, power = X1; k < 32; k++, power = multiplyModP(power, power)) powersOfTwo.push(power >>> 0);

/** What moves a CRC past `length` bytes: x^(8·length) modulo p(x). Work it out once per piece, when it is kept. */
export function crc32Shift(length: number): number {
  let power = X0;
  // 8·length = length·2^3: start at x^(2^3).
  for (let k = 3, n = length; n > 0; n = Math.floor(n / 2), k++) {
    if (n % 2) power = multiplyModP(powersOfTwo[k % 32]!, power);
  }
  return power >>> 0;
}

/** The CRC-32 of A then B, from A's CRC, B's CRC and crc32Shift(B's length). */
export function crc32Combine(crcA: number, crcB: number, shiftB: number): number {
  return (multiplyModP(shiftB, crcA) ^ crcB) >>> 0;
}

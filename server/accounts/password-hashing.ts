import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

/*
 * Password hashes: scrypt from node:crypto, stored as
 * `scrypt$N$r$p$salt$hash` (salt and hash base64), so the cost can be raised
 * later and old hashes still verify with the parameters they were made with.
 */

export interface ScryptParameters {
  N: number;
  r: number;
  p: number;
}

/** N=2^17, r=8, p=1: about 128 MiB and a few hundred milliseconds per hash (OWASP's scrypt minimum). */
export const DEFAULT_SCRYPT_PARAMETERS: ScryptParameters = { N: 2 ** 17, r: 8, p: 1 };

const SALT_BYTES = 16;
const HASH_BYTES = 32;
// Node's default maxmem (32 MiB) is below the 128 * N * r bytes this cost needs.
const MAX_MEMORY_BYTES = 256 * 1024 * 1024;
// A stored hash asking for more than this is corrupt or hostile, not a real cost setting.
const MAX_N = 2 ** 20;

function deriveKey(password: string, salt: Buffer, parameters: ScryptParameters, length: number): Promise<Buffer> {
  const options: ScryptOptions = { ...parameters, maxmem: MAX_MEMORY_BYTES };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFC"), salt, length, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(
  password: string,
  parameters: ScryptParameters = DEFAULT_SCRYPT_PARAMETERS,
): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await deriveKey(password, salt, parameters, HASH_BYTES);
  return ["scrypt", parameters.N, parameters.r, parameters.p, salt.toString("base64"), hash.toString("base64")].join("$");
}

interface StoredHash extends ScryptParameters {
  salt: Buffer;
  hash: Buffer;
}

function parseStoredHash(stored: string): StoredHash | undefined {
  const [scheme, N, r, p, salt, hash, ...rest] = stored.split("$");
  if (scheme !== "scrypt" || rest.length > 0 || !salt || !hash) return undefined;
  const parameters = { N: Number(N), r: Number(r), p: Number(p) };
  const isPowerOfTwo = Number.isInteger(Math.log2(parameters.N));
  const sane = isPowerOfTwo && parameters.N > 1 && parameters.N <= MAX_N && parameters.r >= 1 && parameters.r <= 32 && parameters.p >= 1 && parameters.p <= 16;
  if (!sane) return undefined;
  const hashBytes = Buffer.from(hash, "base64");
  return hashBytes.length === 0 ? undefined : { ...parameters, salt: Buffer.from(salt, "base64"), hash: hashBytes };
}

/** True when the password matches. A malformed stored hash never matches. Compared in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseStoredHash(stored);
  if (!parsed) return false;
  const candidate = await deriveKey(password, parsed.salt, parsed, parsed.hash.length);
  return timingSafeEqual(candidate, parsed.hash);
}

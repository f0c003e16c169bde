/** The encodings the server can send a precompressed answer in, best first. */
export type ContentCoding = "br" | "gzip";

/**
 * The best of `available` that the Accept-Encoding header allows, or
 * undefined for the uncompressed answer. The server's order decides (Brotli
 * is smaller than gzip), not the header's: browsers list gzip first with the
 * same weight. `q=0` refuses a coding, `*` covers any not named.
 */
export function preferredEncoding(header: string | undefined, available: readonly ContentCoding[]): ContentCoding | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name = "", ...parameters] = part.trim().toLowerCase().split(";");
    const q = parameters.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((value) => value !== undefined);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  return available.find((coding) => (weights.get(coding) ?? weights.get("*") ?? 0) > 0);
}

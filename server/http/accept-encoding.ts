import type { ContentCoding, ContentEncoding } from "../cache/compressed-answer";

/*
 * The encoding to send for an Accept-Encoding header: Brotli, else gzip, else
 * none. The server's order decides (Brotli is smaller), not the header's:
 * browsers list gzip first with the same weight. Honours `q=0` (refused) and
 * `*`. Browsers send a handful of distinct headers, so each header's accepted
 * codings are remembered.
 */

const BEST_FIRST: readonly ContentCoding[] = ["br", "gzip"];
const remembered = new Map<string, ReadonlySet<ContentCoding>>();
const REMEMBERED_HEADERS = 64;

/** The best of `available` (by default both) that the header allows, or "identity" for the uncompressed answer. */
export function preferredEncoding(header: string | undefined, available: readonly ContentCoding[] = BEST_FIRST): ContentEncoding {
  if (!header) return "identity";
  const accepted = acceptedCodings(header);
  return BEST_FIRST.find((coding) => accepted.has(coding) && available.includes(coding)) ?? "identity";
}

function acceptedCodings(header: string): ReadonlySet<ContentCoding> {
  const known = remembered.get(header);
  if (known) return known;
  const weights = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name = "", ...parameters] = part.trim().toLowerCase().split(";");
    const q = parameters.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((value) => value !== undefined);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weightOf = (name: string) => weights.get(name) ?? weights.get("*") ?? 0;
  const accepted = new Set(BEST_FIRST.filter((coding) => weightOf(coding) > 0 || (coding === "gzip" && (weights.get("x-gzip") ?? 0) > 0)));
  if (remembered.size >= REMEMBERED_HEADERS) remembered.clear();
  remembered.set(header, accepted);
  return accepted;
}

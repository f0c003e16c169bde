import type { ContentEncoding } from "../cache/compressed-answer";

/*
 * The encoding to send for an Accept-Encoding header: Brotli, else gzip, else
 * none. Honours `q=0` (refused) and `*`. Browsers send a handful of distinct
 * headers, so answers are remembered per header text.
 */

const remembered = new Map<string, ContentEncoding>();
const REMEMBERED_HEADERS = 64;

export function preferredEncoding(header: string | undefined): ContentEncoding {
  if (!header) return "identity";
  const known = remembered.get(header);
  if (known) return known;
  const encoding = parse(header);
  if (remembered.size >= REMEMBERED_HEADERS) remembered.clear();
  remembered.set(header, encoding);
  return encoding;
}

function parse(header: string): ContentEncoding {
  const weights = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name = "", ...parameters] = part.trim().toLowerCase().split(";");
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: string) => weights.get(name) ?? weights.get("*") ?? 0;
  if (weightOf("br") > 0) return "br";
  if (weightOf("gzip") > 0 || (weights.get("x-gzip") ?? 0) > 0) return "gzip";
  return "identity";
}

import type { IncomingMessage, ServerResponse } from "node:http";
import type { CompressedAnswer } from "../compressed-answer";
import { preferredEncoding } from "../../http/accept-encoding";

/** What `sendCompressedAnswer` says about the answer, besides its bytes. */
export interface AnswerHeaders {
  /** Always includes Accept-Encoding. */
  vary: string;
  cacheControl: string;
  /** `X-Cache: hit` or `miss` for the page cache (docs/performance.md, "Reading the headers"). */
  cacheState?: "hit" | "miss";
}

/** A kept answer and what is said about it: all it takes to send it, from Express or from the front door. */
export interface KeptReply {
  answer: CompressedAnswer;
  headers: AnswerHeaders;
}

/**
 * Sends a kept answer in the encoding the client prefers, or 304 when the
 * client's If-None-Match already names that representation's ETag. Plain
 * node:http, so the Express routes and the front door (front-door.ts) send
 * kept answers through this one function.
 */
export function sendCompressedAnswer(req: IncomingMessage, res: ServerResponse, answer: CompressedAnswer, headers: AnswerHeaders): void {
  const { encoding, body, etag } = answer.representation(preferredEncoding(req.headers["accept-encoding"], answer.codings));
  res.setHeader("ETag", etag);
  res.setHeader("Vary", headers.vary);
  res.setHeader("Cache-Control", headers.cacheControl);
  if (headers.cacheState) res.setHeader("X-Cache", headers.cacheState);
  if (matches(req.headers["if-none-match"], etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.statusCode = 200;
  res.setHeader("Content-Type", answer.contentType);
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  if (req.method === "HEAD") res.end();
  else res.end(body);
}

/** If-None-Match uses the weak comparison: a W/ prefix, on either side, does not matter. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = withoutWeakPrefix(etag);
  return ifNoneMatch.split(",").some((tag) => withoutWeakPrefix(tag.trim()) === opaque);
}

function withoutWeakPrefix(tag: string): string {
  return tag.startsWith("W/") ? tag.slice(2) : tag;
}

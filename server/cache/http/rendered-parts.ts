import { byteLru } from "../byte-lru";
import { compressQuickly, storedPiece, type SplicePiece } from "../spliced-gzip";
import { renderPart, type SharedPage } from "../../views/personal-parts";

/*
 * A member's parts, rendered once per distinct params (issue 27;
 * docs/performance.md, "The member lane"). A part is its macro's output for
 * its params, and a macro sees nothing else (views/personal-parts.ts), so
 * equal params give equal markup: a member who views a page again, nothing
 * of theirs changed, is sent the bytes made the first time, not rendered,
 * encoded and checksummed again. The key is the kept page (whose macros
 * render it), the part, and its params as JSON: all the markup comes from.
 * So no part is sent to a member unless their own params are the ones it
 * was rendered from; a part that names its member (a note's key, the CSRF
 * token, the account link) is never another member's. The params are still
 * read for every request: only the rendering is saved.
 */

/**
 * A part this long or longer is compressed (quickly), once; shorter ones go
 * as stored blocks. A compressor's set-up costs tens of µs, more than a
 * short part gains, and a resource page has seven parts of 0.1–3 kB, so
 * only a part the size of My account's <main> (about 14 kB) is worth it.
 */
const COMPRESSED_PART_LENGTH = 8 * 1024;

/** Params whose JSON is longer than this are rendered every time, not kept. */
const MAX_PARAMS_JSON = 16 * 1024;

export interface RenderedParts {
  /** Part `index` of the page kept as `pageId`, for these params: kept, or rendered now and kept. */
  piece(pageId: number, page: SharedPage, index: number, params: unknown): SplicePiece;
}

export function renderedParts(maxBytes: number): RenderedParts {
  const kept = byteLru<SplicePiece>(maxBytes);
  return {
    piece(pageId, page, index, params) {
      const json = jsonKeyOf(params);
      const key = json === undefined ? undefined : `${pageId} ${index} ${json}`;
      const found = key === undefined ? undefined : kept.get(key);
      if (found) return found;
      const markup = renderPart(page.parts[index]!, params);
      const piece = markup.length >= COMPRESSED_PART_LENGTH ? compressQuickly(markup) : storedPiece(markup);
      if (key !== undefined) kept.set(key, piece, key.length + piece.plain.length + piece.deflated.length);
      return piece;
    },
  };
}

/** Outside production (the tests), params are checked to be plain data: read once, not per part. */
const CHECKS_PARAMS = process.env.NODE_ENV !== "production";

/** The params as a key, or undefined when they are too long to keep. */
function jsonKeyOf(params: unknown): string | undefined {
  if (CHECKS_PARAMS) assertPlainData(params, "params");
  const json = JSON.stringify(params) ?? "undefined";
  return json.length <= MAX_PARAMS_JSON ? json : undefined;
}

/**
 * JSON.stringify writes a Map or a Set as `{}` and leaves a function out, so
 * params holding one could share a key with params that render differently.
 * Every part's params are plain data today; outside production (the tests),
 * a part given anything else fails at once, so one added later cannot slip in.
 */
function assertPlainData(value: unknown, path: string): void {
  if (value === null || typeof value !== "object") {
    if (typeof value === "function" || typeof value === "symbol" || typeof value === "bigint") throw new Error(`A personal part's params hold a ${typeof value} at ${path}`);
    return;
  }
  if (value instanceof Map || value instanceof Set || value instanceof WeakMap || value instanceof WeakSet) {
    throw new Error(`A personal part's params hold a ${value.constructor.name} at ${path}: give it plain data`);
  }
  // Serialised by its own toJSON (a Date, the lazily issued CSRF token): what the macro prints.
  if (typeof (value as { toJSON?: unknown }).toJSON === "function") return;
  for (const [key, item] of Object.entries(value)) assertPlainData(item, `${path}.${key}`);
}

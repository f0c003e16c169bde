import type { IncomingMessage, ServerResponse } from "node:http";
import type { Request, Response } from "express";
import { byteLru } from "../byte-lru";
import { precompress, splicedGzip, type SplicePiece } from "../spliced-gzip";
import { preferredEncoding } from "../../http/accept-encoding";
import { PartSlots, paramsOfParts, splitAtParts, type SharedPage } from "../../views/personal-parts";
import { renderedParts, type RenderedParts } from "./rendered-parts";
import { RefreshClaims } from "../refresh-claims";

/*
 * A member's page as the shared part, rendered once, plus their own parts
 * (issue 27; docs/performance.md, "A member's page"). The shared part is the
 * page every member sees (a resource's whole body, its activities, the
 * layout), rendered for a neutral member with each personal part a marker
 * (views/personal-parts.ts), split there, and kept: its chunks plain and as
 * sync-flushed deflate, under the site's content version and for at most
 * `ttlMs`, as the visitors' page cache keeps pages. Each request reads the
 * member's params for their parts (the CSRF token's meta tag, the header's
 * account links, a flash notice, and the page's own: the tools panel, each
 * activity's note), has them rendered by the very macros the template names
 * (rendered-parts.ts keeps a part's bytes for the same params), and sends
 * the chunks with the parts between them: gzip spliced from the kept deflate
 * and the parts' own blocks (cache/spliced-gzip.ts), or plain. The shared
 * render has no member in it, and a member's part is only ever sent for
 * params read on that request from their own data. The answer is personal
 * (`Cache-Control: private, no-store`, http/personal-responses.ts).
 */

/** What the shared render of a page needs, and what its parts will need to know of it. */
export interface SharedRender<Meta> {
  /** The template's context for a neutral member: everything but the layout's own locals. */
  context: Record<string, unknown>;
  /** What the page's parts are built from (ids, titles), kept with it so a kept page needs no query. */
  meta: Meta;
}

export interface MemberPageRequest<Meta> {
  view: string;
  /** The shared render's context, or undefined when there is no such page (the route then answers as usual: a 404). */
  shared(): Promise<SharedRender<Meta> | undefined>;
  /** This member's params for the page's own parts, by part name; undefined when the page is not theirs to see whole (the route renders it as usual). */
  parts(meta: Meta): Promise<Record<string, unknown> | undefined>;
}

export interface MemberPages {
  /** Sends the page for the signed-in member; false when it did not (no such page, or not a member's), having sent nothing. */
  send<Meta>(req: Request, res: Response, page: MemberPageRequest<Meta>): Promise<boolean>;
  /**
   * The shared part of `view` at `url` if it is kept at the site's current
   * version, never rendering one: for the member lane (http/member-lane.ts),
   * which answers without Express and leaves a page not yet kept to it.
   */
  kept(view: string, url: string): Promise<KeptMemberPage | undefined>;
}

/** A kept shared part, ready for one member's parts. */
export interface KeptMemberPage {
  meta: unknown;
  /** The page with these parts (the layout's, from `memberLayoutParts`, and the page's own), rendered now; the function writes it and ends the answer. */
  compose(req: IncomingMessage, parts: Readonly<Record<string, unknown>>): (res: ServerResponse) => void;
}

/** What the layout's own personal parts are rendered from (templates/layouts/base.njk). */
export interface MemberLayout {
  currentPath: string;
  currentUser: unknown;
  csrfToken: unknown;
  flash: unknown;
}

/**
 * The layout's own parts' params for this request. The header's account
 * links need only these three of the header's params (siteHeaderAccount):
 * the fewer, the shorter the key its rendering is kept under (rendered-parts.ts).
 */
export function memberLayoutParts({ currentPath, currentUser, csrfToken, flash }: MemberLayout): Record<string, unknown> {
  return {
    "csrf-meta": csrfToken,
    "header-account": { currentPath, currentUser, csrfToken },
    flash,
  };
}

interface KeptShared {
  /** Unique in the process: the rendered parts' key for this page's macros. */
  id: number;
  version: number;
  storedAt: number;
  page: SharedPage;
  pieces: SplicePiece[];
  meta: unknown;
}

/** Addresses longer than this are rendered whole every time. */
const MAX_KEY_LENGTH = 512;

/** Stands in for the member in the shared render: signed in (the layout's signed-in shape), and nobody. */
const NEUTRAL_MEMBER = Object.freeze({ id: 0, email: "", firstName: "", lastName: "", prefixId: -1, ownMemberships: [] });

/** Members' rendered parts are kept up to this share of the bytes kept for shared parts. */
const RENDERED_PARTS_SHARE = 0.5;

export function memberPages(options: { readVersion: () => Promise<number>; maxBytes: number; ttlMs: number; now?: () => number }): MemberPages {
  const kept = byteLru<KeptShared>(options.maxBytes);
  const parts = renderedParts(options.maxBytes * RENDERED_PARTS_SHARE);
  let lastId = 0;
  const now = options.now ?? Date.now;

  const refreshes = new RefreshClaims(now);

  /**
   * The entry kept under `key` if it may be sent, and the version it was checked against. Past its TTL (same
   * version), one request renders it again (`claims`: Express's, which renders) while the others are sent it as it
   * was (refresh-claims.ts); the member lane, which never renders, is sent it only while such a render is under way.
   */
  async function current(key: string, renders: boolean): Promise<{ version: number; found: KeptShared | undefined }> {
    const version = await options.readVersion();
    const found = kept.get(key);
    if (!found || found.version !== version) return { version, found: undefined };
    if (now() - found.storedAt < options.ttlMs) return { version, found };
    const sendAsItWas = renders ? !refreshes.claim(key) : refreshes.underWay(key);
    return { version, found: sendAsItWas ? found : undefined };
  }

  async function sharedPage<Meta>(req: Request, res: Response, page: MemberPageRequest<Meta>): Promise<KeptShared | undefined> {
    const key = `${page.view} ${req.originalUrl}`;
    const { version, found } = await current(key, true);
    if (found) return found;
    const shared = await page.shared();
    if (!shared) return undefined;
    const slots = new PartSlots();
    const html = await renderShared(res, page.view, { ...layoutLocals(res), ...shared.context, personalParts: slots });
    const split = splitAtParts(html, slots);
    const entry: KeptShared = { id: ++lastId, version, storedAt: now(), page: split, pieces: split.chunks.map(precompress), meta: shared.meta };
    if (req.originalUrl.length <= MAX_KEY_LENGTH) {
      const bytes = entry.pieces.reduce((sum, piece) => sum + piece.plain.length + piece.deflated.length, key.length);
      kept.set(key, entry, bytes);
    }
    refreshes.done(key);
    return entry;
  }

  return {
    async send(req, res, page) {
      const entry = await sharedPage(req, res, page);
      if (!entry) return false;
      const own = await page.parts(entry.meta as Parameters<typeof page.parts>[0]);
      if (!own) return false;
      const { currentUser, currentPath, csrfToken } = res.locals;
      composePage(req, entry, parts, { ...memberLayoutParts({ currentPath: String(currentPath), currentUser, csrfToken, flash: res.locals.flash }), ...own })(res);
      return true;
    },
    async kept(view, url) {
      const { found } = await current(`${view} ${url}`, false);
      return found && { meta: found.meta, compose: (req, params) => composePage(req, found, parts, params) };
    },
  };
}

/** The kept chunks with this member's parts between them (gzip spliced when gzip is accepted, plain otherwise), and what writes them. */
function composePage(req: IncomingMessage, entry: KeptShared, rendered: RenderedParts, params: Readonly<Record<string, unknown>>): (res: ServerResponse) => void {
  const gzip = preferredEncoding(req.headers["accept-encoding"], ["gzip"]) === "gzip";
  const partParams = paramsOfParts(entry.page, params);
  const pieces: SplicePiece[] = [];
  entry.pieces.forEach((piece, index) => {
    pieces.push(piece);
    if (index < partParams.length) pieces.push(rendered.piece(entry.id, entry.page, index, partParams[index]));
  });
  const body = gzip ? splicedGzip(pieces) : Buffer.concat(pieces.map((piece) => piece.plain));
  return (res) => {
    res.statusCode = 200;
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("Vary", "Accept-Encoding");
    if (gzip) res.setHeader("Content-Encoding", "gzip");
    res.setHeader("Content-Length", body.length);
    res.end(req.method === "HEAD" ? undefined : body);
  };
}

/** The layout's locals that are the same for every member of this page (page-locals.ts), read one by one: `flash` is spent when read. */
function layoutLocals(res: Response): Record<string, unknown> {
  const { site, currentPath, canonicalPath, indexable, currentYear, cspNonce } = res.locals;
  return { site, currentPath, canonicalPath, indexable, currentYear, cspNonce, currentUser: NEUTRAL_MEMBER, csrfToken: "", csrfTokenIssued: false, flash: undefined };
}

function renderShared(res: Response, view: string, context: Record<string, unknown>): Promise<string> {
  return new Promise((resolve, reject) => res.app.render(view, context, (error: Error | null, html?: string) => (error ? reject(error) : resolve(html ?? ""))));
}

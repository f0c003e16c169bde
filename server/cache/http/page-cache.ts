import type { IncomingMessage } from "node:http";
import type { Request, RequestHandler, Response } from "express";
import { RefreshClaims } from "../refresh-claims";
import { byteLru } from "../byte-lru";
import { compressAnswer, type CompressedAnswer } from "../compressed-answer";
import { sendCompressedAnswer, type AnswerHeaders, type KeptReply } from "./kept-answer-response";
import { asksForJson } from "../../http/errors";
import { cookieTest, existingSession } from "../../http/session/session-middleware";

/*
 * The anonymous page cache (docs/performance.md, "The page cache"). A page
 * rendered for a visitor who sent no session cookie is kept, compressed, keyed
 * by its address and the site's content version (migration 0018), and the
 * next such visitor gets the kept bytes without a render. Kept only when the
 * answer is a 200 HTML page (or the sitemap's XML), nobody is signed in, no CSRF token was issued and
 * no cookie is set: decided from the final headers, as they are written.
 */

/**
 * What a shared cache (and the browser) may do with an anonymous page: keep
 * it, but ask again every time (a 304 when nothing changed), so a change or a
 * sign-in shows at once. Vary: Cookie keeps a cache from answering a request
 * that carries a session cookie with a visitor's page.
 */
export const ANONYMOUS_PAGE_CACHE_CONTROL = "no-cache";
export const ANONYMOUS_PAGE_VARY = "Accept-Encoding, Cookie";

/** Addresses longer than this are rendered every time, not kept. */
const MAX_KEY_LENGTH = 512;

export interface PageCacheOptions {
  /** The session cookie's name: a request carrying it is never answered from the cache. */
  sessionCookieName: string;
  /** Reads the site-wide content version; called once per cacheable request. */
  readVersion: () => Promise<number>;
  maxBytes: number;
  /** Bounds how late time-based changes show (this week's listings, a resource dated in the future). */
  ttlMs: number;
  now?: () => number;
}

interface KeptPage {
  version: number;
  storedAt: number;
  answer: CompressedAnswer;
}

/** What the cache has for an address: the kept page, or (a miss) how to keep the page about to be rendered. */
export type PageLookup = { reply: KeptReply; keep?: undefined } | { reply?: undefined; keep: (answer: CompressedAnswer) => void };

/**
 * The kept pages. The Express middleware (anonymousPageCache) and the front
 * door (front-door.ts) both ask it, so "which request may have a kept page"
 * and "the kept page, with its headers" are decided in one place.
 */
export interface PageCache {
  /** A visitor's page request: GET or HEAD, no session cookie, not asking for JSON, no body. */
  serves(req: IncomingMessage): boolean;
  /** The kept page for `url` (the address as sent), or how to keep it; undefined for an address too long to keep. */
  lookup(url: string): Promise<PageLookup | undefined>;
}

const HIT_HEADERS: AnswerHeaders = { vary: ANONYMOUS_PAGE_VARY, cacheControl: ANONYMOUS_PAGE_CACHE_CONTROL, cacheState: "hit" };
const MISS_HEADERS: AnswerHeaders = { ...HIT_HEADERS, cacheState: "miss" };

export function pageCache(options: PageCacheOptions): PageCache {
  const pages = byteLru<KeptPage>(options.maxBytes);
  const now = options.now ?? Date.now;
  const sendsSessionCookie = cookieTest(options.sessionCookieName);
  const refreshes = new RefreshClaims(now);

  return {
    serves: (req) => isVisitorPageRequest(req) && !sendsSessionCookie(req.headers.cookie),
    async lookup(url) {
      const key = cacheKeyOf(url);
      if (key === undefined) return undefined;
      const version = await options.readVersion();
      const kept = pages.get(key);
      // Past its TTL, one request renders it again while the others are sent it as it was (refresh-claims.ts).
      if (kept && kept.version === version && (now() - kept.storedAt < options.ttlMs || !refreshes.claim(key))) {
        return { reply: { answer: kept.answer, headers: HIT_HEADERS } };
      }
      return {
        keep: (answer) => {
          pages.set(key, { version, storedAt: now(), answer }, answer.bytes + key.length);
          refreshes.done(key);
        },
      };
    },
  };
}

/** The page cache as Express middleware: a kept page is sent, a miss is rendered by the routes and kept when it may be. */
export function anonymousPageCache(cache: PageCache): RequestHandler {
  return async (req, res, next) => {
    if (!cache.serves(req)) return next();
    const found = await cache.lookup(req.originalUrl);
    if (found?.reply) return sendCompressedAnswer(req, res, found.reply.answer, found.reply.headers);
    if (found) keepWhatIsRendered(req, res, found.keep);
    next();
  };
}

/**
 * Catches the page as the route sends it (res.send, which res.render calls)
 * and sends it compressed; keeps it once the final headers (written after
 * every other hook, since this wraps writeHead before the session does) show
 * nothing personal.
 */
function keepWhatIsRendered(req: Request, res: Response, keep: (answer: CompressedAnswer) => void): void {
  let candidate: CompressedAnswer | undefined;
  const send = res.send;
  res.send = function sendForCache(this: Response, body?: unknown) {
    res.send = send;
    if (!isCacheablePage(res, body)) return send.call(this, body);
    candidate = compressAnswer(Buffer.from(body), keptContentTypeOf(res));
    sendCompressedAnswer(req, res, candidate, MISS_HEADERS);
    return this;
  } as Response["send"];

  const writeHead = res.writeHead;
  res.writeHead = function writeHeadThenKeep(this: Response, ...args: Parameters<Response["writeHead"]>) {
    if (candidate) {
      if (isPersonal(req, res)) {
        // Not the visitor page it looked like: send it as the personal answer it is, with nothing to revalidate.
        res.removeHeader("ETag");
        res.removeHeader("X-Cache");
      } else {
        keep(candidate);
      }
    }
    return writeHead.apply(this, args);
  } as Response["writeHead"];
}

/** HTML pages, and the XML of the sitemap (docs/seo.md), which changes with the same content version. */
const keptContentType = /^(text\/html|application\/xml)\b/i;

/** The route's type when it set one (the sitemap's XML), else the HTML that res.send would have given a string. */
function keptContentTypeOf(res: Response): string {
  const type = res.getHeader("Content-Type");
  return type === undefined ? "text/html; charset=utf-8" : String(type);
}

function isCacheablePage(res: Response, body: unknown): body is string {
  if (res.statusCode !== 200 || typeof body !== "string" || res.getHeader("Content-Encoding") !== undefined) return false;
  const type = res.getHeader("Content-Type");
  if (type !== undefined && !keptContentType.test(String(type))) return false;
  const cacheControl = res.getHeader("Cache-Control");
  return cacheControl === undefined || !/no-store|private/i.test(String(cacheControl));
}

/** Signed in, a CSRF token issued (a form), or a cookie set: never kept, never shared. */
function isPersonal(req: Request, res: Response): boolean {
  return Boolean(req.currentUser) || typeof existingSession(req)?.csrfToken === "string" || res.getHeader("Set-Cookie") !== undefined;
}

/**
 * A GET or HEAD asking for a page. An API-style request (an /api/ path, the
 * widgets' X-Requested-With, Accept: application/json) renders pages without
 * their shared context, so it is neither answered from nor kept in the cache;
 * nor is a request that says it has a body (Content-Type), which a page does not take.
 */
function isVisitorPageRequest(req: IncomingMessage): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const url = (req as { originalUrl?: string }).originalUrl ?? req.url ?? "";
  return !url.startsWith("/api/") && req.headers["content-type"] === undefined && !asksForJson(req.headers);
}

/**
 * The path as sent, and the query string with its parameters in name order
 * (one name's values keep their order) and one encoding, so `?b=1&a=2` and
 * `?a=2&b=1` share an entry. Undefined when it is too long to keep.
 */
export function cacheKeyOf(originalUrl: string): string | undefined {
  if (originalUrl.length > MAX_KEY_LENGTH) return undefined;
  const queryStart = originalUrl.indexOf("?");
  if (queryStart === -1) return originalUrl;
  const query = new URLSearchParams(originalUrl.slice(queryStart + 1));
  query.sort();
  const normalised = query.toString();
  return normalised === "" ? originalUrl.slice(0, queryStart) : `${originalUrl.slice(0, queryStart)}?${normalised}`;
}

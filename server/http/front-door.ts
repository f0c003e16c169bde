import type { IncomingMessage, ServerResponse } from "node:http";
import { parse as parseQuery, type ParsedUrlQuery } from "node:querystring";
import type { AccessLog } from "../logging";
import { sendCompressedAnswer, type KeptReply } from "../cache/http/kept-answer-response";
import type { PageCache } from "../cache/http/page-cache";
import { comesBefore, isAccessLogged, requestPipeline, type LayerName } from "./pipeline";
import { setSecurityHeaders, type SecurityHeaderSet } from "./security-headers";
import { cookieTest } from "./session/session-middleware";
import type { MemberLane } from "./member-lane";

/*
 * The front door (docs/performance.md, "The front door"): a plain node:http
 * handler in front of Express that gives the answers which need no Express at
 * all, as a static file server would: /healthz, answers already kept in one
 * of the caches (pages, the instances API, search suggestions), and school
 * search, kept or searched now (its in-memory index needs nothing Express
 * gives), for a GET or HEAD without a session cookie; and, with one, a
 * member's kept page when nothing in their session needs Express (the
 * member lane, http/member-lane.ts). Everything else, and every other miss,
 * goes to Express untouched, which answers and fills the
 * caches as before. The caches' own lookups and sendCompressedAnswer decide and
 * write the bytes and headers, so both paths give the same answer.
 */

/** A route whose answers the front door may give: the same lookup its Express route fills (or, for school search, the same search it runs). */
export interface FrontDoorRoute {
  /** The path exactly as sent (its Express route's case and slash variants are left to Express). */
  path: string;
  /** The layer of server/http/pipeline.ts its Express route sits in: whether it is access-logged follows from it. */
  layer: LayerName;
  /** The reply for this query (parsed as Express parses it), or undefined for Express to answer. */
  lookup(query: ParsedUrlQuery): Promise<KeptReply | undefined>;
}

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void;

export interface FrontDoorOptions {
  /** Express: whatever the front door does not answer. */
  express: NodeHandler;
  /** The security headers every answer carries; undefined (development's per-response nonce) sends everything to Express. */
  securityHeaders: SecurityHeaderSet | undefined;
  /** Answers by exact path that need no I/O and are the same for anyone, cookie or not (/healthz). Not access-logged. */
  fixedAnswers: ReadonlyMap<string, (res: ServerResponse) => void>;
  routes: readonly FrontDoorRoute[];
  /** Undefined when the page cache is off. */
  pageCache: PageCache | undefined;
  sessionCookieName: string;
  accessLog: AccessLog;
  /** A signed-in member's kept pages (http/member-lane.ts); undefined when the page cache is off. */
  memberLane?: MemberLane;
}

/*
 * What the front door replicates, checked against the declared order when
 * this module loads, so reordering the pipeline cannot leave the two paths
 * answering differently: it sets the security headers first, as Express's
 * first layer does; it answers only before sessions (it never reads one);
 * /healthz is Express's probe layer, which is not access-logged; kept pages
 * are logged exactly when the page-cache layer sits after the logger.
 */
if (
  requestPipeline[0].name !== "security-headers" ||
  isAccessLogged("health-probes") ||
  !comesBefore("page-cache", "sessions") ||
  !isAccessLogged("feature-routes")
) {
  throw new Error("server/http/pipeline.ts: the front door replicates security headers first, unlogged probes, a page cache before sessions and logged feature routes");
}

export function frontDoor(options: FrontDoorOptions): NodeHandler {
  const { express, securityHeaders, fixedAnswers, pageCache, accessLog, memberLane } = options;
  if (!securityHeaders) return express;
  const routes = new Map(options.routes.map((route) => [route.path, { lookup: route.lookup, accessLogged: isAccessLogged(route.layer) }]));
  const keptPagesLogged = isAccessLogged("page-cache");
  const memberPagesLogged = isAccessLogged("feature-routes");
  const sendsSessionCookie = cookieTest(options.sessionCookieName);

  /** Writes a found answer after the security headers (and the access log's line); nothing found is Express's. */
  const answer = (req: IncomingMessage, res: ServerResponse, write: ((res: ServerResponse) => void) | undefined, accessLogged: boolean) => {
    if (!write) return express(req, res);
    setSecurityHeaders(res, securityHeaders);
    if (accessLogged) accessLog.logAnswer(req, res);
    write(res);
  };
  // A lookup that fails is left to Express, which meets the same failure and answers it as it always has.
  const answerWhenFound = (req: IncomingMessage, res: ServerResponse, lookup: Promise<((res: ServerResponse) => void) | undefined>, accessLogged: boolean) =>
    lookup.then(
      (write) => answer(req, res, write, accessLogged),
      () => express(req, res),
    );
  const keptReplyWriter = (req: IncomingMessage) => (reply: KeptReply | undefined) =>
    reply && ((res: ServerResponse) => sendCompressedAnswer(req, res, reply.answer, reply.headers));

  return (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") return express(req, res);
    const url = req.url ?? "/";
    const queryStart = url.indexOf("?");
    const path = queryStart === -1 ? url : url.slice(0, queryStart);

    const fixed = fixedAnswers.get(path);
    if (fixed) {
      setSecurityHeaders(res, securityHeaders);
      return fixed(res);
    }
    if (path.startsWith("/static/")) return express(req, res);
    if (sendsSessionCookie(req.headers.cookie)) {
      // A member's page is a feature route's answer, logged as every route after the logger is.
      const lane = memberLane?.(req, path);
      return lane ? void answerWhenFound(req, res, lane, memberPagesLogged) : express(req, res);
    }

    const route = routes.get(path);
    if (route) return void answerWhenFound(req, res, route.lookup(parseQuery(queryStart === -1 ? "" : url.slice(queryStart + 1))).then(keptReplyWriter(req)), route.accessLogged);
    if (!pageCache?.serves(req)) return express(req, res);
    void answerWhenFound(
      req,
      res,
      pageCache.lookup(url).then((found) => keptReplyWriter(req)(found?.reply)),
      keptPagesLogged,
    );
  };
}

import type { IncomingMessage, ServerResponse } from "node:http";
import type session from "express-session";
import type { SessionData } from "express-session";
import type { CurrentUser } from "../accounts";
import { memberLayoutParts } from "../cache/http/member-pages";
import type { SessionPersonSource } from "./session-user";
import { PERSONAL_CACHE_CONTROL } from "./personal-responses";
import { ROLL_RESOLUTION_MS } from "./session/rolling-expiry";
import { rollingSessionCookie, signedSessionCookie, type SessionCookieOptions } from "./session/session-cookie";

/*
 * The member lane (issue 27; docs/performance.md, "The member lane"): a
 * signed-in member's GET of a page kept for members (cache/http/member-pages.ts),
 * answered at the front door without Express, express-session or the
 * middleware stack, whose fixed cost alone is several times the page's own.
 *
 * It answers only what needs none of what it skips. The session must be one
 * that this answer leaves exactly as express-session would: signed in, its
 * CSRF token already issued, nothing in it but the sign-in's own fields (no
 * flash notice, note draft or wizard progress to spend), within its absolute
 * lifetime, and its stored expiry less than a minute behind (so no touch is
 * due: rolling-expiry.ts). Its person must be current (the same source, and
 * the same auth_version check, as loadCurrentUser), and the page's shared
 * part already kept. Anything else, and any failure, goes to Express
 * untouched, which answers as it always has.
 */

/** What a lane route is given: the member, and the layout's parts for them. */
export interface LaneMember {
  user: CurrentUser;
  csrfToken: string;
  /** The address as sent (Express's `originalUrl`). */
  currentPath: string;
  /** The layout's own parts for this member (memberLayoutParts): every lane page has them. */
  layoutParts: Record<string, unknown>;
}

/** A page the lane may answer. */
export interface MemberLaneRoute {
  /** Whether the path is this route's. */
  matches(path: string): boolean;
  /** The member's page, composed now, and what writes it; undefined leaves the request to Express, nothing sent. */
  compose(req: IncomingMessage, member: LaneMember): Promise<((res: ServerResponse) => void) | undefined>;
}

export interface MemberLaneOptions {
  store: session.Store;
  cookie: SessionCookieOptions;
  absoluteLifetimeMs: number;
  sessionPerson: SessionPersonSource["sessionPerson"];
  routes: readonly MemberLaneRoute[];
  now?: () => number;
}

/** For a path the lane serves: a promise of the answer's writer (undefined: Express answers). Undefined for any other path. */
export type MemberLane = (req: IncomingMessage, path: string) => Promise<((res: ServerResponse) => void) | undefined> | undefined;

/** The fields a session may hold for the lane to answer: a signed-in session and nothing pending in it. */
const LANE_SESSION_KEYS = new Set(["cookie", "createdAt", "userId", "authVersion", "csrfToken"]);

export function memberLane(options: MemberLaneOptions): MemberLane {
  const now = options.now ?? Date.now;

  async function compose(route: MemberLaneRoute, req: IncomingMessage) {
    const sessionCookie = signedSessionCookie(req.headers.cookie, options.cookie);
    if (!sessionCookie) return undefined;
    const sessionId = sessionCookie.id;
    const at = now();
    const signedIn = laneSession(await storedSession(options.store, sessionId), at, options);
    if (!signedIn) return undefined;
    const user = await options.sessionPerson(sessionId, signedIn.userId, signedIn.authVersion);
    if (!user) return undefined;
    const currentPath = req.url ?? "/";
    // Nothing to spend in the session (laneSession), so no flash notice.
    const layoutParts = memberLayoutParts({ currentPath, currentUser: user, csrfToken: signedIn.csrfToken, flash: undefined });
    const write = await route.compose(req, { user, csrfToken: signedIn.csrfToken, currentPath, layoutParts });
    if (!write) return undefined;
    const cookie = rollingSessionCookie(sessionCookie, options.cookie, at);
    return (res: ServerResponse) => {
      res.setHeader("Set-Cookie", cookie);
      res.setHeader("Cache-Control", PERSONAL_CACHE_CONTROL);
      write(res);
    };
  }

  return (req, path) => {
    const route = options.routes.find((candidate) => candidate.matches(path));
    return route && compose(route, req);
  };
}

function storedSession(store: session.Store, sessionId: string): Promise<SessionData | null | undefined> {
  return new Promise((resolve, reject) => store.get(sessionId, (error: unknown, data?: SessionData | null) => (error ? reject(toError(error)) : resolve(data))));
}

/** The signed-in session's fields when the lane may answer for it as express-session would leave it; undefined otherwise. */
function laneSession(
  data: SessionData | null | undefined,
  at: number,
  options: Pick<MemberLaneOptions, "cookie" | "absoluteLifetimeMs">,
): { userId: number; authVersion: number | undefined; csrfToken: string } | undefined {
  if (!data) return undefined;
  if (Object.keys(data).some((key) => !LANE_SESSION_KEYS.has(key))) return undefined;
  const { userId, authVersion, createdAt } = data;
  const csrfToken: unknown = (data as { csrfToken?: unknown }).csrfToken;
  if (typeof userId !== "number" || typeof csrfToken !== "string" || typeof createdAt !== "number") return undefined;
  if (at - createdAt >= options.absoluteLifetimeMs) return undefined;
  const storedExpiry = data.cookie?.expires ? new Date(data.cookie.expires).getTime() : Number.NaN;
  // Express touches the store when the roll would move the stored expiry on by more than the resolution; so must it here.
  if (!(storedExpiry > at) || at + options.cookie.maxAgeMs - storedExpiry > ROLL_RESOLUTION_MS) return undefined;
  return { userId, authVersion, csrfToken };
}

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

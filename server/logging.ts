import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import pino, { type DestinationStream, type Logger } from "pino";
import type { LogLevel } from "./config";
import { answeredStatus } from "./http/quiet-refusals";

export type { Logger } from "pino";

/** Field names whose values never reach the logs, at any of the first four levels of nesting. */
const secretFieldNames = [
  "password",
  "Password",
  "NewPassword",
  "new_password",
  "current_password",
  "password_hash",
  "token",
  "csrfToken",
  "_csrf",
  "sessionSecret",
];

export const redactedPaths = [
  "req.headers.cookie",
  "req.headers.authorization",
  'req.headers["x-csrftoken"]',
  'res.headers["set-cookie"]',
  ...secretFieldNames.flatMap((name) => [name, `*.${name}`, `*.*.${name}`, `*.*.*.${name}`]),
];

/** JSON lines to stdout (or `destination`, which tests use to read the output). */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options = { level, redact: { paths: redactedPaths, censor: "[redacted]" } };
  return destination ? pino(options, destination) : pino(options);
}

const probePaths = new Set(["/healthz", "/readyz"]);

/** A share link's token in a path, plain or percent-encoded (a login `next`): the address is the link's secret. */
const shareTokenInUrl = /(\/|%2F)resources(\/|%2F)shared(\/|%2F)[A-Za-z0-9_-]{43}/gi;

/** A CSRF token in a query string (a file upload's form sends it there: server/http/csrf.ts). */
const csrfTokenInQuery = /([?&]_csrf=)[^&#]*/g;

/** The URL as logged: share tokens and CSRF tokens replaced, so the access log cannot be used to open anyone's link or forge their form. */
export function redactShareTokens(url: string): string {
  return url.replace(shareTokenInUrl, "$1resources$2shared$3[redacted]").replace(csrfTokenInQuery, "$1[redacted]");
}

/*
 * The access log (issue 27: it replaced pino-http, whose lines it writes field
 * for field). pino-http made a child logger for every request, serialising its
 * `req` binding, whether or not anything logged through it: about a tenth of a
 * signed-in member's request. Here a request costs its `req` fields, a start
 * time and three listeners; `req.log` is made only when first read, and the
 * line skips the redaction it cannot need (AccessLineLoggers).
 */

/** An access line's `req`: no headers, and no share-link or CSRF tokens in the URL. */
interface AccessLineRequest {
  /** A request number, per access log (and so per process), as pino-http's default genReqId counts. */
  id: number;
  method: string | undefined;
  url: string;
  remoteAddress: string | undefined;
}

declare module "http" {
  interface IncomingMessage {
    /** The app's logger with this request's access-line `req` bound (made on first read), as pino-http's `req.log` was. */
    log: Logger;
  }
}

/** The address as sent: Express's `originalUrl` (its `url` loses a router's mount path), the plain `url` before Express. */
function requestUrl(req: IncomingMessage): string {
  return (req as { originalUrl?: string }).originalUrl ?? req.url ?? "";
}

/** Read when the request arrives, as pino-http did: a socket closed by then (a client abort) no longer knows its peer. */
function accessLineRequest(req: IncomingMessage, id: number): AccessLineRequest {
  return {
    id,
    method: req.method,
    url: redactShareTokens(requestUrl(req)),
    remoteAddress: req.socket?.remoteAddress,
  };
}

/** What `req.log`'s getter needs; kept on the request under a symbol. */
interface RequestLogSource {
  logger: Logger;
  request: AccessLineRequest;
  made?: Logger;
}

const requestLogSource = Symbol("requestLogSource");

/*
 * One getter shared by every request: a getter made per request would give
 * each request object its own hidden class (V8 then keeps its properties in a
 * slow dictionary, for every later read of `req.anything`).
 */
const requestLogProperty: PropertyDescriptor = {
  configurable: true,
  enumerable: true,
  get(this: IncomingMessage & { [requestLogSource]: RequestLogSource }): Logger {
    const source = this[requestLogSource];
    return (source.made ??= source.logger.child({ req: source.request }));
  },
};

/** The access log, for Express (`middleware`) and for answers given before Express (the front door, `logAnswer`). */
export interface AccessLog {
  middleware: RequestHandler;
  /**
   * Logs an answer below 400 that is about to be sent outside Express: the
   * same access log, so the same line (fields, level, request ids). Skipped
   * outright when that line's level is off (LOG_LEVEL=warn, silent).
   */
  logAnswer(req: IncomingMessage, res: ServerResponse): void;
}

type AccessLineLevel = "debug" | "info" | "warn" | "error";

/** A successful answer's level: static files at debug (a page view fetches several), the rest at info. */
function successLevel(req: IncomingMessage): "debug" | "info" {
  return requestUrl(req).startsWith("/static/") ? "debug" : "info";
}

/** The line's level; `error` is the response's own 'error' event, if that ended it. */
function lineLevel(req: IncomingMessage, res: ServerResponse, error: Error | undefined): AccessLineLevel {
  // A client that hung up mid-body is its own doing, not a failure of ours (docs/faults.md).
  if (req.readableAborted) return "info";
  const status = answeredStatus(res);
  if (error || status >= 500) return "error";
  if (status >= 400) return "warn";
  return successLevel(req);
}

/**
 * Where access lines go: the app's logger and its redaction, or (`unredacted`)
 * the same logger without it, for a line holding only what `writeAccessLine`
 * built: no headers, no body, the URL's tokens already replaced, nothing for
 * a redaction path to find. Its wildcard paths (`*.password`, `*.*.token`, …)
 * cost about 60 µs a line, against 5 µs for the rest of it.
 */
interface AccessLineLoggers {
  logger: Logger;
  unredacted: Logger;
}

/** The line pino-http wrote once the response finished, closed or failed: same fields in the same order, same messages. */
function writeAccessLine(to: AccessLineLoggers, req: IncomingMessage, res: ServerResponse, request: AccessLineRequest, responseTime: number, error: Error | undefined): void {
  const level = lineLevel(req, res, error);
  if (!to.unredacted.isLevelEnabled(level)) return;
  // A quiet refusal (sent as 200) is logged as the refusal it is.
  const answer = { statusCode: answeredStatus(res) };
  if (error) {
    // An error the response emitted may carry fields of its own: redacted like any other line.
    to.logger[level]({ req: request, res: answer, err: error, responseTime }, "request errored");
  } else if (res.statusCode >= 500) {
    to.unredacted[level]({ req: request, res: answer, err: new Error(`failed with status code ${res.statusCode}`), responseTime }, "request errored");
  } else {
    to.unredacted[level]({ req: request, res: answer, responseTime }, !req.readableAborted && res.writableEnded ? "request completed" : "request aborted");
  }
}

/** Request ids run 1, 2, … and wrap at 2^31 − 1, as pino-http's default genReqId. */
const maxRequestId = 0x7fffffff;

/**
 * One line per request; health probes are left out so they don't drown the
 * rest, and static files that were served are logged at debug (a page view
 * fetches several). Failures are warn or error, static files included.
 */
export function accessLog(logger: Logger): AccessLog {
  const lineLoggers: AccessLineLoggers = { logger, unredacted: logger.child({}, { redact: [] }) };
  let lastId = 0;
  const follow = (req: IncomingMessage, res: ServerResponse) => {
    lastId = (lastId + 1) & maxRequestId;
    const request = accessLineRequest(req, lastId);
    (req as IncomingMessage & { [requestLogSource]: RequestLogSource })[requestLogSource] = { logger, request };
    Object.defineProperty(req, "log", requestLogProperty);
    if (probePaths.has(req.url ?? "")) return;
    const startedAt = Date.now();
    const done = (error?: Error) => {
      res.removeListener("close", done);
      res.removeListener("finish", done);
      res.removeListener("error", done);
      writeAccessLine(lineLoggers, req, res, request, Date.now() - startedAt, error);
    };
    res.on("close", done);
    res.on("finish", done);
    res.on("error", done);
  };
  return {
    middleware: (req, res, next) => {
      follow(req, res);
      next();
    },
    logAnswer: (req, res) => {
      if (logger.isLevelEnabled(successLevel(req))) follow(req, res);
    },
  };
}

/** The access log as Express middleware. */
export function httpLogger(logger: Logger): RequestHandler {
  return accessLog(logger).middleware;
}

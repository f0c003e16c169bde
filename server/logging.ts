import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import pino, { type DestinationStream, type Logger } from "pino";
import { pinoHttp } from "pino-http";
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

/**
 * The access log's view of a request and a response: no headers, and no
 * share-link tokens in the URL. pino-http's
 * default serialises every request header when it makes each request's
 * child logger (whether or not the line is written) and every response
 * header in the line: a dozen security headers per static file.
 */
const accessLogSerializers = {
  req: (req: IncomingMessage & { id?: unknown; originalUrl?: string }) => ({
    id: req.id,
    method: req.method,
    url: redactShareTokens(req.originalUrl ?? req.url ?? ""),
    remoteAddress: req.socket?.remoteAddress,
  }),
  // A quiet refusal (sent as 200) is logged as the refusal it is.
  res: (res: ServerResponse) => ({ statusCode: answeredStatus(res) }),
  err: pino.stdSerializers.err,
};

/** The access log, for Express (`middleware`) and for answers given before Express (the front door, `logAnswer`). */
export interface AccessLog {
  middleware: RequestHandler;
  /**
   * Logs an answer below 400 that is about to be sent outside Express: the
   * same pino-http instance, so the same line (fields, level, request ids).
   * Skipped outright when that line's level is off (LOG_LEVEL=warn, silent),
   * where pino-http would still build a child logger for nothing.
   */
  logAnswer(req: IncomingMessage, res: ServerResponse): void;
}

/** A successful answer's level: static files at debug (a page view fetches several), the rest at info. */
function successLevel(req: IncomingMessage): "debug" | "info" {
  return ((req as { originalUrl?: string }).originalUrl ?? req.url ?? "").startsWith("/static/") ? "debug" : "info";
}

/**
 * One line per request; health probes are left out so they don't drown the
 * rest, and static files that were served are logged at debug (a page view
 * fetches several). Failures are warn or error, static files included.
 */
export function accessLog(logger: Logger): AccessLog {
  const log = pinoHttp({
    logger,
    wrapSerializers: false,
    serializers: accessLogSerializers,
    autoLogging: { ignore: (req) => probePaths.has(req.url ?? "") },
    customLogLevel: (req, res, error) => {
      // A client that hung up mid-body is its own doing, not a failure of ours (docs/faults.md).
      if (req.readableAborted) return "info";
      const status = answeredStatus(res);
      if (error || status >= 500) return "error";
      if (status >= 400) return "warn";
      return successLevel(req);
    },
  });
  return {
    middleware: log,
    logAnswer: (req, res) => {
      if (logger.isLevelEnabled(successLevel(req))) log(req, res);
    },
  };
}

/** The access log as Express middleware. */
export function httpLogger(logger: Logger): RequestHandler {
  return accessLog(logger).middleware;
}



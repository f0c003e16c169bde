import type { RequestHandler } from "express";
import pino, { type DestinationStream, type Logger } from "pino";
import { pinoHttp } from "pino-http";
import type { LogLevel } from "./config";

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

/** The URL as logged: share tokens replaced, so the access log cannot be used to open anyone's link. */
export function redactShareTokens(url: string): string {
  return url.replace(shareTokenInUrl, "$1resources$2shared$3[redacted]");
}

/** One line per request; health probes are left out so they don't drown the rest. */
export function httpLogger(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
    autoLogging: { ignore: (req) => probePaths.has(req.url ?? "") },
    // pino-http hands over its own serialized request and response; only the places a URL can be are changed.
    serializers: { req: withoutShareTokensInRequest, res: withoutShareTokensInResponse },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info"),
  });
}

function withoutShareTokensInRequest(req: { url?: unknown; query?: unknown }): object {
  const query =
    req.query && typeof req.query === "object"
      ? Object.fromEntries(Object.entries(req.query).map(([name, value]) => [name, typeof value === "string" ? redactShareTokens(value) : value]))
      : req.query;
  return { ...req, url: typeof req.url === "string" ? redactShareTokens(req.url) : req.url, query };
}

function withoutShareTokensInResponse(res: { headers?: Record<string, unknown> }): object {
  const location = res.headers?.location;
  if (typeof location !== "string") return res;
  return { ...res, headers: { ...res.headers, location: redactShareTokens(location) } };
}

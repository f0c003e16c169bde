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

/** One line per request; health probes are left out so they don't drown the rest. */
export function httpLogger(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
    autoLogging: { ignore: (req) => probePaths.has(req.url ?? "") },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info"),
  });
}

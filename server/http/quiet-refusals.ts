import type { RequestHandler, Response } from "express";
import type { ServerResponse } from "node:http";

/*
 * A refusal the widget expects, answered so the browser logs no error
 * (docs/architecture.md, "Refusals without a red console line"). Chrome
 * prints "Failed to load resource: the server responded with a status of
 * 409" for every fetch answered 4xx, whatever the page does with it, and
 * nothing in the page can stop it. So a caller that asks (the widgets' http
 * client sends `Prefer: quiet-refusal`) gets a 4xx answer as 200 with the
 * status in `Refusal-Status` and the body unchanged; its client reads it back
 * as the same refusal. Every other caller (forms, scripts, tests, monitors)
 * gets the documented status. 5xx answers stay as they are: those are faults,
 * and worth a red line.
 */

export const QUIET_REFUSAL_PREFERENCE = "quiet-refusal";
export const REFUSAL_STATUS_HEADER = "Refusal-Status";

export const quietRefusals: RequestHandler = (req, res, next) => {
  const prefer = String(req.headers.prefer ?? "");
  if (!prefer.split(",").some((token) => token.trim().toLowerCase() === QUIET_REFUSAL_PREFERENCE)) return next();
  res.vary("Prefer");
  const writeHead = res.writeHead;
  res.writeHead = function writeHeadQuietly(this: Response, ...args: Parameters<Response["writeHead"]>) {
    const status = typeof args[0] === "number" ? args[0] : res.statusCode;
    if (status >= 400 && status < 500) {
      res.setHeader(REFUSAL_STATUS_HEADER, String(status));
      res.setHeader("Preference-Applied", QUIET_REFUSAL_PREFERENCE);
      // Never kept by a cache as if it were the resource.
      res.setHeader("Cache-Control", "no-store");
      args[0] = 200;
      res.statusMessage = "OK";
    }
    return writeHead.apply(this, args);
  } as Response["writeHead"];
  next();
};

/** The status the answer stands for: a quiet refusal's own (for the access log), else the one sent. */
export function answeredStatus(res: ServerResponse): number {
  const refusal = Number(res.getHeader(REFUSAL_STATUS_HEADER));
  return Number.isInteger(refusal) && refusal >= 400 ? refusal : res.statusCode;
}

import type { ErrorRequestHandler, RequestHandler, Response } from "express";
import { isDatabaseUnavailable } from "../db/unavailable";
import { isRedisUnavailable } from "../redis";
import type { SiteSettings } from "../pages";
import { DEFAULT_RETRY_AFTER_SECONDS, ServiceUnavailableError } from "../shared/errors";
import { HttpError, isApiRequest, notFound, TooManyRequestsError } from "./errors";

const bodyLimitText = "100 kB";

/** Headings for the error page, and messages for errors raised without one. */
const statusTexts: Record<number, { title: string; message: string }> = {
  400: { title: "We couldn't read that request", message: "Check what you entered and try again." },
  403: { title: "You can't do that here", message: "Reload the page and try again. If it keeps happening, sign in again." },
  404: { title: "Page not found", message: "Check the address is typed correctly, or go to the home page to find what you need." },
  405: { title: "That action isn't available here", message: "Go back to the previous page and try again." },
  413: { title: "That was too much to send", message: `Send less than ${bodyLimitText} at once, then try again.` },
  415: { title: "We couldn't read that request", message: "Send the form again from the page." },
  429: { title: "Too many attempts", message: "Wait a few minutes, then try again." },
  500: { title: "Sorry, something went wrong", message: "Please try again later. If it keeps happening, contact us." },
  503: { title: "Sorry, the site is busy", message: "Wait a minute, then reload the page." },
};

export const DATABASE_UNAVAILABLE_TITLE = "The site is unavailable for a moment";
export const DATABASE_UNAVAILABLE_MESSAGE = "We can't reach our database just now. Try again in a minute: reload the page, or send the form again.";
export const REDIS_UNAVAILABLE_MESSAGE = "Sign-in and forms are unavailable just now. Try again in a minute: reload the page, or send the form again.";

/**
 * The outages of a dependency, each known by its one classifier: the
 * request answers 503 with Retry-After and the log has one warn line
 * naming it, without a stack (docs/faults.md). Anything else is a bug.
 */
const outages = [
  { isOutage: isDatabaseUnavailable, logMessage: "database unavailable", message: DATABASE_UNAVAILABLE_MESSAGE },
  { isOutage: isRedisUnavailable, logMessage: "redis unavailable", message: REDIS_UNAVAILABLE_MESSAGE },
];

/** For unmatched paths: the last route. */
export const notFoundHandler: RequestHandler = (_req, _res, next) => next(notFound());

/**
 * Answers every error: JSON `{ success: false, errors }` for API requests, the
 * styled error page otherwise. Details and stacks of unexpected errors are
 * logged and shown only in development.
 */
export function errorHandler(options: {
  development: boolean;
  /** For the layout when the error came before page locals were set (the database down under the page cache or sessions). */
  siteSettings?: () => Promise<SiteSettings>;
}): ErrorRequestHandler {
  return async (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    if (isClientAbort(error)) {
      // The client went away mid-body: nothing failed here and nobody is left to read an answer.
      req.log?.info({ err: { message: (error as Error).message, code: (error as { code?: unknown }).code } }, "client aborted the request");
      res.status(400).end();
      return;
    }
    const known = error instanceof HttpError || error instanceof ServiceUnavailableError;
    const outage = known ? undefined : outages.find(({ isOutage }) => isOutage(error));
    const unavailable = outage ? new ServiceUnavailableError(outage.message, DEFAULT_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_TITLE) : error;
    const httpError = toHttpError(unavailable);
    if (outage) {
      // An outage, not a bug: one line per request, without the stack (docs/faults.md).
      req.log?.warn({ err: { message: (error as Error).message, code: (error as { code?: unknown }).code } }, outage.logMessage);
    } else if (httpError.status >= 500) {
      req.log?.error({ err: error }, "request failed");
    }
    res.status(httpError.status);
    if (httpError.status === 503) {
      const seconds = unavailable instanceof ServiceUnavailableError ? unavailable.retryAfterSeconds : DEFAULT_RETRY_AFTER_SECONDS;
      res.set("Retry-After", String(seconds));
    }
    if (httpError instanceof TooManyRequestsError) res.set("Retry-After", String(httpError.retryAfterSeconds));
    if (isApiRequest(req)) {
      res.json({ success: false, errors: httpError.errors });
      return;
    }
    const page = {
      status: httpError.status,
      title: httpError.title ?? textFor(httpError.status).title,
      message: httpError.message,
      wayOn: httpError.wayOn,
      stack: options.development && error instanceof Error ? error.stack : undefined,
    };
    if (res.locals.site === undefined && options.siteSettings) {
      res.locals.site = await options.siteSettings().catch(() => undefined);
    }
    res.locals.currentUser ??= null;
    res.locals.currentPath ??= req.originalUrl;
    renderErrorPage(res, page);
  };
}

/**
 * body-parser's error for a body the client stopped sending (`type: "request.aborted"`, status 400, code
 * ECONNABORTED). Decided by its origin, not its code, so it is never taken for a database socket.
 */
export function isClientAbort(error: unknown): boolean {
  return (error as { type?: unknown } | null)?.type === "request.aborted";
}

/** Our own errors pass through (a dependency's fault as a 503); body-parser's get a clear message; the rest (outages aside) become a plain 500. */
function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof ServiceUnavailableError) return new HttpError(503, error.message, undefined, error.title);
  const { type, status } = (error ?? {}) as { type?: unknown; status?: unknown };
  if (type === "entity.parse.failed") {
    return new HttpError(400, "The data sent was not valid JSON. Check it and try again.");
  }
  if (type === "entity.too.large") {
    return new HttpError(413, `The data sent was larger than ${bodyLimitText}. Send less at once and try again.`);
  }
  if (typeof status === "number" && status >= 400 && status < 500) {
    return new HttpError(status, textFor(status).message);
  }
  return new HttpError(500, textFor(500).message);
}

function textFor(status: number): { title: string; message: string } {
  return statusTexts[status] ?? statusTexts[status >= 500 ? 500 : 400]!;
}

interface ErrorPage {
  status: number;
  title: string;
  message: string;
  wayOn?: { href: string; label: string };
  stack?: string;
}

/** The template page, or a bare page if the template itself fails (a missing file, the database down). */
function renderErrorPage(res: Response, page: ErrorPage): void {
  const fallBack = (renderError: unknown) => {
    res.req.log?.error({ err: renderError }, "error page failed to render");
    res.type("html").send(bareErrorPage(page));
  };
  try {
    res.render("pages/error.njk", page, (renderError: Error | null, html?: string) => {
      if (renderError) fallBack(renderError);
      else res.type("html").send(html);
    });
  } catch (renderError) {
    // Express throws at once, rather than calling back, when there is no view engine.
    fallBack(renderError);
  }
}

function bareErrorPage({ title, message }: ErrorPage): string {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><a href="/">Go to the home page</a></p></main></body></html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

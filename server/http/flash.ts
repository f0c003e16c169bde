import type { Request, RequestHandler } from "express";
import { existingSession } from "./session/session-middleware";

/*
 * A one-page-view notice carried in the session (a "flash"): a plain form
 * post sets it and redirects; the next page that renders the layout shows it
 * once (templates/layouts/base.njk, with the alert macro), so a reload does
 * not repeat it. My account's own notices (server/accounts/account-notices.ts)
 * sit beside their forms instead; this one is for any page.
 */

export type FlashVariant = "success" | "error";

export interface FlashNotice {
  variant: FlashVariant;
  /** Plain text; the template escapes it. */
  text: string;
}

declare module "express-session" {
  interface SessionData {
    flash: FlashNotice;
  }
}

export function setFlash(req: Request, notice: FlashNotice): void {
  req.session.flash = notice;
}

/** The pending notice, removed from the session as it is read. */
export function takeFlash(req: Request): FlashNotice | undefined {
  const notice = existingSession(req)?.flash;
  if (notice === undefined) return undefined;
  delete req.session.flash;
  return isFlashNotice(notice) ? notice : undefined;
}

/**
 * `flash` for templates, read lazily: only a page that renders the layout
 * spends the notice, so a redirect (or a JSON answer) on the way keeps it for
 * the page after. Read once and remembered, however often the template asks.
 */
export const flashLocals: RequestHandler = (req, res, next) => {
  let taken = false;
  let notice: FlashNotice | undefined;
  Object.defineProperty(res.locals, "flash", {
    enumerable: true,
    configurable: true,
    get: () => {
      if (!taken) {
        taken = true;
        notice = takeFlash(req);
      }
      return notice;
    },
  });
  next();
};

/** A session written by an older release may hold anything. */
function isFlashNotice(value: unknown): value is FlashNotice {
  if (value === null || typeof value !== "object") return false;
  const { variant, text } = value as Record<string, unknown>;
  return (variant === "success" || variant === "error") && typeof text === "string";
}

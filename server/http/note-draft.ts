import type { Request } from "express";
import type { NoteDraft } from "../domain/teacher-note-content";
import { existingSession } from "./session/session-middleware";

/*
 * A refused no-JavaScript note save keeps what was typed: the route puts the
 * text and the reason here, and the resource page it redirects to takes them
 * out (once) to fill that activity's textarea. Like the flash notice
 * (./flash.ts), it lives in the session for one page view.
 */

declare module "express-session" {
  interface SessionData {
    noteDraft: NoteDraft;
  }
}

export function setNoteDraft(req: Request, draft: NoteDraft): void {
  req.session.noteDraft = draft;
}

/**
 * The pending draft, removed as it is read; anything malformed (an older
 * release's session) is ignored. Only looks: a visitor without a session gets none started.
 */
export function takeNoteDraft(req: Request): NoteDraft | undefined {
  const draft: unknown = existingSession(req)?.noteDraft;
  if (draft === undefined) return undefined;
  delete req.session.noteDraft;
  if (draft === null || typeof draft !== "object") return undefined;
  const { activityId, content, error } = draft as Record<string, unknown>;
  if (!Number.isSafeInteger(activityId) || typeof content !== "string" || typeof error !== "string") return undefined;
  return { activityId: activityId as number, content, error };
}

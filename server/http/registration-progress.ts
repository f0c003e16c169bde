import type { Request } from "express";
import { type PendingChoice, readPendingChoice } from "../accounts";
import { existingSession } from "./session/session-middleware";

/*
 * The registration wizard's current step, pathway and school (issue 23,
 * item 6), kept in the signed-in session as the person moves on: a new tab
 * at a step's address (/account/register/?step=…) carries on from it, as
 * the emailed link's resume key does after verifying. Signing in or out
 * starts a new session, so it never outlives the person it was for.
 */

declare module "express-session" {
  interface SessionData {
    registrationProgress: PendingChoice & { constituentId: number };
  }
}

export function keepRegistrationProgress(req: Request, constituentId: number, choice: PendingChoice): void {
  req.session.registrationProgress = { ...choice, constituentId };
}

/** The kept progress for this person; anything malformed (an older release's session) is none. Only looks: no session is started. */
export function registrationProgress(req: Request, constituentId: number): PendingChoice | undefined {
  const kept: unknown = existingSession(req)?.registrationProgress;
  if (kept === null || typeof kept !== "object" || (kept as { constituentId?: unknown }).constituentId !== constituentId) return undefined;
  const reading = readPendingChoice(kept);
  return reading.ok ? reading.choice : undefined;
}

import { resumePointOf, type ResumePoint } from "./parse";
import type { AdminOffer, SchoolAdmins } from "./school-flow";

/** Who to ask at the school, and whether its seats are all in use (the "ask your admin" screens). */
export interface AskAdmin {
  admins: SchoolAdmins;
  seatsFull: boolean;
}

/**
 * Each step's data in session storage, so a reload carries on where the
 * user was (this tab only, gone when it closes). Never the password: only
 * the step, pathway, school, email, the shown message and the admin offer.
 */
export interface SavedWizard extends ResumePoint {
  /** Who was signed in when it was saved (null: nobody yet), so another person in the same tab starts afresh. */
  constituentId: number | null;
  email: string;
  message: string | null;
  offer: AdminOffer | null;
  ask?: AskAdmin | null;
}

const key = "register-wizard";

/**
 * The saved wizard, if it is this person's: saved by someone else signed in
 * in this tab, or before sign-in at a step that only applies while signed
 * out (the account screens), it is not.
 */
export function loadWizard(constituentId: number | null): SavedWizard | null {
  let raw: string | null;
  try {
    raw = window.sessionStorage.getItem(key);
  } catch {
    return null; // storage blocked (private mode, policy): the wizard simply starts afresh
  }
  let value: unknown;
  try {
    value = raw === null ? null : JSON.parse(raw);
  } catch {
    return null;
  }
  const saved = readSavedWizard(value);
  if (!saved) return null;
  return fitsPerson(saved, constituentId) ? saved : null;
}

/** Whether saved steps can be shown to whoever is signed in now: the account screens only while signed out, another person's never. */
export function fitsPerson(saved: SavedWizard, constituentId: number | null): boolean {
  if (saved.constituentId !== null && saved.constituentId !== constituentId) return false;
  return constituentId === null || (saved.step !== "lookupAccount" && saved.step !== "createAccount");
}

/** A saved wizard as stored (session storage, a history entry), checked field by field; null when it names no known step. */
export function readSavedWizard(value: unknown): SavedWizard | null {
  if (typeof value !== "object" || value === null) return null;
  const saved = value as Record<string, unknown>;
  const point = resumePointOf(saved);
  if (!point) return null;
  return {
    ...point,
    constituentId: typeof saved.constituentId === "number" ? saved.constituentId : null,
    email: typeof saved.email === "string" ? saved.email : "",
    message: typeof saved.message === "string" ? saved.message : null,
    offer: isOffer(saved.offer) ? saved.offer : null,
    ask: isAsk(saved.ask) ? saved.ask : null,
  };
}

export function saveWizard(saved: SavedWizard): void {
  try {
    window.sessionStorage.setItem(key, JSON.stringify(saved));
  } catch {
    // Full or blocked storage only loses the reload convenience.
  }
}

const signedOutStartKey = "register-wizard-started-signed-out";

/**
 * Whether this tab's walk through the wizard began signed out. A reload after
 * "Create account" finds the person signed in, yet the account steps they
 * walked still count in "Step N of M", so the count does not change under them.
 */
export function rememberSignedOutStart(signedOutNow: boolean): boolean {
  try {
    if (signedOutNow) window.sessionStorage.setItem(signedOutStartKey, "1");
    return signedOutNow || window.sessionStorage.getItem(signedOutStartKey) === "1";
  } catch {
    return signedOutNow;
  }
}

export function forgetWizard(): void {
  try {
    window.sessionStorage.removeItem(key);
    window.sessionStorage.removeItem(signedOutStartKey);
  } catch {
    // As above.
  }
}

function isOffer(value: unknown): value is AdminOffer {
  if (typeof value !== "object" || value === null) return false;
  const offer = value as Record<string, unknown>;
  return ["schoolId", "membershipId", "userId"].every((name) => typeof offer[name] === "number");
}

function isAsk(value: unknown): value is AskAdmin {
  if (typeof value !== "object" || value === null) return false;
  const { admins, seatsFull } = value as Record<string, unknown>;
  if (typeof seatsFull !== "boolean" || typeof admins !== "object" || admins === null) return false;
  const { names, youAreAdmin } = admins as Record<string, unknown>;
  return Array.isArray(names) && names.every((name) => typeof name === "string") && typeof youAreAdmin === "boolean";
}

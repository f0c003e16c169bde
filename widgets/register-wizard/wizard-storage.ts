import { parseResume, type ResumePoint } from "./parse";
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
  const point = parseResume(raw);
  if (!point || !raw) return null;
  const saved = JSON.parse(raw) as Partial<SavedWizard>;
  const savedFor = typeof saved.constituentId === "number" ? saved.constituentId : null;
  if (savedFor !== null && savedFor !== constituentId) return null;
  if (constituentId !== null && (point.step === "lookupAccount" || point.step === "createAccount")) return null;
  return {
    ...point,
    constituentId: savedFor,
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

export function forgetWizard(): void {
  try {
    window.sessionStorage.removeItem(key);
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

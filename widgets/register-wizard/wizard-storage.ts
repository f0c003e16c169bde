import { parseResume, type ResumePoint } from "./parse";
import type { AdminOffer } from "./school-flow";

/**
 * Each step's data in session storage, so a reload carries on where the
 * user was (this tab only, gone when it closes). Never the password: only
 * the step, pathway, school, email, the shown message and the admin offer.
 */
export interface SavedWizard extends ResumePoint {
  email: string;
  message: string | null;
  offer: AdminOffer | null;
}

const key = "register-wizard";

export function loadWizard(): SavedWizard | null {
  let raw: string | null;
  try {
    raw = window.sessionStorage.getItem(key);
  } catch {
    return null; // storage blocked (private mode, policy): the wizard simply starts afresh
  }
  const point = parseResume(raw);
  if (!point || !raw) return null;
  const saved = JSON.parse(raw) as Partial<SavedWizard>;
  return {
    ...point,
    email: typeof saved.email === "string" ? saved.email : "",
    message: typeof saved.message === "string" ? saved.message : null,
    offer: isOffer(saved.offer) ? saved.offer : null,
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

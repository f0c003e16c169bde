import { readI18n } from "../lib/i18n";
import { readOptions } from "../lib/options";
import { registerWizardOptions } from "../../contracts/rules/register-wizard-settings";
import { sameSitePath } from "../../contracts/rules/same-site-path";
import { DEFAULT_NEXT_PATH } from "../../contracts/rules/sign-in-destination";
import { isPathwayKey, type PathwayKey } from "./pathways";
import type { PlanOption, SeatLevel } from "../../contracts/shapes/plans";
import { parsePlans, parseSeatLevels } from "./plan-choice";
import type { SelectedSchool } from "../../contracts/shapes/schools";
import type { Renewal } from "../../contracts/shapes/renewal";
import { RENEWAL_PATHWAYS } from "../../contracts/rules/renewal";
import { registrationSteps, type RegistrationStep } from "./steps";
import { registerWizardDefaultStrings, type RegisterWizardStrings } from "./strings";

export interface RegisterWizardProps {
  /** The signed-in user's constituent id (the page root carries it, accounts spec, section 2), or null. */
  constituentId: number | null;
  /** Where to go once finished: returnURL when given, else next, else DEFAULT_NEXT_PATH (/account/my-account/). */
  next: string;
  /** With returnUrl: the "sign up via token" start, at createAccount with this email. */
  email: string;
  returnUrl: string | null;
  linkSchool: boolean;
  paymentStatus: string | null;
  sessionId: string | null;
  /** Configuration ids for the school flow (per CRM environment), null when the page gives none. */
  emailDomainKeywordId: number | null;
  userSeatBenefitId: number | null;
  adminSeatBenefitId: number | null;
  /** Where people write when a pathway cannot be completed online. */
  supportEmail: string;
  /** Where the email-verification link brings the user back to (data-resume JSON). */
  resume: ResumePoint | null;
  /** The plans the page offers (data-plans), and what the basket item needs; none: plans cannot be bought here. */
  plans: PlanOption[];
  fundId: number | null;
  individualLevelId: number | null;
  individualMonthlyLevelId: number | null;
  seatLevels: SeatLevel[];
  /** The signed-in person's lapsed membership (data-renewal JSON), which the wizard starts by renewing; null otherwise. */
  renewal: Renewal | null;
  strings: RegisterWizardStrings;
}

export interface ResumePoint {
  pathway: PathwayKey | null;
  school: SelectedSchool | null;
  step: RegistrationStep;
}

/**
 * Reads `data-widget="register-wizard"`: the settings of
 * contracts/rules/register-wizard-settings.ts as
 * data-<kebab-case name> (data-constituent-id, data-next, data-email,
 * data-return-url, data-link-school, data-payment-status, data-session-id,
 * data-email-domain-keyword-id, data-user-seat-benefit-id,
 * data-admin-seat-benefit-id, data-support-email, data-fund-id,
 * data-individual-level-id, data-individual-monthly-level-id), data-resume (JSON {pathway, school, step}),
 * data-plans (JSON), data-seat-levels (JSON [{id, seats}]), data-renewal
 * (JSON {kind: "individual" | "school", endedOn, pathway, school}) and
 * data-i18n-* overrides.
 */
export function parseRegisterWizard(root: HTMLElement): RegisterWizardProps {
  const options = readOptions(root, registerWizardOptions);
  const returnUrl = sameSitePath(options.returnUrl);
  return {
    ...options,
    next: returnUrl ?? sameSitePath(options.next) ?? DEFAULT_NEXT_PATH,
    email: options.email.trim(),
    returnUrl,
    supportEmail: options.supportEmail.trim(),
    resume: parseResume(root.getAttribute("data-resume")),
    plans: parsePlans(root.getAttribute("data-plans")),
    seatLevels: parseSeatLevels(root.getAttribute("data-seat-levels")),
    renewal: parseRenewal(root.getAttribute("data-renewal")),
    strings: readI18n(root, registerWizardDefaultStrings),
  };
}

/** data-resume as the server writes it; anything unreadable is no resume point (the wizard starts as usual). */
export function parseResume(raw: string | null): ResumePoint | null {
  const value = jsonObject(raw);
  return value ? resumePointOf(value) : null;
}

/** A resume point read from any object (data-resume, the tab's saved wizard, a history entry); null when it names no known step. */
export function resumePointOf(value: Record<string, unknown>): ResumePoint | null {
  const { pathway, school, step } = value;
  if (typeof step !== "string" || !(registrationSteps as readonly string[]).includes(step)) return null;
  const validSchool = typeof school === "object" && school !== null && typeof (school as { name?: unknown }).name === "string";
  return { pathway: isPathwayKey(pathway) ? pathway : null, school: validSchool ? (school as SelectedSchool) : null, step: step as RegistrationStep };
}

/** data-renewal as the server writes it; anything unreadable is no renewal (the wizard starts as usual). */
export function parseRenewal(raw: string | null): Renewal | null {
  const value = jsonObject(raw);
  if (!value) return null;
  const { kind, endedOn, endsOn, pathway, school } = value;
  if ((kind !== "individual" && kind !== "school") || !isRenewalPathway(pathway)) return null;
  const validSchool = typeof school === "object" && school !== null && typeof (school as { name?: unknown }).name === "string";
  if (kind === "school" && !validSchool) return null;
  const renewal: Renewal = { kind, endedOn: typeof endedOn === "string" ? endedOn : null, pathway, school: validSchool ? (school as SelectedSchool) : null };
  return typeof endsOn === "string" ? { ...renewal, endsOn } : renewal;
}

function isRenewalPathway(value: unknown): value is Renewal["pathway"] {
  return (RENEWAL_PATHWAYS as readonly unknown[]).includes(value);
}

/** A data-* attribute's JSON object, or null when it is missing or unreadable. */
function jsonObject(raw: string | null): Record<string, unknown> | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

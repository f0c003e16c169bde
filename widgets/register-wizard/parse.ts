import { readI18n } from "../lib/i18n";
import { WidgetConfigError } from "../lib/options";
import { sameSitePath } from "../lib/same-site-path";
import { isPathwayKey, type PathwayKey } from "./pathways";
import { parsePlans, parseSeatLevels, type PlanOption, type SeatLevel } from "./plan-choice";
import type { SelectedSchool } from "./selected-school";
import { registrationSteps, type RegistrationStep } from "./steps";
import { registerWizardDefaultStrings, type RegisterWizardStrings } from "./strings";

export interface RegisterWizardProps {
  /** The signed-in user's constituent id (the page root carries it, accounts spec, section 2), or null. */
  constituentId: number | null;
  /** Where to go once finished: returnURL when given, else next, else /account/my-account/. */
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
  seatLevels: SeatLevel[];
  /** The signed-in person's lapsed membership (data-renewal JSON), which the wizard starts by renewing; null otherwise. */
  renewal: Renewal | null;
  strings: RegisterWizardStrings;
}

/** A lapsed individual membership, or a lapsed school membership of which the person is the admin. */
export interface Renewal {
  kind: "individual" | "school";
  /** The London date it ended on ("3 October 2026"), or null when unknown. */
  endedOn: string | null;
  pathway: PathwayKey;
  school: SelectedSchool | null;
}

export interface ResumePoint {
  pathway: PathwayKey | null;
  school: SelectedSchool | null;
  step: RegistrationStep;
}

/**
 * Reads `data-widget="register-wizard"`: data-constituent-id, data-next,
 * data-email, data-return-url, data-link-school, data-payment-status,
 * data-session-id, data-email-domain-keyword-id, data-user-seat-benefit-id,
 * data-admin-seat-benefit-id, data-support-email, data-resume (JSON
 * {pathway, school, step}), data-plans (JSON), data-fund-id,
 * data-individual-level-id, data-seat-levels (JSON [{id, seats}]),
 * data-renewal (JSON {kind: "individual" | "school", endedOn, pathway, school}) and
 * data-i18n-* overrides.
 */
export function parseRegisterWizard(root: HTMLElement): RegisterWizardProps {
  const rawId = root.getAttribute("data-constituent-id");
  if (rawId !== null && !/^\d+$/.test(rawId.trim())) {
    throw new WidgetConfigError(`data-constituent-id must be a whole number (the signed-in user's id), got "${rawId}"`);
  }
  const returnUrl = sameSitePath(root.getAttribute("data-return-url"));
  return {
    constituentId: rawId === null ? null : Number(rawId),
    next: returnUrl ?? sameSitePath(root.getAttribute("data-next")) ?? "/account/my-account/",
    email: root.getAttribute("data-email")?.trim() ?? "",
    returnUrl,
    linkSchool: root.getAttribute("data-link-school") === "true",
    paymentStatus: root.getAttribute("data-payment-status"),
    sessionId: root.getAttribute("data-session-id"),
    emailDomainKeywordId: optionalId(root, "data-email-domain-keyword-id"),
    userSeatBenefitId: optionalId(root, "data-user-seat-benefit-id"),
    adminSeatBenefitId: optionalId(root, "data-admin-seat-benefit-id"),
    supportEmail: root.getAttribute("data-support-email")?.trim() ?? "",
    resume: parseResume(root.getAttribute("data-resume")),
    plans: parsePlans(root.getAttribute("data-plans")),
    fundId: optionalId(root, "data-fund-id"),
    individualLevelId: optionalId(root, "data-individual-level-id"),
    seatLevels: parseSeatLevels(root.getAttribute("data-seat-levels")),
    renewal: parseRenewal(root.getAttribute("data-renewal")),
    strings: readI18n(root, registerWizardDefaultStrings),
  };
}

function optionalId(root: HTMLElement, attribute: string): number | null {
  const raw = root.getAttribute(attribute);
  if (raw === null) return null;
  if (!/^\d+$/.test(raw.trim())) throw new WidgetConfigError(`${attribute} must be a whole number, got "${raw}"`);
  return Number(raw);
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
  const { kind, endedOn, pathway, school } = value;
  if ((kind !== "individual" && kind !== "school") || !isPathwayKey(pathway)) return null;
  const validSchool = typeof school === "object" && school !== null && typeof (school as { name?: unknown }).name === "string";
  if (kind === "school" && !validSchool) return null;
  return { kind, endedOn: typeof endedOn === "string" ? endedOn : null, pathway, school: validSchool ? (school as SelectedSchool) : null };
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

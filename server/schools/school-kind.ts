import type { SchoolType } from "../../contracts/shapes/schools";

/**
 * What kind of school an organisation is decides its pathway: only state
 * schools can join online for free (accounts spec, section 4).
 */
export type SchoolKind = "state" | "independent" | "international";

/** The kinds the Department for Education's register holds: schools in England, state or independent. */
export type RegisterSchoolKind = Exclude<SchoolKind, "international">;


export function schoolTypeOf(kind: SchoolKind): SchoolType {
  return kind === "independent" ? "independent-school" : kind;
}

/**
 * The Department for Education's "Get Information About Schools" type codes
 * (`TypeOfEstablishment (code)`) that are not state-funded: independent
 * schools, independent and non-maintained special schools, British schools
 * overseas, offshore schools and online providers. Every other open
 * establishment in the register (maintained schools, academies, free schools,
 * pupil referral units, colleges) is funded by the state.
 */
const INDEPENDENT_TYPE_CODES: ReadonlySet<number> = new Set([
  8, // Non-maintained special school
  10, // Other independent special school
  11, // Other independent school
  25, // Offshore schools
  37, // British schools overseas
  49, // Online provider
]);

export function schoolKindOfTypeCode(typeCode: number): RegisterSchoolKind {
  return INDEPENDENT_TYPE_CODES.has(typeCode) ? "independent" : "state";
}

/** `EstablishmentStatus (name)` values of establishments that take pupils today. */
const OPEN_STATUSES: ReadonlySet<string> = new Set(["open", "open, but proposed to close"]);

export function establishmentIsOpen(statusName: string): boolean {
  return OPEN_STATUSES.has(statusName.trim().toLowerCase());
}

import { nonFieldErrorsKey, type FieldErrors } from "../shared/errors";

/**
 * The registration wizard's choice waiting on a verified email: the pathway
 * key, the selected school (the wizard's SelectedSchool record, kept as the
 * browser sent it: the wizard re-checks it with /account/school-check) and
 * the step to resume at.
 */
export interface PendingChoice {
  pathway: string;
  school: Record<string, unknown> | null;
  step: string;
}

/** Keys and step names are short identifiers; the school record is small. */
const identifier = /^[A-Za-z][A-Za-z0-9-]{0,49}$/;
const MAXIMUM_SCHOOL_JSON_LENGTH = 4000;

export type PendingChoiceReading = { ok: true; choice: PendingChoice } | { ok: false; errors: FieldErrors };

export function readPendingChoice(body: unknown): PendingChoiceReading {
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    return { ok: false, errors: { [nonFieldErrorsKey]: ["Send pathway, school and step as one JSON object."] } };
  }
  const { pathway, school, step } = body as Record<string, unknown>;
  const errors: FieldErrors = {};
  if (typeof pathway !== "string" || !identifier.test(pathway)) errors.pathway = ["Send pathway as the chosen pathway's key, for example \"state-school\"."];
  if (typeof step !== "string" || !identifier.test(step)) errors.step = ["Send step as the name of the step to come back to."];
  const schoolIsRecord = school !== null && typeof school === "object" && !Array.isArray(school);
  if (school !== undefined && school !== null && !schoolIsRecord) errors.school = ["Send school as the selected school's record, or null."];
  else if (schoolIsRecord && JSON.stringify(school).length > MAXIMUM_SCHOOL_JSON_LENGTH) errors.school = ["The school's record is too long."];
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, choice: { pathway: pathway as string, step: step as string, school: schoolIsRecord ? (school as Record<string, unknown>) : null } };
}

/** A stored choice, read back; anything unreadable is no choice at all. */
export function parseStoredChoice(json: string | undefined): PendingChoice | undefined {
  if (json === undefined) return undefined;
  try {
    const reading = readPendingChoice(JSON.parse(json));
    return reading.ok ? reading.choice : undefined;
  } catch {
    return undefined;
  }
}

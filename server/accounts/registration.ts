import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { inTransaction } from "../db/transactions";
import { EMAIL_TAKEN_MESSAGE, emailProblem } from "../domain/email";
import { personNameProblem } from "../domain/person-name";
import { controlCharacterProblem } from "../domain/text-input";
import type { FieldErrors } from "../shared/errors";
import { createConstituent, findConstituentByEmail, type ConstituentCredentials } from "./constituents";
import { sendWelcomeEmail, type VerificationDependencies } from "./email-verification";
import type { PasswordHasher } from "./password-hasher";
import { newPasswordProblems } from "./password-rules";

export { EMAIL_TAKEN_MESSAGE } from "../domain/email";
export const PHONE_INVALID_MESSAGE = "Enter a telephone number, like 01632 960 001 or +44 808 157 0192";

/** Digits, spaces, brackets, dashes and a leading plus; 6 to 30 of them. Optional. */
const phoneShape = /^\+?[0-9 ()-]{6,30}$/;

/** The createAccount form (accounts spec, section 3: first_name, last_name, phone_number, email, password). */
export interface RegistrationRequest {
  first_name: string;
  last_name: string;
  phone_number: string;
  /** Normalised. */
  email: string;
  password: string;
}

export type RegistrationOutcome = { kind: "created"; constituent: ConstituentCredentials } | { kind: "invalid"; errors: FieldErrors };

/**
 * Validates, then creates the person with a hashed password and sends the
 * welcome email with its email-verification link. A taken email is a field
 * error, decided by the database.
 */
export async function registerConstituent(
  deps: { db: Kysely<Database>; hasher: PasswordHasher; verification: Pick<VerificationDependencies, "mailer" | "publicUrl"> },
  request: RegistrationRequest,
  now: Date,
): Promise<RegistrationOutcome> {
  const errors = await registrationProblems(request);
  // Said together with any other problems; the insert below still decides a race.
  if (!errors.email && (await findConstituentByEmail(deps.db, request.email))) errors.email = [EMAIL_TAKEN_MESSAGE];
  if (Object.keys(errors).length > 0) return { kind: "invalid", errors };
  const { password, ...person } = request;
  const passwordHash = await deps.hasher.hash(password);
  // The account and its welcome email commit together, or neither does.
  const constituent = await inTransaction(deps.db, async (trx) => {
    const created = await createConstituent(trx, { ...person, password_hash: passwordHash }, now);
    if (created) await sendWelcomeEmail(deps.verification, trx, created, now);
    return created;
  });
  if (!constituent) return { kind: "invalid", errors: { email: [EMAIL_TAKEN_MESSAGE] } };
  return { kind: "created", constituent };
}

async function registrationProblems(request: RegistrationRequest): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const add = (field: string, message: string | undefined) => {
    if (message) errors[field] = [message];
  };
  add("first_name", personNameProblem(request.first_name, "first"));
  add("last_name", personNameProblem(request.last_name, "last"));
  add("phone_number", controlCharacterProblem(request.phone_number, "your phone number") ?? phoneProblem(request.phone_number));
  add("email", emailProblem(request.email));
  const passwordProblems = await newPasswordProblems(request.password);
  if (passwordProblems.length > 0) errors.password = passwordProblems;
  return errors;
}

function phoneProblem(value: string): string | undefined {
  return value === "" || phoneShape.test(value) ? undefined : PHONE_INVALID_MESSAGE;
}

import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { inTransaction } from "../db/transactions";
import { EMAIL_TAKEN_MESSAGE, emailProblem } from "../domain/email";
import { personNameProblem } from "../domain/person-name";
import { controlCharacterProblem } from "../domain/text-input";
import type { FieldErrors } from "../shared/errors";
import type { CrmPort } from "../crm";
import { NO_PREFIX_ID } from "../domain/name-prefixes";
import { findConstituentByEmail, type ConstituentCredentials } from "./constituents";
import { createCredentials } from "./credentials";
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
 * Validates, then creates the person (the CRM's record) and their
 * credentials (accounts' own, with the hashed password) and sends the
 * welcome email with its email-verification link. A taken email is a field
 * error, decided by the CRM.
 */
export async function registerConstituent(
  deps: { db: Kysely<Database>; crm: CrmPort; hasher: PasswordHasher; verification: Pick<VerificationDependencies, "mailer" | "publicUrl"> },
  request: RegistrationRequest,
  now: Date,
): Promise<RegistrationOutcome> {
  const errors = await registrationProblems(request);
  // Said together with any other problems; the insert below still decides a race.
  if (!errors.email && (await findConstituentByEmail(deps, request.email))) errors.email = [EMAIL_TAKEN_MESSAGE];
  if (Object.keys(errors).length > 0) return { kind: "invalid", errors };
  const passwordHash = await deps.hasher.hash(request.password);
  const person = { FirstName: request.first_name, LastName: request.last_name, Phone: request.phone_number, PrefixId: NO_PREFIX_ID, Email: request.email };
  // The person, their credentials and the welcome email commit together, or none does.
  const constituent = await inTransaction(deps.db, (trx) =>
    deps.crm.inTransaction(
      async (crm): Promise<ConstituentCredentials | undefined> => {
        const created = await crm.createPerson(person, now);
        if (!created) return undefined;
        await createCredentials(trx, created.Id, passwordHash);
        const account = { id: created.Id, email: request.email, first_name: request.first_name, password_hash: passwordHash, auth_version: 1 };
        await sendWelcomeEmail(deps.verification, trx, account, now);
        return account;
      },
      { joining: trx },
    ),
  );
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

import { replaceCsrfToken } from "../lib/csrf-token";
import { http, HttpError } from "../lib/http";
import type { SelectedSchool } from "../../contracts/shapes/schools";
import type { RegistrationStep } from "./steps";
import type { RegisterWizardStrings } from "./strings";

/** The wizard's calls for its first two screens (accounts spec, section 7) and how their answers map to the spec's messages. */

export type LookupResult =
  | { kind: "existing"; email: string }
  /** An account without a password: the server has emailed a set-password link. */
  | { kind: "check-email"; email: string }
  | { kind: "none" }
  | { kind: "email-problem"; message: string }
  | { kind: "failed"; message: string };

export async function lookUpAccount(email: string, strings: RegisterWizardStrings): Promise<LookupResult> {
  try {
    const answer = await http.get<{ resetPassword?: boolean; email?: string | null }>("/account/lookup/", { query: { email } });
    if (answer?.resetPassword) return { kind: "check-email", email: answer.email ?? email };
    return answer?.email ? { kind: "existing", email: answer.email } : { kind: "none" };
  } catch (error) {
    if (!(error instanceof HttpError)) return { kind: "failed", message: strings.lookupError };
    const emailMessage = fieldErrorsOf(error).email;
    return emailMessage ? { kind: "email-problem", message: emailMessage } : { kind: "failed", message: strings.lookupFailed };
  }
}

export interface NewAccount {
  first_name: string;
  last_name: string;
  phone_number: string;
  email: string;
  password: string;
  next: string;
}

const accountFields = new Set(["first_name", "last_name", "phone_number", "email", "password"]);

export type CreateAccountResult =
  | { kind: "signed-in"; constituentId: number | null }
  | { kind: "field-errors"; errors: Record<string, string> }
  | { kind: "failed"; message: string };

export async function createAccount(account: NewAccount, strings: RegisterWizardStrings): Promise<CreateAccountResult> {
  try {
    const answer = await http.post<{ IsLoggedIn?: boolean; constituentId?: number; csrfToken?: string }>("/account/register/", account);
    if (answer?.csrfToken) replaceCsrfToken(document, answer.csrfToken);
    return answer?.IsLoggedIn === true ? { kind: "signed-in", constituentId: typeof answer.constituentId === "number" ? answer.constituentId : null } : { kind: "failed", message: strings.registrationFailed };
  } catch (error) {
    if (!(error instanceof HttpError)) return { kind: "failed", message: strings.registrationError };
    const errors = fieldErrorsOf(error);
    const fields = Object.fromEntries(Object.entries(errors).filter(([field]) => accountFields.has(field)));
    if (Object.keys(fields).length > 0) return { kind: "field-errors", errors: fields };
    // Other keys (__all__, csrf) carry the server's advice, e.g. how long to wait.
    return { kind: "failed", message: errors.__all__ ?? strings.registrationFailed };
  }
}

export type AddressCorrectionResult = { kind: "sent"; sentTo: string } | { kind: "field-error"; message: string } | { kind: "failed"; message: string };

/** "Wrong address? Change it": the server checks the address as sign-up does, and sends the new link there. */
export async function correctAddress(email: string, strings: RegisterWizardStrings): Promise<AddressCorrectionResult> {
  try {
    const answer = await http.post<{ sentTo?: string }>("/account/verify-email/address/", { email });
    return { kind: "sent", sentTo: answer?.sentTo ?? email };
  } catch (error) {
    if (!(error instanceof HttpError)) return { kind: "failed", message: strings.changeAddressFailed };
    const errors = fieldErrorsOf(error);
    if (errors.email) return { kind: "field-error", message: errors.email };
    // 429 and 409 carry the server's advice (how long to wait; already confirmed).
    return { kind: "failed", message: errors.__all__ ?? strings.changeAddressFailed };
  }
}

/** `{ field: [messages] }` from an error body, first message of each. */
function fieldErrorsOf(error: HttpError): Record<string, string> {
  const errors = (error.body as { errors?: Record<string, unknown> } | undefined)?.errors ?? {};
  const firsts: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors)) {
    if (Array.isArray(messages) && typeof messages[0] === "string") firsts[field] = messages[0];
  }
  return firsts;
}

/**
 * Tells the server where the wizard is (PUT /account/register/progress/), so a
 * new tab at the step's address carries on from it; a lost call only loses that.
 */
export function keepProgress(progress: { pathway: string; school: SelectedSchool | null; step: RegistrationStep }): void {
  http.put("/account/register/progress/", progress).catch(() => undefined);
}

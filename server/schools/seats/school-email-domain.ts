import { normaliseEmail } from "../../domain/email";

/*
 * Domain validation (accounts spec, section 4): a person joins a school by
 * email only when their address's domain is one of the school's stored
 * email-domain attribute values, both normalised as emails are (trimmed,
 * lower-cased, NFC). A value written "@school.org" counts as "school.org".
 */

/** The part after the last "@", normalised; undefined when there is none. */
export function emailDomainOf(email: string): string | undefined {
  const address = normaliseEmail(email);
  const at = address.lastIndexOf("@");
  if (at <= 0 || at === address.length - 1) return undefined;
  return address.slice(at + 1);
}

function normaliseDomain(value: string): string {
  return normaliseEmail(value).replace(/^@/, "");
}

/** No domains, no valid email or no match: false. */
export function emailMatchesSchoolDomains(email: string, domains: readonly string[]): boolean {
  const domain = emailDomainOf(email);
  if (!domain) return false;
  return domains.some((value) => normaliseDomain(value) !== "" && normaliseDomain(value) === domain);
}

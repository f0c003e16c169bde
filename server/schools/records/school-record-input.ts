import type { AddressInput, Country, OrganisationInput, State } from "../../crm";
import { emailProblem, normaliseEmail } from "../../domain/email";
import { controlCharacterProblem, enteredText } from "../../domain/text-input";
import type { FieldErrors } from "../../shared/errors";

/*
 * Reading the wizard's school organisation and address records (accounts
 * spec, section 3) into what the CRM port takes, with a message per field.
 * The browser's ConstituentType, OriginalSource, AddressType, Months and
 * Inactive are not read: the server decides those.
 */

export type Read<Value> = { ok: true; value: Value } | { ok: false; errors: FieldErrors };

/** Lengths well above any real school's, so a pasted essay is refused rather than stored. */
const LIMITS = { LastName: 200, Street1: 200, Street2: 200, Street3: 200, City: 100, PostalCode: 20, Label: 100 } as const;

/**
 * The most entries a record's list may hold. The wizard sends one address
 * and at most a few email addresses; a longer list is a script filling the
 * CRM (issue 22, item 8), so it is refused before anything is stored.
 */
export const MAXIMUM_LIST_ENTRIES = 5;

const MISSING: Record<"LastName" | "Street1" | "City" | "PostalCode", string> = {
  LastName: "Enter the school's name.",
  Street1: "Enter the first line of the school's address.",
  City: "Enter the town or city.",
  PostalCode: "Enter the postcode.",
};

const LABELS: Record<keyof typeof LIMITS, string> = {
  LastName: "The school's name",
  Street1: "Address line 1",
  Street2: "Address line 2",
  Street3: "Address line 3",
  City: "Town or city",
  PostalCode: "Postcode",
  Label: "The address's label",
};

/** The fields as a sentence names them. */
const CALLED: Record<keyof typeof LIMITS, string> = {
  LastName: "the school's name",
  Street1: "address line 1",
  Street2: "address line 2",
  Street3: "address line 3",
  City: "the town or city",
  PostalCode: "the postcode",
  Label: "the address's label",
};

export const COUNTRY_UNKNOWN_MESSAGE = "Choose a country from the list.";
export const ADDRESS_MISSING_MESSAGE = "Add the school's address.";
export const EMAIL_ADDRESSES_MESSAGE = "Enter each email address in the form name@example.org.";
export const TOO_MANY_EMAIL_ADDRESSES_MESSAGE = `Enter at most ${MAXIMUM_LIST_ENTRIES} email addresses for the school.`;
export const TOO_MANY_ADDRESSES_MESSAGE = `Send at most ${MAXIMUM_LIST_ENTRIES} addresses; the school's first address is the one kept.`;

export function stateNotInCountryMessage(country: string): string {
  return `Choose a state or region of ${country} from the list.`;
}

export interface ReferenceLists {
  countries: readonly Country[];
  states: readonly State[];
  defaultCountryId: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** An id sent as {Id: n}, as n, or as its digits; undefined when absent or empty, NaN when unreadable. */
export function idOf(value: unknown): number | undefined {
  const raw = isRecord(value) ? value.Id : value;
  if (raw === undefined || raw === null || raw === "") return undefined;
  if (typeof raw === "number") return Number.isSafeInteger(raw) && raw > 0 ? raw : Number.NaN;
  if (typeof raw === "string" && /^\d{1,15}$/.test(raw.trim())) return Number(raw.trim()) || Number.NaN;
  return Number.NaN;
}

function text(record: Record<string, unknown>, field: keyof typeof LIMITS, errors: FieldErrors): string {
  const value = record[field];
  if (value === undefined || value === null) return "";
  if (typeof value !== "string") {
    errors[field] = [`Send ${field} as text.`];
    return "";
  }
  const entered = enteredText(value);
  if (entered.length > LIMITS[field]) errors[field] = [`${LABELS[field]} must be ${LIMITS[field]} characters or fewer.`];
  else {
    const controls = controlCharacterProblem(entered, CALLED[field]);
    if (controls) errors[field] = [controls];
  }
  return entered;
}

/** An address record: Street1, City and PostalCode required; the country must exist (209 when absent) and the state belong to it. */
export function readAddress(body: unknown, lists: ReferenceLists): Read<AddressInput> {
  if (!isRecord(body)) return { ok: false, errors: { __all__: [ADDRESS_MISSING_MESSAGE] } };
  const errors: FieldErrors = {};
  const street1 = text(body, "Street1", errors);
  const street2 = text(body, "Street2", errors);
  const street3 = text(body, "Street3", errors);
  const city = text(body, "City", errors);
  const postalCode = text(body, "PostalCode", errors);
  const label = text(body, "Label", errors);
  for (const [field, value] of [["Street1", street1], ["City", city], ["PostalCode", postalCode]] as const) {
    if (value === "" && !errors[field]) errors[field] = [MISSING[field]];
  }

  const countryId = idOf(body.Country) ?? lists.defaultCountryId;
  const country = lists.countries.find((candidate) => candidate.Id === countryId);
  if (!country) errors.Country = [COUNTRY_UNKNOWN_MESSAGE];
  const stateId = idOf(body.State);
  if (stateId !== undefined && country) {
    const state = lists.states.find((candidate) => candidate.Id === stateId);
    if (!state || state.Country.Id !== country.Id) errors.State = [stateNotInCountryMessage(country.Description)];
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      Street1: street1,
      Street2: street2,
      Street3: street3,
      City: city,
      PostalCode: postalCode,
      CountryId: countryId,
      StateId: stateId ?? null,
      PrimaryIndicator: body.PrimaryIndicator === true || body.PrimaryIndicator === "true",
      Label: label,
    },
  };
}

/** A school organisation record: its name (LastName), its first address, and any email addresses. */
export function readOrganisation(body: unknown, lists: ReferenceLists): Read<OrganisationInput> {
  if (!isRecord(body)) return { ok: false, errors: { __all__: [ADDRESS_MISSING_MESSAGE] } };
  const errors: FieldErrors = {};
  const name = text(body, "LastName", errors);
  if (name === "" && !errors.LastName) errors.LastName = [MISSING.LastName];

  const addresses = Array.isArray(body.Addresses) ? body.Addresses : [];
  let address: AddressInput | undefined;
  if (addresses.length === 0) errors.Addresses = [ADDRESS_MISSING_MESSAGE];
  else if (addresses.length > MAXIMUM_LIST_ENTRIES) errors.Addresses = [TOO_MANY_ADDRESSES_MESSAGE];
  else {
    // The wizard sends one address; its fields' errors are named as the manual form names them.
    const read = readAddress(addresses[0], lists);
    if (read.ok) address = { ...read.value, PrimaryIndicator: true };
    else Object.assign(errors, read.errors);
  }

  const emails: { Address: string }[] = [];
  const electronic: unknown = body.ElectronicAddresses ?? [];
  if (!Array.isArray(electronic)) errors.ElectronicAddresses = [EMAIL_ADDRESSES_MESSAGE];
  else if (electronic.length > MAXIMUM_LIST_ENTRIES) errors.ElectronicAddresses = [TOO_MANY_EMAIL_ADDRESSES_MESSAGE];
  else {
    for (const entry of electronic) {
      const email = isRecord(entry) && typeof entry.Address === "string" ? normaliseEmail(entry.Address) : "";
      const controls = controlCharacterProblem(email, "the school's email addresses");
      if (controls || emailProblem(email)) {
        errors.ElectronicAddresses = [controls ?? EMAIL_ADDRESSES_MESSAGE];
        break;
      }
      emails.push({ Address: email });
    }
  }

  if (Object.keys(errors).length > 0 || !address) return { ok: false, errors };
  return { ok: true, value: { LastName: name, Addresses: [address], ElectronicAddresses: emails } };
}

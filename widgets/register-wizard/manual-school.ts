import { findState, statesOf, type StateOption } from "./find-state";
import type { PathwayKey } from "./pathways";
import type { SelectedSchool } from "../../contracts/shapes/schools";
import { DEFAULT_COUNTRY_ID } from "../../contracts/rules/schools";

/** What the manual school form holds (accounts spec, section 3, "School manual form"). */
export interface ManualSchoolInput {
  schoolName: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  country: number | null;
  state: number | null;
  postalCode: string;
}

export type ManualField = keyof ManualSchoolInput;

export const emptyManualInput: ManualSchoolInput = { schoolName: "", addressLine1: "", addressLine2: "", city: "", country: null, state: null, postalCode: "" };

/** The form's fields in screen order (the first invalid one is focused). */
export const manualFieldOrder: readonly ManualField[] = ["schoolName", "addressLine1", "addressLine2", "city", "country", "state", "postalCode"];

/** Accounts spec, section 3: the school's name is asked for (required) only for these pathways. */
export function needsSchoolName(pathway: PathwayKey | null): boolean {
  return pathway === "international" || pathway === "independent-school";
}

/**
 * Accounts spec, section 4: manual input becomes the selected school once
 * address line 1 and postal code (plus the name where the pathway needs it)
 * are given; otherwise there is no selected school (null). A missing country
 * is 209. The school has no type, URN or id yet: it is created later.
 */
export function buildManualSchool(input: ManualSchoolInput, pathway: PathwayKey | null, states: readonly StateOption[] = []): SelectedSchool | null {
  const name = input.schoolName.trim();
  const addressLine1 = input.addressLine1.trim();
  const postalCode = input.postalCode.trim();
  if (addressLine1 === "" || postalCode === "" || (needsSchoolName(pathway) && name === "")) return null;
  const state = input.state === null ? null : findState(states, { id: input.state });
  return {
    name,
    addressLine1,
    addressLine2: input.addressLine2.trim(),
    addressLine3: "",
    city: input.city.trim(),
    state: input.state,
    county: state?.label ?? null,
    postalCode,
    country: input.country ?? DEFAULT_COUNTRY_ID,
    type: null,
    URN: null,
    constituentId: null,
    membershipDetails: null,
    totalAvailable: null,
    benefitUsage: null,
  };
}

/** Accounts spec, section 4: changing the country filters the states; a state of another country (or any, when it has none) is dropped. */
export function withCountry(input: ManualSchoolInput, country: number | null, states: readonly StateOption[]): ManualSchoolInput {
  const keeps = input.state !== null && statesOf(states, country).some((state) => state.value === input.state);
  return { ...input, country, state: keeps ? input.state : null };
}

/** Accounts spec, section 4: choosing a state sets its country. */
export function withState(input: ManualSchoolInput, stateId: number | null, states: readonly StateOption[]): ManualSchoolInput {
  if (stateId === null) return { ...input, state: null };
  const state = findState(states, { id: stateId });
  return { ...input, state: state?.value ?? null, country: state?.countryValue ?? input.country };
}

export type ManualMessages = Record<"schoolNameMissing" | "addressLine1Missing" | "cityMissing" | "countryMissing" | "stateMissing" | "postalCodeMissing", string>;

/**
 * The required-field errors (accounts spec, section 3), in screen order. The
 * country is required when there are countries to choose from; the state
 * only when the chosen country has states.
 */
export function manualSchoolErrors(
  input: ManualSchoolInput,
  pathway: PathwayKey | null,
  location: { countriesLoaded: boolean; states: readonly StateOption[] },
  messages: ManualMessages,
): Partial<Record<ManualField, string>> {
  const errors: Partial<Record<ManualField, string>> = {};
  if (needsSchoolName(pathway) && input.schoolName.trim() === "") errors.schoolName = messages.schoolNameMissing;
  if (input.addressLine1.trim() === "") errors.addressLine1 = messages.addressLine1Missing;
  if (input.city.trim() === "") errors.city = messages.cityMissing;
  if (location.countriesLoaded && input.country === null) errors.country = messages.countryMissing;
  if (input.country !== null && input.state === null && statesOf(location.states, input.country).length > 0) errors.state = messages.stateMissing;
  if (input.postalCode.trim() === "") errors.postalCode = messages.postalCodeMissing;
  return errors;
}

/** A country as the manual form's select lists it. */
export interface CountryOption {
  value: number;
  label: string;
}

/** A state/region record in the client (accounts spec, section 3): value, label and the country it belongs to. */
export interface StateOption {
  value: number;
  label: string;
  countryValue: number;
}

/**
 * Accounts spec, section 3: a state is found by its numeric id, or else by a
 * county name (case-insensitive, trimmed) among the states of the country.
 * A name never matches a state of another country; an id is the state itself.
 */
export function findState(states: readonly StateOption[], key: { id?: number | string | null; county?: string | null; countryId?: number | null }): StateOption | null {
  const id = typeof key.id === "string" && /^\d+$/.test(key.id.trim()) ? Number(key.id.trim()) : key.id;
  if (typeof id === "number") {
    const byId = states.find((state) => state.value === id);
    if (byId) return byId;
  }
  const county = key.county?.trim().toLowerCase();
  if (!county || key.countryId == null) return null;
  return states.find((state) => state.countryValue === key.countryId && state.label.trim().toLowerCase() === county) ?? null;
}

/** The states of one country (all of them when no country is chosen yet). */
export function statesOf(states: readonly StateOption[], countryId: number | null): StateOption[] {
  return countryId === null ? [...states] : states.filter((state) => state.countryValue === countryId);
}

import { http } from "../lib/http";
import type { CountryOption, StateOption } from "./find-state";

export interface LocationData {
  countries: CountryOption[];
  states: StateOption[];
}

/**
 * Preloads the manual form's countries and states (GET /account/countries/
 * and /account/states/, accounts spec, section 7), as select options. Any
 * failure (a call, an unreadable answer) rejects: the screen then says
 * 'Failed to load location data.'
 */
export async function loadLocationData(signal?: AbortSignal): Promise<LocationData> {
  const [countryBody, stateBody] = await Promise.all([
    http.get<{ countries?: unknown }>("/account/countries/", { signal }),
    http.get<{ states?: unknown }>("/account/states/", { signal }),
  ]);
  if (!Array.isArray(countryBody?.countries) || !Array.isArray(stateBody?.states)) throw new Error("The location data has no countries or states");
  const countries = countryBody.countries.flatMap((country: unknown): CountryOption[] =>
    isRecord(country) && typeof country.Id === "number" && typeof country.Description === "string" ? [{ value: country.Id, label: country.Description }] : [],
  );
  const states = stateBody.states.flatMap((state: unknown): StateOption[] => {
    if (!isRecord(state) || typeof state.Id !== "number" || typeof state.Description !== "string" || !isRecord(state.Country)) return [];
    const countryValue = state.Country.Id;
    return typeof countryValue === "number" ? [{ value: state.Id, label: state.Description, countryValue }] : [];
  });
  return { countries, states };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

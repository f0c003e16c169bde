import type { Country, CrmReferenceData, State } from "../crm-port";
import type { TessituraClient } from "./http-client";

/*
 * Countries and states from /ReferenceData, kept for `refreshMs` (they change
 * rarely and the wizard asks for them on every page). A failed refresh fails
 * the call; the cache keeps the last good lists for the next one.
 */

interface TessituraCountry {
  Id: number;
  Description: string;
  Inactive?: boolean;
}

interface TessituraState {
  Id: number;
  Description: string;
  Inactive?: boolean;
  Country?: { Id: number };
}

export function tessituraReferenceData(client: TessituraClient, refreshMs: number, clock: () => number = Date.now): CrmReferenceData {
  let cached: { at: number; countries: Country[]; states: State[] } | undefined;
  let loading: Promise<{ countries: Country[]; states: State[] }> | undefined;

  const load = () => {
    if (cached && clock() - cached.at < refreshMs) return Promise.resolve(cached);
    loading ??= (async () => {
      try {
        const [countries, states] = await Promise.all([
          client.request<TessituraCountry[]>("GET", "/ReferenceData/Countries"),
          client.request<TessituraState[]>("GET", "/ReferenceData/States"),
        ]);
        cached = {
          at: clock(),
          countries: (countries ?? []).filter((country) => !country.Inactive).map((country) => ({ Id: country.Id, Description: country.Description })),
          states: (states ?? [])
            .filter((state) => !state.Inactive && state.Country)
            .map((state) => ({ Id: state.Id, Description: state.Description, Country: { Id: state.Country!.Id } })),
        };
        return cached;
      } finally {
        loading = undefined;
      }
    })();
    return loading;
  };

  return {
    countries: async () => (await load()).countries,
    states: async () => (await load()).states,
  };
}

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

/**
 * `load`'s answer, kept for `refreshMs`: concurrent callers share one load,
 * and a failed load fails its callers and is tried again by the next.
 */
export function keptFor<T>(refreshMs: number, load: () => Promise<T>, clock: () => number = Date.now): () => Promise<T> {
  let cached: { at: number; value: T } | undefined;
  let loading: Promise<T> | undefined;
  return () => {
    if (cached && clock() - cached.at < refreshMs) return Promise.resolve(cached.value);
    loading ??= (async () => {
      try {
        const value = await load();
        cached = { at: clock(), value };
        return value;
      } finally {
        loading = undefined;
      }
    })();
    return loading;
  };
}

export function tessituraReferenceData(client: TessituraClient, refreshMs: number, clock: () => number = Date.now): CrmReferenceData {
  const load = keptFor(
    refreshMs,
    async () => {
      const [countries, states] = await Promise.all([
        client.request<TessituraCountry[]>("GET", "/ReferenceData/Countries"),
        client.request<TessituraState[]>("GET", "/ReferenceData/States"),
      ]);
      return {
        countries: (countries ?? []).filter((country) => !country.Inactive).map((country): Country => ({ Id: country.Id, Description: country.Description })),
        states: (states ?? [])
          .filter((state) => !state.Inactive && state.Country)
          .map((state): State => ({ Id: state.Id, Description: state.Description, Country: { Id: state.Country!.Id } })),
      };
    },
    clock,
  );

  return {
    countries: async () => (await load()).countries,
    states: async () => (await load()).states,
  };
}

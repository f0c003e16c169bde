import { useEffect, useState } from "react";
import type { CountryOption, StateOption } from "./find-state";
import { loadLocationData } from "./location-data";
import type { LocationStatus } from "./ManualAddressForm";

export interface LocationState {
  status: LocationStatus;
  countries: CountryOption[];
  states: StateOption[];
}

/** Preloads countries and states once, when the screen mounts (accounts spec, section 8: 'Failed to load location data.' on failure). */
export function useLocationData(): LocationState {
  const [location, setLocation] = useState<LocationState>({ status: "loading", countries: [], states: [] });
  useEffect(() => {
    const controller = new AbortController();
    loadLocationData(controller.signal).then(
      (data) => setLocation({ status: "loaded", ...data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error("Countries and states could not be loaded.", error);
        setLocation((current) => ({ ...current, status: "failed" }));
      },
    );
    return () => controller.abort();
  }, []);
  return location;
}

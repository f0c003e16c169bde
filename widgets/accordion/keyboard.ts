import { listIndexForKey } from "../lib/list-keys";

/**
 * WAI-ARIA APG accordion keys: Arrow Down / Up move to the next / previous
 * header (wrapping at the ends), Home / End to the first / last. Returns the
 * header to focus, or null when the key is not one the accordion handles, so
 * every other key keeps its normal meaning.
 */
export function headerIndexForKey(key: string, currentIndex: number, headerCount: number): number | null {
  return listIndexForKey(key, currentIndex, headerCount, "vertical");
}

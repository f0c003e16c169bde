/**
 * The resources listing and site search scenarios (issue 4), over the
 * generated catalogue (BENCH_RESOURCES, default 10,000): the listing with two
 * facets checked (one key stage, one subject), and autocomplete for a
 * three-letter prefix that starts many generated titles. Each is checked once
 * before it is measured, so a broken page is never benchmarked as a fast one.
 */
import type { Scenario } from "./instances-api";

export const listingWithTwoFacets = "/resources/?key_stage=ks3&subject=drama";
export const autocompletePrefix = process.env.BENCH_AUTOCOMPLETE_PREFIX ?? "mac";

export async function resourcesAndSearchScenarios(baseUrl: string): Promise<Scenario[]> {
  const listing = `${baseUrl}${listingWithTwoFacets}`;
  const listingResponse = await fetch(listing, { headers: { Accept: "text/html" } });
  if (!listingResponse.ok) throw new Error(`${listing} answered ${listingResponse.status}`);
  if (listingResponse.headers.has("set-cookie")) console.warn(`Note: ${listingWithTwoFacets} sets a cookie for a visitor (a session write per view).`);

  const autocomplete = `${baseUrl}/search/autocomplete/?query=${encodeURIComponent(autocompletePrefix)}`;
  const autocompleteResponse = await fetch(autocomplete);
  if (!autocompleteResponse.ok) throw new Error(`${autocomplete} answered ${autocompleteResponse.status}`);
  const { hits } = (await autocompleteResponse.json()) as { hits: unknown[] };
  if (hits.length === 0) throw new Error(`${autocomplete} found nothing: choose another BENCH_AUTOCOMPLETE_PREFIX.`);

  return [
    { name: "GET /resources/, a key stage + a subject checked", url: listing },
    { name: `GET /search/autocomplete/?query=${autocompletePrefix} (${hits.length} hits)`, url: autocomplete },
  ];
}

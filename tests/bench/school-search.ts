/**
 * School search scenarios (issue 10), over BENCH_SCHOOLS synthetic schools
 * (default 50,000): a four-letter prefix, a typo in a longer word, and an
 * exact URN. Each is checked once before it is measured, so a broken search is
 * never benchmarked as a fast one.
 */
import type { Scenario } from "./instances-api";

const queries = [
  { label: "4-letter prefix", query: "oakf", expect: "Oakfield Primary School" },
  { label: "a typo", query: "Oakfeild", expect: "Oakfield Primary School" },
  { label: "a URN", query: "9000001", expect: "Oakfield Primary School" },
];

export async function schoolSearchScenarios(baseUrl: string): Promise<Scenario[]> {
  const scenarios: Scenario[] = [];
  for (const { label, query, expect } of queries) {
    const url = `${baseUrl}/account/school-search/?query=${encodeURIComponent(query)}`;
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    const { hits } = (await response.json()) as { hits: { name: string }[] };
    if (!hits.some((hit) => hit.name === expect)) throw new Error(`${url} did not find ${expect}.`);
    scenarios.push({ name: `GET /account/school-search/?query=${query} (${label}, ${hits.length} hits)`, url });
  }
  return scenarios;
}

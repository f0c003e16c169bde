/**
 * School search scenarios (issues 10 and 26), over BENCH_SCHOOLS synthetic
 * schools (default 50,000). The URN lookup repeats one query (the answer
 * cache serves it: the reference rate). The distinct-query rows send a
 * different query on every request, drawn from the register itself (names as
 * typed keystroke by keystroke, names with a typo, name and town, postcodes
 * with and without their space), so the answer cache never helps and the
 * search itself is measured. Each is checked before it is measured, so a
 * broken search is never benchmarked as a fast one. Before any is measured,
 * the search is warmed with the last WARM_UP_QUERIES of each row's list (as
 * /healthz's two seconds warm the rest): a long-running server has compiled
 * the index's code and met the register's common words, and a row measured
 * first should not pay for that alone. The rows start from the other end of
 * their lists, so none of those answers is kept when it comes round again.
 */
import { generateEstablishmentRows, type EstablishmentRow } from "../../fixtures/generators/schools/generate-establishments";
import type { Scenario } from "./instances-api";

const fixed = [
  { label: "4-letter prefix, repeated", query: "oakf", expect: "Oakfield Primary School" },
  { label: "a typo, repeated", query: "Oakfeild", expect: "Oakfield Primary School" },
  { label: "a URN lookup, repeated", query: "9000001", expect: "Oakfield Primary School" },
];

/** Queries per distinct row: more than a row can send, so none repeats within it and the answer cache (1,000 kept) never serves one. */
const DISTINCT_QUERIES = 40_000;
/** Queries per distinct row sent before any row is measured, 10 at a time. */
const WARM_UP_QUERIES = 500;

/** A deterministic stride through the open schools. */
export function* drawn(rows: readonly EstablishmentRow[]): Generator<EstablishmentRow> {
  const open = rows.filter((row) => row["EstablishmentStatus (name)"].startsWith("Open"));
  for (let index = 0; ; index = (index + 7919) % open.length) yield open[index]!;
}

function typoOf(name: string, at: number): string {
  const words = name.split(" ");
  const longest = words.reduce((best, word) => (word.length > best.length ? word : best), "");
  const position = 1 + (at % Math.max(1, longest.length - 2));
  // Alternately a letter dropped and two neighbours swapped.
  const typo = at % 2 === 0 ? longest.slice(0, position) + longest.slice(position + 1) : longest.slice(0, position) + longest[position + 1] + longest[position] + longest.slice(position + 2);
  return words.map((word) => (word === longest ? typo : word)).join(" ");
}

type Hit = { name: string; postalCode: string };
/** The generated register repeats names and postcodes, so a check asks for a school like the one drawn, not that one. */
export const distinctRows: { label: string; queryOf: (row: EstablishmentRow, index: number) => string; found: (row: EstablishmentRow, hits: Hit[]) => boolean }[] = [
  // A name as typed: a different length of it each time (at least 4 letters).
  {
    label: "names as typed",
    queryOf: (row, index) => row.EstablishmentName.slice(0, Math.min(row.EstablishmentName.length, 4 + (index % 24))),
    found: (_row, hits) => hits.length > 0,
  },
  { label: "names with a typo", queryOf: (row, index) => typoOf(row.EstablishmentName, index), found: (row, hits) => hits.some((hit) => hit.name === row.EstablishmentName) },
  { label: "name and town", queryOf: (row) => `${row.EstablishmentName} ${row.Town}`, found: (row, hits) => hits.some((hit) => hit.name === row.EstablishmentName) },
  {
    label: "postcodes, with and without the space",
    queryOf: (row, index) => (index % 2 === 0 ? row.Postcode : row.Postcode.replace(" ", "").toLowerCase()),
    found: (row, hits) => hits.some((hit) => hit.postalCode === row.Postcode),
  },
];

/** Sends `paths` 10 at a time, each answer read in full, and fails on any that is not 200. */
async function warmUp(baseUrl: string, paths: readonly string[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const url = `${baseUrl}${paths[next++]!}`;
      const response = await fetch(url);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    }
  };
  await Promise.all(Array.from({ length: 10 }, worker));
}

async function hitsOf(url: string): Promise<Hit[]> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return ((await response.json()) as { hits: Hit[] }).hits;
}

export async function schoolSearchScenarios(baseUrl: string, schools = Number(process.env.BENCH_SCHOOLS ?? 50_000)): Promise<Scenario[]> {
  const scenarios: Scenario[] = [];
  for (const { label, query, expect } of fixed) {
    const url = `${baseUrl}/account/school-search/?query=${encodeURIComponent(query)}`;
    const hits = await hitsOf(url);
    if (!hits.some((hit) => hit.name === expect)) throw new Error(`${url} did not find ${expect}.`);
    scenarios.push({ name: `GET /account/school-search/?query=${query} (${label}, ${hits.length} hits)`, url });
  }
  const register = generateEstablishmentRows(schools);
  const warmUpPaths: string[] = [];
  for (const { label, queryOf, found } of distinctRows) {
    const picked = drawn(register);
    const seen = new Set<string>();
    const checks: { query: string; row: EstablishmentRow }[] = [];
    for (let index = 0; seen.size < DISTINCT_QUERIES && index < DISTINCT_QUERIES * 4; index++) {
      const row = picked.next().value!;
      const query = queryOf(row, index);
      if (seen.has(query)) continue;
      seen.add(query);
      if (checks.length < 5) checks.push({ query, row });
    }
    for (const { query, row } of checks) {
      const hits = await hitsOf(`${baseUrl}/account/school-search/?query=${encodeURIComponent(query)}`);
      if (!found(row, hits)) throw new Error(`School search for "${query}" did not find ${row.EstablishmentName}, ${row.Postcode}.`);
    }
    const paths = [...seen].map((query) => `/account/school-search/?query=${encodeURIComponent(query)}`);
    warmUpPaths.push(...paths.slice(-WARM_UP_QUERIES));
    scenarios.push({ name: `GET /account/school-search/ (${label}: a different query each request, ${paths.length} drawn)`, url: `${baseUrl}${paths[0]}`, paths });
  }
  await warmUp(baseUrl, warmUpPaths);
  return scenarios;
}

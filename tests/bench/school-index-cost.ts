/**
 * The school index's own CPU per query (docs/search.md, "School search"), on
 * the bench's distinct queries (tests/bench/school-search.ts), with no HTTP,
 * no answer cache and no other process: what `npm run bench`'s distinct
 * school rows spend in the search itself. For each row: CPU per query with
 * the query's words met for the first time ("cold") and again ("warm"), the
 * median, and the share of the slowest 5 %; then the slowest queries.
 * Reads the register from a bench database:
 *
 *   DATABASE_URL=sqlite:/tmp/schools.sqlite BENCH_SCHOOLS=50000 tsx tests/bench/seed-schools.ts
 *   DATABASE_URL=sqlite:/tmp/schools.sqlite tsx tests/bench/school-index-cost.ts [queries per row, default 3000]
 */
import { performance } from "node:perf_hooks";
import { generateEstablishmentRows } from "../../fixtures/generators/schools/generate-establishments";
import { openDatabase } from "../../server/open-database";
import { schoolRowsOf } from "../../server/schools/search/in-memory-school-search";
import { buildSchoolIndex } from "../../server/schools/search/school-index";
import { schoolTermsOf } from "../../server/schools/search/school-words";
import { distinctRows, drawn } from "./school-search";

const url = process.env.DATABASE_URL;
if (!url) throw new Error("Set DATABASE_URL to a bench database with schools (tests/bench/seed-schools.ts).");
const perRow = Number(process.argv[2] ?? 3000);
const database = openDatabase(url);
const rows = await schoolRowsOf(database.db);
await database.close();

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};
let started = process.cpuUsage();
const index = buildSchoolIndex(rows);
console.log(`${rows.length} schools: index built in ${cpuMs(started).toFixed(0)} ms of CPU, heap ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB\n`);

const register = generateEstablishmentRows(rows.length);
const slowest: [number, string][] = [];
for (const { label, queryOf } of distinctRows) {
  const picked = drawn(register);
  const seen = new Set<string>();
  for (let at = 0; seen.size < perRow && at < perRow * 4; at++) seen.add(queryOf(picked.next().value!, at));
  const queries = [...seen];
  started = process.cpuUsage();
  for (const query of queries) index.find(schoolTermsOf(query), 10);
  const cold = (cpuMs(started) * 1000) / queries.length;
  started = process.cpuUsage();
  for (const query of queries) index.find(schoolTermsOf(query), 10);
  const warm = (cpuMs(started) * 1000) / queries.length;
  const each = queries.map((query): [number, string] => {
    const start = performance.now();
    index.find(schoolTermsOf(query), 10);
    return [(performance.now() - start) * 1000, `${label}: ${query}`];
  });
  each.sort((a, b) => b[0] - a[0]);
  const total = each.reduce((sum, [us]) => sum + us, 0);
  const top = each.slice(0, Math.ceil(each.length / 20)).reduce((sum, [us]) => sum + us, 0);
  console.log(
    `${label}: ${queries.length} queries, CPU ${cold.toFixed(0)} µs a query cold, ${warm.toFixed(0)} µs warm; median ${each[each.length >> 1]![0].toFixed(0)} µs; slowest 5 % take ${((100 * top) / total).toFixed(0)} % of the time`,
  );
  slowest.push(...each.slice(0, 5));
}
console.log("\nSlowest (warm, one run each; a garbage collection can land in any):");
for (const [us, query] of slowest.sort((a, b) => b[0] - a[0]).slice(0, 15)) console.log(`${us.toFixed(0).padStart(7)} µs  ${query}`);

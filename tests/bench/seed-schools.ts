/**
 * Bench only: brings the school register to BENCH_SCHOOLS synthetic schools
 * (default 50,000; fixtures/generators/schools), imported in batches as
 * `npm run schools:import` does, so school search is measured at the size of
 * the real register. Generated URNs are demo URNs (docs/schools.md), so the
 * import runs in the demo scope. The generator starts with the demo schools,
 * so those rows are upserted unchanged.
 *
 *   DATABASE_URL=sqlite:var/bench.sqlite BENCH_SCHOOLS=50000 tsx tests/bench/seed-schools.ts
 */
import { generateEstablishmentRows, establishmentsCsv } from "../../fixtures/generators/schools/generate-establishments";
import { CRM_IDS } from "../../server/crm/crm-ids";
import { createSqlCrm } from "../../server/crm/sql-crm";
import { parseGiasEstablishments } from "../../server/schools/gias-establishments";
import { importRegisterIntoEmbeddedCrm } from "../../server/schools/register-import";
import { seedBenchDatabase } from "./bench-database";

seedBenchDatabase("BENCH_SCHOOLS", 50_000, async (db, target) => {
  const { establishments } = parseGiasEstablishments(establishmentsCsv(generateEstablishmentRows(target)));
  const summary = await importRegisterIntoEmbeddedCrm(db, establishments, { crm: createSqlCrm(db, CRM_IDS.test), now: new Date(), scope: "demo" });
  console.log(`Bench database: ${establishments.length} open schools (${summary.created} added).`);
});

/**
 * Bench only: brings the database to BENCH_RESOURCES generated teaching
 * resources (default 10,000; fixtures/generators/resources), so the
 * resources listing and site search are measured at a large catalogue's size.
 * Generated resources are deterministic and start with the demo ones, so the
 * demo rows are upserted unchanged. The search index follows through its
 * triggers.
 *
 *   DATABASE_URL=sqlite:var/bench.sqlite BENCH_RESOURCES=10000 tsx tests/bench/seed-resources.ts
 */
import { generateResources } from "../../fixtures/generators/resources/generate-resources";
import { seedContent } from "../../server/content/seed";
import { seedBenchDatabase } from "./bench-database";

seedBenchDatabase("BENCH_RESOURCES", 10_000, async (db, target) => {
  const summary = await seedContent(db, { resources: generateResources(target) });
  console.log(`Bench database: ${summary.resources} generated resources.`);
});

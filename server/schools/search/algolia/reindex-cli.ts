/**
 * `npm run schools:reindex`: with SCHOOL_SEARCH=algolia, applies the index
 * settings and replaces the Algolia index's records with every open school in
 * the register (docs/search.md, "Algolia"). For a new index, after changing
 * the settings, or whenever the index is in doubt; atomic (replaceAllObjects
 * builds a temporary index and moves it over), so searches go on meanwhile.
 */
import { loadConfig } from "../../../config";
import { printLines, runCommand, withMigratedDatabase } from "../../../command-database";
import { algoliaIndexingFor } from "./algolia-school-indexing";

async function main(): Promise<number> {
  const config = loadConfig(process.env);
  const indexing = algoliaIndexingFor(config);
  if (!indexing) {
    console.error("Nothing to reindex: SCHOOL_SEARCH is not algolia (the embedded engine reads the register itself).");
    return 2;
  }
  return withMigratedDatabase(config.databaseUrl, async (db) => {
    const count = await indexing.reindex(db);
    await printLines([`Reindexed ${count.toLocaleString("en-GB")} schools into the Algolia index ${config.algoliaIndexName}.`]);
    return 0;
  });
}

runCommand(main, (error) => `Reindex failed: ${error instanceof Error ? error.message : String(error)}`);

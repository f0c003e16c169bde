/**
 * `npm run schools:import -- <file.csv>`: loads the Department for
 * Education's "Get Information About Schools" establishment CSV into the
 * embedded CRM (docs/schools.md). Migrates first, so it works on a new
 * database too. A malformed row is reported with its line and skipped.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { loadConfig } from "../config";
import { CRM_IDS } from "../crm/crm-ids";
import { createSqlCrm } from "../crm/sql-crm";
import { runCommand, withMigratedDatabase } from "../command-database";
import { EstablishmentFileError, parseGiasEstablishments } from "./gias-establishments";
import { importRegisterIntoEmbeddedCrm } from "./register-import";

const USAGE = "Usage: npm run schools:import -- <establishments.csv>";

async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file) throw new EstablishmentFileError(`Name the CSV file to import.\n${USAGE}`);
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    throw new EstablishmentFileError(`Cannot read ${file}: ${(error as Error).message}\n${USAGE}`);
  }
  const parsed = parseGiasEstablishments(bytes);

  const config = loadConfig(process.env);
  return withMigratedDatabase(config.databaseUrl, async (db) => {
    const started = performance.now();
    const summary = await importRegisterIntoEmbeddedCrm(db, parsed.establishments, { crm: createSqlCrm(db, CRM_IDS[config.crmEnv]), now: new Date() });
    console.log(
      [
        `Imported ${path.basename(file)} in ${((performance.now() - started) / 1000).toFixed(1)} s:`,
        `  new schools          ${summary.created}`,
        `  updated              ${summary.updated}`,
        `  unchanged            ${summary.unchanged}`,
        `  closed or not open   ${parsed.notOpen} (skipped)`,
        `  rows with problems   ${parsed.problems.length} (skipped)`,
      ].join("\n"),
    );
    for (const problem of parsed.problems) console.warn(`  line ${problem.line}: ${problem.message}`);
    return 0;
  });
}

runCommand(main, (error) =>
  error instanceof EstablishmentFileError ? error.message : `Import failed: ${error instanceof Error ? error.message : String(error)}`,
);

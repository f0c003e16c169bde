/**
 * `npm run schools:import -- <file.csv>`: loads the Department for
 * Education's "Get Information About Schools" establishment CSV into the
 * register and the configured CRM, embedded or Tessitura (docs/schools.md, "The monthly refresh"). Migrates first, so
 * it works on a new database too. Streams the file a batch at a time; a
 * malformed row is reported with its line and skipped. On a terminal it shows
 * progress (rows, a percentage, a rate); a summary follows at the end.
 */
import path from "node:path";
import { loadConfig } from "../config";
import { CRM_IDS } from "../crm";
import { chosenCrm } from "../configured-crm";
import { runCommand, withMigratedDatabase } from "../command-database";
import { EstablishmentFileError } from "./gias-establishments";
import { readRegisterFile, sniffRegisterFile, type RegisterFileProgress } from "./register-file";
import { RegisterImport } from "./register-import";
import { algoliaIndexingFor } from "./search/algolia/algolia-school-indexing";

const USAGE = "Usage: npm run schools:import -- <establishments.csv>";

/**
 * Redraws one status line at most 4 times a second, on a terminal only (a log
 * file gets the summary alone). With Tessitura, where a batch of rows takes
 * minutes of API calls, it counts the schools written through the API too.
 */
function progressLine(started: number, throughTessitura: boolean): { read?: (progress: RegisterFileProgress) => void; schoolWritten?: () => void } {
  if (!process.stderr.isTTY) return {};
  let drawn = 0;
  let latest: RegisterFileProgress = { rows: 0, bytesRead: 0, totalBytes: 0 };
  let written = 0;
  const draw = (force: boolean) => {
    const now = performance.now();
    if (now - drawn < 250 && !force) return;
    drawn = now;
    const { rows, bytesRead, totalBytes } = latest;
    const seconds = Math.max((now - started) / 1000, 0.001);
    const percent = totalBytes > 0 ? Math.floor((bytesRead / totalBytes) * 100) : 100;
    const schools = throughTessitura ? `, ${written.toLocaleString("en-GB")} schools through Tessitura (${(written / seconds).toFixed(1)}/s)` : "";
    process.stderr.write(`\r  ${rows.toLocaleString("en-GB")} rows read, ${percent}%, ${Math.round(rows / seconds).toLocaleString("en-GB")} rows/s${schools}   `);
  };
  return {
    read: (progress) => {
      latest = progress;
      draw(progress.bytesRead >= progress.totalBytes);
    },
    schoolWritten: throughTessitura
      ? () => {
          written++;
          draw(false);
        }
      : undefined,
  };
}

async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file) throw new EstablishmentFileError(`Name the CSV file to import.\n${USAGE}`);
  // Before the database is opened: a file in neither encoding is refused with nothing written.
  await sniffRegisterFile(file).catch((error: unknown) => {
    if (error instanceof EstablishmentFileError) throw error;
    throw new EstablishmentFileError(`Cannot read ${file}: ${(error as Error).message}\n${USAGE}`);
  });

  const config = loadConfig(process.env);
  return withMigratedDatabase(config.databaseUrl, async (db) => {
    const started = performance.now();
    const importStarted = new Date();
    const progress = progressLine(started, config.crmProvider === "tessitura");
    // With CRM_PROVIDER=tessitura the organisations are Tessitura's, written through its API (docs/schools.md, "Importing into Tessitura").
    const run = new RegisterImport(db, {
      crm: chosenCrm(config, db, CRM_IDS[config.crmEnv]),
      crmProvider: config.crmProvider,
      now: new Date(),
      scope: "register",
      source: path.basename(file),
      schoolWritten: progress.schoolWritten,
    });
    const report = await readRegisterFile(file, {
      batch: async (batch) => {
        await run.batch(batch);
        // Each batch leaves thousands of finished prepared statements whose native memory V8 cannot see, so it would not
        // collect them soon; the npm script passes --expose-gc so that each batch's go now, keeping the peak flat.
        (globalThis as { gc?: () => void }).gc?.();
      },
      progress: progress.read,
    });
    if (progress.read) process.stderr.write("\n");
    const summary = await run.finish();
    // With SCHOOL_SEARCH=algolia, the hosted index gets what this import wrote and closed (docs/search.md, "Algolia").
    const pushed = await algoliaIndexingFor(config)?.pushChangesSince(db, importStarted);
    const lines = [
      `Imported ${path.basename(file)} (${report.encoding.description}, ${report.rows.toLocaleString("en-GB")} rows) in ${((performance.now() - started) / 1000).toFixed(1)} s:`,
      `  new schools          ${summary.created}`,
      `  updated              ${summary.updated}`,
      `  unchanged            ${summary.unchanged}`,
      `  reopened             ${summary.reopened}`,
      `  closed               ${summary.closed} (out of search and the wizard; records kept)`,
      `  closed or not open   ${summary.notOpen} (not in the register; skipped)`,
      `  rows with problems   ${report.problemCount} (skipped)`,
    ];
    if (pushed) lines.push(`  Algolia index        ${pushed.saved} saved, ${pushed.removed} removed`);
    if (summary.outOfScope > 0) lines.push(`  demo URNs            ${summary.outOfScope} (9000000 to 9999999 are the demo's; skipped)`);
    if (summary.absentKept > 0) {
      lines.push(`  not listed, kept     ${summary.absentKept} (the file lists under half the open schools: an extract, so none was closed for being absent)`);
    }
    console.log(lines.join("\n"));
    for (const problem of report.problems) console.warn(`  line ${problem.line}: ${problem.message}`);
    if (report.problemCount > report.problems.length) console.warn(`  … and ${report.problemCount - report.problems.length} more`);
    return 0;
  });
}

runCommand(main, (error) =>
  error instanceof EstablishmentFileError ? error.message : `Import failed: ${error instanceof Error ? error.message : String(error)}`,
);

import { writeFileSync } from "node:fs";
import { establishmentsCsv, generateEstablishmentRows } from "./generate-establishments";

/**
 * `npx tsx server/content/school-generator/write-establishments-cli.ts <count> <file>`:
 * writes a synthetic register CSV, e.g. the shipped fixture
 * (300 fixtures/content/establishments.csv) or a benchmark's 50,000.
 */
const [countArgument = "300", file = "fixtures/content/establishments.csv"] = process.argv.slice(2);
const count = Number(countArgument);
if (!Number.isSafeInteger(count) || count < 1) {
  console.error(`Expected a number of schools, got "${countArgument}".`);
  process.exit(1);
}
writeFileSync(file, establishmentsCsv(generateEstablishmentRows(count)));
console.log(`${count} schools written to ${file}`);

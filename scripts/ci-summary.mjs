// Prints one plain closing line for CI from the Vitest and Playwright JSON
// reports that the configs write when CI is set: "Tests: N passed, N failed".
import { readFileSync, existsSync, readdirSync } from "node:fs";

let passed = 0;
let failed = 0;
let skipped = 0;

// vitest.json from npm test; vitest-node-<major>.json from the same suites on the current Node LTS (scripts/test-on-node-lts.sh).
const vitestReports = existsSync("var/reports")
  ? readdirSync("var/reports")
      .filter((file) => /^vitest(-node-\d+)?\.json$/.test(file))
      .map((file) => `var/reports/${file}`)
  : [];
for (const vitestReport of vitestReports) {
  const report = JSON.parse(readFileSync(vitestReport, "utf8"));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}

const playwrightReport = "var/reports/playwright.json";
if (existsSync(playwrightReport)) {
  const { stats } = JSON.parse(readFileSync(playwrightReport, "utf8"));
  passed += (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  failed += stats?.unexpected ?? 0;
  skipped += stats?.skipped ?? 0;
}

console.log(`Tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);

// Prints one plain closing line for CI from the Vitest and Playwright JSON
// reports that the configs write when CI is set: "Tests: N passed, N failed".
import { readFileSync, existsSync } from "node:fs";

let passed = 0;
let failed = 0;
let skipped = 0;

const vitestReport = "var/reports/vitest.json";
if (existsSync(vitestReport)) {
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

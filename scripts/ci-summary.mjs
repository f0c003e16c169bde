// Prints the closing lines for CI from the Vitest and Playwright JSON reports
// that the configs write when CI is set: each failed, flaky or skipped test by
// name (CI keeps only the tail of the log, so they must come last), then
// "Tests: N passed, N failed".
import { readFileSync, existsSync, readdirSync } from "node:fs";

// Playwright's messages are coloured for a terminal; CI's log keeps them as text.
const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");

let passed = 0;
let failed = 0;
let skipped = 0;
/** @type {string[]} */
const named = [];
/** @type {string[]} */
const durations = [];

// vitest.json from npm test; vitest-node-<major>.json from the same suites on the current Node LTS (scripts/test-on-node-lts.sh).
const vitestReports = existsSync("var/reports")
  ? readdirSync("var/reports")
      .filter((file) => /^vitest(-node-\d+)?\.json$/.test(file))
      .map((file) => `var/reports/${file}`)
  : [];
for (const vitestReport of vitestReports) {
  const report = JSON.parse(readFileSync(vitestReport, "utf8"));
  const ended = Math.max(report.startTime ?? 0, ...(report.testResults ?? []).map((file) => file.endTime ?? 0));
  if (report.startTime) durations.push(`${vitestReport.replace("var/reports/", "")} ${Math.round((ended - report.startTime) / 1000)} s`);
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  for (const file of report.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status === "failed" || test.status === "pending" || test.status === "skipped" || test.status === "todo") {
        named.push(`${test.status === "failed" ? "FAILED " : "SKIPPED"} ${vitestReport}: ${file.name?.replace(process.cwd() + "/", "")} › ${test.fullName}`);
      }
    }
  }
}

const playwrightReport = "var/reports/playwright.json";
if (existsSync(playwrightReport)) {
  const report = JSON.parse(readFileSync(playwrightReport, "utf8"));
  const { stats } = report;
  if (stats?.duration) durations.push(`playwright ${Math.round(stats.duration / 1000)} s`);
  passed += (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  failed += stats?.unexpected ?? 0;
  skipped += stats?.skipped ?? 0;
  for (const { file, title, outcome, errors } of playwrightTests(report.suites ?? [], [], true)) {
    if (outcome === "unexpected") named.push(`FAILED  playwright: ${file} › ${title}`, ...errors);
    if (outcome === "flaky") named.push(`FLAKY   playwright: ${file} › ${title} (passed on retry: a bug to fix)`);
    if (outcome === "skipped") named.push(`SKIPPED playwright: ${file} › ${title}`);
  }
}

for (const line of named) console.log(line);
// Where CI's time went (its limit is 90 minutes).
if (durations.length > 0) console.log(`Durations: ${durations.join(", ")}`);
console.log(`Tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);

/**
 * Playwright's JSON report nests suites (file, then describes) around specs,
 * each with one test per project. The file's own suite adds no title.
 */
function* playwrightTests(suites, titles, fileLevel) {
  for (const suite of suites) {
    const path = fileLevel ? [] : [...titles, suite.title];
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        yield {
          file: spec.file,
          title: [...path, spec.title].filter(Boolean).join(" › ") + ` [${test.projectName}]`,
          outcome: test.status,
          errors: (test.results ?? []).map(errorLines),
        };
      }
    }
    yield* playwrightTests(suite.suites ?? [], path, false);
  }
}

// What each try of a failed test ended on, short enough for CI's tail: the
// first lines of its error and where it was thrown, after how long.
function errorLines(result, index) {
  const error = result.errors?.[0] ?? result.error;
  const message = (error?.message ?? "no error recorded").replace(ANSI_COLOUR, "");
  const where = error?.location ? ` at ${error.location.file.replace(process.cwd() + "/", "")}:${error.location.line}` : "";
  const lines = message.split("\n").filter((line) => line.trim()).slice(0, 6);
  return `        try ${index + 1} (${Math.round((result.duration ?? 0) / 1000)} s)${where}:\n` + lines.map((line) => `          ${line}`).join("\n");
}

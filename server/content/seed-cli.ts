/**
 * `npm run seed` loads the demo content; `npm run seed -- --dir <path>` loads
 * an organisation's own content in the same format (docs/content.md).
 * Migrates first, so it works on a new database too.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../config";
import { demoTessitura } from "../feature-services";
import { runCommand, withMigratedDatabase } from "../command-database";
import { FixtureValidationError } from "./fixture-errors";
import { DEMO_CONTENT_DIRECTORY, seedFromDirectory, type SeedSummary } from "./seed";

function formatSummary(directory: string, summary: SeedSummary, milliseconds: number): string {
  const counts: [string, number][] = [
    ["pages", summary.pages],
    ["events", summary.events],
    ["event instances", summary.eventInstances],
    ["resources", summary.resources],
    ["resource activities", summary.resourceActivities],
    ["accounts", summary.accounts],
    ["memberships", summary.memberships],
    ["people", summary.people],
    ["galleries", summary.galleries],
    ["gallery items", summary.galleryItems],
    ["schools", summary.schools],
  ];
  return [
    `Seeded ${path.relative(process.cwd(), directory) || directory} in ${(milliseconds / 1000).toFixed(1)} s:`,
    `  site settings        ${summary.siteSettings ? "updated" : "not in this directory"}`,
    ...counts.map(([label, count]) => `  ${label.padEnd(20)} ${count}`),
  ].join("\n");
}

const USAGE = "Usage: npm run seed [-- --dir <content directory>]";

function contentDirectoryFromArguments(): string {
  try {
    const { values } = parseArgs({ options: { dir: { type: "string" } } });
    return path.resolve(values.dir ?? DEMO_CONTENT_DIRECTORY);
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${USAGE}`, { cause: error });
  }
}

async function main(): Promise<number> {
  const directory = contentDirectoryFromArguments();
  const config = loadConfig(process.env);
  return withMigratedDatabase(config.databaseUrl, async (db) => {
    const started = performance.now();
    const summary = await seedFromDirectory(db, directory, { crmEnvironment: config.crmEnv, crmProvider: config.crmProvider, tessitura: demoTessitura(config) });
    console.log(formatSummary(directory, summary, performance.now() - started));
    return 0;
  });
}

runCommand(main, (error) =>
  error instanceof FixtureValidationError ? error.message : `Seeding failed: ${error instanceof Error ? error.message : String(error)}`,
);

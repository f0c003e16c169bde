import { ConfigError, loadConfig, readEnvironment } from "./config";
import { createLogger } from "./logging";
import { migrateDatabase } from "./start-up";

/**
 * `npm run migrate`: brings DATABASE_URL's schema up to date and exits, so an
 * upgrade can migrate once before the app processes restart (docs/deploy.md).
 * It never loads demo content.
 */
async function main(): Promise<void> {
  const config = loadConfig(readEnvironment());
  await migrateDatabase(config, createLogger(config.logLevel), { seedIfEmpty: false });
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});

import { createApp } from "./app";
import { ConfigError, loadConfig, readEnvironment } from "./config";
import { seedIfEmpty } from "./content/seed";
import { migrateToLatest } from "./db/migrator";
import { buildBundleIfMissing } from "./lifecycle/build-bundle";
import { exitGracefullyOnSignals } from "./lifecycle/graceful-shutdown";
import { createLogger } from "./logging";
import { viteManifestPath } from "./paths";
import { createServices } from "./services";

/** `npm start`: configuration, bundle, database, demo content, then the server. */
async function main(): Promise<void> {
  const config = loadConfig(readEnvironment());
  const logger = createLogger(config.logLevel);
  if (config.buildOnStart && !config.viteDevServerUrl) await buildBundleIfMissing(viteManifestPath, logger);

  const services = await createServices(config, { logger });
  const { db } = services.database;
  const applied = await migrateToLatest(db);
  if (applied.length > 0) logger.info({ migrations: applied }, "database migrated");
  if (await seedIfEmpty(db, { crmEnvironment: config.crmEnv })) logger.info("the database was empty: demo content loaded");
  // The outbox table now has its columns; this process delivers its share of it.
  services.mailWorker.start();

  const server = createApp(services).listen(config.port);
  server.on("listening", () => logger.info(`listening on port ${config.port}: open ${config.publicUrl}`));
  server.on("error", (error: NodeJS.ErrnoException) => {
    const reason = error.code === "EADDRINUSE" ? `port ${config.port} is in use: stop the other server or set PORT` : error.message;
    logger.fatal({ err: error }, `could not start: ${reason}`);
    void services.close().finally(() => process.exit(1));
  });
  exitGracefullyOnSignals({ server, readiness: services.readiness, logger, closeServices: services.close });
}

main().catch((error: unknown) => {
  // A bad setting is one clear line; anything else keeps its stack for the operator.
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});

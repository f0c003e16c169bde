import { createServer } from "node:http";
import { createRequestHandler } from "./app";
import { ConfigError, type Config } from "./config";
import { seedIfEmpty } from "./content/seed";
import { openDatabase } from "./open-database";
import { migrateToLatest } from "./db/migrator";
import { buildBundleIfMissing } from "./lifecycle/build-bundle";
import { exitGracefullyOnSignals, type GracefulShutdown } from "./lifecycle/graceful-shutdown";
import type { Logger } from "./logging";
import { viteManifestPath } from "./paths";
import { connectRedis } from "./redis";
import { createServices } from "./services";
import { demoTessitura } from "./feature-services";

/*
 * The two halves of a start, shared by `npm start` (server/main.ts: both, in
 * one process) and `npm run start:cluster` (server/cluster.ts: the first once
 * in the primary, the second in every worker). `npm run migrate`
 * (server/migrate-cli.ts) runs the migrations alone, before a rolling restart.
 */

/**
 * A site on `sqlite::memory:` cannot work: the migrations, the mail outbox's
 * deliverer and the site each open the database, and every opening of
 * `:memory:` is a new, empty database ("no such table" on every page). Tests
 * that want one build the app on a single handle instead (createApp).
 */
export function refuseInMemoryDatabase(config: Config, command: "npm start" | "start:cluster"): void {
  if (config.databaseUrl !== "sqlite::memory:") return;
  throw new ConfigError(
    `${command} cannot use DATABASE_URL=sqlite::memory:: the site opens its database more than once, and each opening of an in-memory one is a new, empty database. Use a file (DATABASE_URL=sqlite:var/site.sqlite) or PostgreSQL.`,
  );
}

/**
 * Once per start of the site, before any process serves: Redis answers (when
 * REDIS_URL is set), the browser bundle if it is missing, the migrations, and
 * the demo content when the database is empty.
 */
export async function prepareToServe(config: Config, logger: Logger): Promise<void> {
  await checkRedisAnswers(config);
  if (config.buildOnStart && !config.viteDevServerUrl) await buildBundleIfMissing(viteManifestPath, logger);
  await migrateDatabase(config, logger, { seedIfEmpty: true });
}

/**
 * A start with Redis away stops at once with one line (a RedisUnavailableError
 * naming the address), within REDIS_COMMAND_TIMEOUT_MS, rather than migrating
 * and forking workers that could serve nobody: `npm run start:cluster`'s
 * primary never connects to Redis otherwise.
 */
async function checkRedisAnswers(config: Config): Promise<void> {
  if (!config.redisUrl) return;
  const client = await connectRedis(config.redisUrl, { commandTimeoutMs: config.redisCommandTimeoutMs, onError: () => {} });
  client.destroy();
}

/** The migrations (and, when asked, the demo content for an empty database), on a connection of its own. */
export async function migrateDatabase(config: Config, logger: Logger, options: { seedIfEmpty: boolean }): Promise<void> {
  const database = openDatabase(config.databaseUrl, {
    maxConnections: 1,
    onPoolError: (error) => logger.warn({ err: error }, "PostgreSQL connection lost: the pool reconnects on the next query"),
  });
  try {
    const applied = await migrateToLatest(database.db);
    logger.info({ migrations: applied }, applied.length > 0 ? "database migrated" : "database already up to date");
    if (options.seedIfEmpty && (await seedIfEmpty(database.db, { crmEnvironment: config.crmEnv, crmProvider: config.crmProvider, tessitura: demoTessitura(config) }))) {
      logger.info("the database was empty: demo content loaded");
      if (config.crmProvider === "tessitura") logger.warn(demoOnTessitura(config));
    }
  } finally {
    await database.close();
  }
}

/** Said once the demo content is in, on a site whose CRM is Tessitura (docs/content.md, "Demo content on Tessitura"). */
export function demoOnTessitura(config: Config): string {
  return config.crmEnv === "test"
    ? "CRM_PROVIDER=tessitura: the demo register's schools and the demo schools' email domains were written to Tessitura (CRM_ENV=test); no demo accounts, memberships nor roles"
    : "CRM_PROVIDER=tessitura with CRM_ENV=production: the demo content was loaded without CRM records (no demo accounts, schools nor register)";
}

/**
 * One serving process: the services, the app listening on PORT, and a
 * graceful exit on SIGTERM/SIGINT. Resolves once listening, with a way to
 * start that exit without a signal; a port that cannot be had ends the
 * process with code 1.
 */
export async function serve(config: Config, logger: Logger): Promise<GracefulShutdown> {
  const services = await createServices(config, { logger });
  // prepareToServe has migrated: the outbox has its columns, and this process delivers its share of it.
  services.mailWorker.start();
  // Every process looks for membership reminders and invoice chasing due; each goes once, whichever process claims it.
  services.jobScheduler.start();
  // The front door answers probes and kept answers itself and hands Express the rest (server/http/front-door.ts).
  const server = createServer(createRequestHandler(services)).listen(config.port);
  const shutdown = exitGracefullyOnSignals({
    server,
    readiness: services.readiness,
    logger,
    closeServices: services.close,
    timeoutMs: config.shutdownTimeoutSeconds * 1000,
  });
  await new Promise<void>((resolve) => {
    server.once("listening", () => {
      logger.info(`listening on port ${config.port}: open ${config.publicUrl}`);
      resolve();
    });
    server.once("error", (error: NodeJS.ErrnoException) => {
      const reason = error.code === "EADDRINUSE" ? `port ${config.port} is in use: stop the other server or set PORT` : error.message;
      logger.fatal({ err: error }, `could not start: ${reason}`);
      void services.close().finally(() => process.exit(1));
    });
  });
  return shutdown;
}

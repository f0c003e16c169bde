import type session from "express-session";
import type { Config } from "./config";
import { createDatabase, type DatabaseHandle } from "./db/database";
import { InProcessRateLimiter, RedisRateLimiter, type RateLimiter } from "./http/rate-limit";
import { createSessionStore } from "./http/session/session-store";
import { createLogger, type Logger } from "./logging";
import { createMailer } from "./mail/create-mailer";
import type { Mailer } from "./mail/mailer";
import { templatesDir, viteManifestPath } from "./paths";
import { connectRedis, type RedisClient } from "./redis";
import { createSchoolSearch } from "./search/create-school-search";
import { createSiteSearch } from "./search/create-site-search";
import type { SchoolSearch } from "./search/school-search-port";
import type { SiteSearch } from "./search/search-port";
import type { Readiness } from "./routes/health";
import { createViteAssets, type ViteAssets } from "./views/vite-assets";

/** Everything the app uses that holds a connection or state: built once per process, closed on shutdown. */
export interface AppServices {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  /** Present when REDIS_URL is set: sessions and rate limits then live there. */
  redis?: RedisClient;
  sessionStore: session.Store;
  rateLimiter: RateLimiter;
  readiness: Readiness;
  viteAssets: ViteAssets;
  /** SMTP when MAIL_URL is set, otherwise the outbox table (server/mail/, docs/mail.md). */
  mailer: Mailer;
  /** Site search over the index in the database (server/search/, docs/search.md). */
  siteSearch: SiteSearch;
  /** School search over the register in the database (server/search/, docs/schools.md). */
  schoolSearch: SchoolSearch;
  /** Closes everything above, once. */
  close(): Promise<void>;
}

export interface CreateServicesOptions {
  /** Defaults to JSON lines on stdout at the configured level. */
  logger?: Logger;
  manifestPath?: string;
}

export async function createServices(config: Config, options: CreateServicesOptions = {}): Promise<AppServices> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const database = createDatabase(config.databaseUrl, {
    onPoolError: (error) => logger.error({ err: error }, "PostgreSQL connection error"),
  });
  const redis = config.redisUrl
    ? await connectRedis(config.redisUrl, (error) => logger.error({ err: error }, "Redis connection error"))
    : undefined;
  const sessions = createSessionStore({
    db: database.db,
    redis,
    onPruneError: (error) => logger.warn({ err: error }, "could not prune expired sessions"),
  });
  const rateLimiter = redis ? new RedisRateLimiter(redis) : new InProcessRateLimiter();
  const viteAssets = createViteAssets({
    manifestPath: options.manifestPath ?? viteManifestPath,
    devServerUrl: config.viteDevServerUrl,
    onMissingManifest: (path) => logger.warn(`No bundle at ${path}: pages are served without JavaScript. Run npm run build.`),
  });

  const mailer = createMailer({ config, db: database.db, logger, templatesDir });

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      sessions.close();
      mailer.close();
      rateLimiter.close();
      await redis?.close();
      await database.close();
    })());

  return {
    config,
    logger,
    database,
    redis,
    sessionStore: sessions.store,
    rateLimiter,
    readiness: { shuttingDown: false },
    viteAssets,
    mailer,
    siteSearch: createSiteSearch(database),
    schoolSearch: createSchoolSearch(database),
    close,
  };
}

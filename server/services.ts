import type session from "express-session";
import type { ContentVersionFeed } from "./cache/content-version-feed";
import { pushContentVersions } from "./cache/content-versions";
import { postgresContentVersionFeed } from "./cache/pushed-content-versions";
import type { Config } from "./config";
import type { CrmPort } from "./crm";
import type { DatabaseHandle } from "./db/database";
import { openDatabase } from "./open-database";
import { createFeatureServices, type FeatureServices } from "./feature-services";
import type { Readiness } from "./health/readiness-probe";
import { InProcessRateLimiter, RedisRateLimiter, type RateLimiter } from "./rate-limit/rate-limit";
import { createSessionStore } from "./http/session/session-store";
import { createLogger, type Logger } from "./logging";
import { createMailSystem } from "./mail/create-mailer";
import type { Mailer } from "./mail/mailer";
import type { OutboxWorker } from "./mail/outbox-worker";
import { templatesDir, viteManifestPath } from "./paths";
import type { StripeApiAddress } from "./payments";
import { connectRedis, type RedisClient } from "./redis";
import { JobScheduler } from "./lifecycle/job-scheduler";
import { createSiteSearch } from "./search/create-site-search";
import type { CachedSiteSearch } from "./search/cached-site-search";
import { createViteAssets, type ViteAssets } from "./views/vite-assets";

/**
 * The composition root's first half: the adapters (database, Redis, sessions,
 * rate limits, mail, search), then the feature services built on them. Built
 * once per process, closed on shutdown; server/app.ts then hands each route
 * the feature services it needs.
 */
export interface AppServices {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  /** Present when REDIS_URL is set: sessions and rate limits then live there. */
  redis?: RedisClient;
  /**
   * On PostgreSQL (unless DATABASE_LISTEN_URL=none): the change counters
   * pushed to this process, which kept answers read instead of the database
   * (server/cache/content-version-feed.ts).
   */
  contentVersions?: ContentVersionFeed;
  sessionStore: session.Store;
  /** The back office's sessions, apart from members' (docs/back-office.md). */
  staffSessionStore: session.Store;
  rateLimiter: RateLimiter;
  readiness: Readiness;
  viteAssets: ViteAssets;
  /** Writes messages to the outbox, which this process's worker delivers: by SMTP when MAIL_URL is set (server/mail/, docs/mail.md). */
  mailer: Mailer;
  /**
   * Delivers the outbox; each process runs one, and several share the table
   * safely (server/mail/outbox-worker.ts). Started once the database is
   * migrated (server/main.ts), stopped by close().
   */
  mailWorker: OutboxWorker;
  /**
   * Every 15 minutes: the membership reminders (docs/memberships.md "Reminders") and the
   * chasing of unpaid invoices (docs/payments.md "Pay by invoice"). Each process runs one,
   * and the claims make each reminder and step happen once (server/lifecycle/job-scheduler.ts).
   * Started with the outbox worker (server/start-up.ts), stopped by close().
   */
  jobScheduler: JobScheduler;
  /** Site search over the index in the database (server/search/, docs/search.md). */
  siteSearch: CachedSiteSearch;
  /** One service per capability, which the routes receive (server/feature-services.ts). */
  features: FeatureServices;
  /** Closes everything above, once. */
  close(): Promise<void>;
}

export interface CreateServicesOptions {
  /** Defaults to JSON lines on stdout at the configured level. */
  logger?: Logger;
  manifestPath?: string;
  /** Tests only: a local stand-in for the Stripe API (server/payments/stripe-provider.ts). */
  stripeApi?: StripeApiAddress;
  /** Tests only: a stand-in CRM behind the circuit breaker (server/crm/circuit-breaking-crm.ts). */
  crm?: CrmPort;
}

export async function createServices(config: Config, options: CreateServicesOptions = {}): Promise<AppServices> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const database = openDatabase(config.databaseUrl, {
    connectTimeoutMs: config.databaseConnectTimeoutMs,
    statementTimeoutMs: config.databaseStatementTimeoutMs,
    onPoolError: (error) => logger.warn({ err: error }, "PostgreSQL connection lost: the pool reconnects on the next query"),
  });
  const redis = config.redisUrl
    ? await connectRedis(config.redisUrl, {
        commandTimeoutMs: config.redisCommandTimeoutMs,
        onError: (error) => logger.error({ err: error }, "Redis connection error: requests that need Redis answer 503 until it reconnects"),
        onReconnected: () => logger.info("Redis reconnected"),
      }).catch(async (error: unknown) => {
        await database.close();
        throw error;
      })
    : undefined;
  const contentVersions = contentVersionFeedFor(config, database, logger);
  const sessions = createSessionStore({
    db: database.db,
    redis,
    redisKeyPrefix: config.redisKeyPrefix,
    redisCommandTimeoutMs: config.redisCommandTimeoutMs,
    onPruneError: (error) => logger.warn({ err: error }, "could not prune expired sessions"),
  });
  const staffSessions = createSessionStore({
    kind: "staff",
    db: database.db,
    redis,
    redisKeyPrefix: config.redisKeyPrefix,
    redisCommandTimeoutMs: config.redisCommandTimeoutMs,
    onPruneError: (error) => logger.warn({ err: error }, "could not prune expired staff sessions"),
  });
  const rateLimiter = redis ? new RedisRateLimiter(redis, `${config.redisKeyPrefix}rate:`, config.redisCommandTimeoutMs) : new InProcessRateLimiter();
  const viteAssets = createViteAssets({
    manifestPath: options.manifestPath ?? viteManifestPath,
    devServerUrl: config.viteDevServerUrl,
    onMissingManifest: (path) => logger.warn(`No bundle at ${path}: pages are served without JavaScript. Run npm run build.`),
  });

  const mail = createMailSystem({ config, db: database.db, logger, templatesDir });
  const { mailer } = mail;

  // Its rounds use the features made below; stopped before the mail and the database close.
  const jobScheduler = new JobScheduler({
    jobs: [
      { name: "membership reminders", run: async (now) => ({ done: (await features.membershipReminders.sendDue(now)).sent }) },
      { name: "invoice chasing", run: async (now) => ({ done: (await features.schoolInvoices.chaseDue(now)).sent }) },
      { name: "sandbox renewals", run: (now) => features.payments.renewSandboxSubscriptions(now) },
    ],
    logger,
  });
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      sessions.close();
      staffSessions.close();
      await jobScheduler.stop();
      // Before the database closes: the worker records the sends in hand.
      await mail.close();
      rateLimiter.close();
      await redis?.close();
      await contentVersions?.close();
      await database.close();
    })());

  const readiness: Readiness = { shuttingDown: false };
  const siteSearch = createSiteSearch(database);
  const features = createFeatureServices({
    config,
    logger,
    database,
    redis,
    rateLimiter,
    mailer,
    siteSearch,
    readiness,
    stripeApi: options.stripeApi,
    crm: options.crm,
  });
  // The services have made their counters' readers: from here they follow the feed once it is live.
  contentVersions?.start();

  return {
    config,
    logger,
    database,
    redis,
    contentVersions,
    sessionStore: sessions.store,
    staffSessionStore: staffSessions.store,
    rateLimiter,
    readiness,
    viteAssets,
    mailer,
    mailWorker: mail.worker,
    jobScheduler,
    siteSearch,
    features,
    close,
  };
}

/**
 * PostgreSQL's change counters, pushed (docs/performance.md, "Pushed change
 * counters"): given to the database before any service makes a reader.
 * SQLite reads its counters in-process for 1–2 µs and needs none.
 */
function contentVersionFeedFor(config: Config, database: DatabaseHandle, logger: Logger): ContentVersionFeed | undefined {
  if (database.dialect !== "postgres" || config.databaseListenUrl === "none") return undefined;
  const feed = postgresContentVersionFeed({ url: config.databaseListenUrl ?? config.databaseUrl, connectTimeoutMs: config.databaseConnectTimeoutMs, logger });
  pushContentVersions(database.db, feed);
  return feed;
}

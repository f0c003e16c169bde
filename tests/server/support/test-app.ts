import { Writable } from "node:stream";
import type { Express } from "express";
import { createSite, type Site } from "../../../server/app";
import type { CrmPort } from "../../../server/crm/crm-port";
import { loadConfig, type Config } from "../../../server/config";
import { createLogger } from "../../../server/logging";
import type { StripeApiAddress } from "../../../server/payments/stripe-provider";
import { createServices, type AppServices } from "../../../server/services";
import { createTestDatabase, type DatabaseEngine, type TestDatabase } from "./databases";

export const testSessionSecret = "test-session-secret-0123456789-abcdefghijklmnop";

export interface TestApp {
  /** The Express app alone: every answer comes from Express. */
  app: Express;
  /** What the real server runs: the front door (server/http/front-door.ts), then this same Express app. */
  handleRequest: Site["handleRequest"];
  services: AppServices;
  config: Config;
  database: TestDatabase;
  /** Every log line written so far, parsed; nothing is printed. */
  logLines(): Record<string, unknown>[];
  /** The raw log output, for checks that nothing secret was written anywhere in it. */
  logText(): string;
  close(): Promise<void>;
}

/**
 * The real app on a fresh, migrated database (SQLite unless `engine` says
 * otherwise), with its log captured in memory.
 */
export async function createTestApp(
  options: {
    env?: NodeJS.ProcessEnv;
    engine?: DatabaseEngine;
    stripeApi?: StripeApiAddress;
    /** A stand-in CRM behind the circuit breaker. */
    crm?: CrmPort;
    /** The app's DATABASE_URL from the test database's (e.g. through a TCP proxy); the test's own handle stays direct. */
    appDatabaseUrl?: (url: string) => string;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(options.engine ?? "sqlite");
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "info",
    SESSION_SECRET: testSessionSecret,
    DATABASE_URL: options.appDatabaseUrl ? options.appDatabaseUrl(database.url) : database.url,
    PUBLIC_URL: "http://127.0.0.1:3000",
    ...options.env,
  });
  let output = "";
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      output += chunk.toString();
      done();
    },
  });
  const services = await createServices(config, { logger: createLogger(config.logLevel, sink), stripeApi: options.stripeApi, crm: options.crm });
  const site = createSite(services);
  // As server/start-up.ts does once the database is migrated (createTestDatabase migrated it).
  services.mailWorker.start();
  return {
    app: site.app,
    handleRequest: site.handleRequest,
    services,
    config,
    database,
    logText: () => output,
    logLines: () =>
      output
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    async close() {
      await services.close();
      await database.dispose();
    },
  };
}

import { Writable } from "node:stream";
import type { Express } from "express";
import { createApp } from "../../../server/app";
import { loadConfig, type Config } from "../../../server/config";
import { createLogger } from "../../../server/logging";
import type { StripeApiAddress } from "../../../server/payments/stripe-provider";
import { createServices, type AppServices } from "../../../server/services";
import { createTestDatabase, type DatabaseEngine, type TestDatabase } from "./databases";

export const testSessionSecret = "test-session-secret-0123456789-abcdefghijklmnop";

export interface TestApp {
  app: Express;
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
  options: { env?: NodeJS.ProcessEnv; engine?: DatabaseEngine; stripeApi?: StripeApiAddress } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(options.engine ?? "sqlite");
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "info",
    SESSION_SECRET: testSessionSecret,
    DATABASE_URL: database.url,
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
  const services = await createServices(config, { logger: createLogger(config.logLevel, sink), stripeApi: options.stripeApi });
  // As server/main.ts does once the database is migrated (createTestDatabase migrated it).
  services.mailWorker.start();
  return {
    app: createApp(services),
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

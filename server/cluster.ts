import cluster from "node:cluster";
import os from "node:os";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig, readEnvironment, type Config } from "./config";
import type { GracefulShutdown } from "./lifecycle/graceful-shutdown";
import { SHUTDOWN_MESSAGE, superviseWorkers } from "./lifecycle/worker-supervisor";
import { createLogger, type Logger } from "./logging";
import { isRedisUnavailable } from "./redis";
import { prepareToServe, refuseInMemoryDatabase, serve } from "./start-up";

/*
 * `npm run start:cluster -- --workers N`: N app processes on one PORT, with
 * node:cluster (docs/deploy.md). The primary prepares once (bundle,
 * migrations, demo content for an empty database) and then only supervises
 * (server/lifecycle/worker-supervisor.ts); each worker builds its own services
 * and serves. Same environment as `npm start`.
 */

function workerCount(argv: string[]): number {
  const { values } = parseArgs({ args: argv, options: { workers: { type: "string" } }, strict: true });
  if (values.workers === undefined) return os.availableParallelism();
  if (!/^\d+$/.test(values.workers) || Number(values.workers) < 1 || Number(values.workers) > 256) {
    throw new ConfigError(`--workers must be a whole number from 1 to 256 (got ${JSON.stringify(values.workers)}).`);
  }
  return Number(values.workers);
}

/**
 * Several processes need shared state: without Redis, each would keep its own
 * rate-limit and sign-in failure counts, multiplying every limit by N; and
 * every process needs the same database, which an in-memory one is not
 * (refused for npm start too: see refuseInMemoryDatabase).
 */
function checkSharedState(config: Config, workers: number, logger: Logger): void {
  if (workers > 1 && !config.redisUrl) {
    throw new ConfigError(
      `--workers ${workers} needs REDIS_URL: without Redis each process keeps its own rate limits and sign-in failure counts. Set REDIS_URL=redis://… or use --workers 1.`,
    );
  }
  refuseInMemoryDatabase(config, "start:cluster");
  if (workers > 1 && config.databaseUrl.startsWith("sqlite:")) {
    logger.warn(
      "several processes share one SQLite file: it works on one machine, but writes queue for the file's one lock; use PostgreSQL (DATABASE_URL=postgres://…) for real traffic",
    );
  }
}

async function runPrimary(): Promise<void> {
  const workers = workerCount(process.argv.slice(2));
  const config = loadConfig(readEnvironment());
  const logger = createLogger(config.logLevel);
  checkSharedState(config, workers, logger);
  await prepareToServe(config, logger);
  logger.info({ workers, port: config.port }, `starting ${workers} worker${workers === 1 ? "" : "s"}`);
  superviseWorkers({ workers, fork: () => cluster.fork(), logger });
}

async function runWorker(): Promise<void> {
  // The primary may ask for a shutdown while this worker is still starting.
  const state: { asked: boolean; serving?: GracefulShutdown } = { asked: false };
  process.on("message", (message: unknown) => {
    if ((message as { type?: unknown } | null)?.type !== SHUTDOWN_MESSAGE.type) return;
    state.asked = true;
    state.serving?.shutDown("primary");
  });
  const config = loadConfig(readEnvironment());
  state.serving = await serve(config, createLogger(config.logLevel));
  if (state.asked) state.serving.shutDown("primary");
}

(cluster.isPrimary ? runPrimary() : runWorker()).catch((error: unknown) => {
  const oneLine = error instanceof ConfigError || isRedisUnavailable(error) || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS");
  console.error(oneLine ? (error as Error).message : error);
  process.exit(1);
});

import { ConfigError, loadConfig, readEnvironment } from "./config";
import { isRedisUnavailable } from "./redis";
import { createLogger } from "./logging";
import { prepareToServe, refuseInMemoryDatabase, serve } from "./start-up";

/** `npm start`: configuration, bundle, database, demo content, then the server (server/start-up.ts). */
async function main(): Promise<void> {
  const config = loadConfig(readEnvironment());
  refuseInMemoryDatabase(config, "npm start");
  const logger = createLogger(config.logLevel);
  await prepareToServe(config, logger);
  await serve(config, logger);
}

main().catch((error: unknown) => {
  // A bad setting, or Redis away at start, is one clear line; anything else keeps its stack for the operator.
  console.error(error instanceof ConfigError || isRedisUnavailable(error) ? error.message : error);
  process.exit(1);
});

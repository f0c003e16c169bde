import type session from "express-session";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { DEFAULT_REDIS_COMMAND_TIMEOUT_MS, type RedisClient } from "../../redis";
import { KyselySessionStore } from "./kysely-session-store";
import { RedisSessionStore, sessionCommands } from "./redis-session-store";

export interface SessionStoreHandle {
  store: session.Store;
  /** Stops background work; the database and Redis connections are closed by their owners. */
  close(): void;
}

/** Redis when the app has a Redis connection (several processes, fast expiry); otherwise the database. */
export function createSessionStore(options: {
  db: Kysely<Database>;
  redis?: RedisClient;
  /** REDIS_KEY_PREFIX: put before the store's own "sess:". */
  redisKeyPrefix?: string;
  /** REDIS_COMMAND_TIMEOUT_MS: a session read or write taking longer fails (a 503), it does not hang the request. */
  redisCommandTimeoutMs?: number;
  onPruneError?: (error: unknown) => void;
}): SessionStoreHandle {
  if (options.redis) {
    const client = sessionCommands(options.redis, options.redisCommandTimeoutMs ?? DEFAULT_REDIS_COMMAND_TIMEOUT_MS);
    return { store: new RedisSessionStore(client, `${options.redisKeyPrefix ?? ""}sess:`), close: () => {} };
  }
  const store = new KyselySessionStore(options.db, { onPruneError: options.onPruneError });
  return { store, close: () => store.close() };
}

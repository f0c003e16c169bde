import { RedisStore } from "connect-redis";
import type session from "express-session";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { RedisClient } from "../../redis";
import { KyselySessionStore } from "./kysely-session-store";

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
  onPruneError?: (error: unknown) => void;
}): SessionStoreHandle {
  if (options.redis) {
    return { store: new RedisStore({ client: options.redis, prefix: `${options.redisKeyPrefix ?? ""}sess:` }), close: () => {} };
  }
  const store = new KyselySessionStore(options.db, { onPruneError: options.onPruneError });
  return { store, close: () => store.close() };
}

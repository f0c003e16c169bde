import type session from "express-session";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { DEFAULT_REDIS_COMMAND_TIMEOUT_MS, type RedisClient } from "../../redis";
import { KyselySessionStore, type SessionTable } from "./kysely-session-store";
import { RedisSessionStore, sessionCommands } from "./redis-session-store";

export interface SessionStoreHandle {
  store: session.Store;
  /** Stops background work; the database and Redis connections are closed by their owners. */
  close(): void;
}

/**
 * Redis when the app has a Redis connection (several processes, fast expiry); otherwise the database.
 * Members' sessions are "sessions" (Redis keys "sess:…"); the back office's are apart, "staff_sessions"
 * (Redis keys "staff-sess:…"), so neither store can ever read the other's.
 */
export function createSessionStore(options: {
  /** Defaults to members' sessions. */
  kind?: "members" | "staff";
  db: Kysely<Database>;
  redis?: RedisClient;
  /** REDIS_KEY_PREFIX: put before the store's own "sess:". */
  redisKeyPrefix?: string;
  /** REDIS_COMMAND_TIMEOUT_MS: a session read or write taking longer fails (a 503), it does not hang the request. */
  redisCommandTimeoutMs?: number;
  onPruneError?: (error: unknown) => void;
}): SessionStoreHandle {
  const staff = options.kind === "staff";
  if (options.redis) {
    const client = sessionCommands(options.redis, options.redisCommandTimeoutMs ?? DEFAULT_REDIS_COMMAND_TIMEOUT_MS);
    return { store: new RedisSessionStore(client, `${options.redisKeyPrefix ?? ""}${staff ? "staff-sess:" : "sess:"}`), close: () => {} };
  }
  const table: SessionTable = staff ? "staff_sessions" : "sessions";
  const store = new KyselySessionStore(options.db, { table, onPruneError: options.onPruneError });
  return { store, close: () => store.close() };
}

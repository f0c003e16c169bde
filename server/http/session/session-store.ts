import { RedisStore } from "connect-redis";
import type session from "express-session";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { DEFAULT_REDIS_COMMAND_TIMEOUT_MS, withinDeadline, type RedisClient } from "../../redis";
import { KyselySessionStore, type SessionTable } from "./kysely-session-store";

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
    return { store: new RedisStore({ client, prefix: `${options.redisKeyPrefix ?? ""}${staff ? "staff-sess:" : "sess:"}` }), close: () => {} };
  }
  const table: SessionTable = staff ? "staff_sessions" : "sessions";
  const store = new KyselySessionStore(options.db, { table, onPruneError: options.onPruneError });
  return { store, close: () => store.close() };
}

/**
 * The commands connect-redis sends for express-session (get, set, touch,
 * destroy), each within the deadline: a failure reaches express-session as
 * an error (a 503), never as "no session", so nobody is signed out by an
 * outage. (connect-redis's clear/all/ids, which the site never calls, are
 * left out.)
 */
function sessionCommands(redis: RedisClient, timeoutMs: number) {
  return {
    get: (key: string) => withinDeadline(redis.get(key), timeoutMs),
    set: (key: string, value: string, options?: Parameters<RedisClient["set"]>[2]) => withinDeadline(redis.set(key, value, options), timeoutMs),
    expire: (key: string, seconds: number) => withinDeadline(redis.expire(key, seconds), timeoutMs),
    del: (keys: string[]) => withinDeadline(redis.del(keys), timeoutMs),
  };
}

import { RedisStore } from "connect-redis";
import type { SessionData } from "express-session";
import { withStoredExpiry } from "./rolling-expiry";
import { withinDeadline, type RedisClient } from "../../redis";

type Callback = (error?: unknown, data?: SessionData | null) => void;

/**
 * connect-redis's store, whose read also reports the expiry Redis holds:
 * the key's TTL, asked beside the GET (node-redis sends commands issued in
 * the same tick together, so it costs no extra round trip). A touch moves
 * only the TTL, so the session's JSON keeps the expiry of its last full
 * save; the session middleware needs the real one to write a rolling expiry
 * at most once a minute (rolling-expiry.ts).
 */
export class RedisSessionStore extends RedisStore {
  constructor(
    private readonly commands: SessionCommands,
    prefix: string,
  ) {
    super({ client: commands, prefix });
  }

  override async get(sid: string, callback?: Callback): Promise<void> {
    const key = this.prefix + sid;
    let session: SessionData | null;
    try {
      const [data, ttl] = await Promise.all([this.commands.get(key), this.commands.pTTL(key)]);
      session = data ? (JSON.parse(data) as SessionData) : null;
      if (session && ttl > 0) withStoredExpiry(session, Date.now() + ttl);
    } catch (error) {
      callback?.(error, null);
      return;
    }
    callback?.(null, session);
  }
}

/** What the Redis session store may send (sessionCommands). */
export type SessionCommands = ReturnType<typeof sessionCommands>;

/**
 * The commands connect-redis sends for express-session (get, set, touch,
 * destroy), and the TTL read beside each get (redis-session-store.ts), each
 * within the deadline: a failure reaches express-session as an error (a
 * 503), never as "no session", so nobody is signed out by an outage.
 * (connect-redis's clear/all/ids, which the site never calls, are left out.)
 */
export function sessionCommands(redis: RedisClient, timeoutMs: number) {
  return {
    get: (key: string) => withinDeadline(redis.get(key), timeoutMs),
    pTTL: (key: string) => withinDeadline(redis.pTTL(key), timeoutMs),
    set: (key: string, value: string, options?: Parameters<RedisClient["set"]>[2]) => withinDeadline(redis.set(key, value, options), timeoutMs),
    expire: (key: string, seconds: number) => withinDeadline(redis.expire(key, seconds), timeoutMs),
    del: (keys: string[]) => withinDeadline(redis.del(keys), timeoutMs),
  };
}

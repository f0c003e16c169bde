import { randomBytes } from "node:crypto";
import { createClient } from "redis";
import type { RedisClient } from "../../../server/redis";

/*
 * Redis for tests when REDIS_URL_TEST or CI says so. Each connection gets its
 * own key prefix and deletes its keys afterwards. In CI the tests never
 * skip: an unreachable server fails them.
 */

const ciRedisUrl = "redis://127.0.0.1:6379";

export function redisTestUrl(): string | undefined {
  return process.env.REDIS_URL_TEST || (process.env.CI ? ciRedisUrl : undefined);
}

export interface TestRedis {
  client: RedisClient;
  /** Unique to this connection, e.g. "test:1a2b3c4d:". */
  prefix: string;
  /** Deletes every key under the prefix and disconnects. */
  dispose(): Promise<void>;
}

export async function connectTestRedis(): Promise<TestRedis> {
  const url = redisTestUrl();
  if (!url) throw new Error("Redis tests need REDIS_URL_TEST (e.g. redis://127.0.0.1:6379).");
  // No reconnecting here: an unreachable server should fail the test at once.
  const client: RedisClient = createClient({ url, socket: { reconnectStrategy: false, connectTimeout: 3000 } });
  client.on("error", () => {});
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`Redis at ${new URL(url).host} is unreachable: ${(error as Error).message}. Start Redis or unset REDIS_URL_TEST.`, {
      cause: error,
    });
  }
  const prefix = `test:${randomBytes(4).toString("hex")}:`;
  return {
    client,
    prefix,
    async dispose() {
      for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 100 })) {
        if (keys.length > 0) await client.del(keys);
      }
      await client.close();
    },
  };
}

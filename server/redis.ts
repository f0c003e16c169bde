import { createClient } from "redis";

export type RedisClient = ReturnType<typeof createClient>;

/**
 * A connected Redis client. Connection errors after start are reported, not
 * thrown: the client reconnects by itself, and sessions and rate limits
 * answer "unavailable" in the meantime.
 */
export async function connectRedis(url: string, onError: (error: Error) => void): Promise<RedisClient> {
  const client = createClient({ url });
  client.on("error", onError);
  await client.connect();
  return client;
}

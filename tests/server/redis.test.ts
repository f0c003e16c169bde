import net from "node:net";
import { ErrorReply } from "redis";
import { connectRedis, isRedisUnavailable, RedisUnavailableError, withinDeadline } from "../../server/redis";
import { connectTestRedis, redisTestUrl, type TestRedis } from "./support/redis";

/* The Redis client's bounds (server/redis.ts, docs/faults.md "Redis unreachable"). */

describe("withinDeadline", () => {
  it("fails a command that never answers with RedisUnavailableError once the deadline passes", async () => {
    const started = Date.now();
    const failure = await withinDeadline(new Promise<never>(() => {}), 100).catch((error: unknown) => error);
    expect(isRedisUnavailable(failure)).toBe(true);
    expect((failure as Error).message).toBe("Redis did not answer within 100 ms");
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("turns a connection failure into RedisUnavailableError, keeping the cause", async () => {
    const lost = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:1"), { code: "ECONNREFUSED" });
    const failure = await withinDeadline(Promise.reject(lost), 1_000).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RedisUnavailableError);
    expect((failure as Error).cause).toBe(lost);
  });
});

describe("connectRedis at start", () => {
  it("gives up within the timeout on a server that accepts the connection and never answers", async () => {
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as net.AddressInfo;
    try {
      const started = Date.now();
      const failure = await connectRedis(`redis://127.0.0.1:${port}`, { commandTimeoutMs: 300, onError: () => {} }).catch((error: unknown) => error);
      expect(isRedisUnavailable(failure)).toBe(true);
      expect((failure as Error).message).toBe(
        `could not start: no answer from Redis at 127.0.0.1:${port} (Redis did not answer within 300 ms); start Redis or check REDIS_URL`,
      );
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      silent.close();
    }
  });
});

describe.runIf(redisTestUrl())("a connected client", () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await connectTestRedis();
  });
  afterAll(() => redis.dispose());

  it("leaves Redis's own error replies (a bug, a 500) as they are", async () => {
    const key = `${redis.prefix}a-string`;
    await redis.client.set(key, "text");
    const failure = await withinDeadline(redis.client.hGet(key, "field"), 1_000).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ErrorReply);
    expect(isRedisUnavailable(failure)).toBe(false);
  });
});

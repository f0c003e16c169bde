import { InProcessRateLimiter, RedisRateLimiter, type RateLimiter } from "../../../server/rate-limit/rate-limit";
import { connectTestRedis, redisTestUrl, type TestRedis } from "../support/redis";

/** The behaviour both implementations share. */
function describeFixedWindow(makeLimiter: () => RateLimiter, key: () => string) {
  it("allows up to the limit, then refuses with the seconds left in the window", async () => {
    const limiter = makeLimiter();
    const k = key();
    for (let i = 0; i < 3; i += 1) expect(await limiter.hit(k, 3, 10_000)).toEqual({ allowed: true, retryAfterSeconds: 0 });
    const refused = await limiter.hit(k, 3, 10_000);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(9);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(10);
  });

  it("counts keys separately", async () => {
    const limiter = makeLimiter();
    const [a, b] = [key(), key()];
    expect((await limiter.hit(a, 1, 10_000)).allowed).toBe(true);
    expect((await limiter.hit(a, 1, 10_000)).allowed).toBe(false);
    expect((await limiter.hit(b, 1, 10_000)).allowed).toBe(true);
  });

  it("starts a new window when the old one ends", async () => {
    const limiter = makeLimiter();
    const k = key();
    expect((await limiter.hit(k, 1, 200)).allowed).toBe(true);
    expect((await limiter.hit(k, 1, 200)).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await limiter.hit(k, 1, 200)).allowed).toBe(true);
  });
}

let counter = 0;
const uniqueKey = () => `login:203.0.113.${(counter += 1)}`;

describe("InProcessRateLimiter", () => {
  const limiters: RateLimiter[] = [];
  afterAll(() => limiters.forEach((limiter) => limiter.close()));
  describeFixedWindow(() => {
    const limiter = new InProcessRateLimiter();
    limiters.push(limiter);
    return limiter;
  }, uniqueKey);
});

describe.runIf(redisTestUrl())("RedisRateLimiter", () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await connectTestRedis();
  });
  afterAll(() => redis.dispose());

  describeFixedWindow(() => new RedisRateLimiter(redis.client, `${redis.prefix}rate:`), uniqueKey);

  it("repairs a counter left without an expiry", async () => {
    const limiter = new RedisRateLimiter(redis.client, `${redis.prefix}rate:`);
    await redis.client.set(`${redis.prefix}rate:stuck`, "5");
    const result = await limiter.hit("stuck", 10, 5_000);
    expect(result.allowed).toBe(true);
    expect(await redis.client.pTTL(`${redis.prefix}rate:stuck`)).toBeGreaterThan(4_000);
  });
});

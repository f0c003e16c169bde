import { connectTestRedis, redisTestUrl, type TestRedis } from "../support/redis";
import { createTestApp, type TestApp } from "../support/test-app";
import { enrolledStaff } from "./support";

/*
 * With REDIS_URL set (several processes), staff sessions live in Redis under
 * keys of their own ("staff-sess:"), apart from members' ("sess:"), and
 * expire after the idle timeout.
 */

describe.runIf(redisTestUrl())("staff sessions in Redis", () => {
  let redis: TestRedis;
  let t: TestApp;

  beforeAll(async () => {
    redis = await connectTestRedis();
    t = await createTestApp({ env: { REDIS_URL: redisTestUrl(), REDIS_KEY_PREFIX: redis.prefix } });
  });
  afterAll(async () => {
    await t.close();
    await redis.dispose();
  });

  it("keeps a signed-in staff session under staff-sess:, expiring after 30 minutes, and nothing under sess:", async () => {
    const owner = await enrolledStaff(t, "owner");
    expect((await owner.agent.get("/staff/")).status).toBe(200);
    const staffKeys: string[] = [];
    for await (const keys of redis.client.scanIterator({ MATCH: `${redis.prefix}staff-sess:*`, COUNT: 100 })) staffKeys.push(...keys);
    expect(staffKeys.length).toBeGreaterThanOrEqual(1);
    const ttls = await Promise.all(staffKeys.map((key) => redis.client.ttl(key)));
    expect(Math.max(...ttls)).toBeGreaterThan(29 * 60);
    expect(Math.max(...ttls)).toBeLessThanOrEqual(30 * 60);
    const memberKeys: string[] = [];
    for await (const keys of redis.client.scanIterator({ MATCH: `${redis.prefix}sess:*`, COUNT: 100 })) memberKeys.push(...keys);
    expect(memberKeys).toEqual([]);
    expect(await t.database.db.selectFrom("staff_sessions").select("sid").execute()).toEqual([]);
  });
});

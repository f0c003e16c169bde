import type { SessionData } from "express-session";
import { RedisSessionStore } from "../../../../server/http/session/redis-session-store";
import { createSessionStore } from "../../../../server/http/session/session-store";
import { connectTestRedis, redisTestUrl, type TestRedis } from "../../support/redis";
import { createTestDatabase, type TestDatabase } from "../../support/databases";

function sessionData(expires: number, extra: Record<string, unknown> = {}): SessionData {
  return { cookie: { expires: new Date(expires), originalMaxAge: 60_000, httpOnly: true, path: "/" }, ...extra } as unknown as SessionData;
}

function call<T>(invoke: (callback: (error: unknown, value?: T) => void) => void): Promise<T | undefined> {
  return new Promise((resolve, reject) => invoke((error, value) => (error ? reject(error) : resolve(value))));
}

// The store createSessionStore builds when REDIS_URL is set, under a unique prefix.
describe.runIf(redisTestUrl())("the Redis session store", () => {
  let redis: TestRedis;
  let database: TestDatabase;
  let store: RedisSessionStore;

  beforeAll(async () => {
    redis = await connectTestRedis();
    database = await createTestDatabase("sqlite");
    const built = createSessionStore({ db: database.db, redis: redis.client, redisKeyPrefix: redis.prefix }).store;
    if (!(built instanceof RedisSessionStore)) throw new Error("createSessionStore with Redis built another store");
    store = built;
  });
  afterAll(async () => {
    await redis.dispose();
    await database.dispose();
  });

  it("stores and reads back a session with a TTL from the cookie", async () => {
    await call((done) => store.set("abc", sessionData(Date.now() + 60_000, { csrfToken: "t1" }), done));
    expect(await call((done) => store.get("abc", done))).toMatchObject({ csrfToken: "t1" });
    const ttl = await redis.client.pTTL(`${redis.prefix}sess:abc`);
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it("returns nothing for an unknown session and destroys one", async () => {
    expect(await call((done) => store.get("missing", done))).toBeFalsy();
    await call((done) => store.set("gone", sessionData(Date.now() + 60_000), done));
    await call((done) => store.destroy("gone", done));
    expect(await call((done) => store.get("gone", done))).toBeFalsy();
  });

  it("touch extends the expiry", async () => {
    await call((done) => store.set("t", sessionData(Date.now() + 5_000), done));
    await call((done) => store.touch("t", sessionData(Date.now() + 120_000), done));
    expect(await redis.client.pTTL(`${redis.prefix}sess:t`)).toBeGreaterThan(100_000);
  });

  it("reads a session with the expiry Redis holds, which a touch moved on (not the one saved in it)", async () => {
    const savedExpiry = Date.now() + 60_000;
    await call((done) => store.set("rolled", sessionData(savedExpiry), done));
    await call((done) => store.touch("rolled", sessionData(Date.now() + 600_000), done));
    const read = await call<SessionData | null>((done) => store.get("rolled", done));
    const expires = new Date(read!.cookie.expires!).getTime();
    expect(expires).toBeGreaterThan(Date.now() + 590_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 600_000);
  });

  it("lets an expired session disappear", async () => {
    await call((done) => store.set("short", sessionData(Date.now() + 1_000), done));
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    expect(await call((done) => store.get("short", done))).toBeFalsy();
  });
});

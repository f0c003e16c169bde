import { checkCredentials } from "../../../server/accounts/login";
import { CRM_IDS } from "../../../server/crm/crm-ids";
import { createSqlCrm } from "../../../server/crm/sql-crm";
import { LoginThrottle } from "../../../server/accounts/login-throttle";
import type { PasswordHasher } from "../../../server/accounts/password-hasher";
import { InProcessRateLimiter } from "../../../server/rate-limit/rate-limit";
import { createTestDatabase, databaseEngines, type TestDatabase } from "../support/databases";
import { connectTestRedis, redisTestUrl } from "../support/redis";
import { RedisRateLimiter } from "../../../server/rate-limit/rate-limit";

const limits = { failuresPerAccountAtAddress: 3, failuresPerAddress: 5, failuresPerAccount: 8, slowDownMs: 2_000, windowMs: 60_000 };

describe.each(databaseEngines)("LoginThrottle on %s", (engine) => {
  let database: TestDatabase;
  let clock: number;
  const now = () => new Date(clock);
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.dispose());
  beforeEach(() => {
    clock = Date.parse("2026-03-01T12:00:00Z");
  });

  const throttleWith = (limiter = new InProcessRateLimiter(() => clock)) => new LoginThrottle(database.db, limiter, limits, now);

  it("locks an account at one address on the failure after the limit, for the rest of the window, then lets it go", async () => {
    const throttle = throttleWith();
    const attempt = { email: "a@example.org", address: "203.0.113.1" };
    for (let failure = 0; failure < 3; failure += 1) expect(await throttle.recordFailure(attempt)).toBe(0);
    clock += 20_000;
    expect(await throttle.recordFailure(attempt)).toBe(40);
    expect(await throttle.retryAfterSeconds(attempt)).toBe(40);
    // The same account from another address is not locked: its owner still signs in.
    expect(await throttle.standing({ ...attempt, address: "198.51.100.7" })).toEqual({ retryAfterSeconds: 0, delayMs: 0 });
    expect(await throttle.retryAfterSeconds({ email: "b@example.org", address: "203.0.113.1" })).toBe(0);
    clock += 40_000;
    expect(await throttle.retryAfterSeconds(attempt)).toBe(0);
  });

  it("only slows an account failed from many addresses past its ceiling: never a lock", async () => {
    const throttle = throttleWith();
    const email = "target@example.org";
    for (let index = 0; index < 8; index += 1) expect(await throttle.recordFailure({ email, address: `198.51.100.${index}` })).toBe(0);
    expect(await throttle.standing({ email, address: "203.0.113.99" })).toEqual({ retryAfterSeconds: 0, delayMs: 0 });
    // The ninth failure passes the account's ceiling: it answers no wait, and every attempt for the account is held.
    expect(await throttle.recordFailure({ email, address: "198.51.100.200" })).toBe(0);
    expect(await throttle.standing({ email, address: "203.0.113.99" })).toEqual({ retryAfterSeconds: 0, delayMs: 2_000 });
    expect(await throttle.standing({ email: "other@example.org", address: "203.0.113.99" })).toEqual({ retryAfterSeconds: 0, delayMs: 0 });
    clock += 60_000;
    expect(await throttle.standing({ email, address: "203.0.113.99" })).toEqual({ retryAfterSeconds: 0, delayMs: 0 });
  });

  it("locks an address after its higher limit, across accounts", async () => {
    const throttle = throttleWith();
    const address = "192.0.2.9";
    for (let index = 0; index < 5; index += 1) expect(await throttle.recordFailure({ email: `u${index}@example.org`, address })).toBe(0);
    expect(await throttle.recordFailure({ email: "u9@example.org", address })).toBe(60);
    expect(await throttle.retryAfterSeconds({ email: "fresh@example.org", address })).toBe(60);
  });

  it("holds a password attempt for a slowed account before checking it: a delay, not a refusal", async () => {
    const throttle = throttleWith();
    const email = "slowed@example.org";
    for (let index = 0; index < 9; index += 1) await throttle.recordFailure({ email, address: `192.0.2.${100 + index}` });
    const pauses: number[] = [];
    // No account with that email here: the refusal path, which must be held all the same.
    const hasher = { verifyAgainstDummy: async () => false, verify: async () => false } as unknown as PasswordHasher;
    const outcome = await checkCredentials(
      { db: database.db, crm: createSqlCrm(database.db, CRM_IDS.test), hasher, throttle, pause: async (ms) => void pauses.push(ms) },
      { email, address: "203.0.113.200", password: "Any-pass-1!" },
    );
    expect(outcome.kind).toBe("refused");
    expect(pauses).toEqual([2_000]);
  });

  it("keeps neither the email nor the count in the lock table: only a digest and an end time", async () => {
    const throttle = throttleWith();
    const attempt = { email: "private@example.org", address: "203.0.113.50" };
    for (let failure = 0; failure < 4; failure += 1) await throttle.recordFailure(attempt);
    const rows = await database.db.selectFrom("login_lockouts").selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain("private@example.org");
    expect(rows.some((row) => /^pair:[0-9a-f]{64}:203\.0\.113\.50$/.test(row.subject_key))).toBe(true);
  });

  describe.runIf(redisTestUrl())("with Redis counting", () => {
    it("locks after the limit, as in process", async () => {
      const redis = await connectTestRedis();
      try {
        const throttle = new LoginThrottle(database.db, new RedisRateLimiter(redis.client, redis.prefix), limits);
        const attempt = { email: `redis-${redis.prefix}@example.org`, address: "203.0.113.77" };
        for (let failure = 0; failure < 3; failure += 1) expect(await throttle.recordFailure(attempt)).toBe(0);
        expect(await throttle.recordFailure(attempt)).toBeGreaterThan(0);
        expect(await throttle.retryAfterSeconds(attempt)).toBeGreaterThan(0);
      } finally {
        await redis.dispose();
      }
    });
  });
});

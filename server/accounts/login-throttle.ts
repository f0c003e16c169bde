import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { RateLimiter } from "../rate-limit/rate-limit";

export interface LoginThrottleLimits {
  /** Failures allowed per account in a window: the next one is refused (issue 5: the 11th gets 429). */
  failuresPerAccount: number;
  /** Higher, since a whole school often signs in from one address. */
  failuresPerAddress: number;
  windowMs: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginThrottleLimits = { failuresPerAccount: 10, failuresPerAddress: 100, windowMs: 15 * 60 * 1000 };

/** Who a sign-in attempt counts against: the email typed (whether or not it has an account) and the client's address. */
export interface LoginSubjects {
  email: string;
  address: string;
}

/**
 * Counts failed sign-ins per account and per address with the rate-limit
 * port, and once a count passes its limit refuses every attempt for that
 * account or address, right or wrong, until the window ends.
 *
 * The port can only count (each `hit` adds one), and asking "is this
 * account locked?" must not count, so the lock itself is a row in
 * login_lockouts, which every process shares.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly rateLimiter: RateLimiter,
    private readonly limits: LoginThrottleLimits = DEFAULT_LOGIN_LIMITS,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Seconds until the attempt may be made, or 0 when it may be made now. */
  async retryAfterSeconds(subjects: LoginSubjects): Promise<number> {
    const now = this.now();
    const locks = await this.db
      .selectFrom("login_lockouts")
      .select("locked_until")
      .where("subject_key", "in", subjectKeys(subjects))
      .where("locked_until", ">", now.toISOString())
      .execute();
    return Math.max(0, ...locks.map((lock) => secondsBetween(now, Date.parse(lock.locked_until))));
  }

  /** Counts a failure; returns the seconds to wait when this failure was one too many (0 otherwise). */
  async recordFailure(subjects: LoginSubjects): Promise<number> {
    const [accountKey, addressKey] = subjectKeys(subjects);
    const results = await Promise.all([
      this.count(accountKey, this.limits.failuresPerAccount),
      this.count(addressKey, this.limits.failuresPerAddress),
    ]);
    return Math.max(0, ...results);
  }

  private async count(subjectKey: string, limit: number): Promise<number> {
    const result = await this.rateLimiter.hit(`login-failures:${subjectKey}`, limit, this.limits.windowMs);
    if (result.allowed) return 0;
    await this.lock(subjectKey, result.retryAfterSeconds);
    return result.retryAfterSeconds;
  }

  private async lock(subjectKey: string, seconds: number): Promise<void> {
    const now = this.now();
    const lockedUntil = new Date(now.getTime() + seconds * 1000).toISOString();
    await this.db
      .insertInto("login_lockouts")
      .values({ subject_key: subjectKey, locked_until: lockedUntil })
      .onConflict((conflict) => conflict.column("subject_key").doUpdateSet({ locked_until: lockedUntil }))
      .execute();
    // Locks are rare, so tidying finished ones here keeps the table small without a timer.
    await this.db.deleteFrom("login_lockouts").where("locked_until", "<=", now.toISOString()).execute();
  }
}

/** The email is hashed so neither the lock table nor Redis keys collect typed addresses. */
function subjectKeys(subjects: LoginSubjects): [string, string] {
  const emailDigest = createHash("sha256").update(subjects.email).digest("hex");
  return [`account:${emailDigest}`, `address:${subjects.address}`];
}

function secondsBetween(now: Date, later: number): number {
  return Math.max(1, Math.ceil((later - now.getTime()) / 1000));
}

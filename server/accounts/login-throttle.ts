import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { RateLimiter } from "../rate-limit/rate-limit";

export interface LoginThrottleLimits {
  /**
   * Failures allowed for one account from one client address in a window:
   * the next is refused (issue 5: the 11th gets 429), and that pair stays
   * locked until the window ends. Only the pair: the account's owner, at
   * another address, still signs in with the right password.
   */
  failuresPerAccountAtAddress: number;
  /** Failures allowed from one address across every account (password spraying); higher, since a whole school often shares one address. */
  failuresPerAddress: number;
  /**
   * Failures allowed for one account across every address (a distributed
   * guess at one account). Past it the account is not locked, only slowed:
   * every password attempt for it waits `slowDownMs` before it is checked,
   * until the window ends.
   */
  failuresPerAccount: number;
  slowDownMs: number;
  windowMs: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginThrottleLimits = {
  failuresPerAccountAtAddress: 10,
  failuresPerAddress: 100,
  failuresPerAccount: 50,
  slowDownMs: 2_000,
  windowMs: 15 * 60 * 1000,
};

/** Who a sign-in attempt counts against: the email typed (whether or not it has an account) and the client's address. */
export interface LoginSubjects {
  email: string;
  address: string;
}

/** Where an attempt stands before it is checked. */
export interface LoginStanding {
  /** Seconds until the attempt may be made (its account-and-address pair, or its address, is locked), or 0. */
  retryAfterSeconds: number;
  /** How long to hold the attempt before checking it (the account is past its own ceiling), or 0. */
  delayMs: number;
}

/**
 * Counts failed sign-ins with the rate-limit port, per (account, address)
 * pair, per address and per account. Past its limit a pair or an address is
 * refused every attempt, right or wrong, until the window ends; an account
 * past its (much higher) ceiling is only slowed, so nobody can lock another
 * person out of their account by failing on purpose from elsewhere.
 *
 * The port can only count (each `hit` adds one), and asking "is this
 * locked?" must not count, so a lock (or a slow-down) is a row in
 * login_lockouts, which every process shares.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly rateLimiter: RateLimiter,
    private readonly limits: LoginThrottleLimits = DEFAULT_LOGIN_LIMITS,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async standing(subjects: LoginSubjects): Promise<LoginStanding> {
    const now = this.now();
    const keys = subjectKeys(subjects);
    const rows = await this.db
      .selectFrom("login_lockouts")
      .select(["subject_key", "locked_until"])
      .where("subject_key", "in", [keys.pair, keys.address, keys.accountSlow])
      .where("locked_until", ">", now.toISOString())
      .execute();
    const locks = rows.filter((row) => row.subject_key !== keys.accountSlow);
    return {
      retryAfterSeconds: Math.max(0, ...locks.map((lock) => secondsBetween(now, Date.parse(lock.locked_until)))),
      delayMs: rows.some((row) => row.subject_key === keys.accountSlow) ? this.limits.slowDownMs : 0,
    };
  }

  /** Seconds until the attempt may be made, or 0 when it may be made now. */
  async retryAfterSeconds(subjects: LoginSubjects): Promise<number> {
    return (await this.standing(subjects)).retryAfterSeconds;
  }

  /** Counts a failure; returns the seconds to wait when this failure was one too many for its pair or address (0 otherwise). */
  async recordFailure(subjects: LoginSubjects): Promise<number> {
    const keys = subjectKeys(subjects);
    const [pair, address] = await Promise.all([
      this.count(keys.pair, this.limits.failuresPerAccountAtAddress),
      this.count(keys.address, this.limits.failuresPerAddress),
      // Past the account's ceiling: a slow-down row, never a refusal.
      this.count(keys.accountSlow, this.limits.failuresPerAccount),
    ]);
    return Math.max(0, pair!, address!);
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
function subjectKeys(subjects: LoginSubjects): { pair: string; address: string; accountSlow: string } {
  const emailDigest = createHash("sha256").update(subjects.email).digest("hex");
  return { pair: `pair:${emailDigest}:${subjects.address}`, address: `address:${subjects.address}`, accountSlow: `account-slow:${emailDigest}` };
}

function secondsBetween(now: Date, later: number): number {
  return Math.max(1, Math.ceil((later - now.getTime()) / 1000));
}

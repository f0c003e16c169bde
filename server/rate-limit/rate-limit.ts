import { DEFAULT_REDIS_COMMAND_TIMEOUT_MS, withinDeadline, type RedisClient } from "../redis";

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the current window ends (0 when allowed). */
  retryAfterSeconds: number;
}

/**
 * Fixed-window counting: at most `limit` hits per key in each `windowMs`.
 * The in-process limiter suits one process; with several processes use Redis
 * so they share one count.
 */
export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  close(): void;
}

function resultFor(count: number, limit: number, remainingMs: number): RateLimitResult {
  return count <= limit ? { allowed: true, retryAfterSeconds: 0 } : { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(remainingMs / 1000)) };
}

export class InProcessRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();
  private readonly sweepTimer: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    // Forget finished windows now and then, so memory stays bounded by recent keys.
    this.sweepTimer = setInterval(() => this.sweep(), 60_000);
    this.sweepTimer.unref();
  }

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      window = { count: 0, endsAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return resultFor(window.count, limit, window.endsAt - now);
  }

  close(): void {
    clearInterval(this.sweepTimer);
    this.windows.clear();
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
  }
}

/**
 * Counts in Redis, shared by every process. When Redis does not answer
 * within the deadline, hit() fails with RedisUnavailableError (a 503): the
 * limiter fails closed. Allowing the request instead would switch off the
 * brute-force and credential-stuffing limits (sign-in, lookups, reset links)
 * for as long as an attacker can keep Redis busy or away; a short 503 costs
 * the honest visitor a retry.
 */
export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: RedisClient,
    private readonly keyPrefix = "rate:",
    private readonly commandTimeoutMs = DEFAULT_REDIS_COMMAND_TIMEOUT_MS,
  ) {}

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    const redisKey = this.keyPrefix + key;
    const counted = this.redis.multi().incr(redisKey).pTTL(redisKey).exec();
    const [count, ttlMs] = (await withinDeadline(counted, this.commandTimeoutMs)) as unknown as [number, number];
    let remainingMs = ttlMs;
    // The first hit of a window starts its clock. A key without an expiry
    // (a crash between the two commands) is repaired the same way.
    if (remainingMs < 0) {
      await withinDeadline(this.redis.pExpire(redisKey, windowMs), this.commandTimeoutMs);
      remainingMs = windowMs;
    }
    return resultFor(count, limit, remainingMs);
  }

  /** The Redis connection belongs to the app; nothing to stop here. */
  close(): void {}
}

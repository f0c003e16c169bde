import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { RedisClient } from "../redis";

/** Shared with graceful shutdown: once set, load balancers are told to stop sending traffic. */
export interface Readiness {
  shuttingDown: boolean;
}

/** Whether this process can serve requests: GET /readyz asks it (server/routes/health.ts). */
export interface ReadinessProbe {
  readonly shuttingDown: boolean;
  /** The first dependency that does not answer in time ("database", "redis"), or undefined when all do. */
  firstFailingDependency(): Promise<string | undefined>;
}

const checkTimeoutMs = 2000;

export function createReadinessProbe(options: { db: Kysely<Database>; redis?: RedisClient; readiness: Readiness }): ReadinessProbe {
  const { db, redis, readiness } = options;
  return {
    get shuttingDown() {
      return readiness.shuttingDown;
    },
    async firstFailingDependency() {
      if (!(await answers(sql`select 1`.execute(db)))) return "database";
      if (redis && !(await answers(redis.ping()))) return "redis";
      return undefined;
    },
  };
}

/** Whether the check succeeds within the timeout; a hung connection counts as a failure. */
async function answers(check: Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), checkTimeoutMs);
  });
  try {
    return await Promise.race([check.then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

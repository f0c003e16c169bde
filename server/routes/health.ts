import { Router } from "express";
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { RedisClient } from "../redis";

/** Shared with graceful shutdown: once set, load balancers are told to stop sending traffic. */
export interface Readiness {
  shuttingDown: boolean;
}

const checkTimeoutMs = 2000;

/**
 * GET /healthz: the process is up. GET /readyz: it can serve requests (the
 * database, and Redis when used, answer) and is not shutting down.
 */
export function healthRoutes(options: { db: Kysely<Database>; redis?: RedisClient; readiness: Readiness }): Router {
  const router = Router();

  router.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });

  router.get("/readyz", async (_req, res) => {
    res.set("Cache-Control", "no-store");
    if (options.readiness.shuttingDown) {
      res.status(503).json({ status: "shutting down" });
      return;
    }
    const problem = await firstFailingDependency(options);
    if (problem) {
      res.status(503).json({ status: `${problem} unavailable` });
      return;
    }
    res.json({ status: "ready" });
  });

  return router;
}

async function firstFailingDependency(options: { db: Kysely<Database>; redis?: RedisClient }): Promise<string | undefined> {
  if (!(await answers(sql`select 1`.execute(options.db)))) return "database";
  if (options.redis && !(await answers(options.redis.ping()))) return "redis";
  return undefined;
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

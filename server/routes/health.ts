import type { ServerResponse } from "node:http";
import { Router } from "express";
import type { ReadinessProbe } from "../health/readiness-probe";
import { DEFAULT_RETRY_AFTER_SECONDS } from "../shared/errors";

/**
 * GET /healthz: the process is up. GET /readyz: it can serve requests (the
 * database, and Redis when used, answer) and is not shutting down.
 */
const healthyBody = Buffer.from(JSON.stringify({ status: "ok" }));
const healthyHeaders = {
  "Content-Type": "application/json; charset=utf-8",
  "Content-Length": String(healthyBody.length),
  "Cache-Control": "no-store",
};

/** GET /healthz's answer: the same bytes every time, no I/O, whoever asks; the front door gives it too (front-door.ts). */
export function sendHealthy(res: ServerResponse): void {
  res.writeHead(200, healthyHeaders).end(healthyBody);
}

export function healthRoutes(options: { probe: ReadinessProbe }): Router {
  const { probe } = options;
  const router = Router();

  // The same bytes every time: written directly, without JSON.stringify or an ETag (no-store: nobody revalidates).
  router.get("/healthz", (_req, res) => sendHealthy(res));

  router.get("/readyz", async (_req, res) => {
    res.set("Cache-Control", "no-store");
    if (probe.shuttingDown) {
      res.status(503).json({ status: "shutting down" });
      return;
    }
    const problem = await probe.firstFailingDependency();
    if (problem) {
      // The same hint as the pages' 503 (docs/faults.md); load balancers mostly ignore it, monitors may not.
      res.set("Retry-After", String(DEFAULT_RETRY_AFTER_SECONDS));
      res.status(503).json({ status: `${problem} unavailable` });
      return;
    }
    res.json({ status: "ready" });
  });

  return router;
}

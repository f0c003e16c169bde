import { Router } from "express";
import type { ReadinessProbe } from "../health/readiness-probe";

/**
 * GET /healthz: the process is up. GET /readyz: it can serve requests (the
 * database, and Redis when used, answer) and is not shutting down.
 */
export function healthRoutes(options: { probe: ReadinessProbe }): Router {
  const { probe } = options;
  const router = Router();

  router.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });

  router.get("/readyz", async (_req, res) => {
    res.set("Cache-Control", "no-store");
    if (probe.shuttingDown) {
      res.status(503).json({ status: "shutting down" });
      return;
    }
    const problem = await probe.firstFailingDependency();
    if (problem) {
      res.status(503).json({ status: `${problem} unavailable` });
      return;
    }
    res.json({ status: "ready" });
  });

  return router;
}

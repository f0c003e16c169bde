/**
 * A child process for tests/bench/middleware-costs.ts: an Express app made
 * of the first MIDDLEWARE_LAYERS layers that a page request crosses in
 * app.ts (the real modules, in the order they had before issue 11, so two
 * checkouts compare row by row), then a /healthz-like handler. The real
 * probes now answer right after the security headers; this measures the
 * stack. It reports the process's CPU time per request over IPC.
 * Cookie-less requests, as a visitor's first page view.
 */
import express from "express";
import session from "express-session";
import pino from "pino";
import { loadConfig } from "../../server/config";
import { csrfProtection } from "../../server/http/csrf";
import { flashLocals } from "../../server/http/flash";
import { pageLocals } from "../../server/http/page-locals";
import { noStoreForPersonalResponses } from "../../server/http/personal-responses";
import { securityHeaders } from "../../server/http/security-headers";
import { sessionMiddleware } from "../../server/http/session/session-middleware";
import { loadCurrentUser } from "../../server/http/session-user";
import { staticFiles } from "../../server/http/static-files";
import { httpLogger } from "../../server/logging";
import { bundleDir, staticDir } from "../../server/paths";
import { passwordLinkHandoff } from "../../server/routes/password-link-handoff";
import { verifyEmailLinkHandoff } from "../../server/routes/verify-email-handoff";
import { FALLBACK_SITE_SETTINGS } from "../../server/pages/site-settings";

export const layerNames = [
  "bare Express 5 + the /healthz handler",
  "+ noStoreForPersonalResponses",
  "+ the two emailed-link hand-offs",
  "+ security headers",
  "+ request logger (the access log, level info, to /dev/null)",
  "+ static files (a miss falls through to /healthz)",
  "+ session (no cookie) + loadCurrentUser",
  "+ body parsers + CSRF check",
  "+ pageLocals + flashLocals",
] as const;

/** Builds the first `layers` layers and listens; runs only when middleware-costs.ts forks this file (it imports layerNames too). */
function serve(layers: number): void {
  const config = loadConfig({
    NODE_ENV: "production",
    SESSION_SECRET: "bench-session-secret-0123456789abcdef0123456789",
    PUBLIC_URL: "http://127.0.0.1:3000",
    DATABASE_URL: "sqlite::memory:",
  });
  const csrf = csrfProtection(config);
  const stack: (() => express.RequestHandler | express.RequestHandler[])[] = [
    () => [],
    () => noStoreForPersonalResponses,
    () => [passwordLinkHandoff(config), verifyEmailLinkHandoff(config)],
    () => securityHeaders(config),
    () => httpLogger(pino({ level: "info" }, pino.destination({ dest: "/dev/null", sync: true }))),
    // Mounted at / (not /static) so the file lookup runs for /healthz too; fallthrough lets it reach the handler.
    () => (req, res, next) => (req.path.startsWith("/static/") ? staticFiles(staticDir, bundleDir)(req, res, next) : next()),
    () => [...sessionMiddleware(config, new session.MemoryStore()), loadCurrentUser({ sessionPerson: () => Promise.resolve(undefined), forgetSessionPerson: () => {} })],
    () => [express.json({ limit: "100kb" }), express.urlencoded({ extended: false, limit: "100kb" }), csrf.verifyWrites],
    () => [pageLocals({ siteSettings: () => Promise.resolve(FALLBACK_SITE_SETTINGS), csrfTokenFor: csrf.tokenFor }), flashLocals],
  ];

  const app = express();
  app.set("trust proxy", false);
  app.set("strict routing", true);
  app.disable("x-powered-by");
  for (const layer of stack.slice(1, layers)) app.use(layer());
  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  const server = app.listen(0, "127.0.0.1", () => {
    const address = server.address();
    process.send?.({ port: typeof address === "object" && address ? address.port : 0 });
  });

  // CPU time per request, which other processes on the machine disturb far less than req/s:
  // "mark" starts a measurement, "report" answers with the CPU µs and requests since.
  let requests = 0;
  server.on("request", () => (requests += 1));
  let mark = { cpu: process.cpuUsage(), requests: 0 };
  process.on("message", (message: string) => {
    if (message === "mark") mark = { cpu: process.cpuUsage(), requests };
    if (message === "report") {
      const cpu = process.cpuUsage(mark.cpu);
      process.send?.({ cpuMicros: cpu.user + cpu.system, requests: requests - mark.requests });
    }
  });
  process.on("SIGTERM", () => process.exit(0));
}

if (process.send) serve(Number(process.env.MIDDLEWARE_LAYERS ?? layerNames.length));

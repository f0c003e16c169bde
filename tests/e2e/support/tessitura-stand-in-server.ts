import http from "node:http";
import { TessituraStandIn } from "../../server/crm/tessitura/stand-in";

/*
 * The stand-in TessituraService (tests/server/crm/tessitura/stand-in.ts) as a
 * process of its own, for the e2e site server started with
 * CRM_PROVIDER=tessitura (playwright.config.ts). `tsx` this file with
 * STAND_IN_PORT (the TessituraService, under /TessituraService) and
 * STAND_IN_CONTROL_PORT: the control port answers GET /violations with what
 * the stand-in recorded against Tessitura's Swagger description
 * (`{violations, requests}`), for tessitura-wizard.spec.ts to assert on, and
 * GET /readyz for Playwright to wait on.
 */

const port = Number(process.env.STAND_IN_PORT);
const controlPort = Number(process.env.STAND_IN_CONTROL_PORT);
if (!Number.isInteger(port) || !Number.isInteger(controlPort)) {
  console.error("Set STAND_IN_PORT and STAND_IN_CONTROL_PORT.");
  process.exit(1);
}

const standIn = new TessituraStandIn();
await standIn.start(port);

const control = http.createServer((req, res) => {
  const path = new URL(req.url ?? "/", "http://control.invalid").pathname;
  if (req.method === "GET" && path === "/violations") {
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ violations: standIn.violations, requests: standIn.requests.length }));
    return;
  }
  if (req.method === "GET" && path === "/readyz") {
    res.writeHead(200, { "Content-Type": "text/plain" });
    res.end("ready");
    return;
  }
  res.writeHead(404).end();
});
// Quiet (Playwright shows a web server's stderr): the site is given http://127.0.0.1:<STAND_IN_PORT>/TessituraService.
control.listen(controlPort, "127.0.0.1");

const stop = () => {
  control.close();
  void standIn.stop().finally(() => process.exit(0));
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);

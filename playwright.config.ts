import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { standInSettings } from "./tests/server/crm/tessitura/stand-in-settings";

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;
/**
 * A second server, as a newcomer runs it: no PUBLIC_URL, reached at
 * 127.0.0.1 rather than the localhost it assumes. Only the specs named
 * below run against it.
 */
const newcomerPort = port + 10;
const newcomerBaseURL = `http://127.0.0.1:${newcomerPort}`;
const newcomerSpecs = /newcomer-at-127\.spec\.ts$/;
/**
 * A third server whose CRM is Tessitura (CRM_PROVIDER=tessitura), the stand-in
 * TessituraService its own process beside it (tests/e2e/support/tessitura-stand-in-server.ts,
 * its Swagger violations on the control port). Only the specs named below use it
 * (their own baseURL); the other specs never see it.
 */
export const tessituraPort = port + 20;
export const tessituraBaseURL = `http://localhost:${tessituraPort}`;
const standInPort = port + 21;
/** The stand-in's control port: GET /violations. */
export const standInControlURL = `http://127.0.0.1:${port + 22}`;
/** Specs that change a shared demo account for good: they run after every other spec, which see it unchanged. */
const lastSpecs = /lapsed-renewal\.spec\.ts$/;
// Debian's Chromium when present; otherwise Playwright's own browser (npx playwright install).
const systemChromium = "/usr/bin/chromium";

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: process.env.PW_OUTPUT_DIR ?? "test-results",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: process.env.CI ? [["list"], ["json", { outputFile: "var/reports/playwright.json" }]] : [["list"]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: existsSync(systemChromium) ? systemChromium : undefined,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "chromium", testIgnore: [newcomerSpecs, lastSpecs], use: { ...devices["Desktop Chrome"] } },
    { name: "after-the-rest", testMatch: lastSpecs, dependencies: ["chromium"], use: { ...devices["Desktop Chrome"] } },
    { name: "newcomer-at-127", testMatch: newcomerSpecs, use: { ...devices["Desktop Chrome"], baseURL: newcomerBaseURL } },
  ],
  webServer: [
    e2eServer(port, `${baseURL}/readyz`, { PUBLIC_URL: baseURL }),
    // PUBLIC_URL empty (unset, even if a .env file sets it): the server assumes http://localhost:<port>, and is reached at 127.0.0.1.
    e2eServer(newcomerPort, `${newcomerBaseURL}/readyz`, { PUBLIC_URL: "" }),
    // Listed before the site that seeds its demo schools into it: Playwright starts the servers in this order.
    {
      command: "tsx tests/e2e/support/tessitura-stand-in-server.ts",
      url: `${standInControlURL}/readyz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { STAND_IN_PORT: String(standInPort), STAND_IN_CONTROL_PORT: String(port + 22) },
    },
    e2eServer(tessituraPort, `${tessituraBaseURL}/readyz`, {
      PUBLIC_URL: tessituraBaseURL,
      ...standInSettings(`http://127.0.0.1:${standInPort}/TessituraService`),
    }),
  ],
});

/** A server on a fresh embedded database, seeded on start by the server itself. */
function e2eServer(serverPort: number, readyUrl: string, env: Record<string, string>) {
  return {
    command: `rm -rf var/e2e-${serverPort} && mkdir -p var/e2e-${serverPort} && tsx server/main.ts`,
    url: readyUrl,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(serverPort),
      DATABASE_URL: `sqlite:var/e2e-${serverPort}/site.sqlite`,
      SESSION_SECRET: "e2e-session-secret-not-for-production-0123456789",
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      ...env,
    },
  };
}

import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;
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
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    // A fresh embedded database for every run, seeded on start by the server itself.
    command: `rm -rf var/e2e-${port} && mkdir -p var/e2e-${port} && tsx server/main.ts`,
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATABASE_URL: `sqlite:var/e2e-${port}/site.sqlite`,
      SESSION_SECRET: "e2e-session-secret-not-for-production-0123456789",
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
    },
  },
});

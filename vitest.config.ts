import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";

export default defineConfig({
  plugins: [react()],
  test: {
    globals: true,
    // Vitest's default (one less than the CPUs) runs one file at a time on a 2-core machine, such as CI's.
    // Half of a file's time is importing its modules, and server tests wait on PostgreSQL and Redis, so two
    // files at once take the suite from about 14.5 to 9 minutes there, every test passing.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // CI also writes a JSON report that scripts/ci-summary.mjs totals.
    reporters: process.env.CI ? ["default", "json"] : ["default"],
    outputFile: process.env.CI ? { json: "var/reports/vitest.json" } : undefined,
    projects: [
      {
        extends: true,
        test: {
          name: "widgets",
          environment: "jsdom",
          include: ["tests/unit/widgets/**/*.test.{ts,tsx}", "tests/component/**/*.test.{ts,tsx}"],
          setupFiles: ["tests/setup/dom.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "server",
          environment: "node",
          include: ["tests/server/**/*.test.ts"],
          setupFiles: ["tests/setup/server.ts"],
          // Server tests share one PostgreSQL/Redis per run; files use their own databases.
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // The security suite (tests/security/README.md): one place for every check of an ASVS control.
          name: "security",
          environment: "node",
          include: ["tests/security/**/*.test.ts"],
          setupFiles: ["tests/setup/server.ts"],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});

import { spawnSync } from "node:child_process";
import { projectRoot } from "../../../server/paths";
import { restartDelayMs } from "../../../server/lifecycle/worker-supervisor";

/* `npm run start:cluster`'s refusals, and the back-off between replacements of a worker that keeps dying. */

const runCluster = (args: string[], env: Record<string, string>) =>
  spawnSync(process.execPath, ["--import", "tsx", "server/cluster.ts", ...args], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: "test", REDIS_URL: "", DATABASE_URL: "sqlite::memory:", ...env },
    encoding: "utf8",
    timeout: 30_000,
  });

describe("npm run start:cluster", () => {
  it("refuses several workers without REDIS_URL, in one line naming it, before touching the database", () => {
    const result = runCluster(["--workers", "2"], {});
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      "--workers 2 needs REDIS_URL: without Redis each process keeps its own rate limits and sign-in failure counts. Set REDIS_URL=redis://… or use --workers 1.",
    );
  });

  it("refuses an in-memory SQLite database, which each process would open empty, even for one worker", () => {
    const result = runCluster(["--workers", "1"], {});
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      "start:cluster cannot use DATABASE_URL=sqlite::memory:: the site opens its database more than once, and each opening of an in-memory one is a new, empty database. Use a file (DATABASE_URL=sqlite:var/site.sqlite) or PostgreSQL.",
    );
  });

  it("refuses a worker count that is not a whole number from 1 to 256", () => {
    const result = runCluster(["--workers", "0"], {});
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe('--workers must be a whole number from 1 to 256 (got "0").');
  });
});

describe("the wait before replacing a dead worker", () => {
  it("is none after a worker that had served a while, then doubles from 0.5 s up to 30 s", () => {
    expect([0, 1, 2, 3, 6, 7, 20].map(restartDelayMs)).toEqual([0, 500, 1000, 2000, 16_000, 30_000, 30_000]);
  });
});

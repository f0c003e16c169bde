import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { projectRoot } from "../../../server/paths";
import { freePort } from "../../bench/processes";

describe("starting with a bad setting", () => {
  it("prints one line naming the variable and exits 1", () => {
    const result = spawnSync(process.execPath, ["--import", "tsx", "server/main.ts"], {
      cwd: projectRoot,
      env: { ...process.env, PORT: "eighty", NODE_ENV: "test" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe('Invalid configuration: PORT must be a whole number from 1 to 65535 (got "eighty").');
  });
});

describe("starting on an in-memory SQLite database", () => {
  it("npm start refuses it in one line (each opening would be a new, empty database), before touching anything", () => {
    const result = spawnSync(process.execPath, ["--import", "tsx", "server/main.ts"], {
      cwd: projectRoot,
      env: { ...process.env, NODE_ENV: "test", BUILD_ON_START: "false", REDIS_URL: "", DATABASE_URL: "sqlite::memory:" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      "npm start cannot use DATABASE_URL=sqlite::memory:: the site opens its database more than once, and each opening of an in-memory one is a new, empty database. Use a file (DATABASE_URL=sqlite:var/site.sqlite) or PostgreSQL.",
    );
  });
});

describe("starting with Redis away (REDIS_URL at a closed port)", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "redis-away-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const start = async (entry: string, args: string[], databaseUrl: string) => {
    const closedPort = await freePort();
    const result = spawnSync(process.execPath, ["--import", "tsx", entry, ...args], {
      cwd: projectRoot,
      env: { ...process.env, NODE_ENV: "test", BUILD_ON_START: "false", DATABASE_URL: databaseUrl, REDIS_URL: `redis://:not-logged@127.0.0.1:${closedPort}`, PORT: String(await freePort()) },
      encoding: "utf8",
      // Far longer than the 2 s connect timeout: a start that hangs while it logs errors fails here (status null).
      timeout: 30_000,
    });
    return { ...result, closedPort };
  };

  it("npm start prints one line naming Redis's address (not its password) and exits 1", async () => {
    const result = await start("server/main.ts", [], `sqlite:${join(dir, "one.sqlite")}`);
    expect(result.status, result.stderr).toBe(1);
    expect(result.stderr.trim()).toBe(
      `could not start: no answer from Redis at 127.0.0.1:${result.closedPort} (ECONNREFUSED); start Redis or check REDIS_URL`,
    );
    expect(result.stdout + result.stderr).not.toContain("not-logged");
  });

  it("npm run start:cluster stops in the primary, before forking workers, with the same line", async () => {
    const result = await start("server/cluster.ts", ["--workers", "2"], `sqlite:${join(dir, "site.sqlite")}`);
    expect(result.status, result.stderr).toBe(1);
    expect(result.stderr.trim()).toBe(
      `could not start: no answer from Redis at 127.0.0.1:${result.closedPort} (ECONNREFUSED); start Redis or check REDIS_URL`,
    );
    expect(result.stdout).not.toContain("starting 2 workers");
  });
});

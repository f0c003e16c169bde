/**
 * npm run soak: a bounded soak test (docs/operations.md, "The soak test").
 *
 * Starts a private PostgreSQL (initdb in a temporary directory) and a
 * private Redis, migrates and seeds, then runs the cluster with two workers
 * on them and sends SOAK_SECONDS (default 120) of mixed traffic from
 * SOAK_USERS (default 12) signed-in users. During it, one worker is killed
 * (SIGKILL) and PostgreSQL is crash-stopped and started again. Afterwards it
 * counts in the database that every acknowledged write is there, and prints
 * requests served, errors by kind and phase, and lost writes.
 *
 * Exit status 1 when a write was lost, or on any error other than:
 * connection errors of requests in flight during the worker-kill window, and
 * 503 with Retry-After during the PostgreSQL-restart window.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { execFileSync, spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { createDatabase } from "../../server/db/database";
import { startAppServer, type AppServer } from "../bench/processes";
import { startPrivateRedis, type PrivateRedis } from "../bench/private-redis";
import type { Outcome } from "./http-client";
import { postgresBin, startPrivatePostgres, type PrivatePostgres } from "./private-postgres";
import { killOneWorker, restartPostgres, allWorkersListening, type FaultWindow } from "./faults";
import { seedSoakData } from "./seed-soak";
import { runTraffic } from "./traffic";
import { countLostWrites } from "./verify";
import { judge, printReport } from "./report";

const seconds = Number(process.env.SOAK_SECONDS ?? 120);
const users = Number(process.env.SOAK_USERS ?? 12);
const workers = 2;
const outageMs = Number(process.env.SOAK_OUTAGE_SECONDS ?? 5) * 1000;

/** What this machine lacks to run the soak test: PostgreSQL's server binaries or redis-server. */
function missingTool(): string | undefined {
  try {
    postgresBin();
  } catch (error) {
    return (error as Error).message;
  }
  if (spawnSync("redis-server", ["--version"]).error) return "redis-server is not on PATH: install Redis.";
  return undefined;
}

async function main(): Promise<number> {
  const setupStart = Date.now();
  if (!Number.isFinite(seconds) || seconds < 20) throw new Error("SOAK_SECONDS must be at least 20 (the faults need room).");
  // As the PostgreSQL and Redis tests do: a laptop without them skips, CI never does.
  const missing = missingTool();
  if (missing && !process.env.CI) {
    console.log(`Soak test skipped: ${missing} (CI runs it.)`);
    return 0;
  }
  if (missing) throw new Error(missing);
  if (!existsSync("static/dist/.vite/manifest.json")) execFileSync("npx", ["vite", "build"], { stdio: "inherit" });

  const dir = mkdtempSync(join(tmpdir(), "soak-"));
  const logFile = join(dir, "cluster.log");
  let postgres: PrivatePostgres | undefined;
  let redis: PrivateRedis | undefined;
  let app: AppServer | undefined;
  try {
    postgres = await startPrivatePostgres();
    const admin = createDatabase(postgres.urlFor("postgres"), { maxConnections: 1 });
    await sql.raw("CREATE DATABASE soak").execute(admin.db);
    await admin.close();
    const databaseUrl = postgres.urlFor("soak");
    redis = await startPrivateRedis();

    const seeding = createDatabase(databaseUrl, { maxConnections: 2 });
    const data = await seedSoakData(seeding.db, { members: users, claimants: 200, seats: 150 });
    await seeding.close();

    app = await startAppServer({ REDIS_URL: redis.url, LOG_LEVEL: "info" }, { databaseUrl, workers, logFile });
    const primary = app.pid;
    await waitUntil(() => allWorkersListening(primary, logFile, workers));
    const setupSeconds = (Date.now() - setupStart) / 1000;
    console.log(`Set up in ${setupSeconds.toFixed(1)} s: PostgreSQL on port ${postgres.port} (private), ${redis.url} (private), cluster of ${workers} at ${app.baseUrl}.`);
    console.log(`Traffic: ${seconds} s from ${users} users; a worker is killed at ${Math.round(seconds * 0.25)} s, PostgreSQL is restarted at ${Math.round(seconds * 0.55)} s.`);

    const outcomes: Outcome[] = [];
    const trafficStart = Date.now();
    const elapsed = () => `${((Date.now() - trafficStart) / 1000).toFixed(1).padStart(5)} s`;
    const deadline = trafficStart + seconds * 1000;
    const progress = setInterval(() => {
      const errors = outcomes.filter((o) => o.status === 0 || o.status >= 500).length;
      console.log(`${elapsed()}  ${outcomes.length} requests, ${errors} 5xx or connection errors so far`);
    }, 10_000);

    const faults = (async (): Promise<FaultWindow[]> => {
      await until(trafficStart + seconds * 250);
      const kill = await killOneWorker(primary, logFile, workers, elapsed);
      await until(trafficStart + seconds * 550);
      const restart = await restartPostgres(postgres!, app!.baseUrl, workers, outageMs, elapsed);
      return [kill, restart];
    })();
    const [ledger, windows] = await Promise.all([runTraffic({ baseUrl: app.baseUrl, data, users, deadline, record: (o) => outcomes.push(o) }), faults]);
    clearInterval(progress);
    const trafficSeconds = (Date.now() - trafficStart) / 1000;

    // Count after the cluster has stopped: nothing in flight, the database as a restart would find it.
    await app.stop();
    app = undefined;
    const check = createDatabase(databaseUrl, { maxConnections: 2 });
    const lost = await countLostWrites(check.db, ledger, data);
    await check.close();

    const verdict = judge(outcomes, windows, lost);
    printReport({ outcomes, windows, ledger, lost, verdict, trafficSeconds, setupSeconds, totalSeconds: (Date.now() - setupStart) / 1000 });
    if (!verdict.pass) console.error(`\nThe cluster's log: ${keepLog(logFile)}`);
    return verdict.pass ? 0 : 1;
  } catch (error) {
    if (existsSync(logFile)) console.error(`The cluster's log: ${keepLog(logFile)}`);
    throw error;
  } finally {
    await app?.stop();
    await redis?.stop();
    await postgres?.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The log is deleted with the temporary directory; on failure a copy is kept for reading. */
function keepLog(logFile: string): string {
  const kept = join(tmpdir(), `soak-cluster-${Date.now()}.log`);
  execFileSync("cp", [logFile, kept]);
  return kept;
}

async function until(time: number): Promise<void> {
  const wait = time - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

async function waitUntil<T>(check: () => T | undefined): Promise<T> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("The cluster's workers did not all start listening within 120 s.");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

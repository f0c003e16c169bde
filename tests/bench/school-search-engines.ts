/**
 * Issue 26's school search rows on SQLite and on PostgreSQL + Redis side by
 * side: on a shared machine, `npm run bench` measures one set-up after the
 * other, minutes apart, so a change in the machine's load reads as a
 * difference between the engines. Here the servers run together and are
 * loaded in turn, round after round, each row for SCHOOL_ENGINES_SECONDS
 * (default 2) at SCHOOL_ENGINES_CONNECTIONS (default 10), for
 * SCHOOL_ENGINES_ROUNDS rounds (default 3):
 *
 * - SQLite, one process (server/main.ts);
 * - PostgreSQL + Redis, one process (server/main.ts);
 * - PostgreSQL + Redis behind the cluster with one worker (server/cluster.ts
 *   --workers 1), as `npm run bench` runs it.
 *
 * SCHOOL_ENGINES_SETUPS picks set-ups by a word (sqlite, postgres, cluster).
 * SCHOOL_ENGINES_BASELINE=<another checkout> adds, for each engine, a server
 * run from that checkout on the same database, loaded in the same rounds:
 * before and after a change, side by side.
 * Each row gives req/s, p99, the app's CPU µs a request (the server, or the
 * worker plus the primary), PostgreSQL's backends' and Redis's CPU µs a
 * request, and the distinct rows as a share of the URN lookup of the same
 * server in the same round. Distinct rows start each round further along
 * their query lists, so no round repeats another's queries.
 *
 *   BENCH_SCHOOLS=50000 tsx tests/bench/school-search-engines.ts
 */
import { measure } from "./load";
import { cpuMeter, postgresBackendPids } from "./process-cpu";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { seedBenchData, startAppServer, type AppServer } from "./processes";
import { createBenchPostgresDatabase, type BenchPostgresDatabase } from "./bench-postgres";
import { startPrivateRedis, type PrivateRedis } from "./private-redis";
import { schoolSearchScenarios } from "./school-search";
import { browserAcceptEncoding } from "./transfer";

const seconds = Number(process.env.SCHOOL_ENGINES_SECONDS ?? 2);
const connections = Number(process.env.SCHOOL_ENGINES_CONNECTIONS ?? 10);
const rounds = Number(process.env.SCHOOL_ENGINES_ROUNDS ?? 3);
const setupWords = (process.env.SCHOOL_ENGINES_SETUPS ?? "sqlite,postgres,cluster").split(",").map((word) => word.trim());
const rowWords = (process.env.SCHOOL_ENGINES_ROWS ?? "URN lookup,names as typed,names with a typo,name and town").split(",").map((word) => word.trim());
const schools = process.env.BENCH_SCHOOLS ?? "50000";
const baseline = process.env.SCHOOL_ENGINES_BASELINE;

interface Setup {
  label: string;
  app: AppServer;
  postgresDatabase?: string;
  redisPid?: number;
}

interface Measured {
  round: number;
  setup: string;
  row: string;
  requestsPerSecond: number;
  p99Ms: number;
  appMicros: number;
  postgresMicros?: number;
  redisMicros?: number;
}

const rotated = (paths: readonly string[], by: number) => [...paths.slice(by % paths.length), ...paths.slice(0, by % paths.length)];

async function measureRow(setup: Setup, name: string, url: string, paths: readonly string[] | undefined): Promise<Omit<Measured, "round" | "setup" | "row">> {
  const app = cpuMeter(() => [...new Set([setup.app.pid, ...setup.app.workerPids()])]);
  const postgres = setup.postgresDatabase ? cpuMeter(() => postgresBackendPids(setup.postgresDatabase!)) : undefined;
  const redis = setup.redisPid === undefined ? undefined : cpuMeter(() => [setup.redisPid!]);
  const result = await measure(name, url, { connections, seconds, headers: { "accept-encoding": browserAcceptEncoding }, ...(paths ? { paths } : {}) });
  const perRequest = (cpuSeconds: number) => Math.round((cpuSeconds * 1e6) / Math.max(1, result.requests));
  return {
    requestsPerSecond: result.requestsPerSecond,
    p99Ms: result.p99Ms,
    appMicros: perRequest(app.stop()),
    postgresMicros: postgres && perRequest(postgres.stop()),
    redisMicros: redis && perRequest(redis.stop()),
  };
}

async function main(): Promise<void> {
  const setups: Setup[] = [];
  let postgres: BenchPostgresDatabase | undefined;
  let redis: PrivateRedis | undefined;
  const sqliteDir = mkdtempSync(join(tmpdir(), "school-engines-"));
  try {
    if (setupWords.includes("sqlite")) {
      const databaseUrl = `sqlite:${join(sqliteDir, "bench.sqlite")}`;
      seedBenchData(databaseUrl, { BENCH_SCHOOLS: schools });
      setups.push({ label: "SQLite, 1 process", app: await startAppServer({}, { databaseUrl }) });
      if (baseline) setups.push({ label: "SQLite, 1 process, baseline", app: await startAppServer({}, { databaseUrl, cwd: baseline }) });
    }
    if (setupWords.includes("postgres") || setupWords.includes("cluster")) {
      postgres = await createBenchPostgresDatabase();
      seedBenchData(postgres.url, { BENCH_SCHOOLS: schools });
      redis = await startPrivateRedis();
      const common = { postgresDatabase: postgres.name, redisPid: redis.pid };
      if (setupWords.includes("postgres")) {
        setups.push({ label: "PostgreSQL + Redis, 1 process", app: await startAppServer({ REDIS_URL: redis.url }, { databaseUrl: postgres.url }), ...common });
        if (baseline) {
          const app = await startAppServer({ REDIS_URL: redis.url }, { databaseUrl: postgres.url, cwd: baseline });
          setups.push({ label: "PostgreSQL + Redis, 1 process, baseline", app, ...common });
        }
      }
      if (setupWords.includes("cluster")) {
        const app = await startAppServer({ REDIS_URL: redis.url }, { databaseUrl: postgres.url, workers: 1 });
        setups.push({ label: "PostgreSQL + Redis, cluster of 1", app, ...common });
      }
    }
    const scenariosOf = new Map<Setup, Awaited<ReturnType<typeof schoolSearchScenarios>>>();
    for (const setup of setups) scenariosOf.set(setup, await schoolSearchScenarios(setup.app.baseUrl, Number(schools)));
    const all: Measured[] = [];
    for (let round = 1; round <= rounds; round++) {
      for (const setup of setups) {
        for (const word of rowWords) {
          const scenario = scenariosOf.get(setup)!.find(({ name }) => name.includes(word));
          if (!scenario) throw new Error(`No school search row matches "${word}".`);
          const paths = scenario.paths && rotated(scenario.paths, (round - 1) * 10_000);
          const measured = await measureRow(setup, scenario.name, scenario.url, paths);
          all.push({ round, setup: setup.label, row: word, ...measured });
          console.error(`round ${round}, ${setup.label}, ${word}: ${measured.requestsPerSecond} req/s, ${measured.appMicros} µs`);
        }
      }
    }
    console.log(`\n${connections} connections, ${seconds} s a row, ${schools} schools; app CPU µs a request (worker + primary for the cluster), then PostgreSQL's and Redis's.\n`);
    console.log("| round | set-up | row | req/s | share of URN | p99 ms | app µs | PostgreSQL µs | Redis µs |");
    console.log("|---|---|---|---|---|---|---|---|---|");
    for (const row of all) {
      const urn = all.find((other) => other.round === row.round && other.setup === row.setup && other.row.includes("URN"));
      const share = urn && row !== urn ? `${((100 * row.requestsPerSecond) / urn.requestsPerSecond).toFixed(1)} %` : "";
      console.log(
        `| ${row.round} | ${row.setup} | ${row.row} | ${row.requestsPerSecond} | ${share} | ${row.p99Ms} | ${row.appMicros} | ${row.postgresMicros ?? ""} | ${row.redisMicros ?? ""} |`,
      );
    }
  } finally {
    for (const setup of setups) await setup.app.stop();
    await redis?.stop();
    await postgres?.drop();
    rmSync(sqliteDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

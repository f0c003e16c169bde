/**
 * npm run bench: load figures for the app beside a bare node:http server
 * measured in the same run (the machine's ceiling) and Express's own hello
 * world (what a user would pick instead). Loopback only, bounded in time
 * (BENCH_SECONDS per scenario, default 8).
 *
 * Every app scenario runs on each set-up, in one run (docs/performance.md):
 * SQLite with one process (tsx server/main.ts), and PostgreSQL with Redis
 * behind the cluster (server/cluster.ts) with one and with two workers.
 * BENCH_ENGINES (sqlite,postgres) and BENCH_PROCESSES (1,2; PostgreSQL's
 * rows) choose; BENCH_SCENARIOS picks scenarios by a word of their name.
 * Each row gives the CPU seconds each app process, PostgreSQL's backends,
 * Redis and the load generator used while it ran, so the 2-process factor
 * can be read even where the load generator shares the two cores.
 *
 * The app's scenarios send `Accept-Encoding: br, gzip`, as a browser does.
 * Each instances API row also gets its own ceiling: bare node:http sending
 * the very answer the API gave (headers and body), so the row reads against
 * the physical limit for that many bytes.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { measure, type LoadResult } from "./load";
import { seedBenchData, startAppServer, startCeilingServer, startExpressHelloServer, type AppServer, type ForkedServer } from "./processes";
import { gzippedJavaScriptBytes } from "./page-weight";
import { instancesApiScenarios, type Scenario } from "./instances-api";
import { resourcesAndSearchScenarios } from "./resources-and-search";
import { schoolSearchScenarios } from "./school-search";
import { memberPageScenarios } from "./member-pages";
import { browserAcceptEncoding, fetchRaw, type RawAnswer } from "./transfer";
import { cpuMeter, postgresBackendPids } from "./process-cpu";
import { createBenchPostgresDatabase, type BenchPostgresDatabase } from "./bench-postgres";
import { startPrivateRedis, type PrivateRedis } from "./private-redis";

const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const browserHeaders = { "accept-encoding": browserAcceptEncoding };
const listOf = (value: string | undefined, fallback: string) => (value ?? fallback).split(",").map((part) => part.trim()).filter(Boolean);
const engines = listOf(process.env.BENCH_ENGINES, "sqlite,postgres");
const processCounts = listOf(process.env.BENCH_PROCESSES, "1,2").map(Number);
const scenarioWords = listOf(process.env.BENCH_SCENARIOS, "").map((word) => word.toLowerCase());
const dataEnv = {
  BENCH_EVENT_INSTANCES: process.env.BENCH_EVENT_INSTANCES ?? "20000",
  BENCH_RESOURCES: process.env.BENCH_RESOURCES ?? "10000",
  BENCH_SCHOOLS: process.env.BENCH_SCHOOLS ?? "50000",
};
/** The app's LOG_LEVEL (default silent); at info it writes its access log, as production does, to /dev/null. */
const logEnv = { LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "silent" };

/** CPU seconds used while one row was measured. */
interface CpuUse {
  /** One figure per app process (the server, or each worker). */
  app: number[];
  /** The cluster's primary (it hands connections to the workers), when there is one. */
  primary?: number;
  postgres?: number;
  redis?: number;
  loadGenerator: number;
}

interface Row {
  scenario: string;
  setup: string;
  result: LoadResult;
  /** The req/s this row is read against, and which ceiling that is. */
  ceiling: { requestsPerSecond: number; label: string } | undefined;
  transfer?: RawAnswer;
  cpu?: CpuUse;
  /** req/s with two processes over req/s with one, on the 2-process row. */
  factor?: number;
}

interface Setup {
  label: string;
  engine: "sqlite" | "postgres";
  /** Cluster workers; undefined: server/main.ts. */
  workers?: number;
}

const fixed = (value: number, digits = 1) => value.toFixed(digits);

function cpuCells(cpu: CpuUse | undefined, requests: number): string[] {
  if (!cpu) return ["", "", "", "", ""];
  const appTotal = cpu.app.reduce((sum, value) => sum + value, 0) + (cpu.primary ?? 0);
  const each = cpu.app.map((value) => fixed(value)).join(" + ") + (cpu.primary === undefined ? "" : ` (+ primary ${fixed(cpu.primary, 2)})`);
  return [
    each,
    requests > 0 ? String(Math.round((appTotal * 1e6) / requests)) : "",
    cpu.postgres === undefined ? "" : fixed(cpu.postgres),
    cpu.redis === undefined ? "" : fixed(cpu.redis, 2),
    fixed(cpu.loadGenerator),
  ];
}

function table(rows: Row[]): string {
  const header = [
    "scenario",
    "set-up",
    "req/s",
    "p99 ms",
    "share of ceiling",
    "2 proc / 1 proc",
    `bytes sent (${browserAcceptEncoding})`,
    "app CPU s, each process",
    "app CPU µs/req",
    "PostgreSQL CPU s",
    "Redis CPU s",
    "load generator CPU s",
    "non-2xx",
  ];
  let previous = "";
  const lines = rows.map(({ scenario, setup, result, ceiling, transfer, cpu, factor }) => {
    const shownScenario = scenario === previous ? "" : scenario;
    previous = scenario;
    return [
      shownScenario,
      setup,
      result.requestsPerSecond.toLocaleString("en-GB"),
      String(result.p99Ms),
      ceiling ? `${(result.requestsPerSecond / ceiling.requestsPerSecond).toFixed(3)}${ceiling.label}` : "1 (ceiling)",
      factor === undefined ? "" : `${factor.toFixed(2)}×`,
      transfer ? `${transfer.transferredBytes.toLocaleString("en-GB")} (${transfer.contentEncoding})` : "",
      ...cpuCells(cpu, result.requests),
      String(result.non2xx),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  return [format(header), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...lines.map(format)].join("\n");
}

/** Measures `url` while metering the CPU of the processes given. */
async function meteredMeasure(
  name: string,
  url: string,
  processes: { app: () => number[]; primary?: number; postgresDatabase?: string; redisPid?: number },
  headers?: Record<string, string>,
  paths?: readonly string[],
): Promise<{ result: LoadResult; cpu: CpuUse }> {
  const appMeters = processes.app().map((pid) => cpuMeter(() => [pid]));
  const primaryMeter = processes.primary === undefined ? undefined : cpuMeter(() => [processes.primary!]);
  const postgresMeter = processes.postgresDatabase ? cpuMeter(() => postgresBackendPids(processes.postgresDatabase!)) : undefined;
  const redisMeter = processes.redisPid === undefined ? undefined : cpuMeter(() => [processes.redisPid!]);
  const loadStart = process.cpuUsage();
  const result = await measure(name, url, { connections, headers, paths });
  const load = process.cpuUsage(loadStart);
  return {
    result,
    cpu: {
      app: appMeters.map((meter) => meter.stop()),
      primary: primaryMeter?.stop(),
      postgres: postgresMeter?.stop(),
      redis: redisMeter?.stop(),
      loadGenerator: (load.user + load.system) / 1e6,
    },
  };
}

async function measureForked(start: () => Promise<ForkedServer>, name: string): Promise<{ result: LoadResult; cpu: CpuUse }> {
  const server = await start();
  try {
    return await meteredMeasure(name, `${server.baseUrl}/`, { app: () => [server.child.pid!] });
  } finally {
    await server.stop();
  }
}

/** Bare node:http replaying `answer` byte for byte: the ceiling for an answer that size. */
async function sameBytesCeiling(name: string, answer: RawAnswer): Promise<{ result: LoadResult; cpu: CpuUse }> {
  const dir = mkdtempSync(join(tmpdir(), "bench-ceiling-"));
  try {
    const file = join(dir, "answer.json");
    writeFileSync(file, JSON.stringify({ status: answer.status, headers: answer.headers, body: answer.body.toString("base64") }));
    return await measureForked(() => startCeilingServer(file), name);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every app scenario in a fixed order, each checked once first (a broken page is never measured as a fast one). */
async function appScenarios(baseUrl: string): Promise<(Scenario & { sameBytesCeiling?: boolean })[]> {
  const all = [
    { name: "GET /healthz", url: `${baseUrl}/healthz` },
    { name: "GET / (home page)", url: `${baseUrl}/` },
    ...(await instancesApiScenarios(baseUrl)).map((scenario) => ({ ...scenario, sameBytesCeiling: true })),
    ...(await resourcesAndSearchScenarios(baseUrl)),
    ...(await schoolSearchScenarios(baseUrl)),
    ...(await memberPageScenarios(baseUrl)),
  ];
  return scenarioWords.length === 0 ? all : all.filter(({ name }) => scenarioWords.some((word) => name.toLowerCase().includes(word)));
}

/** Issue 26's figure: each distinct-query school search row as a share of the URN lookup's rate in the same set-up (goal: 25 %, p99 <= 20 ms). */
function schoolSearchShares(rows: readonly Row[]): string {
  const lines = ["", "School search with a different query each request, as a share of the URN lookup in the same set-up:"];
  for (const urnRow of rows.filter((row) => row.scenario.includes("URN lookup"))) {
    for (const row of rows.filter((other) => other.setup === urnRow.setup && other.scenario.includes("a different query each request"))) {
      const share = urnRow.result.requestsPerSecond > 0 ? (100 * row.result.requestsPerSecond) / urnRow.result.requestsPerSecond : 0;
      lines.push(`  ${urnRow.setup}, ${row.scenario}: ${row.result.requestsPerSecond} req/s = ${share.toFixed(0)} % of ${urnRow.result.requestsPerSecond}, p99 ${row.result.p99Ms} ms`);
    }
  }
  return lines.length > 2 ? lines.join("\n") : "";
}

function setups(): Setup[] {
  const list: Setup[] = [];
  if (engines.includes("sqlite")) list.push({ label: "SQLite, 1 process", engine: "sqlite" });
  if (engines.includes("postgres")) {
    for (const workers of processCounts) {
      list.push({ label: `PostgreSQL + Redis, ${workers} process${workers === 1 ? "" : "es"} (cluster)`, engine: "postgres", workers });
    }
  }
  if (list.length === 0) throw new Error("BENCH_ENGINES names no engine: use sqlite, postgres or both.");
  if (list.some((setup) => setup.workers) && !existsSync("server/cluster.ts")) {
    throw new Error("server/cluster.ts is missing: the PostgreSQL rows run behind the cluster. Set BENCH_ENGINES=sqlite to measure SQLite alone.");
  }
  return list;
}

async function main(): Promise<void> {
  if (!existsSync("static/dist/.vite/manifest.json")) {
    execFileSync("npx", ["vite", "build"], { stdio: "inherit" });
  }
  const plan = setups();
  const startedAt = Date.now();
  const ceiling = await measureForked(() => startCeilingServer(), "node:http hello world");
  const helloCeiling = { requestsPerSecond: ceiling.result.requestsPerSecond, label: "" };
  const express = await measureForked(startExpressHelloServer, "Express hello world");
  const rows: Row[] = [
    { scenario: "node:http hello world (the ceiling)", setup: "", ...ceiling, ceiling: undefined },
    { scenario: "Express hello world (the usual alternative)", setup: "", ...express, ceiling: helloCeiling },
  ];

  /** Per scenario (by position), the rows of each set-up; a same-bytes ceiling is measured for the first set-up's answer. */
  const byScenario = new Map<number, Row[]>();
  const sameBytes = new Map<number, { requestsPerSecond: number; row: Row }>();
  let pageWeight: Awaited<ReturnType<typeof gzippedJavaScriptBytes>> | undefined;
  let postgres: BenchPostgresDatabase | undefined;
  let redis: PrivateRedis | undefined;

  try {
    if (plan.some((setup) => setup.engine === "postgres")) {
      postgres = await createBenchPostgresDatabase();
      console.log(`Seeding PostgreSQL database ${postgres.name}…`);
      seedBenchData(postgres.url, dataEnv);
      redis = await startPrivateRedis();
    }
    for (const setup of plan) {
      const isPostgres = setup.engine === "postgres";
      const app: AppServer = isPostgres
        ? await startAppServer({ REDIS_URL: redis!.url, ...logEnv }, { databaseUrl: postgres!.url, workers: setup.workers })
        : await startAppServer({ ...dataEnv, ...logEnv });
      try {
        // Two seconds of /healthz first: every worker is listening by then (they start together) and has compiled its hot paths.
        await measure("warm-up", `${app.baseUrl}/healthz`, { connections, seconds: 2 });
        const scenarios = await appScenarios(app.baseUrl);
        pageWeight ??= await gzippedJavaScriptBytes(`${app.baseUrl}/`);
        for (const [index, scenario] of scenarios.entries()) {
          const headers = { ...browserHeaders, ...scenario.headers };
          const transfer = await fetchRaw(scenario.url, headers);
          const processes = {
            app: app.workerPids,
            primary: setup.workers ? app.pid : undefined,
            postgresDatabase: isPostgres ? postgres!.name : undefined,
            redisPid: isPostgres ? redis!.pid : undefined,
          };
          const measured = await meteredMeasure(scenario.name, scenario.url, processes, headers, scenario.paths);
          if (scenario.sameBytesCeiling && !sameBytes.has(index)) {
            const own = await sameBytesCeiling("same-bytes ceiling", transfer);
            sameBytes.set(index, {
              requestsPerSecond: own.result.requestsPerSecond,
              row: { scenario: scenario.name, setup: `node:http sending the same ${transfer.transferredBytes} bytes (its ceiling)`, ...own, ceiling: helloCeiling, transfer },
            });
          }
          const own = sameBytes.get(index);
          const row: Row = {
            scenario: scenario.name,
            setup: setup.label,
            ...measured,
            transfer,
            ceiling: own ? { requestsPerSecond: own.requestsPerSecond, label: " (same bytes)" } : helloCeiling,
          };
          const rowsOfScenario = byScenario.get(index) ?? [];
          if (setup.workers && setup.workers > 1) {
            const single = rowsOfScenario.find((other) => other.setup.startsWith("PostgreSQL") && other.setup.includes(" 1 process"));
            if (single && single.result.requestsPerSecond > 0) row.factor = row.result.requestsPerSecond / single.result.requestsPerSecond;
          }
          byScenario.set(index, [...rowsOfScenario, row]);
        }
      } finally {
        await app.stop();
      }
    }
  } finally {
    await redis?.stop();
    await postgres?.drop();
  }

  for (const [index, scenarioRows] of [...byScenario.entries()].sort(([a], [b]) => a - b)) {
    rows.push(...scenarioRows);
    const own = sameBytes.get(index);
    if (own) rows.push(own.row);
  }
  console.log(`\nConnections: ${connections}, ${seconds} s per scenario, loopback only; the whole run took ${Math.round((Date.now() - startedAt) / 1000)} s.`);
  console.log(`Data: ${dataEnv.BENCH_EVENT_INSTANCES} event instances, ${dataEnv.BENCH_RESOURCES} resources, ${dataEnv.BENCH_SCHOOLS} schools, the same on each engine.\n`);
  console.log(table(rows));
  console.log(schoolSearchShares(rows));
  console.log(`\nShares are of the node:http hello world, except "(same bytes)": of node:http sending that row's own answer (the first set-up's).`);
  console.log(`Bytes sent: status line, headers and body of one answer, as the server sent it to a client accepting ${browserAcceptEncoding}.`);
  console.log(
    "CPU: user + system seconds while the row ran (/proc/<pid>/stat), for each app process (the server, or each cluster worker, then the primary),",
  );
  console.log("PostgreSQL's backends for the bench database, the bench's own Redis, and the load generator (autocannon, in this process).");
  if (pageWeight) console.log(`\nHome page JavaScript: ${pageWeight.files} files, ${pageWeight.bytes} bytes gzipped, ${pageWeight.servedBytes} bytes as served.`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

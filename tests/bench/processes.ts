import { execFileSync, fork, spawn, type ChildProcess } from "node:child_process";
import { childPids } from "./process-cpu";
import { closeSync, mkdtempSync, openSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createServer } from "node:net";

export interface RunningServer {
  baseUrl: string;
  stop(): Promise<void>;
}

/** Whether a server can listen on `port` on every interface, as the app does (no host given). */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, () => probe.close(() => resolve(true)));
  });
}

/**
 * A port for a server about to start in another process, drawn below Linux's
 * ephemeral range (32768-60999). A port the kernel hands out for listen(0) is
 * free again once the probe closes, and during the seconds a child takes to
 * start, the test run's own listen(0) servers (supertest opens one per
 * request) could take it: /readyz then answered from theirs, and a test
 * signalled a server that had not yet set up its signal handling (CI saw it
 * end by SIGTERM instead of exiting 1).
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (await canListen(port)) return port;
  }
  throw new Error("no free port between 20000 and 32000");
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

export interface ForkedServer extends RunningServer {
  /** The child process, for scripts that talk to it over IPC (middleware-stack-server.ts). */
  child: ChildProcess;
}

/**
 * Forks a bench server script that listens on a port of its own choosing and
 * sends `{ port }` over IPC once listening (ceiling-server.mjs,
 * express-hello-server.mjs, middleware-stack-server.ts). A .ts script needs
 * `execArgv: ["--import", "tsx"]`.
 */
export async function forkServer(scriptPath: string, options: { env?: Record<string, string>; execArgv?: string[] } = {}): Promise<ForkedServer> {
  const child = fork(scriptPath, { stdio: "inherit", env: { ...process.env, ...options.env }, ...(options.execArgv ? { execArgv: options.execArgv } : {}) });
  const port = await new Promise<number>((resolve) => child.once("message", (m: { port: number }) => resolve(m.port)));
  return { baseUrl: `http://127.0.0.1:${port}`, child, stop: () => stopChild(child) };
}

/** Bare node:http: hello world, or with `responseFile` exactly that recorded answer (ceiling-server.mjs). */
export function startCeilingServer(responseFile?: string): Promise<ForkedServer> {
  return forkServer(join(import.meta.dirname, "ceiling-server.mjs"), { env: responseFile ? { CEILING_RESPONSE_FILE: responseFile } : {} });
}

/** Express's own hello world (express-hello-server.mjs). */
export function startExpressHelloServer(): Promise<ForkedServer> {
  return forkServer(join(import.meta.dirname, "express-hello-server.mjs"));
}

/** Runs one of the bench seeding scripts in its own process, against `databaseUrl`. */
function runSeedScript(script: string, databaseUrl: string, env: Record<string, string>): void {
  execFileSync(process.execPath, ["--import", "tsx", join(import.meta.dirname, script)], {
    stdio: "inherit",
    env: { ...process.env, ...env, DATABASE_URL: databaseUrl, LOG_LEVEL: "silent" },
  });
}

/**
 * Tops `databaseUrl` (SQLite or PostgreSQL: the seeders go through Kysely) up
 * to the bench's size: BENCH_EVENT_INSTANCES event instances
 * (tests/bench/seed-event-instances.ts), BENCH_RESOURCES generated resources
 * (tests/bench/seed-resources.ts) and BENCH_SCHOOLS synthetic schools
 * (tests/bench/seed-schools.ts), each when set in `extraEnv` or the
 * environment. With none set, the server seeds the demo content on start.
 */
export function seedBenchData(databaseUrl: string, extraEnv: Record<string, string> = {}): void {
  const eventInstances = extraEnv.BENCH_EVENT_INSTANCES ?? process.env.BENCH_EVENT_INSTANCES;
  if (eventInstances) runSeedScript("seed-event-instances.ts", databaseUrl, { BENCH_EVENT_INSTANCES: eventInstances });
  const resources = extraEnv.BENCH_RESOURCES ?? process.env.BENCH_RESOURCES;
  if (resources) runSeedScript("seed-resources.ts", databaseUrl, { BENCH_RESOURCES: resources });
  const schools = extraEnv.BENCH_SCHOOLS ?? process.env.BENCH_SCHOOLS;
  if (schools) runSeedScript("seed-schools.ts", databaseUrl, { BENCH_SCHOOLS: schools });
}

export interface AppServer extends RunningServer {
  /** The process started: the server itself, or the cluster's primary. */
  pid: number;
  /** The app's own processes now: the server, or the primary's workers. */
  workerPids(): number[];
}

export interface AppServerOptions {
  /** An existing database (seeded already); default: a throwaway SQLite file, seeded here. */
  databaseUrl?: string;
  /** Start `server/cluster.ts --workers N` (node:cluster) instead of server/main.ts. */
  workers?: number;
  /** Where the server's stdout (its JSON log) goes; default: nowhere. */
  logFile?: string;
  /** Node's own flags for the server process, before the entry (`--cpu-prof`: tests/bench/profile-member-pages.ts). */
  nodeFlags?: string[];
  /** Another checkout to run the server from (a baseline: tests/bench/school-search-engines.ts); default: this one. */
  cwd?: string;
}

const benchSessionSecret = "bench-session-secret-0123456789abcdef0123456789";

/**
 * Starts the real app (`NODE_ENV=production`, `LOG_LEVEL=silent` unless
 * extraEnv says otherwise): tsx server/main.ts, or the cluster with
 * `options.workers`. Without `options.databaseUrl`, on a throwaway SQLite
 * database topped up by seedBenchData first. Ready when /readyz answers 200
 * and, for the cluster, every worker has started.
 */
export async function startAppServer(extraEnv: Record<string, string> = {}, options: AppServerOptions = {}): Promise<AppServer & { child: ChildProcess }> {
  const dir = options.databaseUrl ? undefined : mkdtempSync(join(tmpdir(), "bench-"));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const databaseUrl = options.databaseUrl ?? `sqlite:${join(dir!, "bench.sqlite")}`;
  if (!options.databaseUrl) seedBenchData(databaseUrl, extraEnv);
  const entry = options.workers ? ["server/cluster.ts", "--workers", String(options.workers)] : ["server/main.ts"];
  const log = options.logFile ? openSync(options.logFile, "a") : "ignore";
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), "--import", "tsx", ...entry], {
    stdio: ["ignore", log, "inherit"],
    ...(options.cwd ? { cwd: options.cwd } : {}),
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: benchSessionSecret,
      LOG_LEVEL: "silent",
      ...extraEnv,
    },
  });
  if (typeof log === "number") closeSync(log);
  const workerPids = () => (options.workers ? childPids(child.pid!) : [child.pid!]);
  const stop = async () => {
    await stopChild(child);
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(baseUrl, child, options.workers ?? 0, workerPids);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, pid: child.pid!, child, workerPids, stop };
}

/** /readyz answers 200, and a cluster's primary has all its workers. */
async function waitUntilReady(baseUrl: string, child: ChildProcess, workers: number, workerPids: () => number[]): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The app server exited with code ${child.exitCode} before it was ready.`);
    try {
      const res = await fetch(`${baseUrl}/readyz`);
      if (res.ok && workerPids().length >= workers) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The app server at ${baseUrl} was not ready within 180 s.`);
}

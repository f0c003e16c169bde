import { execFileSync, fork, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createServer } from "node:net";

export interface RunningServer {
  baseUrl: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
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
export function startCeilingServer(responseFile?: string): Promise<RunningServer> {
  return forkServer(join(import.meta.dirname, "ceiling-server.mjs"), { env: responseFile ? { CEILING_RESPONSE_FILE: responseFile } : {} });
}

/** Express's own hello world (express-hello-server.mjs). */
export function startExpressHelloServer(): Promise<RunningServer> {
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
 * Starts the real app (tsx server/main.ts) on a throwaway SQLite database.
 * With BENCH_EVENT_INSTANCES (in extraEnv or the environment), the database
 * is first topped up to that many event instances (tests/bench/seed-event-instances.ts);
 * with BENCH_RESOURCES, to that many generated resources (tests/bench/seed-resources.ts);
 * with BENCH_SCHOOLS, to that many synthetic schools (tests/bench/seed-schools.ts).
 */
export async function startAppServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const dir = mkdtempSync(join(tmpdir(), "bench-"));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const databaseUrl = `sqlite:${join(dir, "bench.sqlite")}`;
  const eventInstances = extraEnv.BENCH_EVENT_INSTANCES ?? process.env.BENCH_EVENT_INSTANCES;
  if (eventInstances) runSeedScript("seed-event-instances.ts", databaseUrl, { BENCH_EVENT_INSTANCES: eventInstances });
  const resources = extraEnv.BENCH_RESOURCES ?? process.env.BENCH_RESOURCES;
  if (resources) runSeedScript("seed-resources.ts", databaseUrl, { BENCH_RESOURCES: resources });
  const schools = extraEnv.BENCH_SCHOOLS ?? process.env.BENCH_SCHOOLS;
  if (schools) runSeedScript("seed-schools.ts", databaseUrl, { BENCH_SCHOOLS: schools });
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: "bench-session-secret-0123456789abcdef0123456789",
      LOG_LEVEL: "silent",
      ...extraEnv,
    },
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The app server exited with code ${child.exitCode} before it was ready.`);
    try {
      const res = await fetch(`${baseUrl}/readyz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    stop: async () => {
      await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

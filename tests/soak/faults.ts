import { readFileSync } from "node:fs";
import { get } from "node:http";
import { childPids } from "../bench/process-cpu";
import type { PrivatePostgres } from "./private-postgres";

/*
 * The two faults of the soak test, each giving the window during which it
 * may cause errors: from the moment it is caused until the service is whole
 * again, observed (a state), never guessed from time.
 */

export interface FaultWindow {
  name: "worker kill" | "PostgreSQL restart";
  start: number;
  end: number;
  /** What happened, for the report. */
  events: string[];
}

const pollMs = 100;
const limitMs = 90_000;

async function waitFor<T>(what: string, check: () => Promise<T | undefined> | T | undefined): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`The soak test gave up waiting for ${what} after ${limitMs / 1000} s.`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/** Pids of cluster workers that logged "listening on port" (JSON log lines, LOG_LEVEL=info). */
export function listeningWorkers(logFile: string): Set<number> {
  const pids = new Set<number>();
  for (const line of readFileSync(logFile, "utf8").split("\n")) {
    if (!line.includes("listening on port")) continue;
    try {
      const entry = JSON.parse(line) as { pid?: number; msg?: string };
      if (entry.msg?.startsWith("listening on port") && entry.pid) pids.add(entry.pid);
    } catch {
      // a line being written
    }
  }
  return pids;
}

/** Every worker the primary has now is listening, and there are `workers` of them. */
export function allWorkersListening(primaryPid: number, logFile: string, workers: number): number[] | undefined {
  const children = childPids(primaryPid);
  const listening = listeningWorkers(logFile);
  return children.length === workers && children.every((pid) => listening.has(pid)) ? children : undefined;
}

/** SIGKILLs one worker; the window ends when the primary's replacement is listening. */
export async function killOneWorker(primaryPid: number, logFile: string, workers: number, elapsed: () => string): Promise<FaultWindow> {
  const before = await waitFor("every worker to listen before the kill", () => allWorkersListening(primaryPid, logFile, workers));
  const victim = before[0]!;
  const window: FaultWindow = { name: "worker kill", start: Date.now(), end: 0, events: [] };
  process.kill(victim, "SIGKILL");
  window.events.push(`${elapsed()} worker ${victim} killed (SIGKILL)`);
  const after = await waitFor("the primary to replace the killed worker", () => {
    const now = allWorkersListening(primaryPid, logFile, workers);
    return now && !now.includes(victim) ? now : undefined;
  });
  window.end = Date.now();
  window.events.push(`${elapsed()} replacement ${after.filter((pid) => !before.includes(pid)).join(", ")} listening`);
  return window;
}

/** /readyz over a new connection each time (no keep-alive), so the cluster's round-robin reaches each worker in turn. */
function readyzStatus(baseUrl: string): Promise<number> {
  return new Promise((resolve) => {
    const request = get(`${baseUrl}/readyz`, { agent: false, timeout: 5000 }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    request.on("timeout", () => request.destroy());
    request.on("error", () => resolve(0));
  });
}

/**
 * Stops PostgreSQL abruptly (`-m immediate`, as a crash: what was committed
 * must come back from the WAL), waits until the app's /readyz says so, keeps
 * it down for `outageMs` so traffic meets the outage, starts it, and ends the
 * window once /readyz has answered 200 `workers * 2` times in a row (the
 * cluster hands connections round-robin, so every worker has answered).
 */
export async function restartPostgres(postgres: PrivatePostgres, baseUrl: string, workers: number, outageMs: number, elapsed: () => string): Promise<FaultWindow> {
  const window: FaultWindow = { name: "PostgreSQL restart", start: Date.now(), end: 0, events: [] };
  await postgres.stop("immediate");
  window.events.push(`${elapsed()} PostgreSQL stopped (pg_ctl stop -m immediate)`);
  const noticed = await waitFor("/readyz to report the database down", async () => {
    const status = await readyzStatus(baseUrl);
    return status !== 200 ? status : undefined;
  });
  window.events.push(`${elapsed()} /readyz answers ${noticed}`);
  await new Promise((resolve) => setTimeout(resolve, outageMs));
  await postgres.start();
  window.events.push(`${elapsed()} PostgreSQL started again`);
  let inARow = 0;
  await waitFor("/readyz to answer 200 again", async () => {
    inARow = (await readyzStatus(baseUrl)) === 200 ? inARow + 1 : 0;
    return inARow >= workers * 2 ? true : undefined;
  });
  window.end = Date.now();
  window.events.push(`${elapsed()} /readyz answered 200 ${workers * 2} times in a row`);
  return window;
}

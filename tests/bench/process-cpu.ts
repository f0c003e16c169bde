import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { execFileSync } from "node:child_process";

/*
 * CPU time of other processes, from /proc (Linux): utime + stime of
 * /proc/<pid>/stat, so the bench can say how much CPU each app process, the
 * database and the load generator used while a scenario ran.
 */

const ticksPerSecond = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

interface ProcStat {
  pid: number;
  ppid: number;
  cpuSeconds: number;
}

/** Fields after the command name (which may hold spaces and parentheses): state is field 3, ppid 4, utime 14, stime 15. */
function readStat(pid: number): ProcStat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    return { pid, ppid: Number(fields[1]), cpuSeconds: (Number(fields[11]) + Number(fields[12])) / ticksPerSecond };
  } catch {
    return undefined; // gone
  }
}

/** User + system CPU seconds a process has used so far (0 once it is gone). */
export function cpuSecondsOf(pid: number): number {
  return readStat(pid)?.cpuSeconds ?? 0;
}

function allPids(): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map(Number);
}

/** The executable a process runs, if it is still there. */
function executableOf(pid: number): string | undefined {
  try {
    return readlinkSync(`/proc/${pid}/exe`);
  } catch {
    return undefined;
  }
}

/**
 * The direct children of `pid` that run Node, as this process does: a
 * cluster primary's workers. (tsx can give a process an esbuild service
 * child of its own, which is not a worker.)
 */
export function childPids(pid: number): number[] {
  const node = executableOf(process.pid);
  return allPids().filter((candidate) => readStat(candidate)?.ppid === pid && executableOf(candidate) === node);
}

/**
 * PostgreSQL backends serving `database`: their command line reads
 * "postgres: [<cluster name>: ]<user> <database> <client> <state>" (Debian
 * sets a cluster name such as "15/main").
 */
export function postgresBackendPids(database: string): number[] {
  const backend = new RegExp(`^postgres: (\\S+: )?\\S+ ${database} `);
  return allPids().filter((pid) => {
    try {
      return backend.test(readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " "));
    } catch {
      return false;
    }
  });
}

/**
 * CPU used between `start()` and `stop()` by a changing set of processes
 * (backends come and go): each pid's time at stop less its time at start
 * (0 for pids that appeared in between).
 */
export function cpuMeter(pids: () => number[]): { stop(): number } {
  const before = new Map(pids().map((pid) => [pid, cpuSecondsOf(pid)]));
  return {
    stop() {
      let total = 0;
      const now = new Set([...pids(), ...before.keys()]);
      for (const pid of now) {
        const end = readStat(pid)?.cpuSeconds;
        // A process that ended in between: its time is lost with it (counted as what it had at start, i.e. nothing more).
        if (end !== undefined) total += end - (before.get(pid) ?? 0);
      }
      return total;
    },
  };
}

import { execFile, execFileSync } from "node:child_process";
import { promisify } from "node:util";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { freePort } from "../bench/processes";

/*
 * A PostgreSQL server of the soak test's own: initdb into a temporary
 * directory, a free loopback port, its socket in that directory. It can be
 * stopped and started at will without touching the machine's shared server
 * (other tests use it). PostgreSQL refuses to run as root, so when we are
 * root every command runs as the `postgres` OS user (runuser), which then
 * owns the directory.
 */

export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>/<database> for a database name. */
  urlFor(database: string): string;
  port: number;
  /** Crash-stop (`-m immediate`: no shutdown checkpoint, recovery from the WAL on the next start), or a fast clean stop. */
  stop(mode?: "immediate" | "fast"): Promise<void>;
  /** Starts it again and waits until it accepts connections. */
  start(): Promise<void>;
  /** Stops it (fast) if it runs, and deletes its directory. */
  destroy(): Promise<void>;
}

/** The newest /usr/lib/postgresql/<version>/bin, or PG_BIN. */
export function postgresBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).filter((name) => existsSync(join(root, name, "bin", "initdb"))) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error("No PostgreSQL server binaries found under /usr/lib/postgresql/*/bin: install postgresql, or set PG_BIN to the directory holding initdb and pg_ctl.");
  return join(root, newest, "bin");
}

const asRoot = userInfo().uid === 0;

/**
 * Runs a PostgreSQL tool, as the postgres OS user when we are root. Never
 * synchronously: the soak test's load generator runs in this process.
 */
async function run(bin: string, tool: string, args: string[]): Promise<string> {
  const [file, fileArgs] = asRoot ? ["runuser", ["-u", "postgres", "--", join(bin, tool), ...args]] : [join(bin, tool), args];
  const { stdout } = await promisify(execFile)(file, fileArgs, { encoding: "utf8" });
  return stdout;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBin();
  const dir = mkdtempSync(join(tmpdir(), "soak-pg-"));
  const data = join(dir, "data");
  const log = join(dir, "server.log");
  if (asRoot) {
    const { uid, gid } = postgresUser();
    chownSync(dir, uid, gid);
  }
  await run(bin, "initdb", ["-D", data, "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8", "--locale=C"]);
  const port = await freePort();
  // Loopback TCP only; the socket in our own directory, so /var/run/postgresql (the shared server's) is never used.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=60`;
  let running = false;
  const start = async () => {
    await run(bin, "pg_ctl", ["-D", data, "-l", log, "-w", "-t", "60", "-o", options, "start"]);
    running = true;
  };
  const stop = async (mode: "immediate" | "fast" = "fast") => {
    running = false;
    await run(bin, "pg_ctl", ["-D", data, "-w", "-t", "60", "-m", mode, "stop"]);
  };
  await start();
  return {
    port,
    urlFor: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop,
    start,
    async destroy() {
      try {
        if (running) await stop("fast");
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

function postgresUser(): { uid: number; gid: number } {
  try {
    const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
    return { uid: id("-u"), gid: id("-g") };
  } catch {
    throw new Error("PostgreSQL will not run as root, and there is no `postgres` OS user to run it as: create one, or run the soak test as another user.");
  }
}

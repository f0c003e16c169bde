import { spawn } from "node:child_process";
import { createClient } from "redis";
import { freePort } from "./processes";

export interface PrivateRedis {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * A Redis server of our own (`redis-server` on PATH) on a free loopback port,
 * nothing saved to disk, so sessions and rate limits of a bench or soak run
 * never mix with anyone else's and its CPU time can be read on its own.
 */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.once("error", (error) => console.error(`redis-server could not start: ${error.message} (install Redis, or put redis-server on PATH)`));
  const url = `redis://127.0.0.1:${port}`;
  // Ready when it answers PING; the client retries while the server starts.
  const client = createClient({ url, socket: { reconnectStrategy: (retries) => (retries > 100 ? new Error("redis-server did not start") : 50) } });
  client.on("error", () => {});
  await client.connect();
  await client.ping();
  await client.close();
  return {
    url,
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

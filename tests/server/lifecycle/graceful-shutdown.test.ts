import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { createServer, type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { projectRoot } from "../../../server/paths";
import { testSessionSecret } from "../support/test-app";

/*
 * The real server process (server/main.ts under tsx) on a temporary SQLite
 * database: SIGTERM lets a request in flight finish, then the process exits.
 */

interface RunningServer {
  process: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
  cleanUp: () => void;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startServer(): Promise<RunningServer> {
  const directory = mkdtempSync(path.join(os.tmpdir(), "shutdown-test-"));
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: projectRoot,
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: `sqlite:${path.join(directory, "site.sqlite")}`,
      REDIS_URL: "",
      SESSION_SECRET: testSessionSecret,
      NODE_ENV: "test",
      LOG_LEVEL: "info",
      BUILD_ON_START: "false",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const server = { process: child, port, output: () => output, exited, cleanUp: () => rmSync(directory, { recursive: true, force: true }) };
  await waitUntilReady(server);
  return server;
}

async function waitUntilReady(server: RunningServer): Promise<void> {
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (server.process.exitCode !== null) throw new Error(`the server exited early:\n${server.output()}`);
    const ready = await fetch(`http://127.0.0.1:${server.port}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server never became ready:\n${server.output()}`);
}

/** A POST whose body arrives in two halves, so the request is in flight until `finish()`. */
function slowRequest(port: number) {
  const body = JSON.stringify({ email: "teacher@example.org", next: "/account/my-account/" });
  const half = Math.floor(body.length / 2);
  let resolveResponse!: (status: number | undefined) => void;
  const response = new Promise<number | undefined>((resolve) => (resolveResponse = resolve));
  const request = http.request(
    { host: "127.0.0.1", port, method: "POST", path: "/account/login/", headers: { "Content-Type": "application/json", "Content-Length": body.length } },
    (res) => {
      res.resume();
      res.on("end", () => resolveResponse(res.statusCode));
    },
  );
  request.on("error", () => resolveResponse(undefined));
  request.write(body.slice(0, half));
  return { response, finish: () => request.end(body.slice(half)), abort: () => request.destroy() };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("graceful shutdown", () => {
  it("finishes the request in flight, refuses new connections, then exits 0", async () => {
    const server = await startServer();
    try {
      const inFlight = slowRequest(server.port);
      await pause(300);
      const signalledAt = Date.now();
      server.process.kill("SIGTERM");
      await pause(500);
      await expect(fetch(`http://127.0.0.1:${server.port}/healthz`)).rejects.toThrow();
      inFlight.finish();
      // It reaches the app and is answered: 403, as it carries no CSRF token.
      expect(await inFlight.response).toBe(403);
      expect(await server.exited).toBe(0);
      expect(Date.now() - signalledAt).toBeLessThan(10_000);
      expect(server.output()).toContain("shut down cleanly");
    } finally {
      server.process.kill("SIGKILL");
      server.cleanUp();
    }
  }, 60_000);

  it("exits within 10 seconds even when a request never finishes", async () => {
    const server = await startServer();
    const stuck = slowRequest(server.port);
    try {
      await pause(300);
      const signalledAt = Date.now();
      server.process.kill("SIGTERM");
      expect(await server.exited).toBe(1);
      expect(Date.now() - signalledAt).toBeLessThan(10_500);
      expect(server.output()).toContain("exiting anyway");
    } finally {
      stuck.abort();
      server.process.kill("SIGKILL");
      server.cleanUp();
    }
  }, 60_000);
});

import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { projectRoot } from "../../../server/paths";
import { freePort } from "../../bench/processes";
import { testSessionSecret } from "../support/test-app";

/*
 * The real server process on a temporary SQLite database: SIGTERM lets a
 * request in flight finish, then the process exits. Under tsx (server/main.ts),
 * and compiled (dist-server/main.js, what `npm start` and production run)
 * stopped as a process group the way systemd and `docker stop` do it.
 */

interface RunningServer {
  process: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
  /** Once every process that holds the output has exited (the server itself, when started through npm or tsx). */
  closed: Promise<void>;
  cleanUp: () => void;
}

/** How to start the server: the command, and whether it leads a process group of its own (its pid is the group's id). */
interface StartCommand {
  command: string;
  args: string[];
  detached?: boolean;
}

const underTsx: StartCommand = { command: process.execPath, args: ["--import", "tsx", "server/main.ts"] };

async function startServer(start: StartCommand = underTsx): Promise<RunningServer> {
  const directory = mkdtempSync(path.join(os.tmpdir(), "shutdown-test-"));
  const port = await freePort();
  const child = spawn(start.command, start.args, {
    cwd: projectRoot,
    detached: start.detached ?? false,
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
  const closed = new Promise<void>((resolve) => child.on("close", () => resolve()));
  const server = { process: child, port, output: () => output, exited, closed, cleanUp: () => rmSync(directory, { recursive: true, force: true }) };
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
    // Its own log line too: the answer is from this server, whose signal handling is set up before it listens.
    if (ready && server.output().includes(`listening on port ${server.port}`)) return;
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

/** Ends whatever is left of a process group (a test that failed half-way); nothing if it has gone. */
function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // The group has exited.
  }
}

describe("the compiled server stopped as a process group (systemd's default, docker stop)", () => {
  beforeAll(() => {
    const build = spawnSync(process.execPath, ["scripts/build-server.mjs"], { cwd: projectRoot, encoding: "utf8", timeout: 120_000 });
    expect(build.status, build.stderr).toBe(0);
  }, 150_000);

  /** SIGTERM to the whole group while a request is half sent: it is answered; resolves with the group leader's exit code once all have exited. */
  async function stopGroupMidRequest(start: StartCommand): Promise<{ status: number | null; output: string }> {
    const server = await startServer({ ...start, detached: true });
    try {
      const inFlight = slowRequest(server.port);
      await pause(300);
      process.kill(-server.process.pid!, "SIGTERM");
      await pause(500);
      inFlight.finish();
      // It reaches the app and is answered: 403, as it carries no CSRF token.
      expect(await inFlight.response, server.output()).toBe(403);
      const status = await server.exited;
      await server.closed;
      return { status, output: server.output() };
    } finally {
      killGroup(server.process.pid);
      server.cleanUp();
    }
  }

  it("node dist-server/main.js (the production command): the request in flight is answered and the process exits 0", async () => {
    const { status, output } = await stopGroupMidRequest({ command: process.execPath, args: ["--enable-source-maps", "dist-server/main.js"] });
    expect(status, output).toBe(0);
    expect(output).toContain("shut down cleanly");
    expect(output).not.toContain("second signal");
  }, 60_000);

  it("node dist-server/cluster.js: the worker, asked by the primary and reached by the signal itself, finishes the request; all exit 0", async () => {
    const { status, output } = await stopGroupMidRequest({ command: process.execPath, args: ["dist-server/cluster.js", "--workers", "1"] });
    expect(status, output).toBe(0);
    expect(output).toContain("shut down cleanly");
    expect(output).toContain("all workers stopped");
    expect(output).not.toContain("second signal");
  }, 60_000);

  it("npm start: npm and its shell end on the signal, the server finishes the request and shuts down cleanly", async () => {
    const { output } = await stopGroupMidRequest({ command: "npm", args: ["start", "--silent"] });
    expect(output).toContain("shut down cleanly");
    expect(output).not.toContain("second signal");
  }, 60_000);

  // tsx passes the signal on to its child unless the child had it already, so the server may get it twice (the echo rule, signal-echo.test.ts).
  it("under tsx (npm run dev): the request is answered, and tsx exits 0", async () => {
    const { status, output } = await stopGroupMidRequest({ command: path.join(projectRoot, "node_modules", ".bin", "tsx"), args: ["server/main.ts"] });
    expect(status, output).toBe(0);
    expect(output).toContain("shut down cleanly");
    expect(output).not.toContain("second signal");
  }, 60_000);
});

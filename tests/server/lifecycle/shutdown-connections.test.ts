import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { exitGracefullyOnSignals } from "../../../server/lifecycle/graceful-shutdown";
import { createLogger } from "../../../server/logging";

/*
 * What a shutdown does with connections that have not yet carried a request,
 * in process, on a real server and real sockets. The whole-process behaviour
 * (SIGTERM, exit codes) is in graceful-shutdown.test.ts and, under load, in
 * tests/server/cluster/restart.test.ts.
 */

let server: http.Server;
let exitCodes: number[];
let signalListeners: { SIGTERM: NodeJS.SignalsListener[]; SIGINT: NodeJS.SignalsListener[] };

/** A busy process: each request holds the event loop for `busyMs` before it is answered. */
async function startServer(busyMs = 0) {
  server = http.createServer((_req, res) => {
    const until = Date.now() + busyMs;
    while (Date.now() < until);
    res.end("answered");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  exitCodes = [];
  signalListeners = { SIGTERM: process.listeners("SIGTERM"), SIGINT: process.listeners("SIGINT") };
  const shutdown = exitGracefullyOnSignals({
    server,
    readiness: { shuttingDown: false },
    logger: createLogger("silent"),
    closeServices: async () => {},
    timeoutMs: 20_000,
    exit: (code) => exitCodes.push(code),
  });
  return { port: (server.address() as AddressInfo).port, shutdown };
}

afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  // exitGracefullyOnSignals listens on the process: leave it as it was.
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    for (const listener of process.listeners(signal)) if (!signalListeners[signal].includes(listener)) process.off(signal, listener);
  }
});

/** Writes `text` on a raw socket and resolves with everything the server sends back, or the error that ended it. */
function rawExchange(socket: net.Socket): { reply: Promise<string> } {
  let received = "";
  const reply = new Promise<string>((resolve) => {
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (received += chunk));
    socket.on("end", () => resolve(received));
    socket.on("error", (error: NodeJS.ErrnoException) => resolve(`error: ${error.code}`));
  });
  return { reply };
}

const connected = (socket: net.Socket) => new Promise<void>((resolve) => socket.once("connect", () => resolve()));
const request = "GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n";

/**
 * Opens `count` connections while the event loop is blocked for 200 ms, so the kernel completes them into the
 * listen queue before the process can accept any, then sends a request on each. Resolves with their replies.
 */
async function queueRequestsWhileBlocked(port: number, count: number): Promise<Promise<string>[]> {
  const sockets = Array.from({ length: count }, () => net.connect(port, "127.0.0.1"));
  const replies = sockets.map((socket) => rawExchange(socket).reply);
  await new Promise<void>((resolve) =>
    process.nextTick(() => {
      const until = Date.now() + 200;
      while (Date.now() < until);
      resolve();
    }),
  );
  await Promise.all(sockets.map(connected));
  for (const socket of sockets) socket.write(request);
  return replies;
}

describe("a shutdown and connections that have not yet carried a request", () => {
  it("accepts connections that queued while the process was busy, and answers their requests, instead of resetting them", async () => {
    const { port, shutdown } = await startServer();
    shutdown.shutDown("test");
    // The kernel completes these connections while the event loop is blocked, past the 50 ms quiet check: the
    // check's timer fires before the loop accepts them.
    const replies = await queueRequestsWhileBlocked(port, 20);

    for (const reply of await Promise.all(replies)) expect(reply).toMatch(/^HTTP\/1\.1 200 OK[\s\S]*answered$/);
    await vi.waitFor(() => expect(exitCodes).toEqual([0]), { timeout: 5_000 });
  });

  it("keeps listening while a busy loop drains its queue one connection per iteration (libuv#3696), however long each iteration takes", async () => {
    // Each iteration holds the loop for 80 ms (a request being answered), longer than the 50 ms quiet time, and
    // accepts one queued connection: a listener closed on "nothing arrived for 50 ms" reset most of these.
    const { port, shutdown } = await startServer(80);
    shutdown.shutDown("test");
    const replies = await queueRequestsWhileBlocked(port, 20);

    const answers = await Promise.all(replies);
    expect(answers.filter((reply) => !/^HTTP\/1\.1 200 OK[\s\S]*answered$/.test(reply))).toEqual([]);
    await vi.waitFor(() => expect(exitCodes).toEqual([0]), { timeout: 5_000 });
  });

  it("closes a connection that has sent nothing two seconds after the signal, but lets one whose request is arriving finish it", async () => {
    const { port, shutdown } = await startServer();
    const silent = net.connect(port, "127.0.0.1");
    const slow = net.connect(port, "127.0.0.1");
    const silentReply = rawExchange(silent).reply;
    const slowReply = rawExchange(slow).reply;
    await Promise.all([connected(silent), connected(slow)]);
    slow.write("GET / HTTP/1.1\r\nHost: local");

    const signalledAt = Date.now();
    shutdown.shutDown("test");
    expect(await silentReply).toBe("");
    expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(2_000);

    slow.write("host\r\nConnection: close\r\n\r\n");
    expect(await slowReply).toMatch(/^HTTP\/1\.1 200 OK[\s\S]*answered$/);
    await vi.waitFor(() => expect(exitCodes).toEqual([0]), { timeout: 5_000 });
  });
});

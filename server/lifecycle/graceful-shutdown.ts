import type { Server } from "node:http";
import { Server as NetServer, type Socket } from "node:net";
import type { Logger } from "../logging";
import type { Readiness } from "../health/readiness-probe";
import { signalEcho, SIGNAL_ECHO_MS } from "./signal-echo";

export interface GracefulShutdownOptions {
  server: Server;
  readiness: Readiness;
  logger: Logger;
  /** Closes databases and other connections once the last request has finished. */
  closeServices: () => Promise<void>;
  /** The whole shutdown's deadline; past it the process exits anyway. */
  timeoutMs?: number;
  exit?: (code: number) => void;
}

export interface GracefulShutdown {
  /** Starts the shutdown as SIGTERM does (the cluster's primary asks its workers this way); later calls do nothing. */
  shutDown(reason: string): void;
}

/**
 * How long after the shutdown begins a connection that has not yet carried a
 * request may take to send its first one. Its bytes are often already in the
 * socket's buffer, or its client is busy and about to write them: closing it
 * as "idle" at once would reset a request the client has sent (CI saw this
 * when the grace ran from the connection's opening instead). A connection
 * that never sends (a browser's preconnect) delays the exit by this much.
 */
const FIRST_REQUEST_GRACE_MS = 2_000;

/**
 * Connections the kernel completed before the signal wait in the listen
 * queue until the event loop accepts them, and closing the listener resets
 * them (the client sees ECONNRESET on a request it has sent: CI saw up to 98
 * of 200 such on a busy machine). libuv accepts one queued connection per
 * event-loop iteration (libuv#3696), so on a busy process the queue drains
 * one per iteration however long each takes: "no connection for 50 ms" said
 * nothing about the queue. The listener stays open until two whole
 * iterations in a row have accepted nothing (so the queue was empty when the
 * loop last polled) and ACCEPT_QUIET_MS have passed since the last arrival,
 * at most ACCEPT_DRAIN_MAX_MS (or half the shutdown's deadline); /readyz
 * already answers 503, so a proxy has stopped sending by then.
 */
const ACCEPT_QUIET_MS = 50;
const ACCEPT_DRAIN_MAX_MS = 5_000;

/**
 * On SIGTERM or SIGINT: /readyz answers 503, the server stops accepting
 * connections, requests in flight finish, connections close, and the process
 * exits 0 — or 1 at the deadline. A second signal exits at once, except the
 * same signal again within SIGNAL_ECHO_MS (the first one delivered twice: to
 * the process group, and passed on by a parent such as tsx), or any within
 * SIGNAL_ECHO_MS of a shutDown() call (a cluster worker asked by its primary,
 * then reached by the group's SIGTERM).
 *
 * No request the server has accepted is dropped: every answer after the
 * signal carries `Connection: close`, a keep-alive connection is closed only
 * between requests, and a connection that has not yet sent a request gets
 * FIRST_REQUEST_GRACE_MS from the signal to deliver it (it is then answered).
 */
export function exitGracefullyOnSignals(options: GracefulShutdownOptions): GracefulShutdown {
  const { server, readiness, logger, closeServices, timeoutMs = 10_000, exit = (code) => process.exit(code) } = options;
  const connections = trackConnections(server);
  let shuttingDown = false;

  const shutDown = async (reason: string) => {
    shuttingDown = true;
    readiness.shuttingDown = true;
    logger.info({ signal: reason }, "shutting down: finishing requests in flight");

    const deadline = setTimeout(() => {
      logger.error(`requests still running after ${timeoutMs} ms: exiting anyway`);
      server.closeAllConnections();
      exit(1);
    }, timeoutMs - 250);
    deadline.unref();
    server.prependListener("request", (_req, res) => res.setHeader("Connection", "close"));
    const firstRequestsDueBy = Date.now() + FIRST_REQUEST_GRACE_MS;
    const idleSweep = setInterval(
      () =>
        void afterPendingIo().then(() => {
          const unusedClosed = connections.closeIdle(firstRequestsDueBy);
          if (unusedClosed > 0) logger.info({ connections: unusedClosed }, "closed connections that sent nothing in time");
        }),
      100,
    );
    idleSweep.unref();

    try {
      await connections.quiet(ACCEPT_QUIET_MS, Math.min(ACCEPT_DRAIN_MAX_MS, timeoutMs / 2));
      // net.Server's close, not http.Server's: the latter also closes every connection without a
      // request in flight, including one accepted a moment ago whose request is still in its buffer.
      const closed = new Promise<void>((resolve, reject) => NetServer.prototype.close.call(server, (error) => (error ? reject(error) : resolve())));
      logger.info({ openConnections: connections.openCount(), acceptedSinceStart: connections.acceptedCount() }, "stopped listening: new connections are refused");
      await closed;
      clearInterval(idleSweep);
      await closeServices();
      clearTimeout(deadline);
      logger.info("shut down cleanly");
      exit(0);
    } catch (error) {
      logger.error({ err: error }, "shutdown failed");
      exit(1);
    }
  };

  const echo = signalEcho();
  const onSignal = (signal: NodeJS.Signals) => {
    if (!shuttingDown) {
      echo.first(signal);
      return void shutDown(signal);
    }
    if (echo.isEcho(signal)) {
      return void logger.info({ signal }, `the same signal again within ${SIGNAL_ECHO_MS} ms: the first one delivered twice, still finishing requests`);
    }
    logger.warn({ signal }, "second signal: exiting now");
    exit(1);
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
  return {
    shutDown(reason) {
      echo.first(undefined);
      if (!shuttingDown) void shutDown(reason);
    },
  };
}

/**
 * Resolves after the event loop's next poll phase. A timer fires before the
 * loop reads its sockets, so after a busy spell (CI's loaded machine) the
 * kernel may hold connections and bytes that the process has not yet seen:
 * deciding "no connection arrived" or "this one sent nothing" in the timer
 * itself would reset them.
 */
function afterPendingIo(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

interface ConnectionState {
  acceptedAt: number;
  requestsServed: number;
  inFlight: number;
}

/** Each open connection's requests, so a shutdown can close a connection exactly when it is between requests. */
function trackConnections(server: Server) {
  const open = new Map<Socket, ConnectionState>();
  let lastArrivalAt = 0;
  let accepted = 0;
  server.on("connection", (socket: Socket) => {
    lastArrivalAt = Date.now();
    accepted += 1;
    open.set(socket, { acceptedAt: lastArrivalAt, requestsServed: 0, inFlight: 0 });
    socket.once("close", () => open.delete(socket));
  });
  server.prependListener("request", (req, res) => {
    const state = open.get(req.socket);
    if (!state) return;
    state.inFlight += 1;
    res.once("close", () => {
      state.inFlight -= 1;
      state.requestsServed += 1;
    });
  });
  return {
    openCount: () => open.size,
    acceptedCount: () => accepted,
    /**
     * Resolves once two event-loop iterations in a row have accepted no connection and none has arrived for
     * `quietMs`, or after `atMostMs`. Each afterPendingIo spans at least one poll phase, which accepts a queued
     * connection if there is one.
     */
    async quiet(quietMs: number, atMostMs: number): Promise<void> {
      const giveUpAt = Date.now() + atMostMs;
      let iterationsWithoutArrival = 0;
      while (Date.now() < giveUpAt) {
        const acceptedBefore = accepted;
        await afterPendingIo();
        iterationsWithoutArrival = accepted === acceptedBefore ? iterationsWithoutArrival + 1 : 0;
        const sinceLastArrival = Date.now() - lastArrivalAt;
        if (iterationsWithoutArrival >= 2 && sinceLastArrival >= quietMs) return;
        // Nothing queued a moment ago: wait out the quiet time instead of spinning the loop.
        if (iterationsWithoutArrival >= 2) await new Promise((resolve) => setTimeout(resolve, quietMs - sinceLastArrival));
      }
    },
    /**
     * Ends connections with nothing in flight that have served a request, and those that have not sent a byte
     * by `firstRequestsDueBy` (or, for one accepted late in the drain, FIRST_REQUEST_GRACE_MS after it was
     * accepted). One whose first request is still arriving is left to finish it (or to the deadline).
     * Returns how many unused ones it closed.
     */
    closeIdle(firstRequestsDueBy: number): number {
      const now = Date.now();
      let unusedClosed = 0;
      for (const [socket, state] of open) {
        if (state.inFlight > 0) continue;
        const unused = state.requestsServed === 0;
        const dueBy = Math.max(firstRequestsDueBy, state.acceptedAt + FIRST_REQUEST_GRACE_MS);
        if (unused && !(now >= dueBy && socket.bytesRead === 0)) continue;
        if (unused) unusedClosed += 1;
        socket.destroy();
      }
      return unusedClosed;
    },
  };
}

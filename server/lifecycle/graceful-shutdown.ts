import type { Server } from "node:http";
import type { Logger } from "../logging";
import type { Readiness } from "../health/readiness-probe";

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

/**
 * On SIGTERM or SIGINT: /readyz answers 503, the server stops accepting
 * connections, requests in flight finish, connections close, and the process
 * exits 0 — or 1 at the deadline. A second signal exits at once.
 */
export function exitGracefullyOnSignals(options: GracefulShutdownOptions): void {
  const { server, readiness, logger, closeServices, timeoutMs = 10_000, exit = (code) => process.exit(code) } = options;
  let shuttingDown = false;

  const shutDown = async (signal: NodeJS.Signals) => {
    if (shuttingDown) {
      logger.warn({ signal }, "second signal: exiting now");
      return exit(1);
    }
    shuttingDown = true;
    readiness.shuttingDown = true;
    logger.info({ signal }, "shutting down: finishing requests in flight");

    const deadline = setTimeout(() => {
      logger.error(`requests still running after ${timeoutMs} ms: exiting anyway`);
      server.closeAllConnections();
      exit(1);
    }, timeoutMs - 250);
    deadline.unref();
    // Keep-alive sockets count as open until they go idle; close each as soon as it does.
    server.on("request", (_req, res) => res.setHeader("Connection", "close"));
    const idleSweep = setInterval(() => server.closeIdleConnections(), 100);
    idleSweep.unref();

    try {
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
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

  process.on("SIGTERM", (signal) => void shutDown(signal));
  process.on("SIGINT", (signal) => void shutDown(signal));
}

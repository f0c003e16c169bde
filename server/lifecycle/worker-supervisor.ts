import type { Worker } from "node:cluster";
import type { Logger } from "../logging";

/*
 * The cluster primary's half of server/cluster.ts: keeps N workers serving,
 * replaces one that dies (waiting longer after each early death, so a crash
 * loop does not spin), restarts them one at a time on SIGHUP, and on SIGTERM
 * or SIGINT lets every worker finish its requests before exiting.
 */

/** The message a worker takes as "shut down gracefully" (server/cluster.ts). */
export const SHUTDOWN_MESSAGE = { type: "shutdown" } as const;

/** A worker that served this long before it died is replaced at once; a quicker death counts towards the back-off. */
const STABLE_AFTER_MS = 10_000;
const FIRST_RETRY_MS = 500;
const LONGEST_RETRY_MS = 30_000;

/** How long to wait before replacing a worker, after `earlyDeaths` deaths in a row that came soon after a start. */
export function restartDelayMs(earlyDeaths: number): number {
  return earlyDeaths === 0 ? 0 : Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** (earlyDeaths - 1));
}

export interface SupervisorOptions {
  workers: number;
  /** cluster.fork, or a stand-in. */
  fork: () => Worker;
  logger: Logger;
  exit?: (code: number) => void;
  now?: () => number;
}

interface Tracked {
  startedAt: number;
  listening: boolean;
  /** Asked to stop (shutdown or rolling restart): its exit is expected, not replaced. */
  retiring: boolean;
}

export function superviseWorkers(options: SupervisorOptions): void {
  const { fork, logger, exit = (code) => process.exit(code), now = Date.now } = options;
  const live = new Map<Worker, Tracked>();
  let earlyDeaths = 0;
  let everListened = false;
  let shuttingDown = false;
  let cleanExits = true;
  let pendingRestart: NodeJS.Timeout | undefined;
  let rolling = false;

  const start = (): Worker => {
    const worker = fork();
    const tracked: Tracked = { startedAt: now(), listening: false, retiring: false };
    live.set(worker, tracked);
    worker.once("listening", () => {
      tracked.listening = true;
      everListened = true;
    });
    worker.once("exit", (code, signal) => onExit(worker, tracked, code, signal));
    return worker;
  };

  const onExit = (worker: Worker, tracked: Tracked, code: number | null, signal: string | null) => {
    live.delete(worker);
    const pid = worker.process.pid;
    if (tracked.retiring) {
      if (code !== 0) cleanExits = false;
      logger.info({ worker: pid, code, signal }, "worker stopped");
    } else if (!shuttingDown) {
      if (!everListened) {
        logger.fatal({ worker: pid, code, signal }, "a worker could not start (see its error above): stopping");
        cleanExits = false;
        return stopAll("start-up failed");
      }
      earlyDeaths = now() - tracked.startedAt < STABLE_AFTER_MS ? earlyDeaths + 1 : 0;
      const delay = restartDelayMs(earlyDeaths);
      logger.error({ worker: pid, code, signal, restartInMs: delay }, "worker died unexpectedly: starting a replacement");
      pendingRestart = setTimeout(() => {
        pendingRestart = undefined;
        if (!shuttingDown) start();
      }, delay);
    } else {
      if (code !== 0) cleanExits = false;
    }
    if (shuttingDown && live.size === 0) {
      logger.info(cleanExits ? "all workers stopped cleanly" : "all workers stopped");
      exit(cleanExits ? 0 : 1);
    }
  };

  const retire = (worker: Worker) => {
    const tracked = live.get(worker);
    if (!tracked || tracked.retiring) return;
    tracked.retiring = true;
    if (worker.isConnected()) worker.send(SHUTDOWN_MESSAGE);
    else worker.process.kill("SIGTERM");
  };

  const stopAll = (reason: string) => {
    shuttingDown = true;
    clearTimeout(pendingRestart);
    logger.info({ reason, workers: live.size }, "stopping: each worker finishes its requests in flight");
    if (live.size === 0) return exit(cleanExits ? 0 : 1);
    for (const worker of live.keys()) retire(worker);
  };

  /** One worker at a time: a replacement starts and listens before the old one is asked to stop, so the port never goes unserved. */
  const rollingRestart = async () => {
    if (rolling || shuttingDown) return;
    rolling = true;
    logger.info("restarting workers one at a time");
    for (const old of [...live.keys()]) {
      if (shuttingDown) break;
      const replacement = start();
      const listening = await new Promise<boolean>((resolve) => {
        replacement.once("listening", () => resolve(true));
        replacement.once("exit", () => resolve(false));
      });
      if (!listening) {
        logger.error("a replacement worker did not start: the rolling restart stops here, the old workers keep serving");
        break;
      }
      const stopped = new Promise((resolve) => old.once("exit", resolve));
      retire(old);
      await stopped;
    }
    rolling = false;
    logger.info("rolling restart finished");
  };

  for (let i = 0; i < options.workers; i += 1) start();

  const onSignal = (signal: NodeJS.Signals) => {
    if (!shuttingDown) return stopAll(signal);
    // A second signal: the workers' own second-signal rule makes them exit now.
    logger.warn({ signal }, "second signal: stopping the workers now");
    for (const worker of live.keys()) worker.process.kill("SIGTERM");
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
  process.on("SIGHUP", () => void rollingRestart());
}

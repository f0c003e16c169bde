import type { Worker } from "node:cluster";
import type { Logger } from "../logging";
import { signalEcho } from "./signal-echo";

/*
 * The cluster primary's half of server/cluster.ts: keeps N workers serving,
 * replaces one that dies (waiting longer after each early death, so a crash
 * loop does not spin), restarts them one at a time on SIGHUP, and on SIGTERM
 * or SIGINT lets every worker finish its requests before exiting. Whatever
 * dies when, the count of workers it keeps is N: a death is made good by
 * counting the workers, not by matching each death with a start
 * (tests/server/cluster/worker-supervisor.test.ts plays the races).
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
  /** Where SIGTERM, SIGINT and SIGHUP arrive: the process, or a stand-in. */
  signals?: Pick<NodeJS.EventEmitter, "on">;
}

interface Tracked {
  worker: Worker;
  startedAt: number;
  /** True once it listens; false if it exits first. */
  ready: Promise<boolean>;
  exited: Promise<void>;
  /** Not counted among the workers wanted: a rolling restart's replacement is starting in its place, or it was asked to stop. */
  leaving?: "replaced" | "asked";
}

export function superviseWorkers(options: SupervisorOptions): void {
  const { fork, logger, exit = (code) => process.exit(code), now = Date.now, signals = process } = options;
  const live = new Map<Worker, Tracked>();
  let earlyDeaths = 0;
  let everListened = false;
  let shuttingDown = false;
  let cleanExits = true;
  let rolling = false;
  let restartAgain = false;

  const start = (): Tracked => {
    const worker = fork();
    const exited = new Promise<void>((resolve) =>
      worker.once("exit", (code, signal) => {
        onExit(tracked, code, signal);
        resolve();
      }),
    );
    const ready = new Promise<boolean>((resolve) => {
      worker.once("listening", () => {
        everListened = true;
        resolve(true);
      });
      void exited.then(() => resolve(false));
    });
    const tracked: Tracked = { worker, startedAt: now(), ready, exited };
    live.set(worker, tracked);
    return tracked;
  };

  /** Every exit comes here; only one nobody expected calls for a replacement. */
  const onExit = (tracked: Tracked, code: number | null, signal: string | null) => {
    live.delete(tracked.worker);
    const fields = { worker: tracked.worker.process.pid, code, signal };
    if (tracked.leaving === "asked" || shuttingDown) {
      if (code !== 0) cleanExits = false;
      logger.info(fields, "worker stopped");
      if (shuttingDown && live.size === 0) finish();
      return;
    }
    if (!everListened) {
      logger.fatal(fields, "a worker could not start (see its error above): stopping");
      cleanExits = false;
      return stopAll("start-up failed");
    }
    earlyDeaths = now() - tracked.startedAt < STABLE_AFTER_MS ? earlyDeaths + 1 : 0;
    const restartInMs = restartDelayMs(earlyDeaths);
    logger.error({ ...fields, restartInMs }, "worker died unexpectedly");
    // Counted when the wait is over, not now: by then a rolling restart's replacement may have taken its place.
    setTimeout(refill, restartInMs);
  };

  /** Starts as many workers as are missing from the number wanted. */
  const refill = () => {
    if (shuttingDown) return;
    const counted = [...live.values()].filter((tracked) => !tracked.leaving).length;
    for (let n = counted; n < options.workers; n += 1) {
      logger.info("starting a replacement worker");
      start();
    }
  };

  const retire = (tracked: Tracked) => {
    if (tracked.leaving === "asked") return;
    tracked.leaving = "asked";
    if (tracked.worker.isConnected()) tracked.worker.send(SHUTDOWN_MESSAGE);
    else tracked.worker.process.kill("SIGTERM");
  };

  const finish = () => {
    logger.info(cleanExits ? "all workers stopped cleanly" : "all workers stopped");
    exit(cleanExits ? 0 : 1);
  };

  const stopAll = (reason: string) => {
    shuttingDown = true;
    logger.info({ reason, workers: live.size }, "stopping: each worker finishes its requests in flight");
    if (live.size === 0) return finish();
    for (const tracked of live.values()) retire(tracked);
  };

  /** One worker at a time: a replacement starts and listens before the old one is asked to stop, so the port never goes unserved. */
  const replaceInTurn = async (workers: Tracked[]) => {
    for (const old of workers) {
      if (shuttingDown) return;
      if (!live.has(old.worker)) continue; // it died meanwhile, and was replaced as any other
      old.leaving = "replaced";
      const listening = await start().ready;
      if (shuttingDown) return;
      if (!listening) {
        old.leaving = undefined;
        return logger.error("a replacement worker did not start: the rolling restart stops here, the old workers keep serving");
      }
      retire(old);
      await old.exited;
    }
    logger.info("rolling restart finished");
  };

  /** A SIGHUP during a rolling restart asks for another round once it ends: a worker started before the signal may run older code. */
  const rollingRestart = async () => {
    if (shuttingDown) return;
    restartAgain = true;
    if (rolling) return logger.info("SIGHUP during a rolling restart: every worker is restarted again once it ends");
    rolling = true;
    while (restartAgain && !shuttingDown) {
      restartAgain = false;
      logger.info("restarting workers one at a time");
      await replaceInTurn([...live.values()]);
    }
    rolling = false;
  };

  for (let i = 0; i < options.workers; i += 1) start();

  const echo = signalEcho(now);
  const onSignal = (signal: NodeJS.Signals) => {
    if (!shuttingDown) {
      echo.first(signal);
      return stopAll(signal);
    }
    // The first signal delivered twice (to the process group and passed on by a parent such as tsx): the workers are draining already.
    if (echo.isEcho(signal)) return logger.info({ signal }, "the same signal again at once: the workers are already draining");
    // A second signal: the workers' own second-signal rule makes them exit now.
    logger.warn({ signal }, "second signal: stopping the workers now");
    for (const worker of live.keys()) worker.process.kill("SIGTERM");
  };
  signals.on("SIGTERM", onSignal);
  signals.on("SIGINT", onSignal);
  signals.on("SIGHUP", () => void rollingRestart());
}

import type { Worker } from "node:cluster";
import { EventEmitter } from "node:events";
import { createLogger } from "../../../server/logging";
import { SHUTDOWN_MESSAGE, superviseWorkers } from "../../../server/lifecycle/worker-supervisor";

/*
 * The cluster primary's supervision, with node:cluster's fork replaced by
 * stand-in workers (the edge): each test decides when a worker listens, when
 * it exits, and with what code. Signals come from a stand-in emitter.
 */

class FakeWorker extends EventEmitter {
  static lastPid = 1000;
  readonly process = { pid: (FakeWorker.lastPid += 1), kill: vi.fn() };
  alive = true;
  listening = false;
  askedToStop = false;
  isConnected() {
    return this.alive;
  }
  send(message: unknown) {
    if (message === SHUTDOWN_MESSAGE) this.askedToStop = true;
  }
  listen() {
    this.listening = true;
    this.emit("listening", { address: "127.0.0.1", port: 3000 });
  }
  die(code: number | null = 1, signal: string | null = null) {
    this.alive = false;
    this.emit("exit", code, signal);
  }
}

function startSupervisor(workers: number) {
  const forked: FakeWorker[] = [];
  const signals = new EventEmitter();
  const exit = vi.fn();
  const lines: { msg: string }[] = [];
  const logger = createLogger("info", { write: (line: string) => void lines.push(JSON.parse(line) as { msg: string }) });
  superviseWorkers({
    workers,
    fork: () => {
      const worker = new FakeWorker();
      forked.push(worker);
      return worker as unknown as Worker;
    },
    logger,
    exit,
    signals,
  });
  return {
    forked,
    exit,
    signal: (name: NodeJS.Signals) => signals.emit(name, name),
    alive: () => forked.filter((worker) => worker.alive),
    logged: (msg: string) => lines.filter((line) => line.msg === msg).length,
  };
}

type Supervised = ReturnType<typeof startSupervisor>;

/** Runs timers and the promises they resolve (the rolling restart awaits events). */
const settle = (ms = 0) => vi.advanceTimersByTimeAsync(ms);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Plays the workers' part until nothing changes: a new worker listens; one asked to stop drains and exits 0. */
async function playAlong(s: Supervised) {
  for (let round = 0; round < 50; round += 1) {
    await settle(60_000);
    const starting = s.forked.filter((worker) => worker.alive && !worker.listening);
    const draining = s.forked.filter((worker) => worker.alive && worker.askedToStop);
    if (starting.length === 0 && draining.length === 0) return;
    for (const worker of starting) worker.listen();
    await settle();
    for (const worker of draining) worker.die(0);
  }
}

/** Three workers serving for a minute (long enough that a death is not "early"). */
async function threeServing() {
  const supervisor = startSupervisor(3);
  for (const worker of supervisor.forked) worker.listen();
  await settle(60_000);
  return supervisor;
}

describe("the rolling restart (SIGHUP)", () => {
  it("replaces each worker in turn: the new one listens before the old one is asked to stop", async () => {
    const s = await threeServing();
    const old = [...s.forked];
    s.signal("SIGHUP");
    for (const [n, worker] of old.entries()) {
      expect(s.forked).toHaveLength(4 + n);
      await settle();
      expect(worker.askedToStop).toBe(false);
      s.forked[3 + n]!.listen();
      await settle();
      expect(worker.askedToStop).toBe(true);
      worker.die(0);
      await settle();
    }
    expect(s.logged("rolling restart finished")).toBe(1);
    expect(s.alive()).toEqual(s.forked.slice(3));
  });

  it("finishes when a worker still waiting its turn dies; that one is replaced once", async () => {
    const s = await threeServing();
    s.signal("SIGHUP");
    s.forked[2]!.die(1);
    await playAlong(s);
    expect(s.logged("rolling restart finished")).toBe(1);
    expect(s.alive()).toHaveLength(3);
    expect(s.forked).toHaveLength(6);
  });

  it("finishes when the worker being replaced dies while its replacement starts: the replacement takes its place", async () => {
    const s = await threeServing();
    s.signal("SIGHUP");
    s.forked[0]!.die(1);
    await playAlong(s);
    expect(s.logged("rolling restart finished")).toBe(1);
    expect(s.alive()).toEqual(s.forked.slice(3));
    expect(s.forked).toHaveLength(6);
  });

  it("stops when a replacement dies before listening: the old workers keep serving, none is added, and a later SIGHUP runs", async () => {
    const s = await threeServing();
    s.signal("SIGHUP");
    s.forked[3]!.die(1);
    await settle(60_000);
    expect(s.logged("a replacement worker did not start: the rolling restart stops here, the old workers keep serving")).toBe(1);
    expect(s.alive()).toEqual(s.forked.slice(0, 3));
    expect(s.forked.some((worker) => worker.askedToStop)).toBe(false);

    s.signal("SIGHUP");
    await playAlong(s);
    expect(s.logged("rolling restart finished")).toBe(1);
    expect(s.alive()).toEqual(s.forked.slice(4));
  });

  it("replaces once a worker that died while the replacement that failed was starting", async () => {
    const s = await threeServing();
    s.signal("SIGHUP");
    s.forked[0]!.die(1);
    s.forked[3]!.die(1);
    await playAlong(s);
    expect(s.forked).toHaveLength(5);
    expect(s.alive()).toEqual([s.forked[1], s.forked[2], s.forked[4]]);
  });

  it("restarts every worker again when a second SIGHUP comes during the first round", async () => {
    const s = await threeServing();
    s.signal("SIGHUP");
    s.forked[3]!.listen();
    await settle();
    s.signal("SIGHUP");
    await playAlong(s);
    expect(s.logged("rolling restart finished")).toBe(2);
    expect(s.forked).toHaveLength(9);
    expect(s.alive()).toEqual(s.forked.slice(6));
  });

  it("drains every worker, the starting replacement too, and exits 0 on SIGTERM mid-restart", async () => {
    const s = await threeServing();
    s.signal("SIGHUP");
    s.signal("SIGTERM");
    expect(s.forked).toHaveLength(4);
    expect(s.forked.every((worker) => worker.askedToStop)).toBe(true);
    await playAlong(s);
    expect(s.forked).toHaveLength(4);
    expect(s.exit.mock.calls).toEqual([[0]]);
  });
});

describe("replacing a worker that dies", () => {
  it("replaces it once, at once after long service, then backs off when the replacements die early", async () => {
    const s = await threeServing();
    s.forked[0]!.die(1);
    await settle();
    expect(s.forked).toHaveLength(4);
    s.forked[3]!.die(1); // before it could serve
    await settle(499);
    expect(s.forked).toHaveLength(4);
    await settle(1);
    await playAlong(s);
    expect(s.forked).toHaveLength(5);
    expect(s.alive()).toEqual([s.forked[1], s.forked[2], s.forked[4]]);
  });

  it("replaces each of two workers that die together once", async () => {
    const s = await threeServing();
    s.forked[0]!.die(1);
    s.forked[1]!.die(1);
    await playAlong(s);
    expect(s.forked).toHaveLength(5);
    expect(s.alive()).toHaveLength(3);
  });

  it("starts nothing once SIGTERM comes during the back-off, and exits when the others have drained", async () => {
    const s = await threeServing();
    s.forked[0]!.die(1);
    await settle();
    s.forked[3]!.die(1);
    s.signal("SIGTERM");
    await playAlong(s);
    expect(s.forked).toHaveLength(4);
    expect(s.exit.mock.calls).toEqual([[0]]);
  });

  it("does not replace a worker that crashes while draining, and exits 1", async () => {
    const s = await threeServing();
    s.signal("SIGTERM");
    s.forked[0]!.die(1);
    await playAlong(s);
    expect(s.forked).toHaveLength(3);
    expect(s.exit.mock.calls).toEqual([[1]]);
  });

  it("stops with exit 1 when no worker ever listened", async () => {
    const s = startSupervisor(2);
    s.forked[0]!.die(1);
    expect(s.forked[1]!.askedToStop).toBe(true);
    await playAlong(s);
    expect(s.forked).toHaveLength(2);
    expect(s.exit.mock.calls).toEqual([[1]]);
  });
});

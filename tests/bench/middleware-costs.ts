/**
 * npm run bench:middleware: what each layer of app.ts's middleware stack
 * costs on a /healthz-like request (tests/bench/middleware-stack-server.ts),
 * one layer added at a time. The figure is the server process's CPU time per
 * request under load (user + system, process.cpuUsage), which other
 * processes on a shared machine disturb far less than req/s; req/s is shown
 * beside it. BENCH_SECONDS (default 4) per run, BENCH_REPEAT (default 2)
 * runs per row, the lowest CPU time kept.
 *
 * BENCH_COMPARE_WITH=<another checkout> (e.g. `git worktree add /tmp/before main`,
 * with this script and middleware-stack-server.ts copied in) measures that
 * checkout's stack too, row by row, interleaved with this one: a before/after
 * in one run.
 */
import type { ChildProcess } from "node:child_process";
import { join } from "node:path";
import { measure } from "./load";
import { layerNames } from "./middleware-stack-server";
import { forkServer } from "./processes";

const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const repeat = Number(process.env.BENCH_REPEAT ?? 2);

function ask<T>(child: ChildProcess, message: string): Promise<T> {
  return new Promise((resolve) => {
    child.once("message", (answer: T) => resolve(answer));
    child.send(message);
  });
}

interface Figures {
  cpuMicros: number;
  requestsPerSecond: number;
}

async function measureLayers(benchDir: string, layers: number): Promise<Figures> {
  const server = await forkServer(join(benchDir, "middleware-stack-server.ts"), {
    env: { MIDDLEWARE_LAYERS: String(layers) },
    execArgv: ["--import", "tsx"],
  });
  try {
    const url = `${server.baseUrl}/healthz`;
    await measure("warm-up", url, { seconds: 1, connections: 50 });
    server.child.send("mark");
    const result = await measure(layerNames[layers - 1]!, url, { seconds, connections: 50 });
    const { cpuMicros, requests } = await ask<{ cpuMicros: number; requests: number }>(server.child, "report");
    if (result.non2xx > 0) throw new Error(`${layerNames[layers - 1]}: ${result.non2xx} non-2xx answers`);
    return { cpuMicros: cpuMicros / requests, requestsPerSecond: result.requestsPerSecond };
  } finally {
    await server.stop();
  }
}

async function bestOf(benchDir: string, layers: number): Promise<Figures> {
  let best = { cpuMicros: Infinity, requestsPerSecond: 0 };
  for (let run = 0; run < repeat; run++) {
    const result = await measureLayers(benchDir, layers);
    if (result.cpuMicros < best.cpuMicros) best = result;
  }
  return best;
}

async function main(): Promise<void> {
  const checkouts = [import.meta.dirname, ...(process.env.BENCH_COMPARE_WITH ? [join(process.env.BENCH_COMPARE_WITH, "tests", "bench")] : [])];
  const labels = checkouts.length === 1 ? [""] : [" (this checkout)", ` (${process.env.BENCH_COMPARE_WITH})`];
  console.log(`${seconds} s per run, best of ${repeat}, 50 connections, no cookies\n`);
  console.log(`| stack | ${labels.map((l) => `CPU µs/request${l} | added by this layer | req/s`).join(" | ")} |`);
  console.log(`|---|${labels.map(() => "---|---|---|").join("")}`);
  const previous: (number | undefined)[] = checkouts.map(() => undefined);
  for (let layers = 1; layers <= layerNames.length; layers++) {
    const cells: string[] = [];
    for (const [index, benchDir] of checkouts.entries()) {
      const best = await bestOf(benchDir, layers);
      const before = previous[index];
      cells.push(best.cpuMicros.toFixed(1), before === undefined ? "" : (best.cpuMicros - before).toFixed(1), String(best.requestsPerSecond));
      previous[index] = best.cpuMicros;
    }
    console.log(`| ${layerNames[layers - 1]} | ${cells.join(" | ")} |`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

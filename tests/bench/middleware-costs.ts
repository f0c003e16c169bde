/**
 * npm run bench:middleware: what each layer of app.ts's middleware stack
 * costs on a /healthz-like request (tests/bench/middleware-stack-server.ts),
 * one layer added at a time, beside the node:http ceiling in the same run.
 * µs/request is the added service time per layer: 1e6/req/s of this row
 * minus that of the row before (the server is one thread; the load
 * generator gets the other core).
 */
import { fork } from "node:child_process";
import { join } from "node:path";
import { measure } from "./load";
import { startCeilingServer } from "./processes";
import { layerNames } from "./middleware-stack-server";

const seconds = Number(process.env.BENCH_SECONDS ?? 4);

async function measureLayers(layers: number): Promise<number> {
  const child = fork(join(import.meta.dirname, "middleware-stack-server.ts"), {
    env: { ...process.env, MIDDLEWARE_LAYERS: String(layers) },
    execArgv: ["--import", "tsx"],
    stdio: "inherit",
  });
  try {
    const port = await new Promise<number>((resolve) => child.once("message", (m: { port: number }) => resolve(m.port)));
    const result = await measure(layerNames[layers - 1]!, `http://127.0.0.1:${port}/healthz`, { seconds, connections: 50 });
    if (result.non2xx > 0) throw new Error(`${layerNames[layers - 1]}: ${result.non2xx} non-2xx answers`);
    return result.requestsPerSecond;
  } finally {
    child.kill("SIGTERM");
  }
}

async function main(): Promise<void> {
  const ceilingServer = await startCeilingServer();
  const ceiling = (await measure("ceiling", `${ceilingServer.baseUrl}/`, { seconds })).requestsPerSecond;
  await ceilingServer.stop();
  console.log(`node:http hello world (ceiling): ${ceiling} req/s, ${seconds} s per row, 50 connections\n`);
  console.log("| stack | req/s | share of ceiling | µs/request | added by this layer |");
  console.log("|---|---|---|---|---|");
  let previous: number | undefined;
  for (let layers = 1; layers <= layerNames.length; layers++) {
    const rps = await measureLayers(layers);
    const micros = 1e6 / rps;
    const added = previous === undefined ? "" : `${(micros - previous).toFixed(1)} µs`;
    console.log(`| ${layerNames[layers - 1]} | ${rps} | ${(rps / ceiling).toFixed(2)} | ${micros.toFixed(1)} | ${added} |`);
    previous = micros;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

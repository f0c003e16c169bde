/**
 * npm run bench: load figures for the app beside a bare node:http server
 * measured in the same run (the machine's ceiling). Loopback only, bounded in
 * time (BENCH_SECONDS per scenario, default 8).
 */
import { existsSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { measure, type LoadResult } from "./load";
import { startAppServer, startCeilingServer } from "./processes";
import { gzippedJavaScriptBytes } from "./page-weight";
import { instancesApiScenarios } from "./instances-api";
import { resourcesAndSearchScenarios } from "./resources-and-search";
import { schoolSearchScenarios } from "./school-search";

const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

function table(rows: LoadResult[], ceiling: LoadResult): string {
  const header = ["scenario", "req/s", "p99 ms", "req/s vs ceiling", "non-2xx"];
  const lines = rows.map((row) => [
    row.name,
    String(row.requestsPerSecond),
    String(row.p99Ms),
    row === ceiling ? "1.00 (ceiling)" : (row.requestsPerSecond / ceiling.requestsPerSecond).toFixed(2),
    String(row.non2xx),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  return [format(header), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...lines.map(format)].join("\n");
}

async function main(): Promise<void> {
  if (!existsSync("static/dist/.vite/manifest.json")) {
    execFileSync("npx", ["vite", "build"], { stdio: "inherit" });
  }
  const rows: LoadResult[] = [];

  const ceilingServer = await startCeilingServer();
  const ceiling = await measure("node:http hello world (ceiling)", `${ceilingServer.baseUrl}/`, { connections });
  rows.push(ceiling);
  await ceilingServer.stop();

  const app = await startAppServer({
    BENCH_EVENT_INSTANCES: process.env.BENCH_EVENT_INSTANCES ?? "20000",
    BENCH_RESOURCES: process.env.BENCH_RESOURCES ?? "10000",
    BENCH_SCHOOLS: process.env.BENCH_SCHOOLS ?? "50000",
  });
  try {
    rows.push(await measure("GET /healthz", `${app.baseUrl}/healthz`, { connections }));
    rows.push(await measure("GET / (home page)", `${app.baseUrl}/`, { connections }));
    for (const scenario of await instancesApiScenarios(app.baseUrl)) {
      rows.push(await measure(scenario.name, scenario.url, { connections }));
    }
    for (const scenario of await resourcesAndSearchScenarios(app.baseUrl)) {
      rows.push(await measure(scenario.name, scenario.url, { connections }));
    }
    for (const scenario of await schoolSearchScenarios(app.baseUrl)) {
      rows.push(await measure(scenario.name, scenario.url, { connections }));
    }
    const weight = await gzippedJavaScriptBytes(`${app.baseUrl}/`);
    console.log(`\nConnections: ${connections}, ${process.env.BENCH_SECONDS ?? 8} s per scenario, loopback only.`);
    console.log(
      `Data: ${process.env.BENCH_EVENT_INSTANCES ?? 20000} event instances, ${process.env.BENCH_RESOURCES ?? 10000} resources, ${process.env.BENCH_SCHOOLS ?? 50000} schools.\n`,
    );
    console.log(table(rows, ceiling));
    console.log(`\nHome page JavaScript: ${weight.files} files, ${weight.bytes} bytes gzipped.`);
  } finally {
    await app.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

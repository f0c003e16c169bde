/**
 * npm run bench: load figures for the app beside a bare node:http server
 * measured in the same run (the machine's ceiling) and Express's own hello
 * world (what a user would pick instead). Loopback only, bounded in time
 * (BENCH_SECONDS per scenario, default 8).
 *
 * The app's scenarios send `Accept-Encoding: br, gzip`, as a browser does.
 * Each instances API row also gets its own ceiling: bare node:http sending
 * the very answer the API gave (headers and body), so the row reads against
 * the physical limit for that many bytes.
 *
 * BENCH_ONLY=healthz,home,instances,resources,autocomplete,school-search,express,page-weight
 * measures only those (the node:http ceiling always runs, so shares stay readable).
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { measure, type LoadResult } from "./load";
import { startAppServer, startCeilingServer, startExpressHelloServer, type RunningServer } from "./processes";
import { gzippedJavaScriptBytes } from "./page-weight";
import { instancesApiScenarios } from "./instances-api";
import { resourcesAndSearchScenarios } from "./resources-and-search";
import { schoolSearchScenarios } from "./school-search";
import { browserAcceptEncoding, fetchRaw, type RawAnswer } from "./transfer";

const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const browserHeaders = { "accept-encoding": browserAcceptEncoding };
const only = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(",").map((key) => key.trim())) : undefined;
const wanted = (key: string) => only === undefined || only.has(key);

/** The BENCH_ONLY key of an app scenario, from its address. */
function scenarioKey(url: string): string {
  const path = new URL(url).pathname;
  if (path === "/") return "home";
  if (path === "/healthz") return "healthz";
  if (path.startsWith("/api/attendable/")) return "instances";
  if (path.startsWith("/search/autocomplete/")) return "autocomplete";
  if (path.startsWith("/account/school-search/")) return "school-search";
  if (path.startsWith("/resources/")) return "resources";
  return path;
}

interface Row {
  result: LoadResult;
  /** The req/s this row is read against, and which ceiling that is. */
  ceiling: { requestsPerSecond: number; label: string } | undefined;
  transfer?: RawAnswer;
}

function table(rows: Row[]): string {
  const header = ["scenario", "req/s", "p99 ms", "share of ceiling", `bytes sent (Accept-Encoding: ${browserAcceptEncoding})`, "non-2xx"];
  const lines = rows.map(({ result, ceiling, transfer }) => [
    result.name,
    String(result.requestsPerSecond),
    String(result.p99Ms),
    ceiling ? `${(result.requestsPerSecond / ceiling.requestsPerSecond).toFixed(3)}${ceiling.label}` : "1 (ceiling)",
    transfer ? `${transfer.transferredBytes.toLocaleString("en-GB")} (${transfer.contentEncoding})` : "",
    String(result.non2xx),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  return [format(header), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...lines.map(format)].join("\n");
}

async function measureServer(start: () => Promise<RunningServer>, name: string): Promise<LoadResult> {
  const server = await start();
  try {
    return await measure(name, `${server.baseUrl}/`, { connections });
  } finally {
    await server.stop();
  }
}

/** Bare node:http replaying `answer` byte for byte: the ceiling for an answer that size. */
async function sameBytesCeiling(name: string, answer: RawAnswer): Promise<LoadResult> {
  const dir = mkdtempSync(join(tmpdir(), "bench-ceiling-"));
  try {
    const file = join(dir, "answer.json");
    writeFileSync(file, JSON.stringify({ status: answer.status, headers: answer.headers, body: answer.body.toString("base64") }));
    return await measureServer(() => startCeilingServer(file), name);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (!existsSync("static/dist/.vite/manifest.json")) {
    execFileSync("npx", ["vite", "build"], { stdio: "inherit" });
  }
  const rows: Row[] = [];

  const ceiling = await measureServer(() => startCeilingServer(), "node:http hello world (ceiling)");
  const helloCeiling = { requestsPerSecond: ceiling.requestsPerSecond, label: "" };
  rows.push({ result: ceiling, ceiling: undefined });
  if (wanted("express")) {
    rows.push({ result: await measureServer(startExpressHelloServer, "Express hello world (the usual alternative)"), ceiling: helloCeiling });
  }

  const app = await startAppServer({
    BENCH_EVENT_INSTANCES: process.env.BENCH_EVENT_INSTANCES ?? "20000",
    BENCH_RESOURCES: process.env.BENCH_RESOURCES ?? "10000",
    BENCH_SCHOOLS: process.env.BENCH_SCHOOLS ?? "50000",
  });
  try {
    const appRow = async (name: string, url: string): Promise<Row> => ({
      transfer: await fetchRaw(url),
      result: await measure(name, url, { connections, headers: browserHeaders }),
      ceiling: helloCeiling,
    });
    const scenarios = async (list: Promise<{ name: string; url: string }[]>) => (await list).filter((s) => wanted(scenarioKey(s.url)));
    for (const scenario of await scenarios(Promise.resolve([
      { name: "GET /healthz", url: `${app.baseUrl}/healthz` },
      { name: "GET / (home page)", url: `${app.baseUrl}/` },
    ]))) {
      rows.push(await appRow(scenario.name, scenario.url));
    }
    for (const scenario of await scenarios(instancesApiScenarios(app.baseUrl))) {
      const row = await appRow(scenario.name, scenario.url);
      const own = await sameBytesCeiling(`  node:http sending the same ${row.transfer!.transferredBytes} bytes (its ceiling)`, row.transfer!);
      rows.push({ ...row, ceiling: { requestsPerSecond: own.requestsPerSecond, label: " (same bytes)" } });
      rows.push({ result: own, ceiling: helloCeiling, transfer: row.transfer });
    }
    for (const scenario of await scenarios(resourcesAndSearchScenarios(app.baseUrl))) rows.push(await appRow(scenario.name, scenario.url));
    for (const scenario of await scenarios(schoolSearchScenarios(app.baseUrl))) rows.push(await appRow(scenario.name, scenario.url));
    const weight = wanted("page-weight") ? await gzippedJavaScriptBytes(`${app.baseUrl}/`) : undefined;
    console.log(`\nConnections: ${connections}, ${process.env.BENCH_SECONDS ?? 8} s per scenario, loopback only.`);
    console.log(
      `Data: ${process.env.BENCH_EVENT_INSTANCES ?? 20000} event instances, ${process.env.BENCH_RESOURCES ?? 10000} resources, ${process.env.BENCH_SCHOOLS ?? 50000} schools.\n`,
    );
    console.log(table(rows));
    console.log(`\nShares are of the node:http hello world, except "(same bytes)": of node:http sending that row's own answer.`);
    console.log(`Bytes sent: status line, headers and body of one answer, as the server sent it to a client accepting ${browserAcceptEncoding}.`);
    if (weight) console.log(`\nHome page JavaScript: ${weight.files} files, ${weight.bytes} bytes gzipped, ${weight.servedBytes} bytes as served.`);
  } finally {
    await app.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

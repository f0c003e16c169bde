/**
 * Where a signed-in member's request goes (issue 27): the real app
 * (SQLite, one process, `NODE_ENV=production`) under `node --cpu-prof`,
 * signed in as a demo member (tests/bench/member-pages.ts), loaded with
 * PROFILE_CONNECTIONS (default 50) for PROFILE_SECONDS (default 10) on each
 * member page in turn; then the profile's samples from the load window only,
 * summed three ways:
 *
 * - self time by function (where the CPU was when sampled);
 * - total time by function of ours (server/), and by package: a function's
 *   samples with it anywhere on the stack (what it cost with its callees);
 * - the share of idle, garbage collection and the rest.
 *
 *   npm run build && tsx tests/bench/profile-member-pages.ts
 *   PROFILE_PAGES=my-account tsx tests/bench/profile-member-pages.ts
 *
 * A word that starts "/" profiles that path as a visitor (no session: the
 * home page is "/"). A word that starts "school" profiles a school search row of the bench
 * instead (issue 26: tests/bench/school-search.ts, a different query on each
 * request), over BENCH_SCHOOLS schools:
 *
 *   BENCH_SCHOOLS=50000 PROFILE_CONNECTIONS=10 PROFILE_PAGES="school:names as typed" tsx tests/bench/profile-member-pages.ts
 *
 * BENCH_RESOURCES, BENCH_EVENT_INSTANCES and BENCH_SCHOOLS top the database
 * up as in `npm run bench` (default: the demo content alone).
 * PROFILE_ENGINE=postgres runs the app on PostgreSQL + Redis instead (one
 * process, server/main.ts: a bench database of its own on BENCH_POSTGRES_URL
 * or DATABASE_URL_TEST, and a Redis of its own, as `npm run bench` makes
 * them), and also prints PostgreSQL's and Redis's CPU during the load. The .cpuprofile
 * files are left in a temporary directory (printed) for Chrome's DevTools.
 */
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { measure } from "./load";
import { memberPageScenarios } from "./member-pages";
import { schoolSearchScenarios } from "./school-search";
import { seedBenchData, startAppServer } from "./processes";
import { createBenchPostgresDatabase } from "./bench-postgres";
import { startPrivateRedis } from "./private-redis";
import { cpuMeter, postgresBackendPids } from "./process-cpu";
import { browserAcceptEncoding } from "./transfer";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const seconds = Number(process.env.PROFILE_SECONDS ?? 10);
const connections = Number(process.env.PROFILE_CONNECTIONS ?? 50);
const pageWords = (process.env.PROFILE_PAGES ?? "resources,my-account").split(",").map((word) => word.trim());
const top = Number(process.env.PROFILE_TOP ?? 25);
const engine = process.env.PROFILE_ENGINE ?? "sqlite";
if (engine !== "sqlite" && engine !== "postgres") throw new Error(`PROFILE_ENGINE is sqlite or postgres, not ${engine}.`);

const shortUrl = (url: string) => url.replace(/^file:\/\/.*?\/(node_modules|server|tests)\//, "$1/").replace(/^node:/, "node:");

function labelOf(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  return url ? `${functionName || "(anonymous)"} ${shortUrl(url)}:${lineNumber + 1}` : functionName;
}

/** The package (or our folder) a frame belongs to. */
function areaOf(node: ProfileNode): string {
  const url = node.callFrame.url;
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inPackage) return inPackage[1]!;
  if (url.startsWith("node:")) return "node: (built in)";
  const ours = /\/(server\/[^/]+)\//.exec(url);
  if (ours) return ours[1]!;
  return url ? "other" : node.callFrame.functionName;
}

function percent(part: number, whole: number): string {
  return `${((100 * part) / whole).toFixed(1)}%`;
}

/** The samples taken between `from` and `to` (µs, the profile's clock), with each sample's parent chain. */
function summarise(profile: CpuProfile, from: number, to: number): string {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const self = new Map<string, number>();
  const totalOurs = new Map<string, number>();
  const totalByArea = new Map<string, number>();
  let time = profile.startTime;
  let counted = 0;
  let busy = 0;
  for (const [index, sampleId] of profile.samples.entries()) {
    time += profile.timeDeltas[index]!;
    if (time < from || time > to) continue;
    counted += 1;
    const leaf = byId.get(sampleId)!;
    self.set(labelOf(leaf), (self.get(labelOf(leaf)) ?? 0) + 1);
    if (leaf.callFrame.functionName === "(idle)") continue;
    busy += 1;
    const seenLabels = new Set<string>();
    const seenAreas = new Set<string>();
    for (let id: number | undefined = sampleId; id !== undefined; id = parentOf.get(id)) {
      const node = byId.get(id)!;
      const label = labelOf(node);
      if (node.callFrame.url.includes("/server/") && !seenLabels.has(label)) {
        seenLabels.add(label);
        totalOurs.set(label, (totalOurs.get(label) ?? 0) + 1);
      }
      const area = areaOf(node);
      if (!seenAreas.has(area) && area !== "(root)") {
        seenAreas.add(area);
        totalByArea.set(area, (totalByArea.get(area) ?? 0) + 1);
      }
    }
  }
  const ranked = (map: Map<string, number>, whole: number) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([label, count]) => `| ${percent(count, whole)} | ${label} |`);
  return [
    `${counted} samples in the load window; busy (not idle) ${percent(busy, counted)}.`,
    "",
    "Self time, share of all samples:",
    "| share | function |",
    "|---|---|",
    ...ranked(self, counted),
    "",
    "Total time (with callees) by package or our folder, share of busy samples:",
    "| share | area |",
    "|---|---|",
    ...ranked(totalByArea, busy),
    "",
    "Total time (with callees) of our functions (server/), share of busy samples:",
    "| share | function |",
    "|---|---|",
    ...ranked(totalOurs, busy),
  ].join("\n");
}

async function profilePage(word: string): Promise<void> {
  const profileDir = mkdtempSync(join(tmpdir(), "member-profile-"));
  const dataEnv = Object.fromEntries(
    ["BENCH_EVENT_INSTANCES", "BENCH_RESOURCES", "BENCH_SCHOOLS"].flatMap((name) => (process.env[name] ? [[name, process.env[name]!]] : [])),
  );
  const nodeFlags = ["--cpu-prof", `--cpu-prof-dir=${profileDir}`];
  const postgres = engine === "postgres" ? await createBenchPostgresDatabase() : undefined;
  const redis = postgres ? await startPrivateRedis() : undefined;
  if (postgres) seedBenchData(postgres.url, dataEnv);
  const app = postgres
    ? await startAppServer({ REDIS_URL: redis!.url }, { databaseUrl: postgres.url, nodeFlags })
    : await startAppServer(dataEnv, { nodeFlags });
  let window: { loadStart: number; loadEnd: number; exit: number };
  try {
    const schoolRow = word.startsWith("school:") ? word.slice("school:".length) : undefined;
    // A word that starts "/" is a path, asked for as a visitor (no session): a kept page.
    const visitorPath = word.startsWith("/") ? word : undefined;
    const scenarios = visitorPath
      ? [{ name: `GET ${visitorPath} (visitor)`, url: `${app.baseUrl}${visitorPath}` } as Awaited<ReturnType<typeof memberPageScenarios>>[number]]
      : schoolRow === undefined
        ? await memberPageScenarios(app.baseUrl)
        : await schoolSearchScenarios(app.baseUrl);
    const scenario = scenarios.find(({ url, name }) => (visitorPath || schoolRow === undefined ? url.includes(word) : name.includes(schoolRow)));
    if (!scenario) throw new Error(`No page matches "${word}".`);
    // Warm: the first requests compile templates and fill caches; the profile is of the steady state. A distinct
    // school search row is warmed by schoolSearchScenarios, with queries the row does not send first.
    if (schoolRow === undefined) await measure("warm-up", scenario.url, { connections, seconds: 2, headers: scenario.headers });
    const appCpu = cpuMeter(() => [app.pid]);
    const postgresCpu = postgres && cpuMeter(() => postgresBackendPids(postgres.name));
    const redisCpu = redis && cpuMeter(() => [redis.pid]);
    const loadStart = Date.now();
    const result = await measure(scenario.name, scenario.url, {
      connections,
      seconds,
      headers: { "accept-encoding": browserAcceptEncoding, ...scenario.headers },
      ...(scenario.paths ? { paths: scenario.paths } : {}),
    });
    const loadEnd = Date.now();
    const perRequest = (cpuSeconds: number) => `${Math.round((cpuSeconds * 1e6) / Math.max(1, result.requests))} µs`;
    const others = postgresCpu ? `, PostgreSQL ${perRequest(postgresCpu.stop())}, Redis ${perRequest(redisCpu!.stop())}` : "";
    console.log(`\n## ${scenario.name} (${engine})\n\n${result.requestsPerSecond} req/s, p99 ${result.p99Ms} ms, ${connections} connections, ${seconds} s, non-2xx ${result.non2xx}.`);
    console.log(`CPU a request: the app ${perRequest(appCpu.stop())} (with the profiler's own cost)${others}.`);
    const exited = new Promise<number>((resolve) => app.child.once("exit", () => resolve(Date.now())));
    await app.stop();
    window = { loadStart, loadEnd, exit: await exited.catch(() => Date.now()) };
  } catch (error) {
    await app.stop();
    throw error;
  } finally {
    await redis?.stop();
    await postgres?.drop();
  }
  const file = readdirSync(profileDir).find((name) => name.endsWith(".cpuprofile"));
  if (!file) throw new Error(`No profile was written to ${profileDir}.`);
  const profile = JSON.parse(readFileSync(join(profileDir, file), "utf8")) as CpuProfile;
  // The profile ends as the process exits: count back from there to the load window, shrunk by 0.5 s at each end.
  const end = profile.endTime;
  const from = end - (window.exit - window.loadStart) * 1000 + 500_000;
  const to = end - (window.exit - window.loadEnd) * 1000 - 500_000;
  console.log(`\n${summarise(profile, from, to)}\n\nProfile: ${join(profileDir, file)}`);
}

async function main(): Promise<void> {
  for (const word of pageWords) await profilePage(word);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

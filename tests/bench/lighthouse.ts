/**
 * npm run lighthouse: Lighthouse (the npm package, mobile profile: a
 * simulated mid-range phone on a slow 4G link) with the system Chromium,
 * over five pages of the production server on a throwaway database seeded
 * with the demo content. Builds nothing: run `npm run build` first.
 * Each page is audited LIGHTHOUSE_RUNS times (default 5) and each figure is
 * the median of its runs, with the lowest and highest score, LCP and TBT
 * beside it: the simulated metrics scale what the browser measured on this
 * machine, so one run moves with whatever else the two cores are doing, and
 * Lighthouse's own guidance on variability is to take the median of five.
 * Prints the performance score, FCP, LCP, CLS and TBT, and the SEO and
 * best-practices scores (with the audits they failed), per page; the full reports are left as
 * JSON in a temporary directory (printed at the end).
 *
 * Then three pages signed in as a demo member (issue 27: the member's
 * resource page, the registration wizard and My account), each request
 * carrying the session a real sign-in made (member-pages.ts), through
 * Lighthouse's --extra-headers. LIGHTHOUSE_SET=visitor or member runs only
 * those pages (default: both).
 *
 * CHROME_PATH picks the browser (default /usr/bin/chromium);
 * LIGHTHOUSE_EVENT and LIGHTHOUSE_RESOURCE pick the event and resource slugs
 * (default: the first linked from /whats-on/ and /resources/).
 */
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { signInForBench } from "./member-pages";
import { startAppServer } from "./processes";

const run = promisify(execFile);
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const lighthouseBin = join(process.cwd(), "node_modules", ".bin", "lighthouse");

interface Category {
  score: number | null;
  auditRefs: { id: string; weight: number }[];
}

interface Report {
  categories: { performance: Category; seo: Category; "best-practices": Category };
  audits: Record<string, { numericValue?: number; score: number | null; title: string }>;
}

/** The weighted audits of a category that did not pass, by title: what to fix to reach 100. */
function failing(report: Report, category: "seo" | "best-practices"): string[] {
  return report.categories[category].auditRefs
    .filter((ref) => ref.weight > 0 && report.audits[ref.id]?.score !== null && (report.audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => report.audits[ref.id]!.title);
}

async function firstLink(baseUrl: string, page: string, pattern: RegExp): Promise<string> {
  const html = await (await fetch(`${baseUrl}${page}`)).text();
  const slug = pattern.exec(html)?.[1];
  if (!slug) throw new Error(`No link matching ${pattern} on ${page}: set the slug by hand (see the header of tests/bench/lighthouse.ts).`);
  return slug;
}

/** Runs Lighthouse once more when it fails: on a busy machine its trace recording sometimes does (NO_NAVSTART). */
async function audit(url: string, outputPath: string, headers?: Record<string, string>): Promise<Report> {
  try {
    return await auditOnce(url, outputPath, headers);
  } catch (error) {
    console.error(`(retrying ${url}: ${error instanceof Error ? error.message.split("\n").at(-2) ?? error.message : String(error)})`);
    return auditOnce(url, outputPath, headers);
  }
}

async function auditOnce(url: string, outputPath: string, headers?: Record<string, string>): Promise<Report> {
  await run(
    lighthouseBin,
    [
      url,
      "--only-categories=performance,seo,best-practices",
      "--output=json",
      `--output-path=${outputPath}`,
      "--quiet",
      "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
      ...(headers ? [`--extra-headers=${JSON.stringify(headers)}`] : []),
    ],
    { env: { ...process.env, CHROME_PATH: chromePath }, maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(readFileSync(outputPath, "utf8")) as Report;
}

function row(cells: string[]): string {
  return `| ${cells.join(" | ")} |`;
}

const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** "1100 (980–1250)": the median, then the range when there was more than one run. */
function spread(values: number[], digits = 0): string {
  const shown = (value: number) => value.toFixed(digits);
  const low = Math.min(...values);
  const high = Math.max(...values);
  return values.length > 1 && low !== high ? `${shown(median(values))} (${shown(low)}–${shown(high)})` : shown(median(values));
}

async function main(): Promise<void> {
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`LIGHTHOUSE_RUNS must be a whole number of runs, 1 or more (it is "${process.env.LIGHTHOUSE_RUNS}").`);
  if (!existsSync(chromePath)) {
    throw new Error(`No Chromium at ${chromePath}. Install it (Debian/Ubuntu: sudo apt-get install -y chromium) or set CHROME_PATH.`);
  }
  if (!existsSync("static/dist/.vite/manifest.json")) throw new Error("No built bundle: run `npm run build` first.");
  const outDir = mkdtempSync(join(tmpdir(), "lighthouse-"));
  const app = await startAppServer();
  try {
    const event = process.env.LIGHTHOUSE_EVENT ?? (await firstLink(app.baseUrl, "/whats-on/", /href="\/whats-on\/([a-z0-9-]+)\/"/));
    const resource = process.env.LIGHTHOUSE_RESOURCE ?? (await firstLink(app.baseUrl, "/resources/", /href="\/resources\/([a-z0-9-]+)\/"/));
    const set = process.env.LIGHTHOUSE_SET ?? "all";
    const visitorPages = set === "member" ? [] : ["/", "/whats-on/", "/resources/", `/whats-on/${event}/`, `/resources/${resource}/`].map((path) => ({ path, label: path }));
    const member = set === "visitor" ? undefined : { Cookie: await signInForBench(app.baseUrl) };
    const memberPages = member ? [`/resources/${resource}/`, "/account/register/", "/account/my-account/"].map((path) => ({ path, label: `${path} (signed in)`, headers: member })) : [];
    const pages: { path: string; label: string; headers?: Record<string, string> }[] = [...visitorPages, ...memberPages];
    console.log(row(["page", "performance", "FCP ms", "LCP ms", "CLS", "TBT ms", "SEO", "best practices"]));
    console.log(row(["---", "---", "---", "---", "---", "---", "---", "---"]));
    const findings = new Set<string>();
    for (const [index, { path, label, headers }] of pages.entries()) {
      const reports: Report[] = [];
      for (let run = 1; run <= runs; run += 1) reports.push(await audit(`${app.baseUrl}${path}`, join(outDir, `page-${index + 1}-run-${run}.json`), headers));
      const values = (id: string) => reports.map((report) => report.audits[id]?.numericValue ?? Number.NaN);
      const scoresOf = (category: keyof Report["categories"]) => reports.map((report) => Math.round((report.categories[category].score ?? Number.NaN) * 100));
      for (const report of reports) for (const title of [...failing(report, "seo"), ...failing(report, "best-practices")]) findings.add(`${label}: ${title}`);
      console.log(
        row([
          label,
          spread(scoresOf("performance")),
          spread(values("first-contentful-paint")),
          spread(values("largest-contentful-paint")),
          spread(values("cumulative-layout-shift"), 3),
          spread(values("total-blocking-time")),
          spread(scoresOf("seo")),
          spread(scoresOf("best-practices")),
        ]),
      );
    }
    if (findings.size) console.log(`\nSEO and best-practices audits not passed:\n${[...findings].map((finding) => `- ${finding}`).join("\n")}`);
    console.log(`\nMobile profile (simulated throttling), the median of ${runs} run${runs === 1 ? "" : "s"} per page (lowest–highest). Full reports: ${outDir}`);
  } finally {
    await app.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

import { execFile } from "node:child_process";
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import iconv from "iconv-lite";
import { GIAS_HEADINGS, giasRow, type GiasRow } from "./register-file";

/*
 * The importer streams: a national-size register file (60 MB, the size of
 * the Department's) imports in `npm run schools:import`'s own process with a
 * peak resident memory under 200 MB. The importer that read the whole file
 * peaked at 758 MB on 57 MB. The real file has about 130 columns, so each
 * row here carries the importer's columns plus filler ones to a real row's
 * width. Most rows are closed (as a third of the real file's are), which
 * keeps the run to seconds: memory is what the file's size drives, and the
 * open rows still go through the database in batches.
 *
 * It runs the command exactly as package.json's `schools:import` does. Its
 * --max-semi-space-size=4 keeps V8's young generation small: parsing makes
 * short-lived strings fast, and with the default 16 MB semi-spaces the peak
 * was 180–210 MB (the process with tsx and the app's modules loaded starts at
 * about 145 MB), against about 145 MB with it.
 */

const TARGET_BYTES = 60 * 1024 * 1024;
const OPEN_ROWS = 3000;
const FILLER_COLUMNS = 110;
const LIMIT_BYTES = 200 * 1024 * 1024;

const execFileAsync = promisify(execFile);

async function writeNationalFile(file: string): Promise<number> {
  const headings = [...GIAS_HEADINGS, ...Array.from({ length: FILLER_COLUMNS }, (_, index) => `Column ${index + 1} (name)`)];
  const quoted = (value: string) => `"${value.replace(/"/g, '""')}"`;
  const out = createWriteStream(file);
  const write = (text: string) => new Promise<void>((resolve) => (out.write(iconv.encode(text, "windows-1252")) ? resolve() : out.once("drain", resolve)));
  await write(`${headings.map(quoted).join(",")}\r\n`);
  let bytes = 0;
  let rows = 0;
  while (bytes < TARGET_BYTES) {
    let chunk = "";
    for (let index = 0; index < 500; index++, rows++) {
      const row: GiasRow = giasRow(String(100000 + rows), `St Mary’s School ${rows}`, {
        "EstablishmentStatus (name)": rows < OPEN_ROWS ? "Open" : "Closed",
        SchoolWebsite: `www.stmarys${rows}.sch.uk`,
      });
      const filler = Array.from({ length: FILLER_COLUMNS }, (_, column) => quoted(`Not applicable – ${column}`));
      chunk += `${[...GIAS_HEADINGS.map((heading) => quoted(row[heading] ?? "")), ...filler].join(",")}\r\n`;
    }
    bytes += chunk.length;
    await write(chunk);
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  return rows;
}

describe("importing a national-size register file", () => {
  let directory: string;
  beforeAll(() => {
    directory = mkdtempSync(path.join(tmpdir(), "register-memory-"));
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it("peaks under 200 MB of memory in the importer's process", { timeout: 120_000 }, async () => {
    const file = path.join(directory, "edubasealldata.csv");
    const rows = await writeNationalFile(file);
    expect(statSync(file).size).toBeGreaterThanOrEqual(TARGET_BYTES);
    const peakFile = path.join(directory, "peak");
    const script = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts["schools:import"]!.split(" ");
    expect(script[0]).toBe("node");
    const { stdout } = await execFileAsync(
      process.execPath,
      [...script.slice(1, -1), "--import", path.resolve("tests/server/schools/report-peak-memory.mjs"), script.at(-1)!, file],
      {
        env: { ...process.env, DATABASE_URL: `sqlite:${path.join(directory, "site.sqlite")}`, PEAK_MEMORY_FILE: peakFile, NODE_ENV: "test" },
        maxBuffer: 10 * 1024 * 1024,
      },
    );
    const peak = Number(readFileSync(peakFile, "utf8"));
    console.warn(`peak RSS ${(peak / 1024 / 1024).toFixed(0)} MB importing ${(statSync(file).size / 1024 / 1024).toFixed(0)} MB, ${rows} rows`);
    expect(stdout).toContain(`Windows-1252, ${rows.toLocaleString("en-GB")} rows`);
    expect(stdout).toMatch(new RegExp(`new schools +${OPEN_ROWS}\\n`));
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThan(LIMIT_BYTES);
  });
});

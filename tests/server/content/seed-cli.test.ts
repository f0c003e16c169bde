import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { projectRoot } from "../../../server/paths";
import { createContentDirectory, SMALL_EVENTS_YAML, type ContentDirectory } from "./content-directory";

const run = promisify(execFile);
const tsx = path.join(projectRoot, "node_modules", ".bin", "tsx");

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

async function seedCli(databaseUrl: string, ...args: string[]): Promise<CliResult> {
  const env = { ...process.env, DATABASE_URL: databaseUrl, SESSION_SECRET: "x".repeat(32), NODE_ENV: "test" };
  try {
    const { stdout, stderr } = await run(tsx, ["server/content/seed-cli.ts", ...args], { cwd: projectRoot, env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe("npm run seed", () => {
  let scratch: string;
  let directory: ContentDirectory;
  beforeAll(() => {
    scratch = mkdtempSync(path.join(os.tmpdir(), "seed-cli-"));
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  afterEach(() => directory.remove());

  it("migrates a new database, loads a directory and prints what it loaded", async () => {
    directory = createContentDirectory({ "events.yaml": SMALL_EVENTS_YAML });
    const result = await seedCli(`sqlite:${path.join(scratch, "site.sqlite")}`, "--dir", directory.path);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Seeded .+ in \d+\.\d s:/);
    expect(result.stdout).toMatch(/events\s+2\n/);
    expect(result.stdout).toMatch(/site settings\s+not in this directory/);
  });

  it("exits 1 with the file, record and field of invalid content", async () => {
    directory = createContentDirectory({ "events.yaml": SMALL_EVENTS_YAML.replace("duration: 180", "duration: three hours") });
    const result = await seedCli(`sqlite:${path.join(scratch, "site.sqlite")}`, "--dir", directory.path);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain("The content has 1 problem. Fix it and run the seed again:");
    expect(result.stderr).toContain(`${path.join(directory.path, "events.yaml")}: record 1 ("king-lear"): duration: expected a whole number of minutes`);
  });

  it("explains an unknown option", async () => {
    directory = createContentDirectory();
    const result = await seedCli(`sqlite:${path.join(scratch, "site.sqlite")}`, "--directory", directory.path);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("Usage: npm run seed [-- --dir <content directory>]");
  });
});

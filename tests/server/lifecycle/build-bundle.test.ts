import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { bundleBuildCommand, buildBundleIfMissing, runToCompletion, type BundleBuildCommand } from "../../../server/lifecycle/build-bundle";
import { createLogger } from "../../../server/logging";

/*
 * The bundle built on start is always React's production build, whatever
 * NODE_ENV the server itself runs with. The Vite build is the edge: the first
 * test records the command instead of running a full build; the others run
 * real child processes through the real runner.
 */

const logger = createLogger("silent");
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "bundle-"));
});

afterEach(() => {
  vi.unstubAllEnvs();
  rmSync(dir, { recursive: true, force: true });
});

describe("building the bundle on start", () => {
  it("runs vite build with NODE_ENV=production when the server runs with NODE_ENV=development", async () => {
    vi.stubEnv("NODE_ENV", "development");
    const manifestPath = path.join(dir, ".vite", "manifest.json");
    const runs: BundleBuildCommand[] = [];
    await buildBundleIfMissing(manifestPath, logger, async (command) => {
      runs.push(command);
      mkdirSync(path.dirname(manifestPath), { recursive: true });
      writeFileSync(manifestPath, "{}");
    });

    expect(runs).toHaveLength(1);
    const [run] = runs;
    expect(run!.env.NODE_ENV).toBe("production");
    expect(path.basename(run!.args[0]!)).toBe("vite.js");
    expect(existsSync(run!.args[0]!)).toBe(true);
    expect(run!.args[1]).toBe("build");
    expect(process.env.NODE_ENV).toBe("development");
  });

  it("does not build when the manifest is already there", async () => {
    const manifestPath = path.join(dir, "manifest.json");
    writeFileSync(manifestPath, "{}");
    const run = vi.fn(async () => {});
    await buildBundleIfMissing(manifestPath, logger, run);
    expect(run).not.toHaveBeenCalled();
  });

  it("fails clearly when the build leaves no manifest", async () => {
    await expect(buildBundleIfMissing(path.join(dir, "manifest.json"), logger, async () => {})).rejects.toThrow(/finished without .*manifest\.json/);
  });

  it("keeps the production NODE_ENV over any other, and the rest of the environment", () => {
    const { env } = bundleBuildCommand({ NODE_ENV: "development", DATABASE_URL: "sqlite:x" });
    expect(env).toEqual({ NODE_ENV: "production", DATABASE_URL: "sqlite:x" });
  });
});

describe("the real runner", () => {
  const { env } = bundleBuildCommand({ ...process.env, NODE_ENV: "development" });
  const exitUnlessProduction = "process.exit(process.env.NODE_ENV === 'production' ? 0 : 3)";

  it("hands the child the build environment", async () => {
    await expect(runToCompletion({ command: process.execPath, args: ["-e", exitUnlessProduction], env })).resolves.toBeUndefined();
  });

  it("rejects with what to do when the child fails", async () => {
    await expect(runToCompletion({ command: process.execPath, args: ["-e", "process.exit(3)"], env })).rejects.toThrow(
      "The bundle build failed (exit code 3): run `npm run build` to see why.",
    );
  });
});

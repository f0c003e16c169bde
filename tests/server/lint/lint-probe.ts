import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { cruise, type ICruiseResult } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";
import { ESLint } from "eslint";

/*
 * Runs the project's own lint configuration on small probe files, so a test
 * can show a rule fails on a violation and passes its compliant sibling.
 * ESLint lints the text under its would-be path; dependency-cruiser needs
 * files on disk, so they are written into the tree for the one cruise and
 * removed after it, whatever happens. Test files run in parallel and their
 * probes share names (server/routes/__lint_probe__.ts), so one cruise at a
 * time holds the tree, across processes: without that, one file's clean-up
 * removed another's probe mid-cruise.
 */

const root = path.resolve(import.meta.dirname, "../../..");

/** Source files by path from the repository root (names with `__lint_probe` in them, so nothing real is touched). */
export type ProbeFiles = Record<string, string>;

/** Held while probes are on disk: creating a directory either succeeds or finds it there, atomically. */
const lockDir = path.join(root, "node_modules", ".cache", "lint-probe.lock");
/** A lock older than this was left by a run that died mid-cruise (a cruise takes a second or two). */
const STALE_LOCK_MS = 60_000;

async function holdingProbeLock<T>(work: () => Promise<T>): Promise<T> {
  await mkdir(path.dirname(lockDir), { recursive: true });
  for (;;) {
    try {
      await mkdir(lockDir);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const held = await stat(lockDir).catch(() => undefined);
      if (held && Date.now() - held.mtimeMs > STALE_LOCK_MS) await rm(lockDir, { recursive: true, force: true });
      else await sleep(25);
    }
  }
  try {
    return await work();
  } finally {
    await rm(lockDir, { recursive: true, force: true });
  }
}

/** The names of the dependency-cruiser rules the files break (their own imports only). */
export async function depcruiseRulesBroken(files: ProbeFiles): Promise<string[]> {
  const paths = Object.keys(files);
  for (const file of paths) {
    if (!file.includes("__lint_probe")) throw new Error(`${file}: a probe's name has __lint_probe in it`);
  }
  return holdingProbeLock(() => cruiseProbes(files, paths));
}

async function cruiseProbes(files: ProbeFiles, paths: string[]): Promise<string[]> {
  try {
    for (const [file, code] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(root, file)), { recursive: true });
      await writeFile(path.join(root, file), code);
    }
    const options = await extractDepcruiseOptions(path.join(root, ".dependency-cruiser.cjs"));
    const tsConfig = extractTSConfig(path.join(root, "tsconfig.json"));
    // Depth 2: a probe's imports and theirs, enough for a cycle between two probes.
    const { output } = await cruise(paths, { ...options, validate: true, maxDepth: 2 }, undefined, { tsConfig });
    const violations = (output as ICruiseResult).summary.violations;
    return [...new Set(violations.filter((violation) => paths.includes(violation.from)).map((violation) => violation.rule.name))];
  } finally {
    await Promise.all(paths.map((file) => rm(path.join(root, file), { force: true })));
    await Promise.all(paths.map((file) => path.dirname(file)).filter((folder) => folder.includes("__lint_probe")).map((folder) => rm(path.join(root, folder), { recursive: true, force: true })));
  }
}

let eslint: ESLint | undefined;

/** The ESLint rule ids the code breaks, linted as if it were the file at `file` (a path from the repository root). */
export async function eslintRulesBroken(files: ProbeFiles): Promise<string[]> {
  eslint ??= new ESLint({ cwd: root });
  const broken = new Set<string>();
  for (const [file, code] of Object.entries(files)) {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
    for (const message of result?.messages ?? []) broken.add(message.ruleId ?? `fatal: ${message.message}`);
  }
  return [...broken];
}

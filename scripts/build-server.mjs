// `npm run build:server`: compiles the server and its command-line tools into
// dist-server/ with esbuild (installed with Vite), so production runs plain
// `node dist-server/main.js`: one Node process, no tsx in between
// (docs/deploy.md). Each entry is one self-contained ES module file directly
// in dist-server/ (its packages stay imports from node_modules), so
// server/paths.ts's `new URL("..", import.meta.url)` is the project root
// there as it is beside server/paths.ts. The migrations are compiled one
// file each into dist-server/migrations/, where the compiled server's
// migrator looks (server/paths.ts).
//
//   node scripts/build-server.mjs             build
//   node scripts/build-server.mjs --if-stale  build only when dist-server/ is missing or older than a file under server/ or contracts/
import { existsSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
export const serverBuildDir = path.join(root, "dist-server");
/** Written last: its presence means a complete build, its mtime when. */
const stampFile = path.join(serverBuildDir, ".built");

/** dist-server/<name>.js ← its source. */
export const serverEntries = {
  main: "server/main.ts",
  cluster: "server/cluster.ts",
  "migrate-cli": "server/migrate-cli.ts",
  "seed-cli": "server/content/seed-cli.ts",
  "schools-import-cli": "server/schools/import-cli.ts",
  "audit-cli": "server/audit/audit-cli.ts",
  "staff-cli": "server/staff/staff-cli.ts",
};

const migrationsSource = path.join(root, "server", "db", "migrations");

const common = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20.19",
  packages: "external",
  sourcemap: "linked",
  logLevel: "warning",
  absWorkingDir: root,
  // server/paths.ts: the compiled server reads its migrations from dist-server/migrations.
  define: { __COMPILED_SERVER__: "true" },
};

/** Compiles every entry and migration into a fresh dist-server/. */
export async function buildServer() {
  const started = Date.now();
  // Built beside, then swapped in: a server starting meanwhile never sees half a build.
  const next = `${serverBuildDir}.${process.pid}.tmp`;
  rmSync(next, { recursive: true, force: true });
  try {
    await build({
      ...common,
      entryPoints: Object.entries(serverEntries).map(([out, source]) => ({ in: source, out })),
      outdir: next,
    });
    const migrations = readdirSync(migrationsSource).filter((file) => /^\d{4}_[a-z0-9_-]+\.ts$/i.test(file));
    await build({
      ...common,
      entryPoints: migrations.map((file) => path.join("server", "db", "migrations", file)),
      outdir: path.join(next, "migrations"),
    });
    writeFileSync(path.join(next, ".built"), `${new Date().toISOString()}\n`);
    rmSync(serverBuildDir, { recursive: true, force: true });
    renameSync(next, serverBuildDir);
  } finally {
    rmSync(next, { recursive: true, force: true });
  }
  return Date.now() - started;
}

/** Whether dist-server/ is missing, incomplete, or older than any file under server/ or contracts/ (which the server bundles too). */
export function serverBuildIsStale() {
  if (!existsSync(stampFile)) return true;
  const builtAt = statSync(stampFile).mtimeMs;
  const newer = (dir) =>
    readdirSync(dir, { withFileTypes: true }).some((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? newer(full) : statSync(full).mtimeMs > builtAt;
    });
  return newer(path.join(root, "server")) || newer(path.join(root, "contracts"));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const ifStale = process.argv.includes("--if-stale");
  if (ifStale && !serverBuildIsStale()) process.exit(0);
  try {
    const ms = await buildServer();
    console.log(`Built the server into dist-server/ in ${(ms / 1000).toFixed(1)} s`);
  } catch (error) {
    // esbuild has printed the errors with their places.
    console.error(`The server build failed: ${error instanceof Error ? error.message.split("\n")[0] : error}`);
    process.exit(1);
  }
}

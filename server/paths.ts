import { fileURLToPath } from "node:url";
import path from "node:path";

/** Absolute paths to the parts of the repository the server reads at run time. */
export const projectRoot = fileURLToPath(new URL("..", import.meta.url));
export const templatesDir = path.join(projectRoot, "templates");
export const staticDir = path.join(projectRoot, "static");
export const bundleDir = path.join(staticDir, "dist");
export const viteManifestPath = path.join(bundleDir, ".vite", "manifest.json");
/**
 * True in the compiled server (dist-server/, built by scripts/build-server.mjs,
 * whose esbuild `define` sets it); undefined under tsx and Vitest.
 */
declare const __COMPILED_SERVER__: boolean | undefined;
export const runsCompiled = typeof __COMPILED_SERVER__ !== "undefined" && __COMPILED_SERVER__;
/** The compiled server and its command-line tools (`npm run build:server`). */
export const serverBuildDir = path.join(projectRoot, "dist-server");
/** The migrations' TypeScript sources, or their compiled copies when the server runs compiled. */
export const migrationsDir = runsCompiled ? path.join(serverBuildDir, "migrations") : path.join(projectRoot, "server", "db", "migrations");

import { fileURLToPath } from "node:url";
import path from "node:path";

/** Absolute paths to the parts of the repository the server reads at run time. */
export const projectRoot = fileURLToPath(new URL("..", import.meta.url));
export const templatesDir = path.join(projectRoot, "templates");
export const staticDir = path.join(projectRoot, "static");
export const bundleDir = path.join(staticDir, "dist");
export const viteManifestPath = path.join(bundleDir, ".vite", "manifest.json");
export const migrationsDir = path.join(projectRoot, "server", "db", "migrations");

import { existsSync } from "node:fs";
import type { Logger } from "../logging";
import { projectRoot } from "../paths";

/**
 * Builds the browser bundle with Vite (vite.config.ts) when its manifest is
 * missing, so `npm install && npm start` needs no separate build step.
 */
export async function buildBundleIfMissing(manifestPath: string, logger: Logger): Promise<void> {
  if (existsSync(manifestPath)) return;
  logger.info("Building the browser bundle (first start only)");
  const { build } = await import("vite");
  await build({ root: projectRoot, logLevel: "warn" });
  if (!existsSync(manifestPath)) {
    throw new Error(`The Vite build finished without ${manifestPath}: check build.manifest in vite.config.ts.`);
  }
}

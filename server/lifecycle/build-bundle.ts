import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import type { Logger } from "../logging";
import { projectRoot } from "../paths";

/** A command line and the environment it runs in. */
export interface BundleBuildCommand {
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
}

/** Runs a command to completion; rejects when it cannot start or exits with a failure. */
export type RunCommand = (command: BundleBuildCommand) => Promise<void>;

/**
 * `vite build` in its own process, always with NODE_ENV=production. Vite
 * defines `process.env.NODE_ENV` in the bundle from the builder's own
 * NODE_ENV when one is set, so a build run inside a server started with
 * NODE_ENV=development would ship React's development bundle into
 * static/dist, where every later start reuses it. A child process also keeps
 * Vite from setting NODE_ENV in the server's environment.
 */
export function bundleBuildCommand(environment: NodeJS.ProcessEnv = process.env): BundleBuildCommand {
  return {
    command: process.execPath,
    args: [path.join(projectRoot, "node_modules", "vite", "bin", "vite.js"), "build", "--logLevel", "warn"],
    env: { ...environment, NODE_ENV: "production" },
  };
}

/** The real runner: the child's output goes to the server's own stdout and stderr. */
export const runToCompletion: RunCommand = ({ command, args, env }) =>
  new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: projectRoot, env, stdio: "inherit" });
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`The bundle build failed (${signal ?? `exit code ${code}`}): run \`npm run build\` to see why.`));
    });
  });

/**
 * Builds the browser bundle with Vite (vite.config.ts) when its manifest is
 * missing, so `npm install && npm start` needs no separate build step.
 */
export async function buildBundleIfMissing(manifestPath: string, logger: Logger, run: RunCommand = runToCompletion): Promise<void> {
  if (existsSync(manifestPath)) return;
  logger.info("Building the browser bundle (first start only)");
  await run(bundleBuildCommand());
  if (!existsSync(manifestPath)) {
    throw new Error(`The Vite build finished without ${manifestPath}: check build.manifest in vite.config.ts.`);
  }
}

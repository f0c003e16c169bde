// `npm run dev`: the Vite dev server (hot reload for widgets and CSS) beside
// the Express server restarted by `tsx watch`. Pages load their scripts and
// styles from Vite through VITE_DEV_SERVER_URL. Ctrl-C stops both; if either
// exits, the other is stopped and this script exits with its code.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const vitePort = process.env.VITE_PORT ?? "5173";

const children = [
  start("vite", bin("vite"), ["--port", vitePort, "--strictPort"], {}),
  start("server", bin("tsx"), ["watch", "--clear-screen=false", "server/main.ts"], {
    VITE_DEV_SERVER_URL: `http://localhost:${vitePort}`,
    // The dev server serves the sources; no bundle is needed.
    BUILD_ON_START: "false",
  }),
];

let stopping = false;
/** The exit code of whichever child ended first: that is what `npm run dev` reports. */
let firstExitCode;

function start(name, command, args, env) {
  const child = spawn(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  child.on("exit", (code, signal) => {
    firstExitCode ??= code ?? (stopping ? 0 : 1);
    if (!stopping) {
      console.log(`\n${name} exited (${signal ?? code}); stopping the others.`);
      stopAll("SIGTERM");
    }
    if (children.every((each) => each.exitCode !== null || each.signalCode !== null)) process.exit(firstExitCode);
  });
  return child;
}

function stopAll(signal) {
  stopping = true;
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  }
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => stopAll(signal));
}

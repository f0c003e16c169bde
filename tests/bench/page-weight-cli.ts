/**
 * Prints what a page downloads in JavaScript before any interaction, file by
 * file and in total (gzipped), on a phone and on a desktop viewport:
 *
 *   npm run page-weight -- http://localhost:3000/   (a running server, built with npm run build)
 *
 * Or re-measures every page of the JavaScript budget and writes its limits
 * (measured + 10%) to tests/e2e/javascript-budget.json, through the budget's
 * own e2e spec, so the limits come from the same server and browser as the check:
 *
 *   npm run build && npm run page-weight -- --write-budget   (E2E_PORT chooses the port, default 3100)
 *   npm run page-weight -- --write-budget --grep gallery     (other arguments go to playwright: one page only)
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { gzippedJavaScriptBytes, type WeightViewport } from "./page-weight";

if (process.argv.includes("--write-budget")) {
  const playwright = path.resolve("node_modules/.bin/playwright");
  const passOn = process.argv.slice(2).filter((argument) => argument !== "--write-budget");
  const run = spawnSync(playwright, ["test", "tests/e2e/javascript-budget.spec.ts", "--project=chromium", ...passOn], {
    stdio: "inherit",
    env: { ...process.env, JS_BUDGET_UPDATE: "1" },
  });
  process.exit(run.status ?? 1);
}

const url = process.argv[2] ?? "http://localhost:3000/";
for (const viewport of ["phone", "desktop"] as WeightViewport[]) {
  const weight = await gzippedJavaScriptBytes(url, viewport);
  console.log(`\n${url} (${viewport}): ${weight.files} files, ${(weight.bytes / 1000).toFixed(1)} kB gzipped`);
  for (const script of weight.scripts) console.log(`  ${String(script.gzipBytes).padStart(7)}  ${new URL(script.url).pathname}`);
}

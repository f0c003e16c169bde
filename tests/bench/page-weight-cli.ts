/**
 * Prints what a page downloads in JavaScript before any interaction, file by
 * file and in total (gzipped), on a phone and on a desktop viewport:
 *
 *   npm run page-weight -- http://localhost:3000/   (a running server, built with npm run build)
 */
import { gzippedJavaScriptBytes, type WeightViewport } from "./page-weight";

const url = process.argv[2] ?? "http://localhost:3000/";
for (const viewport of ["phone", "desktop"] as WeightViewport[]) {
  const weight = await gzippedJavaScriptBytes(url, viewport);
  console.log(`\n${url} (${viewport}): ${weight.files} files, ${(weight.bytes / 1000).toFixed(1)} kB gzipped`);
  for (const script of weight.scripts) console.log(`  ${String(script.gzipBytes).padStart(7)}  ${new URL(script.url).pathname}`);
}

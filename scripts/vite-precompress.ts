import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing; source maps are left out (only developers fetch them). */
const compressible = /\.(js|mjs|css|svg|json|html|txt|xml|webmanifest)$/;
/** Below this, headers outweigh what compression saves. */
const minimumBytes = 512;

/**
 * Writes a Brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside
 * every compressible bundle file once the bundle is on disk, so the server
 * sends compressed assets without compressing per request
 * (server/http/static-files.ts). A copy that is not smaller is not written.
 */
export function precompress(): Plugin {
  let outDir = "";
  return {
    name: "precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      // The manifest (.vite/) is read by the server from disk, never served.
      const files = Object.keys(bundle).filter((name) => compressible.test(name) && !name.startsWith(".vite/"));
      let count = 0;
      let original = 0;
      let compressed = 0;
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(outDir, name);
          const source = await readFile(file);
          if (source.length < minimumBytes) return;
          const [br, gz] = await Promise.all([
            brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
            gzipAsync(source, { level: 9 }),
          ]);
          if (br.length < source.length) await writeFile(`${file}.br`, br);
          if (gz.length < source.length) await writeFile(`${file}.gz`, gz);
          count += 1;
          original += source.length;
          compressed += br.length;
        }),
      );
      this.info(`precompressed ${count} files: ${Math.round(original / 1024)} kB -> ${Math.round(compressed / 1024)} kB with Brotli`);
    },
  };
}

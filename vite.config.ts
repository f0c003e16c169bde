import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { precompress } from "./scripts/vite-precompress";
import { basename, dirname } from "node:path";

/**
 * The browsers the site supports (README, "Browsers"): Baseline Widely
 * Available, i.e. Chrome and Edge 107+, Firefox 104+, Safari and iOS Safari
 * 16+. Modern syntax ships as written, with no transforms or polyfills for
 * older engines (Lighthouse's legacy-javascript audit), and the CSS is
 * lowered no further than these.
 */
export const SUPPORTED_BROWSERS = ["chrome107", "edge107", "firefox104", "safari16"];

/** A widget's lazy chunk (widgets/<name>/widget.ts) is named after its folder, not "widget". */
function chunkFileName(chunk: { name: string; facadeModuleId: string | null }): string {
  const facade = chunk.facadeModuleId ?? "";
  const name = basename(facade) === "widget.ts" ? basename(dirname(facade)) : chunk.name;
  return `assets/${name}-[hash].js`;
}

// base "./" makes chunk and preload URLs relative to the entry file, so the
// same bundle works wherever another backend serves static/dist from.
export default defineConfig({
  // precompress: Brotli and gzip copies of each bundle file, served by server/http/static-files.ts.
  plugins: [react(), precompress()],
  base: "./",
  publicDir: false,
  build: {
    outDir: "static/dist",
    emptyOutDir: true,
    manifest: true,
    target: SUPPORTED_BROWSERS,
    sourcemap: true,
    // Never inline assets as data: URLs: the CSP allows fonts and images from self only.
    assetsInlineLimit: 0,
    // No <link rel="modulepreload"> added at run time for a widget's chunks: Chromium spends about 3 ms of main
    // thread on each one it inserts (11 ms at Lighthouse's 4x CPU slowdown), which made most of /resources/' longest task (docs/performance.md).
    modulePreload: false,
    rollupOptions: {
      input: { main: "widgets/main.ts", styles: "static/css/main.css" },
      output: { chunkFileNames: chunkFileName },
    },
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    strictPort: true,
    origin: `http://localhost:${process.env.VITE_PORT ?? 5173}`,
    cors: true,
  },
});

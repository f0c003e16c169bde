import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { precompress } from "./scripts/vite-precompress";

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
    target: "es2020",
    sourcemap: true,
    // Never inline assets as data: URLs: the CSP allows fonts and images from self only.
    assetsInlineLimit: 0,
    rollupOptions: {
      input: { main: "widgets/main.ts", styles: "static/css/main.css" },
    },
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    strictPort: true,
    origin: `http://localhost:${process.env.VITE_PORT ?? 5173}`,
    cors: true,
  },
});

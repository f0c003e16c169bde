import { existsSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";

/** One JavaScript file a page downloaded, with its gzipped size (level 9). */
export interface ScriptWeight {
  url: string;
  gzipBytes: number;
}

export interface JavaScriptWeight {
  files: number;
  /** Gzipped at level 9, file by file. */
  bytes: number;
  /** As the server sent them (Brotli where the build wrote a copy). */
  servedBytes: number;
  scripts: ScriptWeight[];
}

/** A phone (375 x 667, touch) or the desktop default (1280 x 720): the widgets' visible and media triggers differ. */
export type WeightViewport = "phone" | "desktop";

/**
 * Loads a page in real Chromium and adds up the gzipped size of every
 * JavaScript file it downloads before any interaction: the entry, its
 * preloads and the widget chunks the runtime imports after load (so lazy
 * triggers are counted only when they fire, and never scroll or hover), and
 * the bytes of those bodies as the server sent them (`servedBytes`: Brotli
 * where the build wrote a copy, since Chromium accepts it).
 * The home page's budget is 80 kB (docs/performance.md).
 */
export async function gzippedJavaScriptBytes(url: string, viewport: WeightViewport = "desktop"): Promise<JavaScriptWeight> {
  const browser = await chromium.launch({
    executablePath: existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
  });
  try {
    const page = await browser.newPage(viewport === "phone" ? { viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true } : {});
    const bodies: Promise<ScriptWeight>[] = [];
    const served: Promise<number>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script" || response.url().endsWith(".js")) {
        bodies.push(response.body().then((body) => ({ url: response.url(), gzipBytes: gzipSync(body, { level: 9 }).length })));
        served.push(response.request().sizes().then((sizes) => sizes.responseBodySize));
      }
    });
    await page.goto(url, { waitUntil: "networkidle" });
    const scripts = await Promise.all(bodies);
    return {
      files: scripts.length,
      bytes: scripts.reduce((sum, script) => sum + script.gzipBytes, 0),
      servedBytes: (await Promise.all(served)).reduce((sum, size) => sum + size, 0),
      scripts,
    };
  } finally {
    await browser.close();
  }
}

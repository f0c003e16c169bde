import { gzipSync } from "node:zlib";
import type { Page, Response } from "@playwright/test";

/*
 * What a page downloads in JavaScript before any interaction, measured in a
 * real browser: shared by `npm run page-weight` and `npm run bench`
 * (tests/bench/page-weight.ts) and by the e2e JavaScript budget
 * (tests/e2e/javascript-budget.spec.ts), so the budget counts exactly what
 * the tools print.
 */

/** Gzip level 9, fixed: the budget compares bytes, so the same file must always weigh the same. */
export const GZIP_LEVEL = 9;

/** One JavaScript file a page downloaded, with its gzipped size. */
export interface ScriptWeight {
  url: string;
  gzipBytes: number;
}

export interface JavaScriptWeight {
  files: number;
  /** Gzipped at GZIP_LEVEL, file by file. */
  bytes: number;
  /** As the server sent them (Brotli where the build wrote a copy). */
  servedBytes: number;
  scripts: ScriptWeight[];
}

/**
 * Opens `url` in `page` and adds up the gzipped size of every JavaScript
 * file it downloads before any interaction: the entry, its preloads and the
 * widget chunks the runtime imports after load (lazy triggers count only
 * when they fire, and nothing here scrolls, hovers or types), and the bytes
 * of those bodies as the server sent them. Only this navigation counts:
 * what the page fetched before is not. Waits for the network to be idle (a
 * state, not a time), so every chunk a load-time trigger asked for is in.
 */
export async function javaScriptBeforeInteraction(page: Page, url: string): Promise<JavaScriptWeight> {
  const bodies: Promise<ScriptWeight>[] = [];
  const served: Promise<number>[] = [];
  const onResponse = (response: Response) => {
    if (response.request().resourceType() === "script" || response.url().endsWith(".js")) {
      bodies.push(response.body().then((body) => ({ url: response.url(), gzipBytes: gzipSync(body, { level: GZIP_LEVEL }).length })));
      served.push(response.request().sizes().then((sizes) => sizes.responseBodySize));
    }
  };
  page.on("response", onResponse);
  try {
    await page.goto(url, { waitUntil: "networkidle" });
    const scripts = await Promise.all(bodies);
    return {
      files: scripts.length,
      bytes: scripts.reduce((sum, script) => sum + script.gzipBytes, 0),
      servedBytes: (await Promise.all(served)).reduce((sum, size) => sum + size, 0),
      scripts,
    };
  } finally {
    page.off("response", onResponse);
  }
}

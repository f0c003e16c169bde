import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";
import { javaScriptBeforeInteraction, type JavaScriptWeight } from "../support/javascript-weight";

export type { JavaScriptWeight, ScriptWeight } from "../support/javascript-weight";

/** A phone (375 x 667, touch) or the desktop default (1280 x 720): the widgets' visible and media triggers differ. */
export type WeightViewport = "phone" | "desktop";

/**
 * Loads a page in a fresh Chromium and measures the JavaScript it downloads
 * before any interaction (tests/support/javascript-weight.ts). Each page's
 * budget is in tests/e2e/javascript-budget.json (docs/performance.md).
 */
export async function gzippedJavaScriptBytes(url: string, viewport: WeightViewport = "desktop"): Promise<JavaScriptWeight> {
  const browser = await chromium.launch({
    executablePath: existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
  });
  try {
    const page = await browser.newPage(viewport === "phone" ? { viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true } : {});
    return await javaScriptBeforeInteraction(page, url);
  } finally {
    await browser.close();
  }
}
